#pragma once
// A max over the predictor's compressed op axis, for many variants at once: raise every slot
// of a range to at least a value, and ask for the largest value over a range. Each value holds
// `Lanes` values side by side, one per variant swept together (a fixed count, so that the
// compiler turns the per-lane maxima into vector instructions). What a sweep calls is always
// inlined: the predictor's AVX2 sweep then compiles it for AVX2, and only inside itself.
//
// The slots come in buckets of 16, kept as a plain array; a binary tree over the buckets
// (bottom-up, O(log n)) holds what covers whole buckets. A range's partial buckets at its ends
// are read or raised slot by slot, in one run of memory each, and the buckets between go to the
// tree. A million-block sweep's short Lives then touch two short runs and a tree a sixteenth the
// size of a tree over every slot: with two sweeps side by side, both fit the last-level cache
// (a tree over the 200,000 slots of a million blocks took 25 MB per sweep, and each of its
// lower nodes was a cache miss). What a step will touch can be fetched ahead of it.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>

namespace memlens {

// The leaves of a tree over `size` slots: the next power of two.
inline std::size_t rangeMaxTreeLeaves(int size)
{
    std::size_t leaves = 1;
    while (leaves < static_cast<std::size_t>(std::max(size, 1)))
        leaves *= 2;
    return leaves;
}

template <typename Value, std::size_t Lanes> class RangeMaxTree {
public:
    static constexpr std::size_t kBucketSlots = 16;

    explicit RangeMaxTree(int size)
        : buckets_(bucketLeaves(size))
        , slots_(slotsFor(size))
        , values_(static_cast<Value*>(::operator new[](bytes(), std::align_val_t(kLine))))
    {
        std::fill(values_.get(), values_.get() + bytes() / sizeof(Value), Value(0));
    }

    // The bytes a tree over `size` slots holds per lane.
    static std::size_t bytesPerLane(int size)
    {
        return valuesPerLane(bucketLeaves(size), slotsFor(size)) * sizeof(Value);
    }

    // Asks the memory for what a raise or a max over from..to will touch: the slots of its end
    // buckets and the tree nodes above them. The sweep knows its ranges in advance.
    [[gnu::always_inline]] void prefetch(int from, int to) const
    {
        const Range range(from, to);
        prefetchSlots(range.from, range.firstEnd());
        if (range.lastBucket != range.firstBucket)
            prefetchSlots(range.lastStart(), range.to);
        prefetchPath(range.firstBucket);
        if (range.lastBucket != range.firstBucket)
            prefetchPath(range.lastBucket);
    }

    // Slots from..to, inclusive; `values` has one value per lane.
    [[gnu::always_inline]] void raise(int from, int to, const Value* values)
    {
        const Range range(from, to);
        const std::size_t first = buckets_ + range.firstBucket, last = buckets_ + range.lastBucket;
        std::size_t low = first, high = last + 1; // the leaves of the buckets covered whole: [low, high)
        // Part of an end bucket: its slots, and the largest value below its leaf.
        if (!range.coversFirst()) {
            raiseSlots(range.from, range.firstEnd(), values);
            raiseLanes(best(low++), values);
        }
        if (range.lastBucket != range.firstBucket && !range.coversLast()) {
            raiseSlots(range.lastStart(), range.to, values);
            raiseLanes(best(--high), values);
        }
        for (; low < high; low /= 2, high /= 2) {
            if (low & 1) {
                raiseLanes(whole(low), values);
                raiseLanes(best(low++), values);
            }
            if (high & 1) {
                raiseLanes(whole(--high), values);
                raiseLanes(best(high), values);
            }
        }
        // Every node raised hangs below the paths from the two end leaves (a node covered whole
        // whose parent is not reaches outside the range, so over an end bucket): raise their maxima.
        for (std::size_t left = first / 2, right = last / 2; left > 0; left /= 2, right /= 2) {
            raiseLanes(best(left), values);
            if (right != left) // the two paths meet below the root
                raiseLanes(best(right), values);
        }
    }

    // The largest value of each lane over slots from..to, into `result` (one per lane).
    [[gnu::always_inline]] void max(int from, int to, Value* result) const
    {
        std::fill(result, result + Lanes, Value(0));
        const Range range(from, to);
        const std::size_t first = buckets_ + range.firstBucket, last = buckets_ + range.lastBucket;
        std::size_t low = first, high = last + 1;
        // Part of an end bucket: its slots, and what was raised over the whole bucket.
        if (!range.coversFirst()) {
            takeSlots(result, range.from, range.firstEnd());
            takeLanes(result, whole(low++));
        }
        if (range.lastBucket != range.firstBucket && !range.coversLast()) {
            takeSlots(result, range.lastStart(), range.to);
            takeLanes(result, whole(--high));
        }
        for (; low < high; low /= 2, high /= 2) {
            if (low & 1)
                takeLanes(result, best(low++));
            if (high & 1)
                takeLanes(result, best(--high));
        }
        // Values raised over a whole ancestor of the end leaves cover part of the range too.
        for (std::size_t left = first / 2, right = last / 2; left > 0; left /= 2, right /= 2) {
            takeLanes(result, whole(left));
            if (right != left)
                takeLanes(result, whole(right));
        }
    }

private:
    // A range of slots and the buckets at its two ends.
    struct Range {
        Range(int first, int last)
            : from(static_cast<std::size_t>(first))
            , to(static_cast<std::size_t>(last))
            , firstBucket(from / kBucketSlots)
            , lastBucket(to / kBucketSlots)
        {
        }
        std::size_t firstEnd() const { return std::min(to, firstBucket * kBucketSlots + kBucketSlots - 1); }
        std::size_t lastStart() const { return std::max(from, lastBucket * kBucketSlots); }
        // Whether the range holds its end buckets whole (a bucket of one range is covered
        // whole only when both hold).
        bool coversFirst() const
        {
            return from % kBucketSlots == 0 && (lastBucket > firstBucket || to % kBucketSlots == kBucketSlots - 1);
        }
        bool coversLast() const
        {
            return to % kBucketSlots == kBucketSlots - 1 && (lastBucket > firstBucket || coversFirst());
        }
        std::size_t from, to, firstBucket, lastBucket;
    };

    static constexpr std::size_t kLine = 64;
    // Whole buckets of slots, at least one.
    static std::size_t slotsFor(int size)
    {
        const std::size_t slots = static_cast<std::size_t>(std::max(size, 1));
        return (slots + kBucketSlots - 1) / kBucketSlots * kBucketSlots;
    }
    static std::size_t bucketLeaves(int size)
    {
        return rangeMaxTreeLeaves(static_cast<int>(slotsFor(size) / kBucketSlots));
    }
    // Per lane: two sets of every tree node (node 0 unused), then the slots.
    static std::size_t valuesPerLane(std::size_t buckets, std::size_t slots) { return 4 * buckets + slots; }
    std::size_t bytes() const { return valuesPerLane(buckets_, slots_) * Lanes * sizeof(Value); }

    // A node's two sets sit side by side: the largest value anywhere below it, then the
    // largest raised over its whole range.
    [[gnu::always_inline]] Value* best(std::size_t node) const { return values_.get() + 2 * node * Lanes; }
    [[gnu::always_inline]] Value* whole(std::size_t node) const { return values_.get() + (2 * node + 1) * Lanes; }
    [[gnu::always_inline]] Value* slot(std::size_t at) const { return values_.get() + (4 * buckets_ + at) * Lanes; }

    [[gnu::always_inline]] void prefetchSlots(std::size_t from, std::size_t to) const
    {
        const char* first = reinterpret_cast<const char*>(slot(from));
        const char* last = reinterpret_cast<const char*>(slot(to) + Lanes) - 1;
        for (const char* at = first; at <= last; at += kLine)
            __builtin_prefetch(at, 1);
        __builtin_prefetch(last, 1);
    }
    [[gnu::always_inline]] void prefetchPath(std::size_t bucket) const
    {
        for (std::size_t node = buckets_ + bucket; node > 0; node /= 2)
            __builtin_prefetch(best(node), 1);
    }

    // Written as compare-and-choose into a local array and back: the form compilers turn into
    // vector compares without the 32-bit vector maximum instruction (SSE2 has none; with
    // std::max over the pointers, GCC kept eight scalar compares per node).
    [[gnu::always_inline]] static void raiseLanes(Value* target, const Value* values) { mergeLanes(target, values); }
    [[gnu::always_inline]] static void takeLanes(Value* result, const Value* source) { mergeLanes(result, source); }
    [[gnu::always_inline]] static void mergeLanes(Value* into, const Value* other)
    {
        Value merged[Lanes];
        for (std::size_t lane = 0; lane < Lanes; ++lane) {
            const Value mine = into[lane], theirs = other[lane];
            merged[lane] = mine > theirs ? mine : theirs;
        }
        std::copy(merged, merged + Lanes, into);
    }

    [[gnu::always_inline]] void raiseSlots(std::size_t from, std::size_t to, const Value* values)
    {
        for (std::size_t at = from; at <= to; ++at)
            raiseLanes(slot(at), values);
    }
    [[gnu::always_inline]] void takeSlots(Value* result, std::size_t from, std::size_t to) const
    {
        for (std::size_t at = from; at <= to; ++at)
            takeLanes(result, slot(at));
    }
    struct AlignedDelete {
        void operator()(Value* values) const { ::operator delete[](values, std::align_val_t(kLine)); }
    };

    std::size_t buckets_;                            // the tree's leaves: a power of two
    std::size_t slots_;                              // whole buckets
    std::unique_ptr<Value[], AlignedDelete> values_; // the tree's nodes, then the slots; line-aligned
};

} // namespace memlens
