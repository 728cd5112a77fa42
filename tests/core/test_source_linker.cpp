#include "core/source/source_linker.hpp"

#include "core/source/distinct_sources.hpp"
#include "support/block_source_checks.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace memlens;
using memlens::test::lineOf;
using memlens::test::loadOk;
namespace fs = std::filesystem;

namespace {

const char* const kSoftmaxKernelPath = "/home/dev/proj/src/kernels/softmax_kernel.py";

} // namespace

TEST_CASE("real dumps' IR locations resolve to lines 17 and 18 of the local .ttadapter", "[linker]")
{
    MEMLENS_REQUIRE_SAMPLES();
    for (const char* kernel : {"fake_attn_fwd", "fake_attn_fwd_overflow"}) {
        const fs::path dir = test::sample(kernel);
        const fs::path irPath = dir / (std::string(kernel) + ".ttadapter");
        IrIndex ix = loadOk(irPath);
        FileFinder finder;
        finder.setDumpDir(dir);
        SourceLinker linker(&ix, &finder);
        for (int line : {17, 18}) {
            std::string loc = "loc(\"/Users/YokeLove/huawei/AscendNPU-IR/data/" + std::string(kernel)
                + ".ttadapter\":" + std::to_string(line) + ":13)";
            const BlockSource& bs = linker.link(loc);
            INFO(kernel << " " << loc << " note: " << bs.note);
            REQUIRE(bs.ir);
            CHECK(bs.ir->line == line);
            CHECK(fs::path(bs.ir->file) == irPath);
            CHECK(bs.irLines == std::vector<int>{line});
            CHECK(ix.isAllocLine(bs.ir->line));
            // That IR has no locations: no Python line, and the note says why.
            CHECK_FALSE(bs.python);
            CHECK(bs.pythonFrames.empty());
            CHECK_THAT(bs.note, Catch::Contains("no source location"));
        }
    }
}

TEST_CASE("a location into the IR takes the Python frames of that IR line", "[linker]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    FileFinder finder;
    SourceLinker linker(&ix, &finder);
    const int red = lineOf(ix, "%red = bufferization.alloc_tensor");
    const BlockSource& bs
        = linker.link("loc(\"/build/machine/small_kernel.ttadapter\":" + std::to_string(red) + ":12)");
    REQUIRE(bs.ir);
    CHECK(bs.ir->line == red);
    REQUIRE(bs.python);
    CHECK(bs.python->line == 21);
    CHECK(bs.python->name == "row_max");
    CHECK(bs.chain.size() == 2);
    CHECK(bs.chain[0].library);
    CHECK(bs.pythonFrames.size() == 1);
}

TEST_CASE("a Python location finds the allocating IR ops at that line", "[linker]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    FileFinder finder;
    finder.addSubstitution("/home/dev/proj", test::data("finder/project").string());
    SourceLinker linker(&ix, &finder);

    const BlockSource& row = linker.link(R"(loc("/home/dev/proj/src/kernels/softmax_kernel.py":18:12))");
    REQUIRE(row.ir);
    CHECK(row.ir->line == lineOf(ix, "%row = memref.alloc"));
    CHECK(row.ir->file == ix.path());
    REQUIRE(row.python);
    CHECK(row.python->line == 18);
    CHECK(fs::path(row.pythonLocalPath) == test::data("finder/project/src/kernels/softmax_kernel.py"));
    CHECK(row.note.empty());

    // Another machine's absolute path: matched by file name; not found locally, said so.
    FileFinder bare;
    SourceLinker other(&ix, &bare);
    const BlockSource& moved = other.link(R"(loc("/Users/me/k/softmax_kernel.py":24:16))");
    REQUIRE(moved.ir);
    CHECK(moved.ir->line == lineOf(ix, "%acc = tensor.empty"));
    CHECK(moved.pythonLocalPath.empty());
    CHECK_THAT(moved.note, Catch::Contains("not found"));
}

TEST_CASE("a Python location with aliases, names and callsites resolves like the IR does", "[linker]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    SourceLinker linker(&ix, nullptr);

    // Aliases from the IR are usable in the dump's location.
    const BlockSource& viaAlias = linker.link("loc(#loc30)");
    REQUIRE(viaAlias.python);
    CHECK(viaAlias.python->name == "row_max");
    REQUIRE(viaAlias.ir);
    CHECK(viaAlias.ir->line == lineOf(ix, "%red = bufferization.alloc_tensor"));
    CHECK(viaAlias.chain.size() == 2);

    // fused: every user frame is kept; the IR lines come from the first.
    const BlockSource& fused = linker.link("loc(#loc23)");
    CHECK(fused.pythonFrames.size() == 2);
    REQUIRE(fused.python);
    CHECK(fused.python->name == "tmp");
    REQUIRE(fused.ir);
    CHECK(fused.ir->line == lineOf(ix, "%tmp = memref.alloca"));
}

