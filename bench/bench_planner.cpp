// The planner on a generated function of about 3,000 ops and 400 UB allocs
// (bench/generated_ir.hpp). One variant fits after reuse, one does not (all 20 seeds
// are planned). Also the
// reader alone and a grid of 64 what-ifs. Run by hand: build-rel/bench/memlens_bench_planner
#include "bench/generated_ir.hpp"
#include "bench/hostile_ir.hpp"
#include "bench/plan_corpus.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/what_if.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace memlens::planner;

struct Generated {
    std::unique_ptr<Module> module;
    PlanTarget target;
};

const Generated& generated(int rowsScale, bool expectFits)
{
    static std::map<int, Generated> cache;
    auto found = cache.find(rowsScale);
    if (found != cache.end())
        return found->second;
    Generated g{readMlir(memlens::bench::generatedIr(rowsScale), "generated.mlir"), *findPlanTarget("Ascend910B1")};
    const FunctionPlan plan = planFunction(g.module->functions.at(0), g.target);
    if (plan.fits != expectFits || plan.sequenceLength < 3000)
        throw std::runtime_error("the generated function does not have the shape the benchmark needs");
    return cache.emplace(rowsScale, std::move(g)).first->second;
}

void reportShape(benchmark::State& state, const Function& function, const FunctionPlan& plan)
{
    std::size_t allocs = 0;
    for (const PlannedScope& scope : plan.scopes)
        allocs += scope.allocs.size();
    state.counters["ops"] = plan.sequenceLength;
    state.counters["allocs"] = static_cast<double>(allocs);
    state.counters["seed"] = plan.seed;
    (void)function;
}

// Tiles x1 fit after reuse, x4 do not (all 20 seeds).
void planGenerated(benchmark::State& state, int rowsScale, bool fits, PlanOptions options = {})
{
    const Generated& g = generated(rowsScale, fits);
    const Function& function = g.module->functions.at(0);
    FunctionPlan plan;
    for (auto _ : state)
        benchmark::DoNotOptimize(plan = planFunction(function, g.target, options));
    reportShape(state, function, plan);
    state.counters["placements"] = static_cast<double>(plan.placements);
}
void BM_PlanFitting3000(benchmark::State& state) { planGenerated(state, 1, true); }
void BM_PlanFailing3000(benchmark::State& state) { planGenerated(state, 4, false); }
// The failing variant without the overflow proof: each of the 20 seeds searches within capacity.
void BM_PlanFailing3000Searched(benchmark::State& state)
{
    PlanOptions options;
    options.proveOverflow = false;
    planGenerated(state, 4, false, options);
}
BENCHMARK(BM_PlanFitting3000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlanFailing3000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlanFailing3000Searched)->Unit(benchmark::kMillisecond);

// The identity of the search's shortcuts on a corpus of 320 generated functions (fitting and
// failing, both strategies, multi-buffer on and off), every seed searched: each planned with
// the shortcuts and without, and with only the pruning off, compared field by field; any
// difference stops the benchmark. The time is the four plans of every function (the last with
// the overflow proof, to count the failures only the search decides).
void BM_SearchShortcutsCorpus(benchmark::State& state)
{
    const auto corpus = memlens::bench::planCorpus(320);
    std::vector<std::unique_ptr<Module>> modules;
    for (const auto& function : corpus)
        modules.push_back(readMlir(function.ir, "corpus.mlir"));
    const PlanTarget target = *findPlanTarget("Ascend910B1");
    long failed = 0;
    long repeated = 0;
    long unproved = 0; // failing where the overflow proof cannot tell: the search decides
    long pruned = 0;   // plans the search's pruning made fewer placements for
    long placementsPruned = 0;
    long placementsSearched = 0;
    for (auto _ : state) {
        failed = repeated = unproved = pruned = placementsPruned = placementsSearched = 0;
        for (std::size_t i = 0; i < corpus.size(); ++i) {
            PlanOptions options;
            options.strategy = corpus[i].strategy;
            options.multiBuffer = corpus[i].multiBuffer;
            options.proveOverflow = false;
            const FunctionPlan fast = planFunction(modules[i]->functions.at(0), target, options);
            const FunctionPlan full
                = planFunction(modules[i]->functions.at(0), target, memlens::bench::withoutSearchShortcuts(options));
            const std::string difference = memlens::bench::planDifference(fast, full);
            if (!difference.empty())
                throw std::runtime_error("corpus function " + std::to_string(i) + ": " + difference);
            failed += fast.fits ? 0 : 1;
            repeated += fast.seedsRepeated;
            // The pruning alone off (PlanOptions::pruneDoomedSearch): the same plan.
            PlanOptions unpruned = options;
            unpruned.pruneDoomedSearch = false;
            const FunctionPlan searched = planFunction(modules[i]->functions.at(0), target, unpruned);
            const std::string pruningDifference = memlens::bench::planDifference(fast, searched);
            if (!pruningDifference.empty())
                throw std::runtime_error("corpus function " + std::to_string(i) + ", pruning: " + pruningDifference);
            pruned += fast.placements < searched.placements ? 1 : 0;
            placementsPruned += fast.placements;
            placementsSearched += searched.placements;
            options.proveOverflow = true;
            const FunctionPlan proved = planFunction(modules[i]->functions.at(0), target, options);
            unproved += !proved.fits && proved.placements > 0 ? 1 : 0;
        }
    }
    state.counters["functions"] = static_cast<double>(corpus.size());
    state.counters["failing"] = static_cast<double>(failed);
    state.counters["seeds_repeated"] = static_cast<double>(repeated);
    state.counters["failing_unproved"] = static_cast<double>(unproved);
    state.counters["pruned"] = static_cast<double>(pruned);
    state.counters["placements_pruned"] = static_cast<double>(placementsPruned);
    state.counters["placements_unpruned"] = static_cast<double>(placementsSearched);
}
BENCHMARK(BM_SearchShortcutsCorpus)->Unit(benchmark::kMillisecond)->Iterations(1);

