#pragma once
// The live address ranges of an overlap sweep (core/analysis/overlap_finder.cpp), asked which
// of them share bytes with a range.
#include "core/analysis/storage_analysis.hpp" // AddressRange

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>
#include <utility>
#include <vector>

namespace memlens {

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

} // namespace memlens
