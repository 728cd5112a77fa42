// The search's pruning (PlanOptions::pruneDoomedSearch: a rollback the search would come back
// to, once the entries it must place next cannot all fit, is made at once) changes no plan:
// every function planned with it and without it gives the same plan, field by field
// (bench/plan_corpus.hpp; the benchmark runs a corpus of hundreds), and it fires.
#include "bench/plan_corpus.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "support/plan_comparison.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

using namespace memlens::planner;

namespace {

struct PruningCount {
    int plans = 0;
    int failed = 0;
    int pruned = 0; // plans the pruning made fewer placements for

    // Plans every device function of `ir` with the pruning and without, every seed searched
    // (the overflow proof off).
    void compare(const std::string& ir, PlanOptions options, bool targetPass)
    {
        options.proveOverflow = false;
        memlens::test::comparePlans(
            ir, options, targetPass, [](PlanOptions& on) { on.pruneDoomedSearch = true; },
            [](PlanOptions& off) { off.pruneDoomedSearch = false; },
            [this](const FunctionPlan& pruned, const FunctionPlan& searched) {
                CHECK(pruned.placements <= searched.placements);
                ++plans;
                failed += pruned.fits ? 0 : 1;
                this->pruned += pruned.placements < searched.placements ? 1 : 0;
            });
    }
};

} // namespace

TEST_CASE("search pruning: a generated corpus plans as the search without it", "[planner][search_pruning]")
{
    PruningCount count;
    memlens::test::forCorpusFunctions(32, memlens::test::comparingWith(count));
    CHECK(count.failed > 0);
    CHECK(count.failed < count.plans);
    CHECK(count.pruned >= 8); // 10 of the 32 when written
}

TEST_CASE("search pruning: the planner cases, under each generation", "[planner][search_pruning][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PruningCount count;
    memlens::test::forSharedPlannerCases(memlens::test::comparingWith(count));
    CHECK(count.failed > 0);
}

TEST_CASE("search pruning: our own planner cases, the A5 cases, the real samples and the example, under each "
          "generation",
    "[planner][search_pruning][samples]")
{
    PruningCount count;
    memlens::test::forOwnAndA5Cases(memlens::test::comparingWith(count));
    CHECK(count.plans > 100);
    CHECK(count.failed > 0);
    if (memlens::test::samplesAvailable(__FILE__))
        memlens::test::forSamplesAndExample(memlens::test::comparingWith(count));
}

TEST_CASE(
    "search pruning: a plan that fails by fragmentation is searched with fewer placements", "[planner][search_pruning]")
{
    // 16 straight-line tiles whose demand stays under the capacity at every op: the overflow
    // proof cannot tell, the search decides, and its rollbacks walk down through placements
    // the tiles still to place could never follow.
    const auto module = readMlir(memlens::bench::mixedLivesIr(796, 16));
    const Function& function = module->functions.at(0);
    const PlanTarget target = *findPlanTarget("Ascend910B1");
    PlanOptions options;
    const FunctionPlan pruned = planFunction(function, target, options);
    options.pruneDoomedSearch = false;
    const FunctionPlan searched = planFunction(function, target, options);
    REQUIRE_FALSE(searched.fits);
    CHECK(searched.decided);
    CHECK(searched.seed == 19);
    CHECK(memlens::bench::planDifference(pruned, searched).empty());
    // 2584 placements searched through, 216 pruned when written.
    CHECK(searched.placements > 2000);
    CHECK(pruned.placements * 5 < searched.placements);
}
