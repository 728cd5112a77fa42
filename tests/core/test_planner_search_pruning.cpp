// The search's pruning (PlanOptions::pruneDoomedSearch: a rollback the search would come back
// to, once the entries it must place next cannot all fit, is made at once) changes no plan:
// every function planned with it and without it gives the same plan, field by field
// (bench/plan_corpus.hpp; the benchmark runs a corpus of hundreds), and it fires.
#include "bench/plan_corpus.hpp"
#include "core/document/computed_plan.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"
#include "support/planner_cases.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace memlens::planner;

namespace {

struct PruningCount {
    int plans = 0;
    int failed = 0;
    int pruned = 0; // plans the pruning made fewer placements for
};

// Plans every device function of `text` with the pruning and without, every seed searched
// (the overflow proof off); with `targetPass`, under the pass its target picks.
void comparePruning(const std::string& text, PlanOptions options, PruningCount& count, bool targetPass = false)
{
    const auto module = readMlir(text);
    const auto named = findPlanTarget(planTargetName(*module));
    const PlanTarget target = named ? *named : *findPlanTarget("Ascend910B1");
    if (targetPass)
        passForTarget(target).applyTo(options);
    options.proveOverflow = false;
    for (const Function* function : deviceFunctions(*module)) {
        INFO("@" << function->name);
        options.pruneDoomedSearch = true;
        const FunctionPlan pruned = planFunction(*function, target, options);
        options.pruneDoomedSearch = false;
        const FunctionPlan searched = planFunction(*function, target, options);
        CHECK(memlens::bench::planDifference(pruned, searched).empty());
        CHECK(pruned.placements <= searched.placements);
        ++count.plans;
        count.failed += pruned.fits ? 0 : 1;
        count.pruned += pruned.placements < searched.placements ? 1 : 0;
    }
}

} // namespace

TEST_CASE("search pruning: a generated corpus plans as the search without it", "[planner][search_pruning]")
{
    PruningCount count;
    for (const memlens::bench::CorpusFunction& function : memlens::bench::planCorpus(32)) {
        INFO("strategy " << static_cast<int>(function.strategy) << ", multi-buffer " << function.multiBuffer);
        PlanOptions options;
        options.strategy = function.strategy;
        options.multiBuffer = function.multiBuffer;
        comparePruning(function.ir, options, count);
    }
    CHECK(count.failed > 0);
    CHECK(count.failed < count.plans);
    CHECK(count.pruned >= 8); // 10 of the 32 when written
}

TEST_CASE("search pruning: the planner cases, under each generation", "[planner][search_pruning][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PruningCount count;
    for (const CompilerGeneration generation : generationsNewestFirst())
        for (const std::string& text : memlens::test::splitPlannerCases(
                 memlens::test::readText(memlens::test::sample("planner/plan-memory.mlir")))) {
            INFO(generationName(generation));
            PlanOptions options;
            applyGeneration(options, generation);
            comparePruning(text, options, count);
        }
    CHECK(count.failed > 0);
}

TEST_CASE("search pruning: our own planner cases, the A5 cases, the real samples and the example, under each "
          "generation",
    "[planner][search_pruning][samples]")
{
    std::vector<std::filesystem::path> files;
    for (const char* folder : {"planner_rules", "mlir"})
        for (const auto& file : std::filesystem::directory_iterator(memlens::test::data(folder)))
            if (file.path().extension() == ".mlir")
                files.push_back(file.path());
    if (memlens::test::samplesAvailable(__FILE__))
        for (const auto& file : std::filesystem::recursive_directory_iterator(memlens::test::sample("planner/a5")))
            if (file.path().extension() == ".mlir")
                files.push_back(file.path());
    std::sort(files.begin(), files.end());
    PruningCount count;
    for (const std::filesystem::path& file : files)
        for (const CompilerGeneration generation : generationsNewestFirst())
            for (const std::string& text : memlens::test::splitPlannerCases(memlens::test::readText(file))) {
                INFO(file.filename().string() << ", " << generationName(generation));
                PlanOptions options;
                applyGeneration(options, generation);
                comparePruning(text, options, count, true);
            }
    CHECK(count.plans > 100);
    CHECK(count.failed > 0);
    if (!memlens::test::samplesAvailable(__FILE__))
        return;
    const auto example = memlens::test::sourceDir() / "resources/examples/layer_norm";
    for (const std::filesystem::path& path : {memlens::test::sample("fake_attn_fwd/fake_attn_fwd.ttadapter"),
             memlens::test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter"),
             example / "block16384/compile.log", example / "block8192/compile.log"})
        for (const CompilerGeneration generation : generationsNewestFirst()) {
            INFO(path.string() << ", " << generationName(generation));
            const memlens::PlanInput input = memlens::readPlanInput(path.string());
            PlanOptions options;
            applyGeneration(options, generation);
            input.applyTo(options);
            comparePruning(input.ir, options, count);
        }
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
