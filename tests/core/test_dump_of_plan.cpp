// A plan memlens computes becomes a Dump directly (dumpOfPlan), not through the compiler's JSON
// text; `plan --out` still writes that JSON. Both must be the same Dump, buffer by buffer.
// And a file opened to be planned is read in one pass.
#include "core/compile_log/log_scan.hpp"
#include "core/document/computed_plan.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace memlens;

namespace {

std::size_t requireSameDump(const Dump& direct, const Dump& read)
{
    CHECK(direct.file == read.file);
    CHECK(direct.kernel == read.kernel);
    CHECK(direct.core == read.core);
    CHECK(direct.flatLayout == read.flatLayout);
    REQUIRE(direct.scopes.size() == read.scopes.size());
    std::size_t buffers = 0;
    for (std::size_t s = 0; s < direct.scopes.size(); ++s) {
        const ScopePlan& a = direct.scopes[s];
        const ScopePlan& b = read.scopes[s];
        INFO("scope " << a.scope);
        CHECK(a.scope == b.scope);
        CHECK(a.status == b.status);
        CHECK(a.error == b.error);
        CHECK(a.foldedRecords == b.foldedRecords);
        REQUIRE(a.buffers.size() == b.buffers.size());
        for (std::size_t i = 0; i < a.buffers.size(); ++i) {
            const Buffer& x = a.buffers[i];
            const Buffer& y = b.buffers[i];
            INFO("buffer " << x.bufferText());
            CHECK(x.ssaName == y.ssaName);
            CHECK(x.bufferText() == y.bufferText());
            CHECK(x.memrefType() == y.memrefType());
            CHECK(x.shape() == y.shape());
            CHECK(x.elementType() == y.elementType());
            CHECK(x.extentBits == y.extentBits);
            CHECK(x.sizeBytes == y.sizeBytes);
            CHECK(std::vector<std::uint64_t>(x.offsets.begin(), x.offsets.end())
                == std::vector<std::uint64_t>(y.offsets.begin(), y.offsets.end()));
            CHECK(x.allocTime == y.allocTime);
            CHECK(x.lifeStart == y.lifeStart);
            CHECK(x.lifeEnd == y.lifeEnd);
            CHECK(x.location() == y.location());
            CHECK(x.id == y.id);
            CHECK(x.isTmp == y.isTmp);
            ++buffers;
        }
        REQUIRE(a.blocks.size() == b.blocks.size());
        for (std::size_t i = 0; i < a.blocks.size(); ++i) {
            CHECK(a.blocks[i].bufferIndex == b.blocks[i].bufferIndex);
            CHECK(a.blocks[i].copy == b.blocks[i].copy);
            CHECK(a.blocks[i].offset == b.blocks[i].offset);
            CHECK(a.blocks[i].size == b.blocks[i].size);
            CHECK(a.blocks[i].start == b.blocks[i].start);
            CHECK(a.blocks[i].end == b.blocks[i].end);
            CHECK(a.blocks[i].tmp == b.blocks[i].tmp);
        }
    }
    return buffers;
}

// Every device function of `path` planned with its target's pass; each plan made into a Dump
// both ways. Returns the buffers compared.
std::size_t compareBothWays(const std::filesystem::path& path, bool& sawFailure, bool& sawFolded)
{
    INFO(path.string());
    const PlanInput input = readPlanInput(path.string());
    const auto module = planner::readMlir(input.ir, path.string());
    const auto target = planner::findPlanTarget(planner::planTargetName(*module));
    REQUIRE(target);
    planner::PlanOptions options;
    options.generation = planner::CompilerGeneration::G52f96a1; // the MIX kernel planned with 216 KB of UB
    passForTarget(*target, input.regBaseSection).applyTo(options);
    const AliasTable aliases = locationAliasesOf(*module);
    std::size_t buffers = 0;
    for (const planner::Function* function : planner::deviceFunctions(*module)) {
        const planner::FunctionPlan plan = planner::planFunction(*function, *target, options);
        const std::string label = compilerDumpFileName(plan.coreType);
        const auto direct = [&] { return dumpOfPlan(plan, path.string(), &aliases, input.lineOffset, label); };
        const auto read = [&] {
            return parseDumpText(jsonText(compilerDumpJson(plan, path.string(), &aliases, input.lineOffset)), label);
        };
        if (plan.scopes.empty()) { // refused alike
            CHECK_THROWS_WITH(direct(), "memory_info.json: Record: the dump has no memory records");
            CHECK_THROWS_WITH(read(), "memory_info.json: Record: the dump has no memory records");
            continue;
        }
        const Dump made = direct();
        buffers += requireSameDump(made, read());
        sawFailure = sawFailure || !plan.fits;
        for (const ScopePlan& scope : made.scopes)
            sawFolded = sawFolded || scope.foldedRecords > 0;
    }
    return buffers;
}

} // namespace

