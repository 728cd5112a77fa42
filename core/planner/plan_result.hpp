#pragma once
// An attempt's placed storages written as the plan of each scope: every alloc's offsets
// and Life, and the records the compiler's memory dump would hold.
#include "core/planner/function_plan.hpp"
#include "core/planner/storage_entries.hpp"

namespace memlens::planner {

// Fills the allocs, dump items and high-water mark of every scope in `result.scopes`.
void writeScopeResults(FunctionPlan& result, const StorageEntries& entries);

} // namespace memlens::planner
