#pragma once
// The HIVM ops' rules for writing an op's output over an input that dies at the op
// (in-place reuse), and the pipe classes of buffers (DMA-touched, scalar-touched).
#include "core/planner/mlir_module.hpp"

#include <unordered_set>

namespace memlens::planner {

// May `gen` (an output's alloc) take `kill`'s (an input's alloc) memory at `op`?
bool hivmOpAllowsInplace(const Op& op, const Value* gen, const Value* kill, bool restrictToIsa = false);

struct PipeClasses {
    std::unordered_set<const Value*> dma;          // allocs a load writes, a store / fixpipe reads
    std::unordered_set<const Value*> scalar;       // allocs memref.load / memref.store touch
    std::unordered_set<const Value*> storeReached; // allocs a hivm store reads
    std::unordered_set<const Value*> loadReached;  // allocs a hivm load writes
};

PipeClasses classifyBuffers(const Op& function);

// Two buffers whose pipes conflict: either is DMA-touched, or one is scalar-touched and the other not.
bool buffersPipeConflict(const PipeClasses& classes, const Value* a, const Value* b);

} // namespace memlens::planner
