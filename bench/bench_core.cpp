// Load and analysis of a generated 100k-buffer dump. Run by hand:
//   build/bench/memlens_bench_core
#include "core/analysis/plan_analysis.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/source/ir_index.hpp"
#include "core/source/source_linker.hpp"
#include "generated_dump.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <sstream>

namespace {

std::string generatedDump(int buffers)
{
    std::mt19937 random(42);
    std::ostringstream out;
    out << "{\"Header\": {\"KernelName\": \"_generated\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"fail\", "
           "\"error_info\": \"ub overflow, requires 1 bits while 1572864 bits available!\", \"memory_info_array\": [\n";
    for (int i = 0; i < buffers; ++i) {
        const int elements = 16 << (random() % 8);
        const int start = static_cast<int>(random() % 200000);
        const int end = start + static_cast<int>(random() % 500);
        const unsigned offset = (random() % 8192) * 32;
        out << (i ? ",\n" : "") << "{\"buffer\": \"%alloc_" << i << " = memref.alloc() : memref<" << elements
            << "xf16, #hivm.address_space<ub>>\", \"offset\": [" << offset;
        if (i % 4 == 0)
            out << ", " << offset + elements * 2;
        out << "], \"extent\": " << elements * 16 << ", \"alloc_time_in_ir\": " << start << ", \"life_time_in_ir\": ["
            << start << ", " << end << "], \"source_location\": \"loc(\\\"/tmp/kernel.py\\\":" << (i % 300)
            << ":8)\", \"is_tmpbuf\": " << (i % 17 == 0 ? "true" : "false") << "}";
    }
    out << "]}]}\n";
    return out.str();
}

const std::string& dumpFile()
{
    static const std::string path = [] {
        const auto file = std::filesystem::temp_directory_path() / "memlens_bench_100k.json";
        std::ofstream(file) << generatedDump(100000);
        return file.string();
    }();
    return path;
}

long maxRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

void BM_LoadDump100k(benchmark::State& state)
{
    const std::string& path = dumpFile();
    const long rssBefore = maxRssKiB();
    for (auto _ : state) {
        memlens::Dump dump = memlens::loadDumpFile(path);
        benchmark::DoNotOptimize(dump.scopes.data());
    }
    state.counters["file_MiB"] = static_cast<double>(std::filesystem::file_size(path)) / (1 << 20);
    state.counters["peak_rss_growth_MiB"] = static_cast<double>(maxRssKiB() - rssBefore) / 1024.0;
}
BENCHMARK(BM_LoadDump100k)->Unit(benchmark::kMillisecond);

void BM_AnalyzePlan100k(benchmark::State& state)
{
    const memlens::Dump dump = memlens::loadDumpFile(dumpFile());
    const memlens::ScopePlan& scope = dump.scopes.front();
    const memlens::Capacity capacity{196608, memlens::CapacitySource::ErrorInfo, {}};
    for (auto _ : state) {
        memlens::PlanAnalysis analysis = memlens::analyzePlan(scope, capacity);
        benchmark::DoNotOptimize(analysis.usage.data());
    }
    state.counters["blocks"] = static_cast<double>(scope.blocks.size());
}
BENCHMARK(BM_AnalyzePlan100k)->Unit(benchmark::kMillisecond);

void BM_LiveSetAtOp100k(benchmark::State& state)
{
    const memlens::Dump dump = memlens::loadDumpFile(dumpFile());
    std::int64_t op = 0;
    for (auto _ : state) {
        auto live = memlens::liveBlocksAt(dump.scopes.front(), op);
        benchmark::DoNotOptimize(live.data());
        op = (op + 7919) % 200000;
    }
}
BENCHMARK(BM_LiveSetAtOp100k)->Unit(benchmark::kMicrosecond);

// Overlaps on the generated dump (random offsets: thousands of overlapping pairs)
// and on a well-formed plan of 100k blocks stacked without overlaps, some in place.
void BM_FindOverlaps100k(benchmark::State& state)
{
    const memlens::Dump dump = memlens::loadDumpFile(dumpFile());
    const memlens::ScopePlan& scope = dump.scopes.front();
    const memlens::StorageMap storages = memlens::groupStorages(scope);
    std::size_t found = 0;
    for (auto _ : state) {
        auto overlaps = memlens::findOverlaps(scope, storages);
        found = overlaps.size();
        benchmark::DoNotOptimize(overlaps.data());
    }
    state.counters["overlaps"] = static_cast<double>(found);
}
BENCHMARK(BM_FindOverlaps100k)->Unit(benchmark::kMillisecond);

memlens::ScopePlan stackedPlan(int count)
{
    memlens::ScopePlan scope;
    std::mt19937 random(7);
    for (int i = 0; i < count; ++i) {
        memlens::Buffer buffer;
        buffer.id = i;
        scope.buffers.push_back(buffer);
        memlens::Block block;
        block.bufferIndex = i;
        if (i % 3 == 2) { // reused in place: the previous record again
            const memlens::Block previous = scope.blocks.back();
            block.offset = previous.offset;
            block.size = previous.size;
            block.start = previous.start;
            block.end = previous.end;
        } else { // 16 slots of 16 KB, one block per slot per window of 10 ops
            block.offset = static_cast<std::uint64_t>(i % 16) * 16384;
            block.size = 32u << (random() % 9);
            block.start = (i / 16) * 10;
            block.end = block.start + static_cast<std::int64_t>(random() % 10);
        }
        scope.blocks.push_back(block);
    }
    return scope;
}

void BM_AnalyzeWellFormedPlan100k(benchmark::State& state)
{
    const memlens::ScopePlan scope = stackedPlan(100000);
    const memlens::Capacity capacity{262144, memlens::CapacitySource::Setting, {}};
    std::size_t overlaps = 0;
    for (auto _ : state) {
        memlens::PlanAnalysis analysis = memlens::analyzePlan(scope, capacity);
        overlaps = analysis.overlaps.size();
        benchmark::DoNotOptimize(analysis.usage.data());
    }
    state.counters["overlaps"] = static_cast<double>(overlaps);
}
BENCHMARK(BM_AnalyzeWellFormedPlan100k)->Unit(benchmark::kMillisecond);

void BM_AddressSnapshot100k(benchmark::State& state)
{
    const memlens::Dump dump = memlens::loadDumpFile(dumpFile());
    std::int64_t op = 0;
    for (auto _ : state) {
        auto snapshot = memlens::addressSnapshotAt(dump.scopes.front(), op);
        benchmark::DoNotOptimize(snapshot.holes.data());
        op = (op + 7919) % 200000;
    }
}
BENCHMARK(BM_AddressSnapshot100k)->Unit(benchmark::kMicrosecond);

// An IR of about 30k lines: the layer-norm example's IR, repeated.
void BM_IndexIr(benchmark::State& state)
{
    const auto path = std::filesystem::path(MEMLENS_SOURCE_DIR)
        / "resources/examples/layer_norm/block16384/_layer_norm_fwd_fused.ttadapter";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string big;
    for (int i = 0; i < 160; ++i)
        big += text.str();
    for (auto _ : state) {
        memlens::IrIndex index = memlens::IrIndex::build(big, "big.ttadapter");
        benchmark::DoNotOptimize(index.lineCount());
    }
    state.counters["lines"] = static_cast<double>(memlens::IrIndex::build(big, "big.ttadapter").lineCount());
}
BENCHMARK(BM_IndexIr)->Unit(benchmark::kMillisecond);

// Linking 100k blocks that share 300 Python locations against the example's IR.
void BM_LinkSources100k(benchmark::State& state)
{
    const auto dir = std::filesystem::path(MEMLENS_SOURCE_DIR) / "resources/examples/layer_norm/block16384";
    const memlens::IrLoadResult loaded = memlens::loadIrIndex(dir / "_layer_norm_fwd_fused.ttadapter");
    const memlens::Dump dump = memlens::loadDumpFile(dumpFile());
    memlens::FileFinder finder;
    finder.setDumpDir(dir);
    for (auto _ : state) {
        memlens::SourceLinker linker(&*loaded.index, &finder);
        std::size_t linked = 0;
        for (const auto& buffer : dump.scopes.front().buffers)
            linked += linker.link(buffer.location()).python ? 1 : 0;
        benchmark::DoNotOptimize(linked);
    }
}
BENCHMARK(BM_LinkSources100k)->Unit(benchmark::kMillisecond);

} // namespace

