// Reading a compile log of --mlir-print-ir-after-all: a 300 MB log of many sections, of which
// the reader keeps the last one printed before hivm-plan-memory for the kernel. The target:
// at most twice the time `grep -c` takes over the same file, memory bounded by that section.
// Run: build-rel/bench/memlens_bench_compile_log [--log_mb=300]
#include "core/compile_log/log_scan.hpp"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <sys/resource.h>

namespace {

namespace fs = std::filesystem;

std::size_t gLogMegabytes = 300;

// One function of `ops` ops, with varied op names, value names and locations (no two sections alike).
std::string section(const std::string& pass, const std::string& function, int ops, std::mt19937& random)
{
    static const char* const kinds[]
        = {"hivm.hir.load", "hivm.hir.vadd", "hivm.hir.vmul", "hivm.hir.vexp", "hivm.hir.store", "arith.addi"};
    std::string text = "// -----// IR Dump After " + pass + " ('func.func' operation: @" + function + ") //----- //\n";
    text += "func.func @" + function + "(%arg0: memref<?xf16, #hivm.address_space<gm>>) {\n";
    for (int i = 0; i < ops; ++i) {
        const unsigned r = random();
        text += "  %v" + std::to_string(i) + " = " + kinds[r % 6] + " ins(%v" + std::to_string(r % (i + 1))
            + " : memref<" + std::to_string(64 << (r % 8)) + "xf16, #hivm.address_space<ub>>) outs(%alloc_"
            + std::to_string(r % 400) + " : memref<" + std::to_string(64 << (r % 8))
            + "xf16, #hivm.address_space<ub>>) loc(#loc" + std::to_string(r % 5000) + ")\n";
    }
    text += "  return\n}\n";
    return text;
}

const fs::path& generatedLog()
{
    static const fs::path path = [] {
        const fs::path file = fs::temp_directory_path() / "memlens-bench-compile.log";
        std::ofstream out(file, std::ios::binary);
        std::mt19937 random(7);
        const std::uint64_t target = static_cast<std::uint64_t>(gLogMegabytes) << 20;
        std::uint64_t written = 0;
        for (int n = 0; written < target; ++n) {
            std::string text = n % 97 == 50 // now and then the planner's section, of the kernel or another
                ? section("PlanMemory", n % 2 ? "_kernel" : "_other", 3000, random)
                : section("Pass" + std::to_string(n % 40), "_kernel", 300 + static_cast<int>(random() % 3000), random);
            if (n % 97 == 50)
                text.replace(text.find("After PlanMemory ("), 18, "Before PlanMemory (hivm-plan-memory) (");
            if (n % 500 == 3)
                text += "[NOTE] Due to Ub overflow, automatically set enable-code-motion to false; compilation "
                        "still failed.\n";
            out << text;
            written += text.size();
        }
        return file;
    }();
    return path;
}

void BM_ScanCompileLog(benchmark::State& state)
{
    const fs::path& log = generatedLog();
    std::size_t kept = 0;
    for (auto _ : state) {
        const memlens::LogScan scan = memlens::scanCompileLog(log.string(), "_kernel");
        kept = scan.sectionText.size();
        benchmark::DoNotOptimize(kept);
    }
    state.counters["log_MB"] = static_cast<double>(fs::file_size(log)) / (1 << 20);
    state.counters["kept_MB"] = static_cast<double>(kept) / (1 << 20);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage); // peak resident size of the whole process, generator included
    state.counters["peak_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1024;
}

void BM_GrepCount(benchmark::State& state)
{
    const fs::path& log = generatedLog();
    // Not to /dev/null: GNU grep notices that output and stops at the first match.
    const fs::path counted = fs::temp_directory_path() / "memlens-bench-grep-count.txt";
    const std::string command
        = "grep -c 'IR Dump Before PlanMemory' '" + log.string() + "' > '" + counted.string() + "'";
    for (auto _ : state)
        benchmark::DoNotOptimize(std::system(command.c_str()));
}

} // namespace

BENCHMARK(BM_GrepCount)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();
BENCHMARK(BM_ScanCompileLog)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

int main(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]).rfind("--log_mb=", 0) == 0)
            gLogMegabytes = std::stoul(std::string(argv[i]).substr(9));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    std::filesystem::remove(generatedLog());
    return 0;
}
