#pragma once
// Finds blocks by position quickly: a packed R-tree over the blocks' data
// rectangles (x: ops [start, end + 1), y: bytes [offset, offset + size)), built
// once per plan (about 10 ms for 100k blocks). Data space only: which block
// lies under a pixel is the chart's question (views/chart/chart_mapping).
#include <cstddef>
#include <vector>

namespace memlens {

struct ScopePlan;

class BlockHitIndex {
public:
    struct Box {
        double x0, x1, y0, y1;
    };

    BlockHitIndex() = default;
    explicit BlockHitIndex(const ScopePlan& plan) { build(plan); }

    void build(const ScopePlan& plan);
    void clear();
    std::size_t size() const { return boxes_.size(); }
    bool empty() const { return boxes_.empty(); }
    // The data rectangle of block `blockIndex` (0 <= blockIndex < size()).
    const Box& box(int blockIndex) const { return boxes_[static_cast<std::size_t>(blockIndex)]; }

    // Blocks whose data rectangle meets the closed data rectangle [x0, x1] x [y0, y1],
    // as ascending block indices.
    std::vector<int> query(double x0, double x1, double y0, double y1) const;

private:
    struct Node {
        Box box;
        int first; // into the level below (or items_ for leaves)
        int count;
    };
    std::vector<Box> boxes_;                // per block, by block index
    std::vector<int> items_;                // block indices in leaf order
    std::vector<std::vector<Node>> levels_; // [0] = leaves ... back() = root level
};

} // namespace memlens
