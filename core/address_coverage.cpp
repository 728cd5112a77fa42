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

std::size_t AddressCoverage::indexOf(std::uint64_t point) const
{
    const auto index
        = static_cast<std::size_t>(std::lower_bound(points_.begin(), points_.end(), point) - points_.begin());
    assert(index < points_.size() && points_[index] == point);
    return index;
}

void AddressCoverage::change(std::uint64_t start, std::uint64_t end, int delta)
{
    if (start >= end)
        return; // an empty range covers nothing
    changeAt(indexOf(start), indexOf(end), delta);
}

void AddressCoverage::changeAt(std::size_t from, std::size_t to, int delta)
{
    if (from < to)
        update(1, 0, points_.size() - 1, from, to, delta);
}

std::uint64_t AddressCoverage::coveredEnd() const
{
    if (nodes_.empty() || nodes_[1].covered == 0)
        return 0;
    std::size_t node = 1, lo = 0, hi = points_.size() - 1;
    // Down the right-most branch that covers anything; a node covered whole ends at its span's end.
    while (nodes_[node].count == 0 && hi - lo > 1) {
        const std::size_t mid = (lo + hi) / 2;
        if (nodes_[2 * node + 1].covered > 0) {
            node = 2 * node + 1;
            lo = mid;
        } else {
            node = 2 * node;
            hi = mid;
        }
    }
    return points_[hi];
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
