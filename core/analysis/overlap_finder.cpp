#include "core/analysis/overlap_finder.hpp"

#include "core/analysis/live_range_index.hpp"
#include "core/analysis/storage_analysis.hpp"
#include "core/base/cancellation.hpp"
#include "core/base/dense_key_order.hpp"
#include "core/base/prefix_weights.hpp"
#include "core/base/release_storage.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace memlens {

namespace {

// One storage as the sweeps see it: its Life, its address range, how many blocks share it.
struct StorageBox {
    std::int64_t start = 0;
    std::int64_t end = 0;
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    int storage = 0;
    std::uint32_t weight = 0;

    AddressRange range() const { return {lo, hi}; }
    bool sharesBytesWith(const StorageBox& other) const { return lo < other.hi && other.lo < hi; }
};

// The boxes' values of one field, sorted once: the distinct values, ascending, and each
// box's position among them. Sorting the boxes by value replaces a binary search per box,
// which on a million boxes misses the cache at every step; the order is dropped at once
// (two were held through the counts below), and holds box numbers only: with the values
// beside them it was 19 MB at a million boxes, the most the load's analyses held at once.
struct Ranked {
    std::vector<std::uint64_t> values;     // distinct, ascending
    std::vector<std::uint32_t> positionOf; // per box, into `values`
};

template <typename Field>
Ranked rankBy(const std::vector<StorageBox>& boxes, Field field, const std::atomic<bool>* cancel)
{
    Ranked ranked;
    const std::vector<std::uint32_t> sorted = orderByKey<std::uint64_t, std::uint32_t>(
        [&](const auto& visit) {
            for (const StorageBox& box : boxes)
                visit(field(box));
        },
        [&](const auto& visit) {
            for (std::size_t i = 0; i < boxes.size(); ++i)
                visit(static_cast<std::uint32_t>(i));
        },
        [&](std::uint32_t box) { return field(boxes[box]); }, cancel);
    ranked.positionOf.resize(boxes.size());
    for (const std::uint32_t box : sorted) {
        const std::uint64_t value = field(boxes[box]);
        if (ranked.values.empty() || ranked.values.back() != value)
            ranked.values.push_back(value);
        ranked.positionOf[box] = static_cast<std::uint32_t>(ranked.values.size() - 1);
    }
    return ranked;
}

// Per box, how many of `other` (ascending, distinct) are below its value in `ranked`
// (or at or below it when `orEqual`): per distinct value, a merge of two sorted lists.
std::vector<std::uint32_t> countsBelow(const Ranked& ranked, const std::vector<std::uint64_t>& other, bool orEqual)
{
    std::vector<std::uint32_t> perValue(ranked.values.size());
    std::size_t count = 0;
    for (std::size_t at = 0; at < ranked.values.size(); ++at) {
        const std::uint64_t value = ranked.values[at];
        while (count < other.size() && (other[count] < value || (orEqual && other[count] == value)))
            ++count;
        perValue[at] = static_cast<std::uint32_t>(count);
    }
    std::vector<std::uint32_t> counts(ranked.positionOf.size());
    for (std::size_t box = 0; box < counts.size(); ++box)
        counts[box] = perValue[ranked.positionOf[box]];
    return counts;
}

// Positions into `boxes` (which is in sweep order) by Life end: the order they stop being live.
std::vector<int> byEnd(const std::vector<StorageBox>& boxes, const std::atomic<bool>* cancel)
{
    // Equal ends keep the sweep order.
    return orderByKey<std::int64_t, int>(
        [&boxes](const auto& visit) {
            for (const StorageBox& box : boxes)
                visit(box.end);
        },
        [&boxes](const auto& visit) {
            for (std::size_t i = 0; i < boxes.size(); ++i)
                visit(static_cast<int>(i));
        },
        [&boxes](int position) { return boxes[static_cast<std::size_t>(position)].end; }, cancel);
}

// How many boxes ahead the sweep fetches the weights they will read.
constexpr std::size_t kPrefetchBoxes = 8;

// Per box, the weight of the boxes before it in the sweep that it overlaps. A box
// overlaps every live one but those ending at or below its start address and those
// starting at or above its end address (never both).
std::vector<std::uint32_t> weightOfEarlierPartners(
    const std::vector<StorageBox>& boxes, const std::atomic<bool>* cancel)
{
    const auto poll = [cancel](std::size_t step) { throwIfCancelledAt(step, cancel); };
    Ranked highs = rankBy(
        boxes, [](const StorageBox& box) { return box.hi; }, cancel);
    Ranked lows = rankBy(
        boxes, [](const StorageBox& box) { return box.lo; }, cancel);
    poll(0);
    // Live boxes ending at or below a box's start address; live boxes starting below its end address.
    const std::vector<std::uint32_t> highsAtOrBelowStart = countsBelow(lows, highs.values, true);
    const std::vector<std::uint32_t> lowsBelowEnd = countsBelow(highs, lows.values, false);
    // Live weights by the rank of their high and low address. The sum of all weights is the
    // scope's block count, an int: it fits the trees' 32 bits.
    PrefixWeights liveByHigh(highs.values.size()), liveByLow(lows.values.size());
    releaseStorage(highs.values); // only the positions are read from here on
    releaseStorage(lows.values);
    poll(0);
    std::uint32_t liveWeight = 0;
    const auto enter = [&](std::size_t box) {
        liveByHigh.add(highs.positionOf[box], boxes[box].weight);
        liveByLow.add(lows.positionOf[box], boxes[box].weight);
        liveWeight += boxes[box].weight;
    };
    const auto leave = [&](std::size_t box) {
        liveByHigh.remove(highs.positionOf[box], boxes[box].weight);
        liveByLow.remove(lows.positionOf[box], boxes[box].weight);
        liveWeight -= boxes[box].weight;
    };

    const std::vector<int> ending = byEnd(boxes, cancel);
    poll(0);
    std::size_t nextEnding = 0;
    std::vector<std::uint32_t> earlier(boxes.size(), 0); // weights, below the block count: 32 bits
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        poll(i);
        // A million boxes' weights are a cache miss per step: fetch the lines a later box reads.
        if (i + kPrefetchBoxes < boxes.size()) {
            const std::size_t ahead = i + kPrefetchBoxes;
            liveByHigh.prefetch(highsAtOrBelowStart[ahead]);
            liveByHigh.prefetch(highs.positionOf[ahead]);
            liveByLow.prefetch(lowsBelowEnd[ahead]);
            liveByLow.prefetch(lows.positionOf[ahead]);
        }
        if (nextEnding + kPrefetchBoxes < ending.size()) {
            const auto ahead = static_cast<std::size_t>(ending[nextEnding + kPrefetchBoxes]);
            liveByHigh.prefetch(highs.positionOf[ahead]);
            liveByLow.prefetch(lows.positionOf[ahead]);
        }
        const StorageBox& entering = boxes[i];
        // A box ending before this one starts has started before it too: it is live, remove it.
        for (; nextEnding < ending.size() && boxes[static_cast<std::size_t>(ending[nextEnding])].end < entering.start;
             ++nextEnding)
            leave(static_cast<std::size_t>(ending[nextEnding]));
        const std::uint32_t below = liveByHigh.sumBelow(highsAtOrBelowStart[i]);
        const std::uint32_t above = liveWeight - liveByLow.sumBelow(lowsBelowEnd[i]);
        earlier[i] = liveWeight - below - above;
        enter(i);
    }
    return earlier;
}

