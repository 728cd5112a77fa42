// The search's shortcuts (a seed whose storages an earlier failed seed had is not searched
// again; the life-conflict test skips lives that end too early by binary search) change no
// plan: every function planned with them and without them gives the same plan, field by
// field (bench/plan_corpus.hpp; the benchmark runs a corpus of hundreds).
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

struct IdentityCount {
    int plans = 0;
    int failed = 0;
    int repeatedSeeds = 0;    // plans where some seed was not searched again
    int distinctFailures = 0; // failed plans that searched more than one seed
};

// Plans every device function of `text` with the shortcuts and without, every seed searched;
// with `targetPass`, under the pass its target picks (the A5 rules on an A5 target).
void compareShortcuts(const std::string& text, PlanOptions options, IdentityCount& count, bool targetPass = false)
{
    const auto module = readMlir(text);
    const auto named = findPlanTarget(planTargetName(*module));
    const PlanTarget target = named ? *named : *findPlanTarget("Ascend910B1");
    if (targetPass)
        passForTarget(target).applyTo(options);
    options.proveOverflow = false;
    for (const Function* function : deviceFunctions(*module)) {
        INFO("@" << function->name);
        const FunctionPlan fast = planFunction(*function, target, options);
        const FunctionPlan full = planFunction(*function, target, memlens::bench::withoutSearchShortcuts(options));
        CHECK(memlens::bench::planDifference(fast, full).empty());
        CHECK(full.seedsRepeated == 0);
        ++count.plans;
        count.failed += fast.fits ? 0 : 1;
        count.repeatedSeeds += fast.seedsRepeated > 0 ? 1 : 0;
        count.distinctFailures += !fast.fits && fast.seed - fast.seedsRepeated > 0 ? 1 : 0;
    }
}

} // namespace

TEST_CASE("search shortcuts: a generated corpus plans as the full search", "[planner][search_identity]")
{
    IdentityCount count;
    for (const memlens::bench::CorpusFunction& function : memlens::bench::planCorpus(32)) {
        INFO("strategy " << static_cast<int>(function.strategy) << ", multi-buffer " << function.multiBuffer);
        PlanOptions options;
        options.strategy = function.strategy;
        options.multiBuffer = function.multiBuffer;
        compareShortcuts(function.ir, options, count);
    }
    CHECK(count.failed > 0);
    CHECK(count.failed < count.plans);
    CHECK(count.repeatedSeeds > 0);
    CHECK(count.distinctFailures > 0); // some failing seeds had storages of their own
}

TEST_CASE("search shortcuts: the planner cases, under each generation", "[planner][search_identity][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    IdentityCount count;
    for (const CompilerGeneration generation : generationsNewestFirst())
        for (const std::string& text : memlens::test::splitPlannerCases(
                 memlens::test::readText(memlens::test::sample("planner/plan-memory.mlir")))) {
            PlanOptions options;
            applyGeneration(options, generation);
            compareShortcuts(text, options, count);
        }
    CHECK(count.failed > 0);
    CHECK(count.repeatedSeeds > 0);
}

TEST_CASE("search shortcuts: our own planner cases and the A5 cases, under each generation",
    "[planner][search_identity][samples]")
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
    IdentityCount count;
    for (const std::filesystem::path& file : files)
        for (const CompilerGeneration generation : generationsNewestFirst())
            for (const std::string& text : memlens::test::splitPlannerCases(memlens::test::readText(file))) {
                INFO(file.filename().string() << ", " << generationName(generation));
                PlanOptions options;
                applyGeneration(options, generation);
                compareShortcuts(text, options, count, true);
            }
    CHECK(count.plans > 100);
    CHECK(count.failed > 0);
}

TEST_CASE("search shortcuts: the real samples and the example", "[planner][search_identity][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    IdentityCount count;
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
            compareShortcuts(input.ir, options, count);
        }
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
