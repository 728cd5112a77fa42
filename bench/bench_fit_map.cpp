// The fit map of generated real-size 2-D plans (500 to 2,000 blocks): BLOCK_M x
// BLOCK_N tiles named from a generated kernel beside the dump, a quarter of the
// buffers double-buffered, so the map has 6 x 6 values x multi-buffering on/off
// (72 cells). Measured: the map alone (its evaluator's sweeps and the sizes) and
// the whole answer a window waits for (the diagnosis with the kernel's names, then
// the map). Run by hand: build-rel/bench/memlens_bench_fit_map
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

namespace {

constexpr const char* kKernel = R"(import triton
import triton.language as tl


@triton.jit
def _generated(X, Y, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    tile = tl.load(X + offs_m[:, None] * 128 + offs_n[None, :])
    row = tl.load(Y + offs_n)
    col = tl.load(Y + offs_m)
    tl.store(X + offs_m[:, None] * 128 + offs_n[None, :], tile * row[None, :] + col[:, None])
)";

// `blocks` blocks in 16 slots per op window; seed `seed` varies lives and which shape each buffer has.
std::string generatedDump(int blocks, unsigned seed)
{
    std::mt19937 random(seed);
    std::ostringstream out;
    out << "{\"Header\": {\"KernelName\": \"_generated\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"fail\", "
           "\"error_info\": \"\", \"memory_info_array\": [\n";
    int made = 0;
    for (int i = 0; made < blocks; ++i) {
        const int kind = static_cast<int>(random() % 3); // tile 64x128 f16, row 128 f32, col 64 f32
        const char* type = kind == 0 ? "64x128xf16" : kind == 1 ? "128xf32" : "64xf32";
        const int bytes = kind == 0 ? 16384 : kind == 1 ? 512 : 256;
        const int line = kind == 0 ? 9 : kind == 1 ? 10 : 11;
        const int start = (i / 8) * 6 + static_cast<int>(random() % 4);
        const int end = start + 2 + static_cast<int>(random() % 12);
        const unsigned offset = static_cast<unsigned>(i % 8) * 16384u;
        const bool copies = i % 4 == 0 && made + 1 < blocks;
        out << (i ? ",\n" : "") << "{\"buffer\": \"%alloc_" << i << " = memref.alloc() : memref<" << type
            << ", #hivm.address_space<ub>>\", \"offset\": [" << offset;
        if (copies)
            out << ", " << offset + 8 * 16384u;
        out << "], \"extent\": " << bytes * 8 << ", \"alloc_time_in_ir\": " << start << ", \"life_time_in_ir\": ["
            << start << ", " << end << "], \"source_location\": \"loc(\\\"/tmp/gen/kernel_gen.py\\\":" << line
            << ":8)\", \"is_tmpbuf\": false}";
        made += copies ? 2 : 1;
    }
    out << "]}]}\n";
    return out.str();
}

const memlens::PlanDocument& document(int blocks, unsigned seed)
{
    static std::map<std::pair<int, unsigned>, memlens::PlanDocument> loaded;
    const auto key = std::pair(blocks, seed);
    if (const auto it = loaded.find(key); it != loaded.end())
        return it->second;
    const auto dir = std::filesystem::temp_directory_path()
        / ("memlens_bench_fit_map_" + std::to_string(blocks) + "_" + std::to_string(seed));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "kernel_gen.py") << kKernel;
    std::ofstream(dir / "memory_info_aiv.json") << generatedDump(blocks, seed);
    memlens::LoadOptions options;
    options.capacity.all = 196608;
    options.searchTritonCache = false;
    return loaded.emplace(key, memlens::loadPlanDocument((dir / "memory_info_aiv.json").string(), options))
        .first->second;
}

void BM_FitMapOnly(benchmark::State& state)
{
    const memlens::PlanDocument& loaded
        = document(static_cast<int>(state.range(0)), static_cast<unsigned>(state.range(1)));
    const memlens::Diagnosis diagnosis = memlens::diagnoseScope(loaded, 0);
    std::size_t cells = 0;
    for (auto _ : state) {
        const memlens::FitMap map = memlens::buildFitMap(loaded, 0, diagnosis);
        cells = map.cells.size();
        benchmark::DoNotOptimize(map.cells.data());
    }
    state.counters["blocks"] = static_cast<double>(loaded.dump.scopes[0].blocks.size());
    state.counters["cells"] = static_cast<double>(cells);
    state.counters["dims"] = static_cast<double>(memlens::buildFitMap(loaded, 0, diagnosis).dims.size());
}

void BM_DiagnosisAndFitMap(benchmark::State& state)
{
    const memlens::PlanDocument& loaded
        = document(static_cast<int>(state.range(0)), static_cast<unsigned>(state.range(1)));
    for (auto _ : state) {
        const memlens::Diagnosis diagnosis = memlens::diagnoseScope(loaded, 0);
        const memlens::FitMap map = memlens::buildFitMap(loaded, 0, diagnosis);
        benchmark::DoNotOptimize(map.cells.data());
    }
}

void plans(benchmark::internal::Benchmark* b)
{
    for (const int blocks : {500, 1000, 2000})
        for (const int seed : {1, 2, 3})
            b->Args({blocks, seed});
}

BENCHMARK(BM_FitMapOnly)->Apply(plans)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DiagnosisAndFitMap)->Apply(plans)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