// The storages as boxes in sweep order: by start; equal starts in storage order (as a stable
// sort of the storage-ordered list would leave them). Storages of size 0 share no bytes: none.
std::vector<StorageBox> storageBoxesInSweepOrder(
    const ScopePlan& scope, const StorageMap& storages, const std::atomic<bool>* cancel)
{
    const auto boxOf = [&](std::size_t s) -> std::optional<StorageBox> {
        const std::span<const int> blocks = storages.blocksOf(static_cast<int>(s));
        const Block& first = scope.blocks[static_cast<std::size_t>(blocks.front())];
        if (first.size == 0)
            return std::nullopt;
        return StorageBox{first.start, first.end, first.offset, first.addressEnd(), static_cast<int>(s),
            static_cast<std::uint32_t>(blocks.size())};
    };
    std::vector<StorageBox> boxes = orderByKey<std::int64_t, StorageBox>(
        [&](const auto& visit) {
            for (std::size_t s = 0; s < storages.count(); ++s)
                if (const auto box = boxOf(s))
                    visit(box->start);
        },
        [&](const auto& visit) {
            for (std::size_t s = 0; s < storages.count(); ++s)
                if (const auto box = boxOf(s))
                    visit(*box);
        },
        [](const StorageBox& box) { return box.start; }, cancel);
    throwIfCancelled(cancel);
    return boxes;
}