TEST_CASE("the IR line falls back to a later user frame when the innermost one allocates nothing", "[linker]")
{
    // helper.py:10 has an op but no allocating one; only the caller's line kern.py:30 allocates.
    const std::string ir = "module {\n"
                           "  %c = arith.constant 0 : i32 loc(\"/w/helper.py\":10:3)\n"
                           "  %a = memref.alloc() : memref<8xf16> loc(\"/w/kern.py\":30:5)\n"
                           "} loc(unknown)\n";
    IrIndex ix = IrIndex::build(ir, "/w/k.ttadapter");
    SourceLinker linker(&ix, nullptr);
    const BlockSource& src = linker.link(R"(loc(callsite("/w/helper.py":10:1 at "/w/kern.py":30:5)))");
    REQUIRE(src.python);
    CHECK(src.python->file == "/w/helper.py");
    REQUIRE(src.ir);
    CHECK(src.ir->line == 3);
    CHECK(src.irLines == std::vector<int>{3});
    CHECK_THAT(src.note, !Catch::Contains("allocating"));
}

TEST_CASE("several allocs at one Python line: all are candidates, the same column is preferred", "[linker]")
{
    std::string ir = "%a = memref.alloc() : memref<4xf16> loc(\"/k/kern.py\":7:5)\n"
                     "%b = memref.alloc() : memref<4xf16> loc(\"/k/kern.py\":7:20)\n"
                     "%c = arith.addf %x, %y : f16 loc(\"/k/kern.py\":7:20)\n";
    IrIndex ix = IrIndex::build(ir, "/local/kern.ttadapter");
    SourceLinker linker(&ix, nullptr);
    const BlockSource& bs = linker.link(R"(loc("/k/kern.py":7:20))");
    CHECK(bs.irLines == std::vector<int>{1, 2});
    REQUIRE(bs.ir);
    CHECK(bs.ir->line == 2);

    // No allocation at that line: fall back to every op there, and say so.
    std::string noAlloc = "%c = arith.addf %x, %y : f16 loc(\"/k/kern.py\":9:1)\n";
    IrIndex ix2 = IrIndex::build(noAlloc, "/local/kern.ttadapter");
    SourceLinker linker2(&ix2, nullptr);
    const BlockSource& fallback = linker2.link(R"(loc("/k/kern.py":9:1))");
    CHECK(fallback.irLines == std::vector<int>{1});
    CHECK_THAT(fallback.note, Catch::Contains("no allocating IR op"));
}

TEST_CASE("missing pieces are explained in the note", "[linker]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    SourceLinker linker(&ix, nullptr);

    CHECK_THAT(linker.link("").note, Catch::Contains("no source location"));
    CHECK_THAT(linker.link("loc(callsite(").note, Catch::Contains("cannot parse"));
    CHECK_THAT(linker.link("loc(unknown)").note, Catch::Contains("names no file"));
    CHECK_THAT(linker.link("loc(#loc999)").note, Catch::Contains("#loc999"));
    CHECK_THAT(linker.link(R"(loc("/x/small_kernel.ttadapter":5000:1))").note, Catch::Contains("past the end"));
    const BlockSource& lib = linker.link(R"(loc("/venv/site-packages/triton/language/standard.py":180:11))");
    CHECK_FALSE(lib.python);
    CHECK(lib.chain.size() == 1);
    CHECK_THAT(lib.note, Catch::Contains("library"));
    CHECK_THAT(linker.link(R"(loc("/k/unrelated.py":3:3))").note, Catch::Contains("no IR op"));

    // Another IR file than the one loaded.
    const BlockSource& elsewhere = linker.link(R"(loc("/x/other_kernel.ttadapter":3:1))");
    REQUIRE(elsewhere.ir);
    CHECK(elsewhere.ir->file == "/x/other_kernel.ttadapter");
    CHECK_THAT(elsewhere.note, Catch::Contains("not the loaded IR"));
}

TEST_CASE("without an IR index a location still yields its Python frames or IR line", "[linker]")
{
    SourceLinker linker(nullptr, nullptr);
    const BlockSource& py = linker.link(R"(loc("x"("/home/dev/layer_norm.py":51:20)))");
    REQUIRE(py.python);
    CHECK(py.python->line == 51);
    CHECK(py.python->name == "x");
    CHECK_FALSE(py.ir);
    CHECK_THAT(py.note, Catch::Contains("no IR file loaded"));

    const BlockSource& ir = linker.link(R"(loc("/Users/a/k.ttadapter":17:13))");
    REQUIRE(ir.ir);
    CHECK(ir.ir->line == 17);
    CHECK_FALSE(ir.python);
}

