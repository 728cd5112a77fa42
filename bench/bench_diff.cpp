// Matching the buffers of two generated 100k-buffer dumps (memlens diff, the
// compare view and the reload bar all do it). Run by hand:
//   build/bench/memlens_bench_diff
#include "core/diff/plan_diff.hpp"
#include "core/document/plan_document.hpp"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace {

// `scale` multiplies every size; `places` Python lines are shared by the buffers
// (one place for all of them is the worst case for the first matching step).
std::string generatedDump(int buffers, int scale, int places)
{
    std::mt19937 random(7);
    std::ostringstream out;
    out << "{\"Header\": {\"KernelName\": \"_generated\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"success\", "
           "\"error_info\": \"\", \"memory_info_array\": [\n";
    for (int i = 0; i < buffers; ++i) {
        const int elements = (16 << (random() % 8)) * scale;
        const int start = static_cast<int>(random() % 200000);
        const int end = start + static_cast<int>(random() % 500);
        out << (i ? ",\n" : "") << "{\"buffer\": \"%alloc_" << i << " = memref.alloc() : memref<" << elements
            << "xf16, #hivm.address_space<ub>>\", \"offset\": [" << (random() % 8192) * 32
            << "], \"extent\": " << elements * 16 << ", \"alloc_time_in_ir\": " << start << ", \"life_time_in_ir\": ["
            << start << ", " << end << "], \"source_location\": \"loc(\\\"v\\\"(\\\"/tmp/kernel.py\\\":" << (i % places)
            << ":8))\", \"is_tmpbuf\": false}";
    }
    out << "]}]}\n";
    return out.str();
}

memlens::PlanDocument load(int scale, int places)
{
    const auto file = std::filesystem::temp_directory_path()
        / ("memlens_bench_diff_" + std::to_string(scale) + "_" + std::to_string(places) + ".json");
    std::ofstream(file) << generatedDump(100000, scale, places);
    return memlens::loadPlanDocument(file.string(), {});
}

void BM_DiffPlans100k(benchmark::State& state)
{
    const int places = static_cast<int>(state.range(0));
    const memlens::PlanDocument a = load(1, places);
    const memlens::PlanDocument b = load(2, places);
    for (auto _ : state) {
        memlens::PlanDiff diff = memlens::diffPlans(a, b);
        benchmark::DoNotOptimize(diff.scopes.data());
    }
}
BENCHMARK(BM_DiffPlans100k)->Arg(300)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