// Hostile inputs (issue 16): each must take time linear in its size.

// One object with `keys` keys: the repeated-key check must not be quadratic.
void BM_ParseManyKeys(benchmark::State& state)
{
    std::string text = R"({"Header":{"KernelName":"k")";
    for (int i = 0; i < state.range(0); ++i)
        text += ",\"k" + std::to_string(i) + "\":0";
    text += R"(},"Record":[{"scope":"ub","memory_info_array":[]}]})";
    for (auto _ : state) {
        memlens::Dump dump = memlens::parseDumpText(text, "keys.json");
        benchmark::DoNotOptimize(dump.kernel.data());
    }
    state.counters["MiB"] = static_cast<double>(text.size()) / (1 << 20);
}
BENCHMARK(BM_ParseManyKeys)->Arg(50000)->Arg(200000)->Unit(benchmark::kMillisecond);

// `levels` aliases, each a callsite of the one before at itself (2^levels frames if expanded).
void BM_IndexDoublingAliases(benchmark::State& state)
{
    std::string ir = "#loc0 = loc(\"/k/kern.py\":1:1)\n";
    const int levels = static_cast<int>(state.range(0));
    for (int i = 1; i <= levels; ++i)
        ir += "#loc" + std::to_string(i) + " = loc(callsite(#loc" + std::to_string(i - 1) + " at #loc"
            + std::to_string(i - 1) + "))\n";
    ir += "module {\n  %a = memref.alloc() : memref<8xf16> loc(#loc" + std::to_string(levels) + ")\n} loc(unknown)\n";
    const long rssBefore = maxRssKiB();
    for (auto _ : state) {
        memlens::IrIndex index = memlens::IrIndex::build(ir, "/k/k.ttadapter");
        benchmark::DoNotOptimize(index.locationAt(levels + 3));
    }
    state.counters["peak_rss_growth_MiB"] = static_cast<double>(maxRssKiB() - rssBefore) / 1024.0;
}
BENCHMARK(BM_IndexDoublingAliases)->Arg(20)->Arg(40)->Arg(10000)->Unit(benchmark::kMillisecond);

