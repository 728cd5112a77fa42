// A search budget shared by a plan's seeds (PlanOptions::searchBudget, what-ifs'
// WhatIfPlanner::setSearchBudget): when it runs out the plan says it is not decided
// instead of "does not fit"; when it does not, the plan is the unbounded one.
#include "bench/generated_ir.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/what_if.hpp"

#include <catch2/catch.hpp>

using namespace memlens::planner;

namespace {

// A generated function whose plan searches within capacity (the sum does not fit, the
// unlimited level-3 plan does not either), with the placements that search makes.
struct Searched {
    std::string text;
    long placements = 0;
};

Searched searchedFunction()
{
    for (unsigned seed = 1; seed <= 12; ++seed)
        for (const int rowsScale : {1, 2}) {
            Searched found{memlens::bench::generatedIr(rowsScale, 6, seed), 0};
            const auto module = readMlir(found.text);
            const FunctionPlan plan = planFunction(module->functions.at(0), *findPlanTarget(planTargetName(*module)));
            if (plan.placements > 20) {
                found.placements = plan.placements;
                return found;
            }
        }
    return {};
}

} // namespace

TEST_CASE("search budget: running out says not decided, not 'does not fit'", "[planner][search_budget]")
{
    const Searched searched = searchedFunction();
    REQUIRE(searched.placements > 20);
    const auto module = readMlir(searched.text);
    const Function& function = module->functions.at(0);
    const PlanTarget target = *findPlanTarget(planTargetName(*module));
    const FunctionPlan unbounded = planFunction(function, target);
    CHECK(unbounded.decided);

    PlanOptions small;
    small.searchBudget = searched.placements / 2;
    const FunctionPlan stopped = planFunction(function, target, small);
    CHECK_FALSE(stopped.decided);
    CHECK_FALSE(stopped.fits);
    bool scopeSaysSo = false;
    for (const ScopePlan& scope : stopped.scopes)
        if (!scope.decided) {
            scopeSaysSo = true;
            CHECK(scope.errorInfo.empty()); // not the compiler's overflow text
            CHECK(scope.warning
                == "search stopped after " + std::to_string(searched.placements / 2) + " placements: not decided");
        }
    CHECK(scopeSaysSo);

    PlanOptions enough;
    enough.searchBudget = searched.placements; // exactly what the search needs
    const FunctionPlan bounded = planFunction(function, target, enough);
    CHECK(bounded.decided);
    CHECK(bounded.fits == unbounded.fits);
    CHECK(bounded.seed == unbounded.seed);
    REQUIRE(bounded.scopes.size() == unbounded.scopes.size());
    for (std::size_t s = 0; s < bounded.scopes.size(); ++s) {
        CHECK(bounded.scopes[s].highWaterBits == unbounded.scopes[s].highWaterBits);
        CHECK(bounded.scopes[s].errorInfo == unbounded.scopes[s].errorInfo);
        REQUIRE(bounded.scopes[s].allocs.size() == unbounded.scopes[s].allocs.size());
        for (std::size_t i = 0; i < bounded.scopes[s].allocs.size(); ++i)
            CHECK(bounded.scopes[s].allocs[i].offsets == unbounded.scopes[s].allocs[i].offsets);
    }
}

TEST_CASE("search budget: a what-if that runs out is not decided", "[planner][search_budget][what_if]")
{
    const Searched searched = searchedFunction();
    REQUIRE(searched.placements > 20);
    WhatIfPlanner planner(searched.text);
    CHECK(planner.searchBudget() == kWhatIfSearchBudget);
    CHECK(planner.baseline().decided);
    planner.setSearchBudget(searched.placements / 2);
    const WhatIfResult result = planner.baseline();
    CHECK_FALSE(result.decided);
    CHECK_FALSE(result.fits);
    CHECK(result.undecided
        == "search stopped after " + std::to_string(searched.placements / 2) + " placements: not decided");
    REQUIRE(result.functions.size() == 1);
    CHECK_FALSE(result.functions[0].decided);
    planner.setSearchBudget(0); // unbounded, as `memlens plan`
    CHECK(planner.baseline().decided);
}