// 7,000 loads and 7,000 results in sequence, every one a DMA buffer (the family of bench/hostile_ir.hpp):
// level 3 keeps each off every placed one, and once the space is full of them each placement
// learns that no address is free of their pipes. That must cost a scan, not a scan per start
// (it took over 300 s; `memlens plan` of the 3.6 MB IR).
void BM_PlanManyDmaBuffers(benchmark::State& state)
{
    static const auto module = readMlir(memlens::bench::manyDmaIr(static_cast<int>(state.range(0))), "dma.mlir");
    const Function& function = module->functions.at(0);
    const auto target = findPlanTarget("Ascend910B1");
    FunctionPlan plan;
    for (auto _ : state)
        benchmark::DoNotOptimize(plan = planFunction(function, *target));
    if (!plan.decided)
        throw std::runtime_error("the DMA family's plan is not decided");
    reportShape(state, function, plan);
    state.counters["placements"] = static_cast<double>(plan.placements);
}
BENCHMARK(BM_PlanManyDmaBuffers)->Arg(7000)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_ReadMlir3000(benchmark::State& state)
{
    const std::string text = memlens::bench::generatedIr(4);
    for (auto _ : state)
        benchmark::DoNotOptimize(readMlir(text, "generated.mlir"));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ReadMlir3000)->Unit(benchmark::kMillisecond);

// 64 what-ifs: multi-buffer on/off x both strategies x 16 scales of the generated tiles' columns.
std::vector<WhatIf> grid(const std::vector<std::int64_t>& dimensions)
{
    std::vector<WhatIf> whatIfs;
    for (const bool multiBuffer : {true, false})
        for (const PlanStrategy strategy : {PlanStrategy::Default, PlanStrategy::LargestFirst})
            for (int s = 0; s < 16; ++s) {
                WhatIf whatIf;
                whatIf.multiBuffer = multiBuffer;
                whatIf.strategy = strategy;
                const std::int64_t dimension = dimensions.at(s % dimensions.size());
                const auto scale = standardScales(dimension).at(s % 4);
                whatIf.scales.push_back(scale);
                whatIfs.push_back(whatIf);
            }
    return whatIfs;
}

// With the what-ifs' search budget (kWhatIfSearchBudget): cells whose search stops say "not
// decided"; counted, with the most placements a decided cell made.
void BM_WhatIfGrid64Generated(benchmark::State& state)
{
    WhatIfPlanner planner(memlens::bench::generatedIr(4), "generated.mlir");
    const auto whatIfs = grid({256, 128, 64});
    std::vector<WhatIfResult> results;
    for (auto _ : state)
        benchmark::DoNotOptimize(results = planner.planAll(whatIfs));
    long undecided = 0;
    long most = 0;
    for (const WhatIfResult& result : results) {
        undecided += result.decided ? 0 : 1;
        for (const WhatIfFunction& function : result.functions)
            if (result.decided)
                most = std::max(most, function.placements);
    }
    state.counters["what_ifs"] = static_cast<double>(whatIfs.size());
    state.counters["undecided"] = static_cast<double>(undecided);
    state.counters["most_placements_decided"] = static_cast<double>(most);
}
BENCHMARK(BM_WhatIfGrid64Generated)->Unit(benchmark::kMillisecond);

// The same grid on the real overflow sample's IR, when the samples sit beside the checkout.
void BM_WhatIfGrid64Sample(benchmark::State& state)
{
    const auto path = std::filesystem::path(MEMLENS_SOURCE_DIR)
        / "../shared/samples/fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter";
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        state.SkipWithError("real samples not found beside the checkout");
        return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    WhatIfPlanner planner(text.str(), path.string());
    const auto dimensions = planner.tileDimensions();
    if (dimensions.empty()) {
        state.SkipWithError("the sample has no tile dimension");
        return;
    }
    const auto whatIfs = grid(dimensions);
    for (auto _ : state)
        benchmark::DoNotOptimize(planner.planAll(whatIfs));
    state.counters["what_ifs"] = static_cast<double>(whatIfs.size());
}
BENCHMARK(BM_WhatIfGrid64Sample)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