// Each block's place in (id, copy) order, so ordering pairs compares two integers.
struct BlockRanks {
    std::vector<int> order; // blocks in (id, copy) order
    std::vector<int> rank;  // per block, its place in `order`

    BlockRanks(const ScopePlan& scope, const std::atomic<bool>* cancel)
        : order(scope.blocks.size())
        , rank(scope.blocks.size())
    {
        std::iota(order.begin(), order.end(), 0);
        const auto inOrder = [&](int a, int b) { return blockOrderBefore(scope, a, b); };
        if (!std::is_sorted(order.begin(), order.end(), inOrder)) // a parsed dump is in order already
            std::sort(order.begin(), order.end(), inOrder);
        throwIfCancelled(cancel);
        for (std::size_t i = 0; i < order.size(); ++i)
            rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    }

    bool before(int a, int b) const { return rank[static_cast<std::size_t>(a)] < rank[static_cast<std::size_t>(b)]; }
    bool pairBefore(const Overlap& x, const Overlap& y) const
    {
        return x.a != y.a ? before(x.a, y.a) : before(x.b, y.b);
    }
};

// Lists the first `limit` pairs in (a, b) order without visiting them all. They all have their
// first block among the first few blocks in order: the storages of the blocks up to some rank
// are marked, every pair touching a marked storage is listed, and when fewer than `limit` of
// them start at or below that rank, more are marked and the listing runs again.
class FirstPairsLister {
public:
    FirstPairsLister(const ScopePlan& scope, const StorageMap& storages, const std::vector<StorageBox>& boxes,
        const std::vector<std::uint32_t>& earlier, std::size_t limit, const std::atomic<bool>* cancel)
        : storages_(storages)
        , boxes_(boxes)
        , earlier_(earlier)
        , ranks_(scope, cancel)
        , limit_(limit)
        , cancel_(cancel)
        , boxOfStorage_(storages.count(), -1)
        , marked_(boxes.size(), false)
    {
        for (std::size_t i = 0; i < boxes.size(); ++i)
            boxOfStorage_[static_cast<std::size_t>(boxes[i].storage)] = static_cast<int>(i);
    }

    // (a, b) order, as the heap of the first pairs compares them.
    auto pairOrder() const
    {
        return [this](const Overlap& x, const Overlap& y) { return ranks_.pairBefore(x, y); };
    }

