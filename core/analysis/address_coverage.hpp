#pragma once
// Bytes covered by a changing set of address ranges, each byte counted once
// however many ranges cover it. The spans between the ranges' end points come in
// buckets of 16, each span with its own cover count; a segment tree over the
// buckets, walked bottom-up, holds what covers whole buckets. Adding or removing a
// range is O(log n) plus the spans of its two end buckets, the covered total O(1).
// (A tree over every span of a million spread-out blocks took 34 MB and a cache
// miss at each of its lower nodes; the buckets' counts are read in short runs.)
#include "core/base/dense_key_order.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace memlens {

class AddressCoverage {
public:
    // Every range later added must start and end at one of `points` (any order, duplicates fine).
    // Sorting them stops with LoadCancelled once `*cancel` is set (when given).
    explicit AddressCoverage(std::vector<std::uint64_t> points, const std::atomic<bool>* cancel = nullptr);

    void add(std::uint64_t start, std::uint64_t end) { change(start, end, +1); }
    void remove(std::uint64_t start, std::uint64_t end) { change(start, end, -1); }
    std::uint64_t coveredBytes() const { return nodes_.empty() ? 0 : nodes_[1].covered; }
    // The end of the highest covered byte; 0 when nothing is covered.
    std::uint64_t coveredEnd() const;

    // The same by point index, for a caller that looks each range's points up once.
    std::size_t indexOf(std::uint64_t point) const; // `point` must be one of the points
    // Frees the table that makes indexOf() a lookup (a million spread-out points: 4 MB held
    // through a sweep that no longer asks); indexOf() searches from then on.
    void releaseIndexTable() { ranks_.reset(); }
    std::uint64_t pointAt(std::size_t index) const { return points_[index]; }
    void addAt(std::size_t from, std::size_t to) { changeAt(from, to, +1); }
    void removeAt(std::size_t from, std::size_t to) { changeAt(from, to, -1); }
    // Asks the memory for the nodes a change of from..to will touch. A sweep knows its ranges
    // in advance, and a million spread-out ranges make a tree far larger than the cache.
    void prefetchAt(std::size_t from, std::size_t to) const;

private:
    static constexpr std::size_t kBucketSpans = 16;
    struct Node {
        // 24 bytes, a node per 16 spans: the tree is small enough to keep each node's span
        // (reading it from the points was a cache miss per node covered whole).
        std::uint64_t covered = 0; // bytes of the span covered by ranges at or below this node
        std::uint64_t span = 0;    // bytes from its first bucket's first point to its last bucket's end
        int count = 0;             // ranges covering this node's whole span (and not a parent's)
    };
    void change(std::uint64_t start, std::uint64_t end, int delta);
    void changeAt(std::size_t from, std::size_t to, int delta);
    void changeSpans(std::size_t from, std::size_t to, int delta); // spans from..to - 1, in one bucket
    void pull(std::size_t node);
    std::uint64_t spanBytes(std::size_t span) const
    {
        return span < spans_ ? points_[span + 1] - points_[span] : 0; // padding spans span nothing
    }

    std::vector<std::uint64_t> points_;              // sorted, unique; span i is [points_[i], points_[i + 1])
    std::optional<DenseRanks<std::uint64_t>> ranks_; // each point's index, when the points are dense
    std::size_t spans_ = 0;
    std::size_t buckets_ = 1;     // the tree's leaves: a power of two; buckets past the last span span nothing
    int depth_ = 0;               // buckets_ == 1 << depth_
    std::vector<Node> nodes_;     // 1 is the root; node n has children 2n and 2n + 1; leaf b is buckets_ + b
    std::vector<int> spanCounts_; // per span, ranges covering it that cover its bucket only in part
};

} // namespace memlens
