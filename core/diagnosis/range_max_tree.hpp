#pragma once
// A max tree over the predictor's compressed op axis, for many variants at once: raise every
// slot of a range to at least a value, and ask for the largest value over a range, both
// O(log n), bottom-up. Each node holds `Lanes` values side by side, one per variant swept
// together (a fixed count, so that the compiler turns the per-lane maxima into vector
// instructions), and its nodes can be fetched ahead of the step that touches them.
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
    explicit RangeMaxTree(int size)
        : leaves_(rangeMaxTreeLeaves(size))
        , values_(static_cast<Value*>(::operator new[](bytes(), std::align_val_t(kLine))))
    {
        std::fill(values_.get(), values_.get() + bytes() / sizeof(Value), Value(0));
    }

    // Asks the memory for every node a raise or a max over from..to will touch. The sweep
    // knows its ranges in advance, and a million-block tree lives in the last-level cache
    // at best: fetching a step's nodes ahead of it hides most of the wait.
    void prefetch(int from, int to) const
    {
        std::size_t low = leaves_ + static_cast<std::size_t>(from);
        std::size_t high = leaves_ + static_cast<std::size_t>(to) + 1;
        const std::size_t first = low, last = high - 1;
        for (; low < high; low /= 2, high /= 2) {
            if (low & 1)
                prefetchNode(low++);
            if (high & 1)
                prefetchNode(--high);
        }
        for (std::size_t left = first / 2, right = last / 2; left > 0; left /= 2, right /= 2) {
            prefetchNode(left);
            if (right != left)
                prefetchNode(right);
        }
    }

    // Slots from..to, inclusive; `values` has one value per lane.
    void raise(int from, int to, const Value* values)
    {
        std::size_t low = leaves_ + static_cast<std::size_t>(from);
        std::size_t high = leaves_ + static_cast<std::size_t>(to) + 1;
        const std::size_t first = low, last = high - 1;
        for (; low < high; low /= 2, high /= 2) {
            if (low & 1) {
                raiseLanes(kWhole, low, values);
                raiseLanes(kBest, low++, values);
            }
            if (high & 1) {
                raiseLanes(kWhole, --high, values);
                raiseLanes(kBest, high, values);
            }
        }
        // Every marked node hangs below the paths from the two end leaves: raise their maxima.
        for (std::size_t left = first / 2, right = last / 2; left > 0; left /= 2, right /= 2) {
            raiseLanes(kBest, left, values);
            if (right != left) // the two paths meet below the root
                raiseLanes(kBest, right, values);
        }
    }

    // The largest value of each lane over slots from..to, into `result` (one per lane).
    void max(int from, int to, Value* result) const
    {
        std::fill(result, result + Lanes, Value(0));
        std::size_t low = leaves_ + static_cast<std::size_t>(from);
        std::size_t high = leaves_ + static_cast<std::size_t>(to) + 1;
        const std::size_t first = low, last = high - 1;
        for (; low < high; low /= 2, high /= 2) {
            if (low & 1)
                takeLanes(result, kBest, low++);
            if (high & 1)
                takeLanes(result, kBest, --high);
        }
        // Values raised over a whole ancestor of the end leaves cover part of the range too.
        for (std::size_t left = first / 2, right = last / 2; left > 0; left /= 2, right /= 2) {
            takeLanes(result, kWhole, left);
            if (right != left)
                takeLanes(result, kWhole, right);
        }
    }

private:
    // A node's two sets of lanes sit side by side: a raise that writes both touches neighbouring cache lines.
    static constexpr std::size_t kBest = 0;  // largest value anywhere below the node
    static constexpr std::size_t kWhole = 1; // largest value raised over the node's whole range

    static constexpr std::size_t kLine = 64;
    std::size_t bytes() const { return 2 * leaves_ * 2 * Lanes * sizeof(Value); }

    void prefetchNode(std::size_t node) const
    {
        const char* first = reinterpret_cast<const char*>(values_.get() + 2 * node * Lanes);
        for (std::size_t offset = 0; offset < 2 * Lanes * sizeof(Value); offset += kLine)
            __builtin_prefetch(first + offset, 1);
    }

    void raiseLanes(std::size_t which, std::size_t node, const Value* values)
    {
        Value* target = values_.get() + (2 * node + which) * Lanes;
        for (std::size_t lane = 0; lane < Lanes; ++lane)
            target[lane] = std::max(target[lane], values[lane]);
    }

    void takeLanes(Value* result, std::size_t which, std::size_t node) const
    {
        const Value* source = values_.get() + (2 * node + which) * Lanes;
        for (std::size_t lane = 0; lane < Lanes; ++lane)
            result[lane] = std::max(result[lane], source[lane]);
    }

    struct AlignedDelete {
        void operator()(Value* values) const { ::operator delete[](values, std::align_val_t(kLine)); }
    };

    std::size_t leaves_;
    std::unique_ptr<Value[], AlignedDelete> values_; // per node: its best lanes, then its whole lanes; line-aligned
};

} // namespace memlens