    std::vector<Overlap> list(bool listAll)
    {
        std::uint64_t wanted
            = listAll ? std::numeric_limits<std::uint64_t>::max() : 4 * static_cast<std::uint64_t>(limit_);
        markUpTo(wanted);
        while (true) {
            overlaps_.clear();
            foundWithinMarked_ = 0;
            lastMarkedRank_ = static_cast<int>(nextRank_) - 1;
            const std::vector<int> markedBoxes = markedInSweepOrder();
            pairsWithMarkedEarlier(markedBoxes);
            if (!pairsWithMarkedLater(markedBoxes)) { // over its budget: list every pair instead
                wanted = std::numeric_limits<std::uint64_t>::max();
                markUpTo(wanted);
                continue;
            }
            if (foundWithinMarked_ >= limit_ || nextRank_ >= ranks_.order.size())
                break;
            wanted = wanted >= std::numeric_limits<std::uint64_t>::max() / 4 ? std::numeric_limits<std::uint64_t>::max()
                                                                             : wanted * 4;
            markUpTo(wanted);
        }
        std::sort_heap(overlaps_.begin(), overlaps_.end(), pairOrder());
        return std::move(overlaps_);
    }

private:
    // Marks the storages of blocks in order until the pairs they start are estimated at `wanted`.
    void markUpTo(std::uint64_t wanted)
    {
        for (; nextRank_ < ranks_.order.size() && markedEstimate_ < wanted; ++nextRank_) {
            const int box = boxOfStorage_[static_cast<std::size_t>(
                storages_.storageOfBlock[static_cast<std::size_t>(ranks_.order[nextRank_])])];
            if (box < 0 || marked_[static_cast<std::size_t>(box)])
                continue;
            marked_[static_cast<std::size_t>(box)] = true;
            // Pairs seen at entry are about half a storage's pairs, and about half of its
            // pairs have it first: the earlier-partner weight estimates its first-ranked pairs.
            markedEstimate_ += static_cast<std::uint64_t>(boxes_[static_cast<std::size_t>(box)].weight)
                * earlier_[static_cast<std::size_t>(box)];
        }
    }

    std::vector<int> markedInSweepOrder() const
    {
        std::vector<int> marked;
        for (std::size_t i = 0; i < boxes_.size(); ++i)
            if (marked_[i])
                marked.push_back(static_cast<int>(i));
        return marked;
    }

    // The first `limit` pairs in (a, b) order: a max-heap whose top is the last kept.
    void keep(const Overlap& overlap)
    {
        foundWithinMarked_ += ranks_.rank[static_cast<std::size_t>(overlap.a)] <= lastMarkedRank_ ? 1 : 0;
        if (overlaps_.size() < limit_) {
            overlaps_.push_back(overlap);
            std::push_heap(overlaps_.begin(), overlaps_.end(), pairOrder());
        } else if (ranks_.pairBefore(overlap, overlaps_.front())) {
            std::pop_heap(overlaps_.begin(), overlaps_.end(), pairOrder());
            overlaps_.back() = overlap;
            std::push_heap(overlaps_.begin(), overlaps_.end(), pairOrder());
        }
    }

    // `earlierBox` entered the sweep first; both share an op and bytes: every pair of their blocks.
    void keepPairs(const StorageBox& earlierBox, const StorageBox& laterBox)
    {
        const std::int64_t toOp = std::min(earlierBox.end, laterBox.end);
        const std::uint64_t bytes = std::min(earlierBox.hi, laterBox.hi) - std::max(earlierBox.lo, laterBox.lo);
        for (const int a : storages_.blocksOf(laterBox.storage))
            for (const int b : storages_.blocksOf(earlierBox.storage))
                keep(ranks_.before(a, b) ? Overlap{a, b, laterBox.start, toOp, bytes}
                                         : Overlap{b, a, laterBox.start, toOp, bytes});
    }

