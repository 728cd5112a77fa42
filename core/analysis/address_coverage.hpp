#pragma once
// Bytes covered by a changing set of address ranges, each byte counted once
// however many ranges cover it. A segment tree over the ranges' end points,
// walked bottom-up, so adding or removing a range is O(log n) and the covered
// total is O(1).
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
    std::uint64_t pointAt(std::size_t index) const { return points_[index]; }
    void addAt(std::size_t from, std::size_t to) { changeAt(from, to, +1); }
    void removeAt(std::size_t from, std::size_t to) { changeAt(from, to, -1); }
    // Asks the memory for the nodes a change of from..to will touch. A sweep knows its ranges
    // in advance, and a million spread-out ranges make a tree far larger than the cache.
    void prefetchAt(std::size_t from, std::size_t to) const;

private:
    struct Node {
        // 16 bytes: a million spread-out blocks make four million nodes. A node's span
        // (bytes from its first leaf's point to its last's end) is read from the points.
        std::uint64_t covered = 0; // bytes of the span covered by ranges at or below this node
        int count = 0;             // ranges covering this node's whole span (and not a parent's)
    };
    void change(std::uint64_t start, std::uint64_t end, int delta);
    void changeAt(std::size_t from, std::size_t to, int delta);
    void pull(std::size_t node);
    std::uint64_t spanOf(std::size_t node) const;

    std::vector<std::uint64_t> points_;              // sorted, unique; leaf i spans [points_[i], points_[i + 1])
    std::optional<DenseRanks<std::uint64_t>> ranks_; // each point's index, when the points are dense
    std::size_t leaves_ = 1;                         // a power of two; leaves past the last span span nothing
    int depth_ = 0;                                  // leaves_ == 1 << depth_
    std::vector<Node> nodes_;                        // 1 is the root; node n has children 2n and 2n + 1
};

} // namespace memlens
