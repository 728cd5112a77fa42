#include "core/address_coverage.hpp"

#include <algorithm>
#include <cassert>

namespace memlens {

AddressCoverage::AddressCoverage(std::vector<std::uint64_t> points)
    : points_(std::move(points))
{
    std::sort(points_.begin(), points_.end());
    points_.erase(std::unique(points_.begin(), points_.end()), points_.end());
    if (points_.size() >= 2)
        nodes_.resize(4 * (points_.size() - 1));
}

void AddressCoverage::change(std::uint64_t start, std::uint64_t end, int delta)
{
    if (start >= end)
        return; // an empty range covers nothing
    const auto from
        = static_cast<std::size_t>(std::lower_bound(points_.begin(), points_.end(), start) - points_.begin());
    const auto to = static_cast<std::size_t>(std::lower_bound(points_.begin(), points_.end(), end) - points_.begin());
    assert(to < points_.size() && points_[from] == start && points_[to] == end);
    update(1, 0, points_.size() - 1, from, to, delta);
}

// Leaves [lo, hi) of this node; the range covers leaves [from, to).
void AddressCoverage::update(
    std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, std::size_t to, int delta)
{
    if (to <= lo || hi <= from)
        return;
    Node& self = nodes_[node];
    if (from <= lo && hi <= to) {
        self.count += delta;
    } else {
        const std::size_t mid = (lo + hi) / 2;
        update(2 * node, lo, mid, from, to, delta);
        update(2 * node + 1, mid, hi, from, to, delta);
    }
    if (self.count > 0)
        self.covered = points_[hi] - points_[lo];
    else if (hi - lo == 1)
        self.covered = 0;
    else
        self.covered = nodes_[2 * node].covered + nodes_[2 * node + 1].covered;
}

} // namespace memlens