TEST_CASE("a plan made into a Dump directly is the Dump its JSON reads back as", "[planner][computed][dump]")
{
    const std::vector<std::filesystem::path> inputs = {
        test::data("planner_rules/inplace.mlir"),
        test::data("planner_rules/levels.mlir"),
        test::data("planner_rules/liveness.mlir"),
        test::data("planner_rules/multibuffer.mlir"),
        test::data("planner_rules/spaces.mlir"),
        test::data("planner_rules/diagnostics.mlir"),
        test::data("mlir/planner_phases.mlir"),
        test::data("mlir/double_buffered_loop.mlir"),
        test::data("mlir/small_kernel.ttadapter"),
        test::data("mlir/a5_mix_kernel.mlir"),
        test::data("logs/a5_pair/compile.log"),
        test::sourceDir() / "resources/examples/layer_norm/block8192/compile.log",
        test::sourceDir() / "resources/examples/layer_norm/block16384/compile.log",
    };
    std::size_t buffers = 0;
    bool sawFailure = false;
    bool sawFolded = false;
    for (const auto& input : inputs)
        buffers += compareBothWays(input, sawFailure, sawFolded);
    // The inputs hold plans that overflow and multi-buffered allocs listed once per copy.
    CHECK(buffers > 100);
    CHECK(sawFailure);
    CHECK(sawFolded);
}

TEST_CASE("a file to plan is read in one pass: IR kept whole, a log's section as it streams", "[planner][computed]")
{
    test::TempDir folder;
    const std::string ir = "module {\n  func.func @f() {\n    return\n  }\n}\n";
    memlens::test::writeText(folder.path / "kernel.mlir", ir);
    const PlanInput fromIr = readPlanInput((folder.path / "kernel.mlir").string());
    CHECK(fromIr.ir == ir);
    CHECK_FALSE(fromIr.fromLog);

    // The scan keeps a file's bytes, log or IR, when it is no larger than asked: the IR pane is
    // made of them.
    const std::string log = "[INFO] start\n// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n" + ir;
    memlens::test::writeText(folder.path / "compile.log", log);
    const LogScan scan = scanCompileLog((folder.path / "compile.log").string(), "", nullptr, nullptr, 0, 1 << 20);
    CHECK(scan.wholeText == log);
    CHECK(scan.sectionText == ir);
    const LogScan small = scanCompileLog((folder.path / "kernel.mlir").string(), "", nullptr, nullptr, 0, 10);
    CHECK(small.wholeText.empty()); // larger than it keeps
    CHECK(scanCompileLog((folder.path / "kernel.mlir").string(), "", nullptr, nullptr, 0, 1 << 20).wholeText == ir);

    // Text that is none of the three says so, naming the file.
    memlens::test::writeText(folder.path / "notes.txt", "hello, not a plan\n");
    try {
        readPlanInput((folder.path / "notes.txt").string());
        FAIL("no error");
    } catch (const DumpError& error) {
        CHECK(error.file() == (folder.path / "notes.txt").string());
        CHECK_THAT(error.problem(), Catch::Contains("not a memory dump (JSON), IR (it has no func.func)"));
    }
}

TEST_CASE("a file is taken for a dump by its first bytes alone", "[planner][computed]")
{
    test::TempDir folder;
    memlens::test::writeText(folder.path / "a.json", "  {\"Record\": []}");
    memlens::test::writeText(folder.path / "empty.json", "");
    memlens::test::writeText(folder.path / "binary.bin", std::string("func.func\0\x01", 11));
    memlens::test::writeText(folder.path / "kernel.mlir", "module {\n  func.func @f() {\n  }\n}\n");
    memlens::test::writeText(folder.path / "notes.txt", "hello\n");
    CHECK(startsLikeDumpFile((folder.path / "a.json").string()));
    CHECK(startsLikeDumpFile((folder.path / "empty.json").string()));
    CHECK(startsLikeDumpFile((folder.path / "binary.bin").string()));
    CHECK(startsLikeDumpFile((folder.path / "missing.json").string())); // the dump reader names the problem
    CHECK_FALSE(startsLikeDumpFile((folder.path / "kernel.mlir").string()));
    CHECK_FALSE(startsLikeDumpFile((folder.path / "notes.txt").string()));
}
