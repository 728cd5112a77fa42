// findOverlaps (declared in core/storage_analysis.hpp): a sweep over the op
// sequence with an index of the live address ranges, so a plan of 100k blocks
// costs O((n + k) log n) for k overlaps instead of a pairwise loop.
#include "core/storage_analysis.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <set>
#include <utility>

namespace memlens {

namespace {

// Live address ranges, found two ways: those containing a point (a segment tree
// whose nodes list the ranges covering them whole) and those starting inside a
// range (an ordered set). Removal is lazy: a dead entry is dropped when a query meets it.
class LiveRangeIndex {
public:
    LiveRangeIndex(std::vector<std::uint64_t> points, std::size_t rangeCount)
        : points_(std::move(points))
        , alive_(rangeCount, false)
    {
        std::sort(points_.begin(), points_.end());
        points_.erase(std::unique(points_.begin(), points_.end()), points_.end());
        if (points_.size() >= 2)
            nodes_.resize(4 * (points_.size() - 1));
    }

    void add(int id, const AddressRange& range)
    {
        alive_[static_cast<std::size_t>(id)] = true;
        byStart_.emplace(range.start, id);
        insert(1, 0, leafCount(), leafOf(range.start), leafOf(range.end), id);
    }

    void remove(int id, const AddressRange& range)
    {
        alive_[static_cast<std::size_t>(id)] = false;
        byStart_.erase({range.start, id});
    }

    // Calls found(id) once for every live range sharing bytes with `range`.
    template <typename Found> void forEachIntersecting(const AddressRange& range, const Found& found)
    {
        // Ranges starting at or below range.start that reach past it contain its first byte.
        const std::size_t leaf = leafOf(range.start);
        std::size_t node = 1, lo = 0, hi = leafCount();
        while (true) {
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
    std::set<std::pair<std::uint64_t, int>> byStart_;
};

} // namespace

std::vector<Overlap> findOverlaps(
    const ScopePlan& scope, const StorageMap& storages, std::size_t limit, std::size_t* total)
{
    // Sweep storages, not blocks: the blocks of one storage are identical.
    std::vector<int> sweep;
    std::vector<std::uint64_t> points;
    const auto first = [&](int storage) -> const Block& {
        return scope
            .blocks[static_cast<std::size_t>(storages.blocksOfStorage[static_cast<std::size_t>(storage)].front())];
    };
    const auto rangeOf = [&](int storage) { return AddressRange{first(storage).offset, first(storage).addressEnd()}; };
    for (std::size_t s = 0; s < storages.count(); ++s) {
        if (first(static_cast<int>(s)).size == 0)
            continue; // shares no bytes with anything
        sweep.push_back(static_cast<int>(s));
        points.push_back(first(static_cast<int>(s)).offset);
        points.push_back(first(static_cast<int>(s)).addressEnd());
    }
    std::stable_sort(sweep.begin(), sweep.end(), [&](int a, int b) { return first(a).start < first(b).start; });

    // Each block's place in (id, copy) order, so ordering pairs compares two integers.
    std::vector<int> rank(scope.blocks.size());
    {
        std::vector<int> order(scope.blocks.size());
        std::iota(order.begin(), order.end(), 0);
        const auto inOrder = [&](int a, int b) { return blockOrderBefore(scope, a, b); };
        if (!std::is_sorted(order.begin(), order.end(), inOrder)) // a parsed dump is in order already
            std::sort(order.begin(), order.end(), inOrder);
        for (std::size_t i = 0; i < order.size(); ++i)
            rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    }
    const auto before
        = [&](int a, int b) { return rank[static_cast<std::size_t>(a)] < rank[static_cast<std::size_t>(b)]; };
    const auto pairBefore
        = [&](const Overlap& x, const Overlap& y) { return x.a != y.a ? before(x.a, y.a) : before(x.b, y.b); };
    // The first `limit` pairs in (a, b) order: a max-heap whose top is the last kept.
    std::size_t found = 0;
    std::vector<Overlap> overlaps;
    const auto keep = [&](const Overlap& overlap) {
        ++found;
        if (overlaps.size() < limit) {
            overlaps.push_back(overlap);
            std::push_heap(overlaps.begin(), overlaps.end(), pairBefore);
        } else if (limit > 0 && pairBefore(overlap, overlaps.front())) {
            std::pop_heap(overlaps.begin(), overlaps.end(), pairBefore);
            overlaps.back() = overlap;
            std::push_heap(overlaps.begin(), overlaps.end(), pairBefore);
        }
    };

    LiveRangeIndex live(std::move(points), storages.count());
    using Ending = std::pair<std::int64_t, int>; // (Life end, storage)
    std::priority_queue<Ending, std::vector<Ending>, std::greater<>> endings;
    for (const int storage : sweep) {
        const Block& entering = first(storage);
        while (!endings.empty() && endings.top().first < entering.start) {
            live.remove(endings.top().second, rangeOf(endings.top().second));
            endings.pop();
        }
        // Every storage still live shares an op with this one (it started no later and ends no earlier).
        live.forEachIntersecting(rangeOf(storage), [&](int other) {
            const Block& earlier = first(other);
            const std::int64_t toOp = std::min(earlier.end, entering.end);
            const std::uint64_t bytes
                = std::min(earlier.addressEnd(), entering.addressEnd()) - std::max(earlier.offset, entering.offset);
            for (const int a : storages.blocksOfStorage[static_cast<std::size_t>(storage)])
                for (const int b : storages.blocksOfStorage[static_cast<std::size_t>(other)])
                    keep(before(a, b) ? Overlap{a, b, entering.start, toOp, bytes}
                                      : Overlap{b, a, entering.start, toOp, bytes});
        });
        live.add(storage, rangeOf(storage));
        endings.emplace(entering.end, storage);
    }
    std::sort_heap(overlaps.begin(), overlaps.end(), pairBefore);
    if (total)
        *total = found;
    return overlaps;
}

} // namespace memlens
