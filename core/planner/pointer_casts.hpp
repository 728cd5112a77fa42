#pragma once
// The pointer casts the planner pass leaves in place of the allocs: in which order they
// come, and the offsets the compiler gave, read back from the IR printed after the pass
// (--mlir-print-ir-after=hivm-plan-memory[-regbase]).
#include "core/planner/mlir_module.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace memlens::planner {

// The order of the pointer casts the compiler's pass leaves: allocs in pre-order, those
// whose alloc carries a hivm.multi_buffer mark moved to the front of the region of their
// innermost loop that holds them (the before or the after region of an scf.while), the
// last moved first (PlanMemoryPass::fixMultibufferEnabledPointerCastOps).
std::vector<const Value*> pointerCastOrder(const Function& function);

// The compiler's offsets of `planned`'s allocs (the function before the pass), read from
// `after` (the same function after it): its pointer casts in text order, one per alloc in
// pointerCastOrder, each `hivm.hir.pointer_cast(%c<bytes>_i64[, ...])` giving one byte
// offset per copy. Empty, with `problem` set, when the two do not pair up.
std::map<const Value*, std::vector<std::uint64_t>> compilerOffsets(
    const Function& planned, const Function& after, std::string& problem);

} // namespace memlens::planner
