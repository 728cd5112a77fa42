// Diagnosis of a generated 100k-buffer dump: the plan predictor alone and the
// whole diagnosis (critical op, attribution, every lever, the largest fitting
// value: some twenty predicted plans). Run by hand: build/bench/memlens_bench_diagnosis
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/plan_prediction.hpp"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace {

// Tiles of 2^k x 64 elements stacked in 16 KB slots, a quarter of them double-buffered.
std::string generatedDump(int buffers)
{
    std::mt19937 random(11);
    std::ostringstream out;
    out << "{\"Header\": {\"KernelName\": \"_generated\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"fail\", "
           "\"error_info\": \"\", \"memory_info_array\": [\n";
    for (int i = 0; i < buffers; ++i) {
        const int rows = 1 << (random() % 6);
        const int start = (i / 16) * 10;
        const int end = start + static_cast<int>(random() % 30);
        const unsigned offset = static_cast<unsigned>(i % 16) * 16384;
        out << (i ? ",\n" : "") << "{\"buffer\": \"%alloc_" << i << " = memref.alloc() : memref<" << rows
            << "x64xf16, #hivm.address_space<ub>>\", \"offset\": [" << offset;
        if (i % 4 == 0)
            out << ", " << offset + 16 * 16384;
        out << "], \"extent\": " << rows * 64 * 16 << ", \"alloc_time_in_ir\": " << start << ", \"life_time_in_ir\": ["
            << start << ", " << end << "], \"source_location\": \"loc(\\\"/tmp/kernel.py\\\":" << (i % 300)
            << ":8)\", \"is_tmpbuf\": " << (i % 17 == 0 ? "true" : "false") << "}";
    }
    out << "]}]}\n";
    return out.str();
}

const memlens::PlanDocument& document()
{
    static const memlens::PlanDocument loaded = [] {
        const auto file = std::filesystem::temp_directory_path() / "memlens_bench_diagnosis_100k.json";
        std::ofstream(file) << generatedDump(100000);
        memlens::LoadOptions options;
        options.capacity.all = 196608;
        return memlens::loadPlanDocument(file.string(), options);
    }();
    return loaded;
}

void BM_PredictPlan100k(benchmark::State& state)
{
    const memlens::ScopePlan& scope = document().dump.scopes.front();
    const memlens::PlanPredictor predictor(scope);
    std::vector<std::optional<std::uint64_t>> sizes;
    for (const memlens::Block& block : scope.blocks)
        sizes.emplace_back(block.size / 2);
    for (auto _ : state) {
        memlens::PredictedPlan plan = predictor.predict(sizes);
        benchmark::DoNotOptimize(plan.requiredBytes);
    }
    state.counters["blocks"] = static_cast<double>(scope.blocks.size());
}
BENCHMARK(BM_PredictPlan100k)->Unit(benchmark::kMillisecond);

void BM_DiagnoseScope100k(benchmark::State& state)
{
    const memlens::PlanDocument& loaded = document();
    std::size_t levers = 0;
    for (auto _ : state) {
        memlens::Diagnosis diagnosis = memlens::diagnoseScope(loaded, 0);
        levers = diagnosis.levers.size();
        benchmark::DoNotOptimize(diagnosis.requiredBytes);
    }
    state.counters["levers"] = static_cast<double>(levers);
}
BENCHMARK(BM_DiagnoseScope100k)->Unit(benchmark::kMillisecond);

// A million blocks stacked as a big dump stacks them: Lives of up to 50 ops, addresses
// 32-byte aligned over 32 MB (dense: counted into order), or spread over 2^50 bytes
// (sparse: sorted). Only the blocks: the predictor reads nothing else.
memlens::ScopePlan millionBlocks(bool sparse)
{
    std::mt19937_64 random(5);
    memlens::ScopePlan scope;
    scope.scope = "ub";
    scope.blocks.reserve(1000000);
    for (int i = 0; i < 1000000; ++i) {
        memlens::Block block;
        block.bufferIndex = i;
        block.size = 32 * (1 + random() % 64);
        block.offset = sparse ? (random() % (std::uint64_t(1) << 45)) * 32 : (random() % (1 << 20)) * 32;
        block.start = i / 8;
        block.end = block.start + static_cast<std::int64_t>(random() % 50);
        scope.blocks.push_back(block);
    }
    return scope;
}

// Building the predictor: its steps are made once per scope, before any prediction.
void BM_BuildPredictor1M(benchmark::State& state)
{
    const memlens::ScopePlan scope = millionBlocks(state.range(0) != 0);
    for (auto _ : state) {
        const memlens::PlanPredictor predictor(scope);
        benchmark::DoNotOptimize(predictor.alignment());
    }
    state.SetLabel(state.range(0) != 0 ? "sparse addresses" : "dense addresses");
}
BENCHMARK(BM_BuildPredictor1M)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
