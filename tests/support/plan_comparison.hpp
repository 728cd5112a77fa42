#pragma once
// For the tests that show a planner shortcut changes no plan (the search's shortcuts, its
// pruning, the overflow proof): every device function planned two ways and compared field by
// field (bench::planDifference), over the inputs each such test walks.
#include "core/planner/memory_planner.hpp"

#include <functional>
#include <string>

namespace memlens::test {

// Changes the options for one of the two ways (turns a shortcut on or off).
using PlanWay = std::function<void(planner::PlanOptions& options)>;
// Sees each pair of plans after they were compared (for counting what a test needs to have seen).
using PlanPair = std::function<void(const planner::FunctionPlan& first, const planner::FunctionPlan& second)>;

// Plans every device function of `ir` with `options` changed by `first`, then by `second`, and
// checks the two plans are the same. The target is the one the module names (Ascend910B1 when it
// names none); with `targetPass`, the options its pass picks are applied first.
void comparePlans(const std::string& ir, planner::PlanOptions options, bool targetPass, const PlanWay& first,
    const PlanWay& second, const PlanPair& seen = {});

// One input to plan: its IR, its options (a generation applied, a corpus function's strategy),
// and whether its target's pass picks the rest (our own and the A5 cases).
using PlanInputVisit = std::function<void(const std::string& ir, const planner::PlanOptions& options, bool targetPass)>;

// A visit that hands each input to `counter.compare(ir, options, targetPass)`.
template <typename Counter> PlanInputVisit comparingWith(Counter& counter)
{
    return [&counter](const std::string& ir, const planner::PlanOptions& options, bool targetPass) {
        counter.compare(ir, options, targetPass);
    };
}

void forCorpusFunctions(int count, const PlanInputVisit& visit); // bench::planCorpus
// Needs ../shared/samples (the caller checks): plan-memory.mlir's cases under each generation.
void forSharedPlannerCases(const PlanInputVisit& visit);
// tests/data/planner_rules and tests/data/mlir, and the samples' A5 cases when present, under
// each generation.
void forOwnAndA5Cases(const PlanInputVisit& visit);
// Needs ../shared/samples: both real samples and the example's logs, under each generation.
void forSamplesAndExample(const PlanInputVisit& visit);

} // namespace memlens::test
