#pragma once
// The kill test's question: is every one of a value's aliases dead after an op? The block
// liveness answers for the op's block; the compiler's IsDeadAfterOp adds that a use in a
// later op of an enclosing block, or in a later region of an enclosing if, keeps a value
// alive, and (PlanRules::whileSiblingKeepsAlive) that a buffer defined in one region of an
// scf.while stays alive in the other.
#include "core/planner/block_liveness.hpp"
#include "core/planner/mlir_module.hpp"

#include <vector>

namespace memlens::planner {

class DeadAfterTest {
public:
    DeadAfterTest(const Op* functionOp, const BlockLiveness& liveness, bool whileSiblingKeepsAlive)
        : functionOp_(functionOp)
        , liveness_(liveness)
        , whileSiblingKeepsAlive_(whileSiblingKeepsAlive)
    {
    }

    bool allDeadAfter(const Op& op, const std::vector<const Value*>& aliases) const;

private:
    bool deadAfterNesting(const Value* value, const Op& op) const;

    const Op* functionOp_;
    const BlockLiveness& liveness_;
    bool whileSiblingKeepsAlive_;
};

} // namespace memlens::planner
