// Pins: each test holds one line of the analysis, the cache matcher or the readers
// in place, so that a change to it (a `>` for a `>=`, a dropped check) fails here.
#include "core/analysis/capacity.hpp"
#include "core/cli/report_files.hpp"
#include "core/diagnosis/diagnosis.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/source/mlir_location.hpp"
#include "core/source/triton_cache.hpp"

#include "support/test_documents.hpp"
#include "support/triton_fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace memlens;
using memlens::test::TempDir;
namespace fs = std::filesystem;

namespace {

struct BufferSpec {
    std::string name; // SSA name without '%'
    std::string type; // "64x128xf16"
    std::vector<std::uint64_t> offsets;
    std::uint64_t bytes;
    int start, end;
};

// A one-scope (ub) dump of `buffers`, each allocated at its own line of kernel.py.
std::string dumpJson(const std::vector<BufferSpec>& buffers)
{
    std::string items;
    int line = 10;
    for (const BufferSpec& b : buffers) {
        std::string offsets;
        for (const std::uint64_t offset : b.offsets)
            offsets += (offsets.empty() ? "" : ", ") + std::to_string(offset);
        items += std::string(items.empty() ? "" : ",\n") + "{\"buffer\": \"%" + b.name + " = memref.alloc() : memref<"
            + b.type + ", #hivm.address_space<ub>>\", \"offset\": [" + offsets
            + "], \"extent\": " + std::to_string(b.bytes * 8) + ", \"alloc_time_in_ir\": " + std::to_string(b.start)
            + ", \"life_time_in_ir\": [" + std::to_string(b.start) + ", " + std::to_string(b.end)
            + "], \"source_location\": \"loc(\\\"/k/kernel.py\\\":" + std::to_string(line++)
            + ":5)\", \"is_tmpbuf\": false}";
    }
    return "{\"Header\": {\"KernelName\": \"_pin\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"success\", "
           "\"error_info\": \"\", \"memory_info_array\": [\n"
        + items + "\n]}]}\n";
}

struct Planned {
    TempDir dir{"memlens_pin_"};
    std::shared_ptr<const PlanDocument> document;
    Planned(const std::vector<BufferSpec>& buffers, std::uint64_t capacityBytes)
    {
        CapacitySettings capacity;
        capacity.all = capacityBytes;
        document = test::loadPath(dir.write("memory_info_aiv.json", dumpJson(buffers)).string(), capacity);
    }
    Diagnosis diagnosis() const { return diagnoseScope(*document, 0); }
};

std::vector<std::int64_t> dimensionValues(const Diagnosis& diagnosis)
{
    std::vector<std::int64_t> values;
    for (const DimensionShare& dim : diagnosis.dimensions)
        values.push_back(dim.value);
    return values;
}

TritonCacheSearch searchIn(const fs::path& dir)
{
    TritonCacheSearch search;
    search.cacheDir = dir.string();
    search.environment = [](const std::string&) { return std::optional<std::string>(); };
    return search;
}

} // namespace

TEST_CASE("a dimension carrying exactly the 25% share is listed", "[pin][diagnosis]")
{
    // Live at the critical op: 768 B of dimension 768 and 256 B (exactly a quarter) of dimension 64.
    const Planned plan({{"a", "768xi8", {0}, 768, 1, 4}, {"b", "64xf32", {768}, 256, 2, 4}}, 512);
    const std::vector<std::int64_t> dims = dimensionValues(plan.diagnosis());
    CHECK(dims == std::vector<std::int64_t>{768, 64});
}

TEST_CASE("two dimensions carrying equal bytes are ordered larger value first and the largest-fitting search "
          "takes the larger",
    "[pin][diagnosis]")
{
    const Planned plan({{"a", "32xf32", {0}, 128, 1, 4}, {"b", "64xf16", {128}, 128, 2, 4}}, 128);
    const Diagnosis d = plan.diagnosis();
    CHECK(dimensionValues(d) == std::vector<std::int64_t>{64, 32});
    REQUIRE(d.largestFitting);
    CHECK(d.largestFitting->dimension == 64);
}

