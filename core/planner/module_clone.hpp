#pragma once
// A deep copy of a read Module: every value, op, region and block anew, every pointer
// between them pointing into the copy. The what-ifs rewrite memref shapes in place while
// they plan, so each planner gets its own copy of the module a load read once, instead of
// reading the text again.
#include "core/planner/mlir_module.hpp"

#include <memory>

namespace memlens::planner {

std::unique_ptr<Module> cloneModule(const Module& module);

} // namespace memlens::planner
