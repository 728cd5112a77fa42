#include "support/plan_comparison.hpp"

#include "bench/plan_corpus.hpp"
#include "core/document/computed_plan.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"
#include "support/planner_cases.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <vector>

namespace memlens::test {

using namespace planner;

void comparePlans(const std::string& ir, PlanOptions options, bool targetPass, const PlanWay& first,
    const PlanWay& second, const PlanPair& seen)
{
    const auto module = readMlir(ir);
    const auto named = findPlanTarget(planTargetName(*module));
    const PlanTarget target = named ? *named : *findPlanTarget("Ascend910B1");
    if (targetPass)
        passForTarget(target).applyTo(options);
    for (const Function* function : deviceFunctions(*module)) {
        INFO("@" << function->name);
        PlanOptions one = options;
        first(one);
        PlanOptions two = options;
        second(two);
        const FunctionPlan a = planFunction(*function, target, one);
        const FunctionPlan b = planFunction(*function, target, two);
        CHECK(bench::planDifference(a, b).empty());
        if (seen)
            seen(a, b);
    }
}

void forCorpusFunctions(int count, const PlanInputVisit& visit)
{
    for (const bench::CorpusFunction& function : bench::planCorpus(count)) {
        INFO("strategy " << static_cast<int>(function.strategy) << ", multi-buffer " << function.multiBuffer);
        PlanOptions options;
        options.strategy = function.strategy;
        options.multiBuffer = function.multiBuffer;
        visit(function.ir, options, false);
    }
}

void forSharedPlannerCases(const PlanInputVisit& visit)
{
    const std::vector<std::string> cases = splitPlannerCases(readText(sample("planner/plan-memory.mlir")));
    for (const CompilerGeneration generation : generationsNewestFirst())
        for (const std::string& text : cases) {
            INFO(generationName(generation));
            PlanOptions options;
            applyGeneration(options, generation);
            visit(text, options, false);
        }
}

void forOwnAndA5Cases(const PlanInputVisit& visit)
{
    std::vector<std::filesystem::path> files;
    for (const char* folder : {"planner_rules", "mlir"})
        for (const auto& file : std::filesystem::directory_iterator(data(folder)))
            if (file.path().extension() == ".mlir")
                files.push_back(file.path());
    if (samplesAvailable(__FILE__))
        for (const auto& file : std::filesystem::recursive_directory_iterator(sample("planner/a5")))
            if (file.path().extension() == ".mlir")
                files.push_back(file.path());
    std::sort(files.begin(), files.end());
    for (const std::filesystem::path& file : files) {
        const std::vector<std::string> cases = splitPlannerCases(readText(file));
        for (const CompilerGeneration generation : generationsNewestFirst())
            for (const std::string& text : cases) {
                INFO(file.filename().string() << ", " << generationName(generation));
                PlanOptions options;
                applyGeneration(options, generation);
                visit(text, options, true);
            }
    }
}

void forSamplesAndExample(const PlanInputVisit& visit)
{
    const auto example = sourceDir() / "resources/examples/layer_norm";
    for (const std::filesystem::path& path : {sample("fake_attn_fwd/fake_attn_fwd.ttadapter"),
             sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter"), example / "block16384/compile.log",
             example / "block8192/compile.log"}) {
        const PlanInput input = readPlanInput(path.string());
        for (const CompilerGeneration generation : generationsNewestFirst()) {
            INFO(path.string() << ", " << generationName(generation));
            PlanOptions options;
            applyGeneration(options, generation);
            input.applyTo(options);
            visit(input.ir, options, false);
        }
    }
}

} // namespace memlens::test