TEST_CASE("a tile that fits only at N/16 is found", "[pin][diagnosis]")
{
    // 4 KB of dimension 1024: 256 B at 64 (a sixteenth) fits 256 B, 512 B at 128 does not.
    const Planned plan({{"a", "1024xf32", {0}, 4096, 1, 3}}, 256);
    const Diagnosis d = plan.diagnosis();
    REQUIRE(d.largestFitting);
    CHECK(d.largestFitting->dimension == 1024);
    REQUIRE(d.largestFitting->value);
    CHECK(*d.largestFitting->value == 64);
    CHECK(d.largestFitting->predictedRequiredBytes == 256);
}

TEST_CASE("live bytes exactly equal to capacity with a 32 B hole is placement", "[pin][diagnosis][storage]")
{
    // Op 0: 32 B at [0, 32); ops 1-2: 1024 B at [32, 1056). Capacity 1024: what is live fits, the hole pushes it over.
    const Planned plan({{"hole", "32xi8", {0}, 32, 0, 0}, {"tile", "1024xi8", {32}, 1024, 1, 2}}, 1024);
    const Diagnosis d = plan.diagnosis();
    CHECK(d.liveBytes == 1024);
    CHECK(d.holeBytes == 32);
    CHECK(d.cause == OverflowCause::Placement);
    CHECK_THAT(summaryMarkdown(*plan.document, ""),
        Catch::Contains("**placement**: what is live fits") && !Catch::Contains("**demand**"));
}

TEST_CASE(
    "the fragmentation op is the first op reaching the peak address (a plan where two ops reach it)", "[pin][storage]")
{
    const Planned plan(
        {{"base", "64xi8", {0}, 64, 0, 5}, {"first", "64xi8", {64}, 64, 1, 1}, {"second", "64xi8", {64}, 64, 3, 3}},
        1024);
    const PlanAnalysis& analysis = plan.document->analyses[0];
    CHECK(analysis.peakAddressBytes == 128);
    REQUIRE(analysis.fragmentation);
    CHECK(analysis.fragmentation->op == 1);
    REQUIRE(plan.diagnosis().criticalOp);
    CHECK(*plan.diagnosis().criticalOp == 1);
}

TEST_CASE("N bits counts only before available: the figure of the words N bits available", "[pin][capacity]")
{
    CHECK(availableBitsInError("ub overflow, requires 2629888 bits while 1572864 bits available")
        == std::optional<std::uint64_t>(1572864));
    // The figure after "while" that is not the available one says nothing about capacity.
    CHECK_FALSE(availableBitsInError("ub overflow, requires 2629888 bits while 1572864 bits are reserved"));
    CHECK(
        availableBitsInError("while 8 bits reserved; while 4096 bits available") == std::optional<std::uint64_t>(4096));
}

TEST_CASE("a location column inside an op name (ref.alloc of memref.alloc) does not match an IR", "[pin][triton]")
{
    const std::vector<int> sizes = {128, 256};
    TempDir dir("memlens_pin_");
    const IrIndex ir = IrIndex::build(test::adapterIr("_k", 2, sizes), "kernel.ttadapter");
    // Column 13 starts `memref.alloc`; column 16 is `ref.alloc` inside it.
    std::string atToken = test::dumpPointingInto("_k", "/gone/kernel.ttadapter.mlir", 5, sizes);
    CHECK(matchIrToDump(ir, parseDumpText(atToken, "memory_info_aiv.json")).matches);
    std::string inside = atToken;
    for (std::size_t at = inside.find(":13)"); at != std::string::npos; at = inside.find(":13)", at))
        inside.replace(at, 4, ":16)");
    const IrDumpMatch match = matchIrToDump(ir, parseDumpText(inside, "memory_info_aiv.json"));
    CHECK_FALSE(match.matches);
    CHECK_THAT(match.reason, Catch::Contains("no op starts at 5:16"));
}

