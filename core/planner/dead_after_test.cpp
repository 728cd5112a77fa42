#include "core/planner/dead_after_test.hpp"

#include <map>

namespace memlens::planner {

bool DeadAfterTest::deadAfterNesting(const Value* value, const Op& operation) const
{
    std::map<const Block*, const Op*> blockToOp;
    std::map<const Op*, const Op*> parentToChild;
    const Op* child = nullptr;
    for (const Op* op = &operation; op && op != functionOp_; op = op->parentOp()) {
        blockToOp.emplace(op->block, op);
        if (child)
            parentToChild[op] = child;
        child = op;
    }
    auto blockAfter = [](const Block* after, const Block* before) {
        if (after == before)
            return false;
        if (after->parent == before->parent)
            return after->indexInRegion > before->indexInRegion;
        return before->parent->indexInOp < after->parent->indexInOp;
    };
    for (const Op* user : value->users) {
        const Op* userChild = nullptr;
        for (const Op* op = user; op && op != functionOp_; op = op->parentOp()) {
            const auto found = blockToOp.find(op->block);
            if (found != blockToOp.end()) {
                const Op* current = found->second;
                const auto currentChild = parentToChild.find(current);
                if (current == op && userChild && currentChild != parentToChild.end()
                    && blockAfter(userChild->block, currentChild->second->block))
                    return false;
                if (current->isBeforeInBlock(op))
                    return false;
                break;
            }
            userChild = op;
        }
    }
    return true;
}

bool DeadAfterTest::allDeadAfter(const Op& op, const std::vector<const Value*>& aliases) const
{
    for (const Value* buffer : aliases) {
        if (const Op* def = buffer->definingOp) {
            const Op* parent = def->parentOp();
            if (whileSiblingKeepsAlive_ && parent && parent->name == "scf.while" && parent->regions.size() == 2) {
                const Region* defRegion = def->block ? def->block->parent : nullptr;
                const Region* sibling
                    = defRegion == parent->regions[0].get() ? parent->regions[1].get() : parent->regions[0].get();
                for (const Op* up = &op; up; up = up->parentOp())
                    if (up->block && up->block->parent == sibling)
                        return false;
            }
        }
        if (!liveness_.isDeadAfter(buffer, &op) || !deadAfterNesting(buffer, op))
            return false;
    }
    return true;
}

} // namespace memlens::planner
