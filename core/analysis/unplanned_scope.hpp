#pragma once
// A scope the compiler never planned. The planner stops at the first scope that fails; the
// scopes after it are still written to the dump, with every offset left at 0. Their blocks then
// coincide although their Lives overlap: that is not an overlap (a planner bug) and not a plan that
// fits, only a list of buffers and the most bytes they would need live at once.
#include "core/analysis/plan_analysis.hpp"
#include "core/analysis/storage_analysis.hpp"
#include "core/dump/dump_model.hpp"

#include <optional>
#include <string>
#include <vector>

namespace memlens {

// Every block at offset 0 while blocks of two different storages are live at a common op.
bool wasNeverPlanned(const ScopePlan& scope, const StorageMap& storages);

// Usage of a scope not planned: at each op the sum of the sizes of the storages live there.
std::vector<UsageStep> storageDemandUsage(const ScopePlan& scope, const StorageMap& storages);

// Turns a finished analysis into that of a scope not planned: no verdict, no overlaps, no holes,
// usage and peak live bytes from storageDemandUsage().
void treatAsNotPlanned(const ScopePlan& scope, PlanAnalysis& analysis);

// "not planned: the compile stopped at scope ub" (the scope of `scopes` that overflows, when one does).
std::string notPlannedText(const std::vector<ScopePlan>& scopes, const std::vector<PlanAnalysis>& analyses);

} // namespace memlens
