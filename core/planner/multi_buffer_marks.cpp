#include "core/planner/multi_buffer_marks.hpp"

#include <algorithm>

namespace memlens::planner {

namespace {

void renumber(Block& block)
{
    for (std::size_t i = 0; i < block.ops.size(); ++i)
        block.ops[i]->indexInBlock = static_cast<int>(i);
}

} // namespace

bool isMultiBufferMark(const Op& op) { return op.name == "annotation.mark" && op.hasAttribute("hivm.multi_buffer"); }

MultiBufferMarksRemoved::MultiBufferMarksRemoved(Module& module)
{
    for (const Function& function : module.functions)
        if (function.op)
            for (auto& region : function.op->regions)
                for (auto& block : region->blocks)
                    removeFrom(*block);
}

void MultiBufferMarksRemoved::removeFrom(Block& block)
{
    bool any = false;
    for (std::size_t i = 0, original = 0; i < block.ops.size(); ++original) {
        Op& op = *block.ops[i];
        if (!isMultiBufferMark(op)) {
            for (auto& region : op.regions)
                for (auto& nested : region->blocks)
                    removeFrom(*nested);
            ++i;
            continue;
        }
        for (Value* operand : op.operands) {
            const bool saved = std::any_of(
                userLists_.begin(), userLists_.end(), [operand](const auto& entry) { return entry.first == operand; });
            if (!saved)
                userLists_.emplace_back(operand, operand->users);
            operand->users.erase(std::remove(operand->users.begin(), operand->users.end(), &op), operand->users.end());
        }
        marks_.push_back({&block, original, std::move(block.ops[i])});
        block.ops.erase(block.ops.begin() + static_cast<std::ptrdiff_t>(i));
        any = true;
    }
    if (any)
        renumber(block);
}

MultiBufferMarksRemoved::~MultiBufferMarksRemoved()
{
    // In removal order: each mark's position counts the marks before it, which are back by then.
    for (Removed& mark : marks_) {
        Block& block = *mark.block;
        const std::size_t at = std::min(mark.position, block.ops.size());
        block.ops.insert(block.ops.begin() + static_cast<std::ptrdiff_t>(at), std::move(mark.op));
        renumber(block);
    }
    for (auto& [value, users] : userLists_)
        value->users = std::move(users);
}

} // namespace memlens::planner
