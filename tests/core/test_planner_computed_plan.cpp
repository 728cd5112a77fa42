// An IR file or a compile log opened by itself: memlens plans it and shows that plan
// as a document, with the IR attached and computedFrom naming the file.
#include "core/compile_log/log_scan.hpp"
#include "core/document/computed_plan.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_error.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>

using namespace memlens;
using memlens::test::readText;

namespace {

} // namespace

TEST_CASE("computed plan: the kind of a file is decided by its content", "[planner][computed]")
{
    const test::TempDir dir("memlens_kind_");
    const auto kindOf = [&](const std::string& text) { return inputKindOfFile(dir.write("input.txt", text).string()); };
    CHECK(kindOf("  {\"Record\": []}") == InputKind::Dump);
    CHECK(kindOf("\xEF\xBB\xBF{\"Record\": [], \"x\": \"func.func @f(\"}") == InputKind::Dump);
    CHECK(kindOf("[1]") == InputKind::Dump);
    CHECK(kindOf("[INFO] start\nfunc.func @f() {\n}\n") == InputKind::Ir);
    CHECK(kindOf("module {\n  func.func @f() {\n    return\n  }\n}\n") == InputKind::Ir);
    CHECK(kindOf("compiling\n// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\nmodule {}\n")
        == InputKind::CompileLog);
    CHECK(kindOf("// -----// IR Dump Before PlanMemoryRegBase (hivm-plan-memory-regbase) //----- //\n")
        == InputKind::CompileLog);
    // Only the headers the log reader takes make a log (another pass's "PlanMemory" does not).
    CHECK(kindOf("// -----// IR Dump Before PlanMemoryForWorkspace (other) //----- //\nfunc.func @f() {}\n")
        == InputKind::Ir);
    CHECK(kindOf("not a dump at all") == InputKind::Dump);            // the dump reader says what is wrong
    CHECK(kindOf(std::string("func.func\0", 10)) == InputKind::Dump); // binary: not IR
    CHECK(kindOf("") == InputKind::Dump);
    CHECK(inputKindOfFile((dir.path / "absent.txt").string()) == InputKind::Dump);
}

TEST_CASE("computed plan: a log holds a function's planner section only by its whole name", "[planner][computed]")
{
    const test::TempDir dir("memlens_sniff_");
    const std::string header = "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n";
    const std::string log = dir.write("a.log", header + "func.func @kernel_2(%a: i32) {\n}\n").string();
    CHECK(logHoldsPlanMemorySection(log, "kernel_2", 1 << 20));
    CHECK(logHoldsPlanMemorySection(log, "", 1 << 20));
    CHECK_FALSE(logHoldsPlanMemorySection(log, "kernel", 1 << 20)); // @kernel is not @kernel_2
    CHECK_FALSE(logHoldsPlanMemorySection(log, "kernel_2", 16));    // past the bytes asked for
    const std::string spaced = dir.write("b.log", header + "func.func @kernel (%a: i32) {\n}\n").string();
    CHECK(logHoldsPlanMemorySection(spaced, "kernel", 1 << 20));
    const std::string noSection = dir.write("c.log", "func.func @kernel(%a: i32) {\n}\n").string();
    CHECK_FALSE(logHoldsPlanMemorySection(noSection, "kernel", 1 << 20));
}

TEST_CASE("computed plan: a compile log's last PlanMemory section and its first line", "[planner][computed]")
{
    const std::string log = "line 1\n// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n"
                            "func.func @old() {\n}\n"
                            "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n"
                            "func.func @new() {\n}\n"
                            "// -----// IR Dump After PlanMemory (hivm-plan-memory) //----- //\nafter\n";
    const LogScan scan = scanCompileLogText(log, "", "compile.log");
    CHECK(scan.sectionsSeen == 2);
    CHECK(scan.sectionText == "func.func @new() {\n}\n");
    CHECK(scan.sectionFirstLine == 6);
    CHECK(scan.plannerRanAfter);
    CHECK(scanCompileLogText("module {}", "", "compile.log").sectionText.empty());
}

