// What-ifs share each function's preparation (op sequence, liveness, pipes, facts, buffer
// walk), only the sizes read again per what-if (PreparedFunction): every what-if's plan is
// the one it gets prepared alone, and the walk is made once per marks state.
#include "bench/generated_ir.hpp"
#include "bench/plan_corpus.hpp"
#include "core/document/computed_plan.hpp"
#include "core/planner/what_if.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

using namespace memlens::planner;

namespace {

// Scales of `dimension` that fit, fail, and pass what any memory holds; marks on and off;
// both strategies.
std::vector<WhatIf> sharedWalkGrid(std::int64_t dimension)
{
    std::vector<WhatIf> whatIfs;
    std::vector<DimensionScale> scales = standardScales(dimension);
    scales.push_back({dimension, std::int64_t{1} << 40, 1}); // past kMaxPlannedBits: the walk's error
    scales.push_back({dimension, 1, 1});
    for (const bool multiBuffer : {true, false})
        for (const PlanStrategy strategy : {PlanStrategy::Default, PlanStrategy::LargestFirst})
            for (const DimensionScale& scale : scales) {
                WhatIf whatIf;
                whatIf.multiBuffer = multiBuffer;
                whatIf.strategy = strategy;
                whatIf.scales.push_back(scale);
                whatIfs.push_back(whatIf);
            }
    return whatIfs;
}

// Each what-if planned with the preparations shared (after every earlier one) and prepared
// alone, on one planner: the same plans, field by field.
void requireSharedAsAlone(WhatIfPlanner& planner, const std::vector<WhatIf>& whatIfs)
{
    for (const WhatIf& whatIf : whatIfs) {
        INFO(whatIf.describe());
        planner.setShareWalks(true);
        const WhatIfPlans shared = planner.planInFull(whatIf);
        planner.setShareWalks(false);
        const WhatIfPlans alone = planner.planInFull(whatIf);
        CHECK(shared.result.valid == alone.result.valid);
        CHECK(shared.result.fits == alone.result.fits);
        CHECK(shared.result.decided == alone.result.decided);
        REQUIRE(shared.plans.size() == alone.plans.size());
        for (std::size_t i = 0; i < shared.plans.size(); ++i)
            CHECK(memlens::bench::planDifference(shared.plans[i], alone.plans[i]).empty());
    }
}

} // namespace

TEST_CASE("shared walks: generated functions' what-ifs plan as each alone", "[planner][what_if][shared_walks]")
{
    for (const int rowsScale : {1, 3}) {
        INFO("rows x" << rowsScale);
        WhatIfPlanner planner(memlens::bench::generatedIr(rowsScale, 4, 11));
        planner.setSearchBudget(0);
        requireSharedAsAlone(planner, sharedWalkGrid(128));
    }
    WhatIfPlanner mixed(memlens::bench::mixedLivesIr(2031, 48));
    mixed.setSearchBudget(0);
    requireSharedAsAlone(mixed, sharedWalkGrid(256));
}

TEST_CASE("shared walks: the example's what-ifs plan as each alone, under each generation",
    "[planner][what_if][shared_walks]")
{
    const auto log = memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/compile.log";
    WhatIfPlanner planner(memlens::readPlanInput(log.string()).ir);
    for (const CompilerGeneration generation : generationsNewestFirst()) {
        INFO(generationName(generation));
        planner.setGeneration(generation); // other liveness rules: walked again, not mixed up
        requireSharedAsAlone(planner, sharedWalkGrid(16384));
    }
}

TEST_CASE("shared walks: one walk per marks state, not one per what-if", "[planner][what_if][shared_walks]")
{
    WhatIfPlanner planner(memlens::bench::generatedIr(2, 3, 5));
    for (const bool multiBuffer : {true, false})
        for (const DimensionScale& scale : standardScales(128)) {
            WhatIf whatIf;
            whatIf.multiBuffer = multiBuffer;
            whatIf.scales.push_back(scale);
            CHECK(planner.plan(whatIf).valid);
        }
    CHECK(planner.sharedWalks() == 2); // ten what-ifs
    // A size past what a plan takes is the walk's error: walked afresh, the kept walk untouched.
    CHECK_FALSE(planner.plan(WhatIf::scaled(128, std::int64_t{1} << 40)).fits);
    CHECK(planner.sharedWalks() == 3);
    CHECK(planner.plan(WhatIf::scaled(128, 1, 2)).valid);
    CHECK(planner.sharedWalks() == 3);
}
