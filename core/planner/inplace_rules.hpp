#pragma once
// The HIVM ops' rules for writing an op's output over an input that dies at the op
// (in-place reuse), and the pipe classes of buffers (DMA-touched, scalar-touched).
#include "core/planner/mlir_module.hpp"
#include "core/planner/plan_options.hpp"

#include <string>
#include <unordered_set>

namespace memlens::planner {

// May `gen` (an output's alloc) take `kill`'s (an input's alloc) memory at `op`? `restrictToIsa`:
// the pass option restrict-inplace-as-isa.
bool hivmOpAllowsInplace(
    const Op& op, const Value* gen, const Value* kill, const PlanRules& rules, bool restrictToIsa = false);

struct PipeClasses {
    std::unordered_set<const Value*> dma;    // allocs a load writes, a store / fixpipe reads
    std::unordered_set<const Value*> scalar; // allocs memref.load / memref.store touch
    // By the pipe itself (OptMemPlanForDma's per-pipe buffers, which a VF call's in-place
    // check asks): allocs an MTE2 op writes, allocs an MTE3 op reads.
    std::unordered_set<const Value*> mte2;
    std::unordered_set<const Value*> mte3;
    // The first op whose pipe the pass cannot tell (a hivm.hir.copy between spaces
    // CopyOp::getPipe has no pipe for): the pass stops with "Unknown PIPE!". Empty: none.
    std::string unknownPipe;
};

PipeClasses classifyBuffers(const Op& function);

} // namespace memlens::planner
