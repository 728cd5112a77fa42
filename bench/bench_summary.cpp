// `memlens summary` of a run of 1,000 dumps of real size (issue 53: <= 5 s on a 2-core
// machine, Release): 800 kernels, 200 of them compiled twice (watch --keep's names), each
// dump 250 UB buffers over 600 ops at 40 Python lines, about a fifth overflowing. The dumps are
// generated once, before the timing; what is timed is summarizeRun (list, read in parallel,
// diagnose each dump's fullest scope, drop the plan, group and sort) and the JSON written.
// Counters: dumps, rows, seconds per run, peak RSS of the process (it only grows: read it
// against the baseline measured before the first run).
#include "core/run/run_formats.hpp"
#include "core/run/run_summary.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace {

namespace fs = std::filesystem;

constexpr int kDumps = 1000;
constexpr int kBuffers = 250;
constexpr int kOps = 600;

long peakRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// One kernel's dump: buffers of 512 B .. 16 KB stacked as a planner stacks them (each above
// those it shares Life with), so the high-water mark lands between 120 KB and 260 KB.
void writeDump(const fs::path& file, const std::string& kernel, unsigned seed)
{
    std::mt19937 random(seed);
    std::ofstream out(file, std::ios::binary);
    out << "{\"Header\": {\"KernelName\": \"" << kernel << "\"}, \"Record\": [{\"scope\": \"ub\", \"status\": "
        << "\"success\", \"error_info\": \"\", \"memory_info_array\": [\n";
    const unsigned long budget = 120 * 1024 + random() % (140 * 1024);
    for (int i = 0; i < kBuffers; ++i) {
        const long elements = 256l << (random() % 6);
        const long start = static_cast<long>(random() % (kOps - 40));
        const long end = start + 1 + static_cast<long>(random() % 40);
        const unsigned long offset = (random() % (budget / 32)) * 32;
        const bool doubled = i % 5 == 0;
        out << (i ? ",\n" : "") << "{\"buffer\": \"%alloc_" << i << " = memref.alloc() : memref<" << elements
            << "xf16, #hivm.address_space<ub>>\", \"offset\": [" << offset;
        if (doubled)
            out << ", " << offset + static_cast<unsigned long>(elements * 2);
        out << "], \"extent\": " << elements * 16 << ", \"alloc_time_in_ir\": " << start << ", \"life_time_in_ir\": ["
            << start << ", " << end << "], \"source_location\": \"loc(\\\"/home/dev/kernels/" << kernel
            << ".py\\\":" << 20 + i % 40 << ":12)\", \"is_tmpbuf\": " << (i % 17 == 0 ? "true" : "false") << "}";
    }
    out << "]}]}\n";
}

const fs::path& runFolder()
{
    static const fs::path folder = [] {
        const fs::path dir = fs::temp_directory_path() / "memlens_bench_summary_run";
        fs::remove_all(dir);
        fs::create_directories(dir);
        for (int i = 0; i < kDumps; ++i) {
            // The last 200 are second versions of the first 200 kernels, a minute later.
            const int kernel = i < 800 ? i : i - 800;
            const std::string name = "kernel_" + std::to_string(kernel);
            const std::string time = i < 800 ? "20261205-100000.000" : "20261205-100100.000";
            writeDump(dir / (name + "-" + time + "-aiv.json"), name, static_cast<unsigned>(i + 1));
        }
        return dir;
    }();
    return folder;
}

void BM_SummaryOf1000Dumps(benchmark::State& state)
{
    const fs::path& folder = runFolder();
    std::uintmax_t bytes = 0;
    for (const auto& entry : fs::directory_iterator(folder))
        bytes += entry.file_size();
    const long baselineKiB = peakRssKiB();
    memlens::RunSummaryOptions options;
    options.load = memlens::summaryLoadOptions({});
    options.workers = static_cast<unsigned>(state.range(0)); // 0: one per core
    std::size_t rows = 0;
    for (auto _ : state) {
        const memlens::RunSummary summary = memlens::summarizeRun(folder.string(), options);
        const std::string json = memlens::summaryJson(summary, 95.0);
        benchmark::DoNotOptimize(json.data());
        rows = summary.rows.size();
    }
    state.counters["dumps"] = kDumps;
    state.counters["rows"] = static_cast<double>(rows);
    state.counters["run_MiB"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
    state.counters["baseline_rss_MiB"] = static_cast<double>(baselineKiB) / 1024.0;
    state.counters["peak_rss_MiB"] = static_cast<double>(peakRssKiB()) / 1024.0;
}

} // namespace

BENCHMARK(BM_SummaryOf1000Dumps)->Arg(0)->Arg(1)->Unit(benchmark::kSecond)->Iterations(3)->UseRealTime();

BENCHMARK_MAIN();
