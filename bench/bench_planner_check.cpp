// The planner check at load (issue 50: <= 20 ms on the bundled example and the real samples,
// <= 100 ms on the generated 3,000-op function; a dump too large to check pays nothing):
// checkPlanner alone on an opened document, and attachPlannerCheck on a 1,000,000-block dump.
// Run by hand: build-rel/bench/memlens_bench_planner_check
#include "bench/generated_dump.hpp"
#include "bench/generated_ir.hpp"
#include "core/document/computed_plan.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/planner_check.hpp"
#include "core/dump/dump_parser.hpp"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using namespace memlens;

struct Checked {
    Dump dump;
    PlannerIr ir;
};

// The dump and its planner IR as a load finds them (the compile log's section, else the IR beside it).
Checked openedDump(const fs::path& dumpFile)
{
    const PlanDocument document = buildPlanDocument(loadDumpFile(dumpFile.string()), dumpFile.string(), {});
    const PlannerIrResult ir = plannerIrOf(document);
    if (!ir.ir)
        throw std::runtime_error(dumpFile.string() + ": no planner IR: " + ir.reason);
    return {document.dump, *ir.ir};
}

void checkOnce(benchmark::State& state, const Checked& checked)
{
    std::string note;
    bool reproduces = false;
    for (auto _ : state) {
        const auto check = checkPlanner(checked.dump, checked.ir, note);
        reproduces = check && check->reproduces();
        benchmark::DoNotOptimize(check);
    }
    std::size_t blocks = 0;
    for (const ScopePlan& scope : checked.dump.scopes)
        blocks += scope.blocks.size();
    state.counters["blocks"] = static_cast<double>(blocks);
    state.counters["reproduces"] = reproduces ? 1 : 0;
    if (!reproduces)
        state.SkipWithError("the check does not reproduce the dump");
}

void BM_CheckExample(benchmark::State& state)
{
    static const Checked checked
        = openedDump(fs::path(MEMLENS_SOURCE_DIR) / "resources/examples/layer_norm/block16384/memory_info_aiv.json");
    checkOnce(state, checked);
}
BENCHMARK(BM_CheckExample)->Unit(benchmark::kMillisecond);

void checkSample(benchmark::State& state, const std::string& name)
{
    const fs::path file = fs::path(MEMLENS_SOURCE_DIR) / ".." / "shared/samples" / name / "memory_info_aiv.json";
    if (!fs::exists(file)) {
        state.SkipWithError("../shared/samples is not beside the checkout");
        return;
    }
    static std::map<std::string, Checked> cache;
    auto found = cache.find(name);
    if (found == cache.end())
        found = cache.emplace(name, openedDump(file)).first;
    checkOnce(state, found->second);
}
void BM_CheckSampleAttention(benchmark::State& state) { checkSample(state, "fake_attn_fwd"); }
void BM_CheckSampleAttentionOverflow(benchmark::State& state) { checkSample(state, "fake_attn_fwd_overflow"); }
BENCHMARK(BM_CheckSampleAttention)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CheckSampleAttentionOverflow)->Unit(benchmark::kMillisecond);

// The generated 3,000-op function planned by memlens into a dump, then checked as a compiler's dump would be.
void BM_CheckGenerated3000(benchmark::State& state)
{
    static const Checked checked = [] {
        const fs::path file = fs::temp_directory_path() / ("memlens-bench-check-" + std::to_string(getpid()) + ".mlir");
        std::ofstream(file) << memlens::bench::generatedIr(1);
        ComputeOptions options;
        options.searchBudget = 0;
        options.timeLimit = {};
        ComputedDump computed = computeDump(file.string(), options);
        fs::remove(file);
        return Checked{std::move(computed.dump), PlannerIr{computed.ir, file.string(), computed.lineOffset}};
    }();
    checkOnce(state, checked);
}
BENCHMARK(BM_CheckGenerated3000)->Unit(benchmark::kMillisecond);

// A 1,000,000-block dump with its IR beside it: the load does not check it (kMaxReplannedBlocks).
void BM_AttachCheckMillionBlocks(benchmark::State& state)
{
    static PlanDocument document = [] {
        const fs::path folder = fs::temp_directory_path() / ("memlens-bench-attach-" + std::to_string(getpid()));
        fs::create_directories(folder);
        const fs::path dump = folder / "memory_info_aiv.json";
        memlens::bench::writeGeneratedDump(dump, 800000);
        std::ofstream(folder / "kernel.ttadapter") << memlens::bench::generatedIr(1);
        PlanDocument built = buildPlanDocument(loadDumpFile(dump.string()), dump.string(), {});
        fs::remove_all(folder);
        return built;
    }();
    for (auto _ : state) {
        document.plannerCheck.reset();
        attachPlannerCheck(document, {});
        benchmark::DoNotOptimize(document.plannerNote);
    }
    state.counters["blocks"] = static_cast<double>(document.dump.scopes.at(0).blocks.size());
    if (document.plannerCheck || document.plannerNote.find("is not checked") == std::string::npos)
        state.SkipWithError("a million-block dump was checked");
}
BENCHMARK(BM_AttachCheckMillionBlocks)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
