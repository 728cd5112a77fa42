#include "core/analysis/overlap_finder.hpp"

#include "core/analysis/storage_analysis.hpp"
#include "core/base/cancellation.hpp"
#include "core/base/dense_key_order.hpp"
#include "core/base/prefix_weights.hpp"

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

// Live address ranges. While few are live (the common case: a handful of marked
// storages at any op) a query reads them from a flat list. Past that it asks the
// index: those containing a point (a segment tree whose nodes list the ranges
// covering them whole) and those starting inside a range (an ordered set). The
// tree's removal is lazy: a dead entry is dropped when a query meets it.
class LiveRangeIndex {
public:
    LiveRangeIndex(std::vector<std::uint64_t> points, std::size_t rangeCount)
        : points_(std::move(points))
        , alive_(rangeCount, false)
        , placeInFlat_(rangeCount, 0)
    {
        std::sort(points_.begin(), points_.end());
        points_.erase(std::unique(points_.begin(), points_.end()), points_.end());
        if (points_.size() >= 2)
            nodes_.resize(4 * (points_.size() - 1));
    }

    void add(int id, const AddressRange& range)
    {
        alive_[static_cast<std::size_t>(id)] = true;
        placeInFlat_[static_cast<std::size_t>(id)] = static_cast<std::uint32_t>(flat_.size());
        flat_.push_back({range, id});
        byStart_.emplace(range.start, id);
        insert(1, 0, leafCount(), leafOf(range.start), leafOf(range.end), id);
    }

    void remove(int id, const AddressRange& range)
    {
        alive_[static_cast<std::size_t>(id)] = false;
        const std::uint32_t place = placeInFlat_[static_cast<std::size_t>(id)];
        flat_[place] = flat_.back();
        placeInFlat_[static_cast<std::size_t>(flat_[place].id)] = place;
        flat_.pop_back();
        byStart_.erase({range.start, id});
    }

    // Calls found(id) once for every live range sharing bytes with `range`.
    template <typename Found> void forEachIntersecting(const AddressRange& range, const Found& found)
    {
        if (flat_.size() <= kFlatQueryLimit) {
            for (const LiveRange& live : flat_)
                if (live.range.start < range.end && range.start < live.range.end)
                    found(live.id);
            return;
        }
        // Ranges starting at or below range.start that reach past it contain its first byte
        // (the query need not be one of the ranges the index was built for).
        const bool inside = points_.size() >= 2 && points_.front() <= range.start && range.start < points_.back();
        const std::size_t leaf = inside
            ? static_cast<std::size_t>(
                std::upper_bound(points_.begin(), points_.end(), range.start) - points_.begin() - 1)
            : 0;
        std::size_t node = 1, lo = 0, hi = inside ? leafCount() : 0;
        while (inside) {
            auto& list = nodes_[node];
            std::erase_if(list, [&](int id) { return !alive_[static_cast<std::size_t>(id)]; });
            for (const int id : list)
                found(id);
            if (hi - lo == 1)
                break;
            const std::size_t mid = (lo + hi) / 2;
            if (leaf < mid) {
                node = 2 * node;
                hi = mid;
            } else {
                node = 2 * node + 1;
                lo = mid;
            }
        }
        // Ranges starting strictly inside it.
        for (auto it = byStart_.upper_bound({range.start, std::numeric_limits<int>::max()});
             it != byStart_.end() && it->first < range.end; ++it)
            found(it->second);
    }

private:
    // A scan of this many ranges costs less than one walk down the tree.
    static constexpr std::size_t kFlatQueryLimit = 48;
    struct LiveRange {
        AddressRange range;
        int id = 0;
    };

    std::size_t leafCount() const { return points_.size() - 1; }
    std::size_t leafOf(std::uint64_t point) const
    {
        return static_cast<std::size_t>(std::lower_bound(points_.begin(), points_.end(), point) - points_.begin());
    }
    void insert(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, std::size_t to, int id)
    {
        if (to <= lo || hi <= from)
            return;
        if (from <= lo && hi <= to) {
            nodes_[node].push_back(id);
            return;
        }
        const std::size_t mid = (lo + hi) / 2;
        insert(2 * node, lo, mid, from, to, id);
        insert(2 * node + 1, mid, hi, from, to, id);
    }

    std::vector<std::uint64_t> points_; // leaf i spans [points_[i], points_[i + 1])
    std::vector<std::vector<int>> nodes_;
    std::vector<bool> alive_;
    std::vector<LiveRange> flat_;            // the live ranges, in no order
    std::vector<std::uint32_t> placeInFlat_; // per id, while live
    std::set<std::pair<std::uint64_t, int>> byStart_;
};

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
// box's position among them. Sorting (value, box) pairs replaces a binary search per box,
// which on a million boxes misses the cache at every step; the pairs are dropped at once
// (19 MB at a million boxes, two of them were held through the counts below).
struct Ranked {
    std::vector<std::uint64_t> values;     // distinct, ascending
    std::vector<std::uint32_t> positionOf; // per box, into `values`
};

