#pragma once
// What planning a function reads of its IR that a what-if cannot change, made once: the op
// sequence, the values' liveness, the buffers' pipes, the module's facts, and per set of
// liveness options the buffer walk (gen and kill lists, lives, marks, aliases) of seed 0 with
// its shuffles. A what-if rescales sizes or removes the multi-buffer marks: the sizes are read
// again for each plan (the only thing the walk takes from them), and removed marks are another
// IR, prepared apart (WhatIfPlanner keeps one per function and marks state).
#include "core/planner/block_liveness.hpp"
#include "core/planner/buffer_liveness.hpp"
#include "core/planner/inplace_rules.hpp"
#include "core/planner/module_facts.hpp"
#include "core/planner/op_sequence.hpp"

#include <memory>
#include <utility>
#include <vector>

namespace memlens::planner {

class PreparedFunction {
public:
    explicit PreparedFunction(const Function& function);
    PreparedFunction(const PreparedFunction&) = delete;
    PreparedFunction& operator=(const PreparedFunction&) = delete;

    const Function& function() const { return function_; }
    const std::vector<SequenceEntry>& sequence() const { return sequence_; }
    const BlockLiveness& liveness() const { return liveness_; }
    const PipeClasses& pipes() const { return pipes_; }
    const ModuleFacts& facts() const { return facts_; }

    // Seed 0's walk with these options, its result in `lives` with every buffer's size as the
    // IR's shapes now say. Walked once per options; walked afresh (and not kept) when a walk
    // found errors or a size now has none a plan takes (no static size, past kMaxPlannedBits),
    // whose errors depend on the sizes.
    const BufferLiveness& walk(const LivenessOptions& options, BufferLives& lives);
    int walks() const { return walks_; } // the walks made, kept or not

private:
    struct Walk {
        LivenessOptions options;
        std::unique_ptr<BufferLiveness> walk;
        BufferLives lives;
    };

    const Function& function_;
    std::vector<SequenceEntry> sequence_;
    BlockLiveness liveness_;
    PipeClasses pipes_;
    ModuleFacts facts_;
    std::vector<Walk> kept_;
    std::unique_ptr<BufferLiveness> fresh_; // the last walk not kept
    int walks_ = 0;
};

} // namespace memlens::planner
