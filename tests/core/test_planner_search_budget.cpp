// A search budget shared by a plan's seeds (PlanOptions::searchBudget, what-ifs'
// WhatIfPlanner::setSearchBudget): when it runs out the plan says it is not decided
// instead of "does not fit"; when it does not, the plan is the unbounded one.
#include "bench/generated_ir.hpp"
#include "core/document/computed_plan.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/what_if.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>

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
    for (const PlannedScope& scope : stopped.scopes)
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

TEST_CASE("search budget: a cancelled plan stops, not decided, and says it was cancelled", "[planner][search_budget]")
{
    const Searched searched = searchedFunction();
    REQUIRE(searched.placements > 20);
    const auto module = readMlir(searched.text);
    const Function& function = module->functions.at(0);
    const PlanTarget target = *findPlanTarget(planTargetName(*module));
    std::atomic<bool> cancel{true};
    PlanOptions options;
    options.cancel = &cancel;
    const FunctionPlan stopped = planFunction(function, target, options);
    CHECK_FALSE(stopped.decided);
    CHECK(stopped.cancelled);
    CHECK_FALSE(stopped.fits);
    CHECK(stopped.placements <= 1); // it stopped at once, before the search ran

    // The same through a what-if: the window's job that a newer request replaced.
    WhatIfPlanner planner(searched.text);
    planner.setSearchBudget(0);
    planner.setCancel(&cancel);
    const WhatIfResult result = planner.baseline();
    CHECK_FALSE(result.decided);
    CHECK(result.undecided == kPlanCancelledText);
    cancel = false;
    CHECK(planner.baseline().decided); // polled, not remembered
}

TEST_CASE("search budget: a deadline passed stops the search within capacity, not decided", "[planner][search_budget]")
{
    const Searched searched = searchedFunction();
    REQUIRE(searched.placements > 20);
    const auto module = readMlir(searched.text);
    const Function& function = module->functions.at(0);
    const PlanTarget target = *findPlanTarget(planTargetName(*module));
    PlanOptions options;
    options.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    const FunctionPlan stopped = planFunction(function, target, options);
    CHECK_FALSE(stopped.decided);
    CHECK_FALSE(stopped.cancelled);
    bool said = false;
    for (const PlannedScope& scope : stopped.scopes)
        if (!scope.decided) {
            said = true;
            CHECK_THAT(scope.warning, Catch::StartsWith("search stopped at its time limit after "));
        }
    CHECK(said);
    options.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
    CHECK(planFunction(function, target, options).decided);
}

TEST_CASE("search budget: a load's plan of an IR file stops within its budget and says not decided",
    "[planner][search_budget][computed]")
{
    // Every load (inspect/explain/report of an IR or a log, the window) plans with a budget:
    // the dump it makes fails its scope with an error that says why, and the load says so.
    const Searched searched = searchedFunction();
    REQUIRE(searched.placements > 20);
    memlens::test::TempDir folder;
    const auto path = folder.path / "searched.mlir";
    {
        std::ofstream out(path);
        out << searched.text;
    }
    memlens::ComputeOptions small;
    small.searchBudget = searched.placements / 2;
    const memlens::ComputedDump stopped = memlens::computeDump(path.string(), small);
    CHECK_FALSE(stopped.decided);
    bool said = false;
    for (const auto& scope : stopped.dump.scopes)
        if (scope.error.find("memlens's plan is not decided: search stopped after") != std::string::npos)
            said = true;
    CHECK(said);
    const memlens::ComputedDump whole = memlens::computeDump(path.string());
    CHECK(whole.decided); // the default budget decides what the generated searches need
}

TEST_CASE("search budget: a load's budget decides the 3,000-op function the proof leaves to the search",
    "[planner][search_budget]")
{
    // Without the overflow proof every seed's search runs: seed 0's takes 414,308 placements
    // (414,360 without the search's pruning) and the other 19 seeds' storages are its own. The
    // load's budget once stopped it (400,000).
    const auto module = readMlir(memlens::bench::generatedIr(4));
    PlanOptions options;
    options.proveOverflow = false;
    options.searchBudget = memlens::kLoadSearchBudget;
    const FunctionPlan plan = planFunction(module->functions.at(0), *findPlanTarget("Ascend910B1"), options);
    CHECK(plan.decided);
    CHECK_FALSE(plan.fits);
    CHECK(plan.seed == 19);
    CHECK(plan.placements == 414308);
}

namespace {

// `pairs` buffers of 4 KB filled and read in turn: side by side they pass the capacity, so the
// plan without a limit runs (and reuses every address); nothing is searched within capacity.
std::string reusedInTurn(int pairs)
{
    const std::string ub = "memref<1024xf32, #hivm.address_space<ub>>";
    std::string text = "module attributes {hacc.target = #hacc.target<\"Ascend910B1\">} {\n"
                       "  func.func @turns() attributes {hacc.entry, hivm.func_core_type = "
                       "#hivm.func_core_type<AIV>} {\n    %cst = arith.constant 1.000000e+00 : f32\n";
    for (int i = 0; i < pairs; ++i) {
        const std::string a = "%a" + std::to_string(i);
        const std::string b = "%b" + std::to_string(i);
        text += "    " + a + " = memref.alloc() : " + ub + "\n";
        text += "    hivm.hir.vbrc ins(%cst : f32) outs(" + a + " : " + ub + ")\n";
        text += "    " + b + " = memref.alloc() : " + ub + "\n";
        text += "    hivm.hir.vabs ins(" + a + " : " + ub + ") outs(" + b + " : " + ub + ")\n";
        text += "    hivm.hir.vabs ins(" + b + " : " + ub + ") outs(" + a + " : " + ub + ")\n";
    }
    return text + "    return\n  }\n}\n";
}

} // namespace

TEST_CASE("search budget: the deadline stops the plan without a limit too, not decided", "[planner]")
{
    const auto module = readMlir(reusedInTurn(100));
    const PlanTarget target = *findPlanTarget("Ascend910B1");
    const FunctionPlan free = planFunction(module->functions.at(0), target);
    REQUIRE(free.decided);
    REQUIRE(free.fits);
    CHECK(free.placements == 0); // the plan without a limit fits: no search within capacity

    // On thousands of storages that plan alone takes seconds: a load's deadline must end it.
    PlanOptions late;
    late.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    const FunctionPlan stopped = planFunction(module->functions.at(0), target, late);
    CHECK_FALSE(stopped.decided);
    bool said = false;
    for (const PlannedScope& scope : stopped.scopes)
        said = said || scope.warning.find("time limit") != std::string::npos;
    CHECK(said);

    std::atomic<bool> cancel{true};
    PlanOptions cancelled;
    cancelled.cancel = &cancel;
    CHECK_FALSE(planFunction(module->functions.at(0), target, cancelled).decided);
}

TEST_CASE("search budget: what-ifs past the planner's deadline are not decided", "[planner]")
{
    WhatIfPlanner planner(reusedInTurn(20));
    REQUIRE(planner.plan(WhatIf::noMultiBuffer()).decided);
    planner.setDeadline(std::chrono::steady_clock::now() - std::chrono::milliseconds(1));
    const WhatIfResult late = planner.plan(WhatIf::noMultiBuffer());
    CHECK_FALSE(late.decided);
    CHECK(late.undecided.find("time limit") != std::string::npos);
    const FittingPowerOfTwo largest = planner.largestFittingPowerOfTwo(1024);
    CHECK_FALSE(largest.decided);
    CHECK_FALSE(largest.fittingValue);
    planner.setDeadline(std::nullopt);
    CHECK(planner.largestFittingPowerOfTwo(1024).decided);
}
