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
    spans_ = points_.size() - 1;
    const std::size_t bucketsNeeded = (spans_ + kBucketSpans - 1) / kBucketSpans;
    while (buckets_ < bucketsNeeded)
        buckets_ *= 2;
    depth_ = 0;
    while ((std::size_t(1) << depth_) < buckets_)
        ++depth_;
    nodes_.resize(2 * buckets_);
    spanCounts_.assign(buckets_ * kBucketSpans, 0);
    for (std::size_t bucket = 0; bucket < buckets_; ++bucket) {
        const std::size_t first = std::min(bucket * kBucketSpans, spans_);
        const std::size_t end = std::min(first + kBucketSpans, spans_);
        nodes_[buckets_ + bucket].span = points_[end] - points_[first]; // padding buckets span nothing
    }
    for (std::size_t node = buckets_; node-- > 1;)
        nodes_[node].span = nodes_[2 * node].span + nodes_[2 * node + 1].span;
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
    if (self.count > 0) {
        self.covered = self.span;
    } else if (node >= buckets_) { // a bucket: its spans that some range covers
        const std::size_t first = (node - buckets_) * kBucketSpans;
        std::uint64_t covered = 0;
        for (std::size_t span = first; span < first + kBucketSpans; ++span)
            covered += spanCounts_[span] > 0 ? spanBytes(span) : 0;
        self.covered = covered;
    } else {
        self.covered = nodes_[2 * node].covered + nodes_[2 * node + 1].covered;
    }
}

void AddressCoverage::changeSpans(std::size_t from, std::size_t to, int delta)
{
    for (std::size_t span = from; span < to; ++span)
        spanCounts_[span] += delta;
    pull(buckets_ + from / kBucketSpans);
}

// Bottom-up: the spans of a partly covered end bucket take the count there, the buckets
// between take it on their canonical nodes, then the two paths from the end buckets to the
// root recompute what is covered (every node changed hangs below them).
void AddressCoverage::changeAt(std::size_t from, std::size_t to, int delta)
{
    if (from >= to)
        return;
    const std::size_t firstBucket = from / kBucketSpans, lastBucket = (to - 1) / kBucketSpans;
    const std::size_t first = buckets_ + firstBucket, last = buckets_ + lastBucket;
    std::size_t low = first, high = last + 1; // the leaves of the buckets covered whole: [low, high)
    const bool wholeFirst = from % kBucketSpans == 0 && (lastBucket > firstBucket || to % kBucketSpans == 0);
    const bool wholeLast = to % kBucketSpans == 0 && (lastBucket > firstBucket || wholeFirst);
    if (!wholeFirst) {
        changeSpans(from, std::min(to, (firstBucket + 1) * kBucketSpans), delta);
        ++low;
    }
    if (lastBucket != firstBucket && !wholeLast) {
        changeSpans(lastBucket * kBucketSpans, to, delta);
        --high;
    }
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
    // The spans of the two end buckets (their counts and points) and the paths from them up.
    for (const std::size_t bucket : {from / kBucketSpans, (to - 1) / kBucketSpans}) {
        const std::size_t first = bucket * kBucketSpans;
        __builtin_prefetch(spanCounts_.data() + first, 1);
        __builtin_prefetch(spanCounts_.data() + first + kBucketSpans - 1, 1);
        for (std::size_t point = first; point <= first + kBucketSpans && point < points_.size(); point += 8)
            __builtin_prefetch(points_.data() + point);
    }
    for (std::size_t left = buckets_ + from / kBucketSpans, right = buckets_ + (to - 1) / kBucketSpans; left > 1;
         left /= 2, right /= 2) {
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
    while (nodes_[node].count == 0 && node < buckets_)
        node = nodes_[2 * node + 1].covered > 0 ? 2 * node + 1 : 2 * node;
    if (nodes_[node].count > 0) {
        const int below = depth_ - (static_cast<int>(std::bit_width(node)) - 1);
        const std::size_t end = std::min((((node + 1) << below) - buckets_) * kBucketSpans, spans_);
        return points_[end];
    }
    // A bucket covered in part: its highest covered span.
    const std::size_t first = (node - buckets_) * kBucketSpans;
    for (std::size_t span = std::min(first + kBucketSpans, spans_); span-- > first;)
        if (spanCounts_[span] > 0)
            return points_[span + 1];
    return 0; // not reached: the bucket covers something
}

} // namespace memlens