    // Pairs whose earlier box is marked: every box meets the live marked ones as it enters.
    void pairsWithMarkedEarlier(const std::vector<int>& markedBoxes)
    {
        std::vector<std::uint64_t> points;
        for (const int i : markedBoxes) {
            points.push_back(boxes_[static_cast<std::size_t>(i)].lo);
            points.push_back(boxes_[static_cast<std::size_t>(i)].hi);
        }
        LiveRangeIndex liveMarked(std::move(points), boxes_.size());
        std::vector<int> markedEnding = markedBoxes;
        std::stable_sort(markedEnding.begin(), markedEnding.end(), [&](int a, int b) {
            return boxes_[static_cast<std::size_t>(a)].end < boxes_[static_cast<std::size_t>(b)].end;
        });
        std::size_t nextEnding = 0;
        for (std::size_t i = 0; i < boxes_.size(); ++i) {
            throwIfCancelledAt(i, cancel_);
            const StorageBox& entering = boxes_[i];
            for (; nextEnding < markedEnding.size()
                 && boxes_[static_cast<std::size_t>(markedEnding[nextEnding])].end < entering.start;
                 ++nextEnding) {
                const auto gone = static_cast<std::size_t>(markedEnding[nextEnding]);
                liveMarked.remove(static_cast<int>(gone), boxes_[gone].range());
            }
            liveMarked.forEachIntersecting(
                entering.range(), [&](int other) { keepPairs(boxes_[static_cast<std::size_t>(other)], entering); });
            if (marked_[i])
                liveMarked.add(static_cast<int>(i), entering.range());
        }
    }

    // Pairs of an unmarked earlier box and a marked later one: the marked boxes entering within
    // its Life, after it. Long Lives can make this scan quadratic (every box meets every later
    // one in time, few in address): false past a budget, when marking everything and letting
    // the sweep above list every pair costs what the pairs cost.
    bool pairsWithMarkedLater(const std::vector<int>& markedBoxes)
    {
        const std::size_t scanBudget = 64 * boxes_.size();
        std::size_t scanned = 0;
        auto firstMarkedAfter = markedBoxes.begin(); // moves forward with i
        for (std::size_t i = 0; i < boxes_.size() && scanned <= scanBudget; ++i) {
            throwIfCancelledAt(i, cancel_);
            while (firstMarkedAfter != markedBoxes.end() && *firstMarkedAfter <= static_cast<int>(i))
                ++firstMarkedAfter;
            if (firstMarkedAfter == markedBoxes.end())
                break; // no marked box enters after this one
            if (marked_[i])
                continue;
            const StorageBox& earlierBox = boxes_[i];
            for (auto it = firstMarkedAfter; it != markedBoxes.end()
                 && boxes_[static_cast<std::size_t>(*it)].start <= earlierBox.end && ++scanned <= scanBudget;
                 ++it) {
                const StorageBox& laterBox = boxes_[static_cast<std::size_t>(*it)];
                if (laterBox.sharesBytesWith(earlierBox))
                    keepPairs(earlierBox, laterBox);
            }
        }
        return scanned <= scanBudget;
    }

    const StorageMap& storages_;
    const std::vector<StorageBox>& boxes_;
    const std::vector<std::uint32_t>& earlier_;
    const BlockRanks ranks_;
    const std::size_t limit_;
    const std::atomic<bool>* cancel_;
    std::vector<int> boxOfStorage_;
    std::vector<bool> marked_;
    std::size_t nextRank_ = 0; // blocks in order whose storages are marked
    std::uint64_t markedEstimate_ = 0;
    std::vector<Overlap> overlaps_;
    std::size_t foundWithinMarked_ = 0;
    int lastMarkedRank_ = -1;
};

} // namespace

std::vector<Overlap> findOverlaps(const ScopePlan& scope, const StorageMap& storages, std::size_t limit,
    std::size_t* total, const std::atomic<bool>* cancel)
{
    // Sweep storages, not blocks: the blocks of one storage are identical.
    const std::vector<StorageBox> boxes = storageBoxesInSweepOrder(scope, storages, cancel);
    // The count, without visiting a pair.
    const std::vector<std::uint32_t> earlier = weightOfEarlierPartners(boxes, cancel);
    std::size_t pairCount = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        pairCount += static_cast<std::size_t>(boxes[i].weight) * earlier[i];
    if (total)
        *total = pairCount;
    if (limit == 0 || pairCount == 0)
        return {};
    // The list, visiting only the pairs near the first `limit`.
    return FirstPairsLister(scope, storages, boxes, earlier, limit, cancel).list(pairCount <= limit);
}

} // namespace memlens