TEST_CASE("computed plan: the overflow sample's IR opens as the plan its dump shows", "[planner][computed][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const auto ir = memlens::test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter");
    const PlanDocument computed = loadPlanDocument(ir.string(), {});
    REQUIRE(computed.computedFrom);
    CHECK(*computed.computedFrom == ir.string());
    CHECK(computed.dump.file == ir.string());
    CHECK(computed.irFile == ir.string()); // the IR attached is the IR planned
    REQUIRE(computed.ir);
    CHECK(computed.dump.core == CoreKind::Vector);
    // The blocks are those of the compiler's dump format as the planner fills it (today's
    // compiler: seeded retries; the sample's dump is from an older build, see the conformance test).
    const auto module = planner::readMlir(readText(ir));
    const planner::FunctionPlan plan
        = planner::planFunction(module->functions.at(0), *planner::findPlanTarget("Ascend910B1"));
    std::size_t items = 0;
    for (const auto& scope : plan.scopes)
        for (const auto& item : scope.dumpItems)
            items += item.offsets.size();
    CHECK(computed.dump.blockCount() == items);
    CHECK(computed.dump.kernel == plan.name);
    const ScopePlan* ub = computed.dump.findScope("ub");
    REQUIRE(ub);
    CHECK_THAT(ub->error, Catch::Contains("ub overflow, requires 2097152 bits while 1572864 bits available!"));
    // Each block's IR line is its alloc's line in the IR.
    const auto& allocs = plan;
    REQUIRE(computed.sources.size() == computed.dump.scopes.size());
    const ScopePlan& scope = computed.dump.scopes.at(0);
    for (const memlens::Block& block : scope.blocks) {
        const BlockSource* source = computed.sourceOf(0, block);
        REQUIRE(source);
        REQUIRE(source->ir);
        const std::string& name = scope.buffers[block.bufferIndex].ssaName;
        const auto found = std::find_if(allocs.scopes.at(0).allocs.begin(), allocs.scopes.at(0).allocs.end(),
            [&](const planner::PlannedAlloc& alloc) { return alloc.buffer->name == name; });
        REQUIRE(found != allocs.scopes.at(0).allocs.end());
        CHECK(source->ir->line == found->buffer->definingOp->line);
    }
}

TEST_CASE(
    "computed plan: a compile log is planned from its last PlanMemory section, lines of the log", "[planner][computed]")
{
    memlens::test::TempDir folder;
    const std::string ir = readText(memlens::test::data("mlir/double_buffered_loop.mlir"));
    const std::string log = "[INFO] compiling tile_mul\n[INFO] pass pipeline\n"
                            "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n"
        + ir + "// -----// IR Dump After PlanMemory (hivm-plan-memory) //----- //\nmodule {}\n";
    const auto path = folder.path / "compile.log";
    memlens::test::writeText(path, log);
    CHECK(inputKindOfFile(path.string()) == InputKind::CompileLog);
    const PlanDocument document = loadPlanDocument(path.string(), {});
    REQUIRE(document.computedFrom);
    CHECK(document.dump.kernel == "tile_mul");
    const ScopePlan* ub = document.dump.findScope("ub");
    REQUIRE(ub);
    CHECK_THAT(ub->error, Catch::StartsWith("ub overflow, requires "));
    CHECK(document.target == std::optional<std::string>("Ascend910B1"));
    // The log's line of %a's alloc: its IR line plus the three lines before the section.
    const auto at = ir.find("memref.alloc");
    const auto lineStart = ir.rfind('\n', at) + 1;
    const auto irLine = 1 + std::count(ir.begin(), ir.begin() + static_cast<std::ptrdiff_t>(at), '\n');
    const std::string expected
        = "compile.log\":" + std::to_string(irLine + 3) + ":" + std::to_string(at - lineStart + 1) + ")";
    const auto a = std::find_if(
        ub->buffers.begin(), ub->buffers.end(), [](const Buffer& buffer) { return buffer.ssaName == "%a"; });
    REQUIRE(a != ub->buffers.end());
    REQUIRE(a->sourceLocation);
    CHECK_THAT(*a->sourceLocation, Catch::EndsWith(expected));
}

