#pragma once
// Bytes covered by a changing set of address ranges, each byte counted once
// however many ranges cover it. A segment tree over the ranges' end points,
// so adding or removing a range is O(log n) and the covered total is O(1).
#include <cstdint>
#include <vector>

namespace memlens {

class AddressCoverage {
public:
    // Every range later added must start and end at one of `points` (any order, duplicates fine).
    explicit AddressCoverage(std::vector<std::uint64_t> points);

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

private:
    struct Node {
        int count = 0;             // ranges covering this node's whole span (and not a parent's)
        std::uint64_t covered = 0; // bytes of the span covered by ranges at or below this node
    };
    void change(std::uint64_t start, std::uint64_t end, int delta);
    void changeAt(std::size_t from, std::size_t to, int delta);
    void update(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from, std::size_t to, int delta);

    std::vector<std::uint64_t> points_; // sorted, unique; leaf i spans [points_[i], points_[i + 1])
    std::vector<Node> nodes_;
};

} // namespace memlens