template <typename Field>
Ranked rankBy(const std::vector<StorageBox>& boxes, Field field, const std::atomic<bool>* cancel)
{
    using ValueOfBox = std::pair<std::uint64_t, std::uint32_t>;
    Ranked ranked;
    const std::vector<ValueOfBox> sorted = orderByKey<std::uint64_t, ValueOfBox>(
        [&](const auto& visit) {
            for (const StorageBox& box : boxes)
                visit(field(box));
        },
        [&](const auto& visit) {
            for (std::size_t i = 0; i < boxes.size(); ++i)
                visit(ValueOfBox{field(boxes[i]), static_cast<std::uint32_t>(i)});
        },
        [](const ValueOfBox& pair) { return pair.first; }, cancel);
    ranked.positionOf.resize(boxes.size());
    for (const auto& [value, box] : sorted) {
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
std::vector<std::uint64_t> weightOfEarlierPartners(
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
    highs.values = {}; // only the positions are read from here on
    lows.values = {};
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
    std::vector<std::uint64_t> earlier(boxes.size(), 0);
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

} // namespace

std::vector<Overlap> findOverlaps(const ScopePlan& scope, const StorageMap& storages, std::size_t limit,
    std::size_t* total, const std::atomic<bool>* cancel)
{
    // Sweep storages, not blocks: the blocks of one storage are identical.
    const auto boxOf = [&](std::size_t s) -> std::optional<StorageBox> {
        const std::span<const int> blocks = storages.blocksOf(static_cast<int>(s));
        const Block& first = scope.blocks[static_cast<std::size_t>(blocks.front())];
        if (first.size == 0)
            return std::nullopt; // shares no bytes with anything
        return StorageBox{first.start, first.end, first.offset, first.addressEnd(), static_cast<int>(s),
            static_cast<std::uint32_t>(blocks.size())};
    };
    // By start; equal starts in storage order (as a stable sort of the storage-ordered list would leave them).
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

    const std::vector<std::uint64_t> earlier = weightOfEarlierPartners(boxes, cancel);
    std::size_t pairCount = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        pairCount += static_cast<std::size_t>(boxes[i].weight) * earlier[i];
    if (total)
        *total = pairCount;
    if (limit == 0 || pairCount == 0)
        return {};

    // Each block's place in (id, copy) order, so ordering pairs compares two integers.
    std::vector<int> order(scope.blocks.size());
    std::iota(order.begin(), order.end(), 0);
    const auto inOrder = [&](int a, int b) { return blockOrderBefore(scope, a, b); };
    if (!std::is_sorted(order.begin(), order.end(), inOrder)) // a parsed dump is in order already
        std::sort(order.begin(), order.end(), inOrder);
    throwIfCancelled(cancel);
    std::vector<int> rank(scope.blocks.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    const auto before
        = [&](int a, int b) { return rank[static_cast<std::size_t>(a)] < rank[static_cast<std::size_t>(b)]; };
    const auto pairBefore
        = [&](const Overlap& x, const Overlap& y) { return x.a != y.a ? before(x.a, y.a) : before(x.b, y.b); };

    std::vector<int> boxOfStorage(storages.count(), -1);
    for (std::size_t i = 0; i < boxes.size(); ++i)
        boxOfStorage[static_cast<std::size_t>(boxes[i].storage)] = static_cast<int>(i);

    // The first `limit` pairs all have their first block among the first few blocks
    // in order. Mark the storages of the blocks up to rank `lastMarkedRank`, list
    // every pair touching a marked storage, and check that at least `limit` of them
    // start at or below that rank; if not, mark more and list again.
    std::vector<bool> marked(boxes.size(), false);
    std::size_t nextRank = 0;
    std::uint64_t markedEstimate = 0;
    const auto markUpTo = [&](std::uint64_t wantedEstimate) {
        for (; nextRank < order.size() && markedEstimate < wantedEstimate; ++nextRank) {
            const int box = boxOfStorage[static_cast<std::size_t>(
                storages.storageOfBlock[static_cast<std::size_t>(order[nextRank])])];
            if (box < 0 || marked[static_cast<std::size_t>(box)])
                continue;
            marked[static_cast<std::size_t>(box)] = true;
            // Pairs seen at entry are about half a storage's pairs, and about half of its
            // pairs have it first: the earlier-partner weight estimates its first-ranked pairs.
            markedEstimate += boxes[static_cast<std::size_t>(box)].weight * earlier[static_cast<std::size_t>(box)];
        }
    };
    const bool listAll = pairCount <= limit;
    std::uint64_t wanted = listAll ? std::numeric_limits<std::uint64_t>::max() : 4 * static_cast<std::uint64_t>(limit);
    markUpTo(wanted);

    std::vector<Overlap> overlaps;
    while (true) {
        overlaps.clear();
        std::size_t foundWithinMarked = 0;
        const int lastMarkedRank = static_cast<int>(nextRank) - 1;
        // The first `limit` pairs in (a, b) order: a max-heap whose top is the last kept.
        const auto keep = [&](const Overlap& overlap) {
            foundWithinMarked += rank[static_cast<std::size_t>(overlap.a)] <= lastMarkedRank ? 1 : 0;
            if (overlaps.size() < limit) {
                overlaps.push_back(overlap);
                std::push_heap(overlaps.begin(), overlaps.end(), pairBefore);
            } else if (pairBefore(overlap, overlaps.front())) {
                std::pop_heap(overlaps.begin(), overlaps.end(), pairBefore);
                overlaps.back() = overlap;
                std::push_heap(overlaps.begin(), overlaps.end(), pairBefore);
            }
        };
        // `earlierBox` entered the sweep first; both share an op and bytes.
        const auto keepPairs = [&](const StorageBox& earlierBox, const StorageBox& laterBox) {
            const std::int64_t toOp = std::min(earlierBox.end, laterBox.end);
            const std::uint64_t bytes = std::min(earlierBox.hi, laterBox.hi) - std::max(earlierBox.lo, laterBox.lo);
            for (const int a : storages.blocksOf(laterBox.storage))
                for (const int b : storages.blocksOf(earlierBox.storage))
                    keep(before(a, b) ? Overlap{a, b, laterBox.start, toOp, bytes}
                                      : Overlap{b, a, laterBox.start, toOp, bytes});
        };

        std::vector<int> markedBoxes; // in sweep order
        std::vector<std::uint64_t> points;
        for (std::size_t i = 0; i < boxes.size(); ++i)
            if (marked[i]) {
                markedBoxes.push_back(static_cast<int>(i));
                points.push_back(boxes[i].lo);
                points.push_back(boxes[i].hi);
            }
        // Pairs whose earlier box is marked: every box meets the live marked ones as it enters.
        LiveRangeIndex liveMarked(std::move(points), boxes.size());
        std::vector<int> markedEnding = markedBoxes;
        std::stable_sort(markedEnding.begin(), markedEnding.end(), [&](int a, int b) {
            return boxes[static_cast<std::size_t>(a)].end < boxes[static_cast<std::size_t>(b)].end;
        });
        std::size_t nextEnding = 0;
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            throwIfCancelledAt(i, cancel);
            const StorageBox& entering = boxes[i];
            for (; nextEnding < markedEnding.size()
                 && boxes[static_cast<std::size_t>(markedEnding[nextEnding])].end < entering.start;
                 ++nextEnding) {
                const auto gone = static_cast<std::size_t>(markedEnding[nextEnding]);
                liveMarked.remove(static_cast<int>(gone), boxes[gone].range());
            }
            liveMarked.forEachIntersecting(
                entering.range(), [&](int other) { keepPairs(boxes[static_cast<std::size_t>(other)], entering); });
            if (marked[i])
                liveMarked.add(static_cast<int>(i), entering.range());
        }
        // Pairs of an unmarked earlier box and a marked later one: the marked boxes
        // entering within its Life, after it. Long Lives can make this scan quadratic
        // (every box meets every later one in time, few in address): past a budget,
        // mark everything and let the sweep above list every pair, which costs what
        // the pairs cost.
        const std::size_t scanBudget = 64 * boxes.size();
        std::size_t scanned = 0;
        auto firstMarkedAfter = markedBoxes.begin(); // moves forward with i
        for (std::size_t i = 0; i < boxes.size() && scanned <= scanBudget; ++i) {
            throwIfCancelledAt(i, cancel);
            while (firstMarkedAfter != markedBoxes.end() && *firstMarkedAfter <= static_cast<int>(i))
                ++firstMarkedAfter;
            if (firstMarkedAfter == markedBoxes.end())
                break; // no marked box enters after this one
            if (marked[i])
                continue;
            const StorageBox& earlierBox = boxes[i];
            for (auto it = firstMarkedAfter; it != markedBoxes.end()
                 && boxes[static_cast<std::size_t>(*it)].start <= earlierBox.end && ++scanned <= scanBudget;
                 ++it) {
                const StorageBox& laterBox = boxes[static_cast<std::size_t>(*it)];
                if (laterBox.sharesBytesWith(earlierBox))
                    keepPairs(earlierBox, laterBox);
            }
        }
        if (scanned > scanBudget) {
            wanted = std::numeric_limits<std::uint64_t>::max();
            markUpTo(wanted);
            continue;
        }
        if (foundWithinMarked >= limit || nextRank >= order.size())
            break;
        wanted = wanted >= std::numeric_limits<std::uint64_t>::max() / 4 ? std::numeric_limits<std::uint64_t>::max()
                                                                         : wanted * 4;
        markUpTo(wanted);
    }
    std::sort_heap(overlaps.begin(), overlaps.end(), pairBefore);
    return overlaps;
}

} // namespace memlens