TEST_CASE("computed plan: the dump prints each alloc once, its location inline through the IR's aliases",
    "[planner][computed]")
{
    // vcast widens, so %alloc_0 cannot reuse %alloc in place: both are listed.
    const std::string ir = "func.func @k(%g: memref<64xf16, #hivm.address_space<gm>>, %h: memref<64xf32, "
                           "#hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {\n"
                           "  %alloc = memref.alloc() : memref<64xf16, #hivm.address_space<ub>> loc(#loc3)\n"
                           "  hivm.hir.load ins(%g : memref<64xf16, #hivm.address_space<gm>>) outs(%alloc : "
                           "memref<64xf16, #hivm.address_space<ub>>) loc(#loc3)\n"
                           "  %alloc_0 = memref.alloc() : memref<64xf32, #hivm.address_space<ub>> loc(#loc9)\n"
                           "  hivm.hir.vcast ins(%alloc : memref<64xf16, #hivm.address_space<ub>>) outs(%alloc_0 : "
                           "memref<64xf32, #hivm.address_space<ub>>) loc(#loc9)\n"
                           "  hivm.hir.store ins(%alloc_0 : memref<64xf32, #hivm.address_space<ub>>) outs(%h : "
                           "memref<64xf32, #hivm.address_space<gm>>) loc(#loc9)\n"
                           "  return loc(#loc1)\n"
                           "} loc(#loc1)\n"
                           "#loc1 = loc(\"/k/kern.py\":10:0)\n"
                           "#loc2 = loc(\"/k/kern.py\":12:20)\n"
                           "#loc3 = loc(\"x\"(#loc2))\n"
                           "#loc7 = loc(\"/site-packages/triton/language/standard.py\":293:36)\n"
                           "#loc8 = loc(\"y\"(\"/k/kern.py\":13:8))\n"
                           "#loc9 = loc(callsite(#loc7 at #loc8))\n";
    const auto module = planner::readMlir(ir, "/k/kern.mlir");
    REQUIRE(module->functions.size() == 1);
    const auto target = planner::findPlanTarget("Ascend910B3");
    REQUIRE(target);
    const planner::FunctionPlan plan = planner::planFunction(module->functions.front(), *target);
    const AliasTable aliases = locationAliasesOf(*module);
    CHECK(aliases.size() == 6);
    const nlohmann::json dump = compilerDumpJson(plan, "/k/kern.mlir", &aliases);
    std::map<std::string, std::string> locationOf;
    for (const auto& item : dump["Record"][0]["memory_info_array"])
        locationOf[item["buffer"].get<std::string>()] = item["source_location"].get<std::string>();
    CHECK(locationOf["%alloc = memref.alloc() : memref<64xf16, #hivm.address_space<ub>>"]
        == "loc(\"x\"(\"/k/kern.py\":12:20))");
    CHECK(locationOf["%alloc_0 = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>"]
        == "loc(callsite(\"/site-packages/triton/language/standard.py\":293:36 at \"y\"(\"/k/kern.py\":13:8)))");
    // Without the aliases an alloc points at its op in the IR.
    const nlohmann::json bare = compilerDumpJson(plan, "/k/kern.mlir");
    CHECK(bare["Record"][0]["memory_info_array"][0]["source_location"] == "loc(\"/k/kern.mlir\":2:12)");
}

TEST_CASE("computed plan: an IR with nothing to plan is an error naming the file", "[planner][computed]")
{
    memlens::test::TempDir folder;
    const auto path = folder.path / "empty.mlir";
    memlens::test::writeText(path, "module {\n  func.func private @declared()\n}\n");
    CHECK(inputKindOfFile(path.string()) == InputKind::Ir);
    try {
        loadPlanDocument(path.string(), {});
        FAIL("no error");
    } catch (const DumpError& error) {
        CHECK(error.file() == path.string());
        CHECK_THAT(error.problem(), Catch::StartsWith("no function with a body to plan in the IR"));
    }
    // A dump is read as before and is not computed.
    const auto dumpPath = folder.path / "memory_info_aiv.json";
    memlens::test::writeText(dumpPath, "{\"Record\": []}");
    CHECK(inputKindOfFile(dumpPath.string()) == InputKind::Dump);
}
