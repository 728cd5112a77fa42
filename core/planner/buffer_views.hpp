#pragma once
// The ops that make a view of a buffer, and the walk from a view back to its alloc: the
// liveness aliases a view with its source, and the in-place rules, the marks and the
// what-ifs find the alloc a view or a mark names.
#include "core/planner/mlir_module.hpp"

#include <string>

namespace memlens::planner {

bool isViewOp(const std::string& name);
// The memref.alloc result a chain of views starts from; nullptr when another op makes it.
const Value* tracebackToAlloc(const Value* value);

} // namespace memlens::planner