// A capacity edit as the window makes it: the document copied (it shares the plan)
// and its verdicts judged again, on a million blocks (800,000 buffers, every fourth
// double-buffered). Arg 0: the packed plan; 1: the spread one (32 MB of addresses,
// 400,000 locations). Target: <= 50 ms.
const memlens::PlanDocument& millionBlockDocument(bool spread)
{
    static std::map<bool, memlens::PlanDocument> documents;
    auto it = documents.find(spread);
    if (it == documents.end()) {
        const auto file = std::filesystem::temp_directory_path()
            / (spread ? "memlens_bench_capacity_spread.json" : "memlens_bench_capacity_packed.json");
        memlens::bench::DumpShape shape = spread ? memlens::bench::DumpShape::spread() : memlens::bench::DumpShape{};
        shape.doubleBufferEvery = 4;
        memlens::bench::writeGeneratedDump(file, 800000, shape);
        memlens::LoadOptions options;
        options.searchTritonCache = false;
        options.searchCompileLog = false;
        it = documents.emplace(spread, memlens::loadPlanDocument(file.string(), options)).first;
        std::filesystem::remove(file);
    }
    return it->second;
}

void BM_CapacityEdit1M(benchmark::State& state)
{
    const memlens::PlanDocument& loaded = millionBlockDocument(state.range(0) != 0);
    std::uint64_t bytes = 128 * 1024;
    for (auto _ : state) {
        auto edited = std::make_shared<memlens::PlanDocument>(loaded);
        memlens::CapacitySettings capacity;
        capacity.byScope["ub"] = bytes;
        bytes = bytes == 128 * 1024 ? 8ull << 20 : 128 * 1024; // overflowing, then fitting, and so on
        memlens::rejudge(*edited, capacity);
        benchmark::DoNotOptimize(edited->analyses.front().overCapacityBlocks.size());
    }
    state.counters["blocks"] = static_cast<double>(loaded.dump.blockCount());
}
BENCHMARK(BM_CapacityEdit1M)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