TEST_CASE("of two position-only cache matches the newer wins", "[pin][triton]")
{
    // Both have an op at each of the dump's positions; neither has its buffer types.
    TempDir root("memlens_triton_cache_");
    const fs::path older = root.write("aa/_k.ttadapter", test::adapterIr("_k", 2, {100, 200, 300}));
    const fs::path newer = root.write("bb/_k.ttadapter", test::adapterIr("_k", 2, {101, 201, 301}));
    test::setAge(older, 600);
    test::setAge(newer, 60);
    const Dump dump = parseDumpText(
        test::dumpPointingInto("_k", "/gone/kernel.ttadapter.mlir", 5, {128, 256, 64}), "memory_info_aiv.json");
    const TritonCacheResult result = findIrInTritonCache(dump, searchIn(root.path));
    REQUIRE(result.taken);
    CHECK(*result.taken == newer);
    CHECK_THAT(result.reason, Catch::Contains("no candidate agrees in every type too"));
}

TEST_CASE("_mix_aic kernels find their IR", "[pin][triton]")
{
    TempDir root("memlens_triton_cache_");
    const std::vector<int> sizes = {128, 256, 64};
    const fs::path ir = root.write("aa/_matmul.ttadapter", test::adapterIr("_matmul", 2, sizes));
    const Dump dump = parseDumpText(
        test::dumpPointingInto("_matmul_mix_aic", "/gone/kernel.ttadapter.mlir", 5, sizes), "memory_info_aic.json");
    CHECK(findIrInTritonCache(dump, searchIn(root.path)).taken == ir);
}

TEST_CASE("a location with backslashes prints back escaped and parses to the same path", "[pin][location]")
{
    const std::string text = R"(loc("C:\\kernels\\a \"b\".py":3:4))";
    const LocationParseResult parsed = parseLocation(text);
    REQUIRE(parsed.ok());
    const auto& file = std::get<FileLineColLoc>(parsed.location->node);
    CHECK(file.file == R"(C:\kernels\a "b".py)");
    const std::string printed = toString(*parsed.location);
    CHECK(printed == text);
    const LocationParseResult again = parseLocation(printed);
    REQUIRE(again.ok());
    CHECK(std::get<FileLineColLoc>(again.location->node).file == file.file);
}

TEST_CASE("an inner location name survives an outer one (two frames)", "[pin][location]")
{
    const ResolvedLocation resolved
        = resolveLocationText(R"(loc("outer"(callsite("inner"("/k/a.py":1:2) at "/k/b.py":3:4))))", LocationResolver());
    REQUIRE(resolved.chain.size() == 2);
    for (const SourceFrame& frame : resolved.chain)
        CHECK(frame.name == (frame.file == "/k/a.py" ? "inner" : "outer"));
}

TEST_CASE("a kept <kernel>-<time>-aiv.json is the vector core", "[pin][watch]")
{
    const std::string text = test::dumpPointingInto("_k", "/gone/kernel.ttadapter.mlir", 5, {64});
    CHECK(parseDumpText(text, "/h/_k-20261201-101010.042-aiv.json").core == CoreKind::Vector);
    CHECK(parseDumpText(text, "/h/_k-20261201-101010.042-aic.json").core == CoreKind::Cube);
    CHECK(parseDumpText(text, "/h/_k-20261201-101010.042-unknown.json").core == CoreKind::Unknown);
}

TEST_CASE("a block ending exactly at capacity shows a dash above capacity, not 0 B", "[pin][report]")
{
    // %full ends at 1024 = capacity; %over at [1024, 1056) is above it. Both are live at op 1.
    const Planned plan({{"full", "1024xi8", {0}, 1024, 0, 1}, {"over", "32xi8", {1024}, 32, 1, 1}}, 1024);
    const std::string summary = summaryMarkdown(*plan.document, "");
    CHECK_THAT(summary, Catch::Contains("| [0, 1024) | - |"));
    CHECK_THAT(summary, Catch::Contains("| [1024, 1056) | 32 B |"));
    CHECK_THAT(summary, !Catch::Contains("| 0 B |"));
}
