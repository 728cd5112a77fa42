// The search's shortcuts (a seed whose storages an earlier failed seed had is not searched
// again; the life-conflict test skips lives that end too early by binary search) change no
// plan: every function planned with them and without them gives the same plan, field by
// field (bench/plan_corpus.hpp; the benchmark runs a corpus of hundreds).
#include "bench/plan_corpus.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "support/plan_comparison.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

using namespace memlens::planner;

namespace {

struct IdentityCount {
    int plans = 0;
    int failed = 0;
    int repeatedSeeds = 0;    // plans where some seed was not searched again
    int distinctFailures = 0; // failed plans that searched more than one seed

    // Plans every device function of `ir` with the shortcuts and without, every seed searched.
    void compare(const std::string& ir, PlanOptions options, bool targetPass)
    {
        options.proveOverflow = false;
        memlens::test::comparePlans(
            ir, options, targetPass, [](PlanOptions&) {},
            [](PlanOptions& full) { full = memlens::bench::withoutSearchShortcuts(full); },
            [this](const FunctionPlan& fast, const FunctionPlan& full) {
                CHECK(full.seedsRepeated == 0);
                ++plans;
                failed += fast.fits ? 0 : 1;
                repeatedSeeds += fast.seedsRepeated > 0 ? 1 : 0;
                distinctFailures += !fast.fits && fast.seed - fast.seedsRepeated > 0 ? 1 : 0;
            });
    }
};

} // namespace

TEST_CASE("search shortcuts: a generated corpus plans as the full search", "[planner][search_identity]")
{
    IdentityCount count;
    memlens::test::forCorpusFunctions(32, memlens::test::comparingWith(count));
    CHECK(count.failed > 0);
    CHECK(count.failed < count.plans);
    CHECK(count.repeatedSeeds > 0);
    CHECK(count.distinctFailures > 0); // some failing seeds had storages of their own
}

TEST_CASE("search shortcuts: the planner cases, under each generation", "[planner][search_identity][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    IdentityCount count;
    memlens::test::forSharedPlannerCases(memlens::test::comparingWith(count));
    CHECK(count.failed > 0);
    CHECK(count.repeatedSeeds > 0);
}

TEST_CASE("search shortcuts: our own planner cases and the A5 cases, under each generation",
    "[planner][search_identity][samples]")
{
    IdentityCount count;
    memlens::test::forOwnAndA5Cases(memlens::test::comparingWith(count));
    CHECK(count.plans > 100);
    CHECK(count.failed > 0);
}

TEST_CASE("search shortcuts: the real samples and the example", "[planner][search_identity][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    IdentityCount count;
    memlens::test::forSamplesAndExample(memlens::test::comparingWith(count));
    CHECK(count.failed > 0);
}

TEST_CASE("search shortcuts: seeds with the same storages are searched once", "[planner][search_identity]")
{
    // Tiles x4 over 2 loop nests: every seed fails (the search within capacity decides it).
    const auto module = readMlir(memlens::bench::generatedIr(4, 2, 1003));
    const Function& function = module->functions.at(0);
    const PlanTarget target = *findPlanTarget("Ascend910B1");
    PlanOptions options;
    options.proveOverflow = false;
    const FunctionPlan fast = planFunction(function, target, options);
    const FunctionPlan full = planFunction(function, target, memlens::bench::withoutSearchShortcuts(options));
    REQUIRE_FALSE(full.fits);
    CHECK(full.seed == 19);
    CHECK(memlens::bench::planDifference(fast, full).empty());
    // Every seed's storages are seed 0's here: one search, the other 19 seeds taken from it.
    CHECK(fast.seedsRepeated == 19);
    CHECK(fast.placements * 20 == full.placements);
    CHECK(full.placements > 0);
}
