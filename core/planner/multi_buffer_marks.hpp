#pragma once
// The IR as compiled without multi-buffering: the compiler's auto-multi-buffer pass writes an
// `annotation.mark %x {hivm.multi_buffer = N}` per buffer it doubles, and without it those ops
// are not there at all. Removing them (not ignoring them) keeps the op numbering, and with it the
// Lives of every later buffer, as that IR's. The marks are put back when the object goes.
#include "core/planner/mlir_module.hpp"

#include <memory>
#include <utility>
#include <vector>

namespace memlens::planner {

class MultiBufferMarksRemoved {
public:
    explicit MultiBufferMarksRemoved(Module& module);
    ~MultiBufferMarksRemoved();
    MultiBufferMarksRemoved(const MultiBufferMarksRemoved&) = delete;
    MultiBufferMarksRemoved& operator=(const MultiBufferMarksRemoved&) = delete;

    int removed() const { return static_cast<int>(marks_.size()); }

private:
    struct Removed {
        Block* block = nullptr;
        std::size_t position = 0; // in the block as it was
        std::unique_ptr<Op> op;
    };
    void removeFrom(Block& block);

    std::vector<Removed> marks_;                                 // in removal order
    std::vector<std::pair<Value*, std::vector<Op*>>> userLists_; // operands' users as they were
};

// An op the auto-multi-buffer pass writes: annotation.mark with hivm.multi_buffer.
bool isMultiBufferMark(const Op& op);

} // namespace memlens::planner
