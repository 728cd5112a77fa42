#include "core/analysis/address_coverage.hpp"

#include "core/base/cancellable_sort.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <functional>

namespace memlens {

AddressCoverage::AddressCoverage(std::vector<std::uint64_t> points, const std::atomic<bool>* cancel)
    : points_(std::move(points))
{
    // On-chip addresses are dense: the points are counted, not sorted, and each one's index
    // is a table lookup, not a binary search (two per block).
    ranks_ = DenseRanks<std::uint64_t>::of([this](const auto& visit) {
        for (const std::uint64_t point : points_)
            visit(point);
    });
    if (ranks_) {
        points_ = ranks_->values();
    } else {
        sortCancellably(points_.begin(), points_.end(), std::less<>(), cancel);
        points_.erase(std::unique(points_.begin(), points_.end()), points_.end());
    }
    if (points_.size() < 2)
        return;
    const std::size_t spans = points_.size() - 1;
    while (leaves_ < spans)
        leaves_ *= 2;
    depth_ = 0;
    while ((std::size_t(1) << depth_) < leaves_)
        ++depth_;
    nodes_.resize(2 * leaves_);
}

std::uint64_t AddressCoverage::spanOf(std::size_t node) const
{
    // The node's leaves are [first, end); the padding leaves past the last span span nothing.
    const int below = depth_ - (static_cast<int>(std::bit_width(node)) - 1);
    const std::size_t last = points_.size() - 1;
    const std::size_t first = std::min((node << below) - leaves_, last);
    const std::size_t end = std::min(((node + 1) << below) - leaves_, last);
    return points_[end] - points_[first];
}

std::size_t AddressCoverage::indexOf(std::uint64_t point) const
{
    if (ranks_) {
        const std::size_t index = ranks_->rankOf(point);
        assert(points_[index] == point);
        return index;
    }
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

void AddressCoverage::pull(std::size_t node)
{
    Node& self = nodes_[node];
    if (self.count > 0)
        self.covered = spanOf(node);
    else if (node >= leaves_)
        self.covered = 0;
    else
        self.covered = nodes_[2 * node].covered + nodes_[2 * node + 1].covered;
}

// Bottom-up: the range's canonical nodes take the count, then the two paths from its
// end leaves to the root recompute what is covered (no recursion, about 2 log n nodes).
void AddressCoverage::changeAt(std::size_t from, std::size_t to, int delta)
{
    if (from >= to)
        return;
    std::size_t low = leaves_ + from;
    std::size_t high = leaves_ + to;
    const std::size_t first = low, last = high - 1;
    for (; low < high; low /= 2, high /= 2) {
        if (low & 1) {
            nodes_[low].count += delta;
            pull(low++);
        }
        if (high & 1) {
            nodes_[--high].count += delta;
            pull(high);
        }
    }
    for (std::size_t left = first / 2, right = last / 2; left > 0; left /= 2, right /= 2) {
        pull(left);
        if (right != left)
            pull(right);
    }
}

void AddressCoverage::prefetchAt(std::size_t from, std::size_t to) const
{
    if (from >= to)
        return;
    // The two paths from the end leaves up (the nodes a change counts on sit beside them, most
    // in the same cache line) and the points a covered node's span is read from.
    __builtin_prefetch(points_.data() + from);
    __builtin_prefetch(points_.data() + to);
    for (std::size_t left = leaves_ + from, right = leaves_ + to - 1; left > 1; left /= 2, right /= 2) {
        __builtin_prefetch(nodes_.data() + left, 1);
        if (right != left)
            __builtin_prefetch(nodes_.data() + right, 1);
    }
}

std::uint64_t AddressCoverage::coveredEnd() const
{
    if (nodes_.empty() || nodes_[1].covered == 0)
        return 0;
    // Down the right-most branch that covers anything; a node covered whole ends at its span's end.
    std::size_t node = 1;
    while (nodes_[node].count == 0 && node < leaves_)
        node = nodes_[2 * node + 1].covered > 0 ? 2 * node + 1 : 2 * node;
    const int below = depth_ - (static_cast<int>(std::bit_width(node)) - 1);
    const std::size_t last = ((node + 1) << below) - leaves_;
    return points_[std::min(last, points_.size() - 1)];
}

} // namespace memlens