TEST_CASE("a peer's fixture: err_msg 'none' and a bare test.py:10 show no error and link test.py line 10", "[linker]")
{
    const fs::path dir = fs::temp_directory_path() / ("memlens_peer_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    struct Cleanup {
        fs::path dir;
        ~Cleanup()
        {
            std::error_code ec;
            fs::remove_all(dir, ec);
        }
    } cleanup{dir};
    {
        std::ofstream py(dir / "test.py");
        for (int i = 1; i <= 12; ++i)
            py << "x" << i << " = " << i << "\n";
        std::ofstream(dir / "memory_info.json") << R"({"Header": {"KernelName": "k"}, "Record": [
            {"scope": "ub", "status": "success", "err_msg": "none", "memory_info_array": [
              {"buffer": "%a = memref.alloc() : memref<16xf16>", "offset": [0], "extent": 256,
               "alloc_time_in_ir": 0, "life_time_in_ir": [0, 1], "source_location": "test.py:10", "is_tmpbuf": false}]}]})";
    }
    const PlanDocument document = loadPlanDocument((dir / "memory_info.json").string(), LoadOptions());
    const ScopePlan& scope = document.dump.scopes.at(0);
    CHECK(scope.error.empty());
    const BlockSource* source = document.sourceOf(0, scope.blocks.at(0));
    REQUIRE(source);
    REQUIRE(source->python);
    CHECK(source->python->file == "test.py");
    CHECK(source->python->line == 10);
    CHECK(fs::path(source->pythonLocalPath).lexically_normal() == (dir / "test.py").lexically_normal());
    CHECK_THAT(source->note, !Catch::Contains("cannot parse"));

    // Bare file:line into the IR is an IR location.
    SourceLinker linker(nullptr, nullptr);
    const BlockSource& ir = linker.link("/Users/a/k.ttadapter:17:13");
    REQUIRE(ir.ir);
    CHECK(ir.ir->line == 17);
}

TEST_CASE("resolving many blocks computes each distinct location once", "[linker]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    FileFinder finder;
    SourceLinker linker(&ix, &finder);
    std::vector<std::string> locs;
    for (int i = 0; i < 200; ++i)
        locs.push_back("loc(\"/home/dev/proj/src/kernels/softmax_kernel.py\":" + std::to_string(i) + ":1)");
    locs.push_back("loc(#loc30)");
    std::size_t found = 0;
    for (int i = 0; i < 100000; ++i)
        found += linker.link(locs[static_cast<std::size_t>(i) % locs.size()]).ir ? 1 : 0;
    CHECK(linker.cacheSize() == locs.size());
    CHECK(found > 0);

    // The same answer twice is the same object.
    CHECK(&linker.link(locs[0]) == &linker.link(locs[0]));
    CHECK(linkBlockSource("loc(#loc30)", &ix, nullptr).python->name == "row_max");
}

TEST_CASE("linking into a table gives each location what resolving it alone gives", "[linker][sources]")
{
    test::TempDir dir;
    std::ofstream(dir.path / "found.py") << "x = 1\n";
    FileFinder finder;
    finder.addSourceDir(dir.path);
    // Plain locations of a few files, many lines and columns each (the later ones of a file
    // come from its first's record), between forms that are resolved every time.
    std::vector<std::string> locations;
    for (int i = 0; i < 300; ++i) {
        const char* file = i % 3 == 0 ? "/elsewhere/found.py" : (i % 3 == 1 ? "/src/missing.py" : "/src/other.py");
        locations.push_back(
            "loc(\"" + std::string(file) + "\":" + std::to_string(10 + i / 7) + ":" + std::to_string(1 + i % 7) + ")");
    }
    locations.insert(locations.begin() + 40, "loc(\"/site/triton/language/standard.py\":306:11)");
    locations.insert(locations.begin() + 41, "loc(\"/site/triton/language/standard.py\":307:11)");
    locations.insert(locations.begin() + 60, "loc(\"/tmp/k.ttadapter.mlir\":17:3)");
    locations.insert(locations.begin() + 61, "loc(\"/tmp/k.ttadapter.mlir\":18:3)");
    locations.insert(locations.begin() + 80, "  loc(\"/src/missing.py\":99:98) ");
    locations.insert(locations.begin() + 81, "loc(callsite(\"/src/missing.py\":5:1 at \"/src/other.py\":6:2))");
    locations.insert(locations.begin() + 82, "");
    const FileFinder* const finders[] = {nullptr, &finder};
    for (const FileFinder* withFinder : finders) {
        SourceLinker linker(nullptr, withFinder);
        SourceLinker alone(nullptr, withFinder);
        DistinctSources table;
        for (const std::string& location : locations) {
            const std::uint32_t index = linker.linkInto(location, table);
            const BlockSource& got = table.at(index);
            const BlockSource expected = alone.linkOnce(location);
            INFO(location);
            test::checkSameSource(got, expected);
        }
        CHECK(table.size() == locations.size());
    }
}
