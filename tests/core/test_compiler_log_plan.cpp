// A compile log holding the planner's input and its output (--mlir-print-ir-before/after
// of hivm-plan-memory-regbase, as an A5 compile prints it; A5 writes no memory dump): the
// plan opens with the compiler's offsets and memlens's Lives, and says where it came from.
#include "core/document/plan_document.hpp"
#include "core/document/planner_check.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/pointer_casts.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

namespace {

std::vector<std::pair<std::string, std::uint64_t>> offsetsOf(const PlanDocument& document)
{
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const Buffer& buffer : document.dump.scopes.at(0).buffers)
        out.emplace_back(buffer.ssaName, buffer.offsets.empty() ? 0 : buffer.offsets[0]);
    return out;
}

} // namespace

TEST_CASE("compiler log plan: the compiler's offsets from the section after its planner", "[computed][a5]")
{
    const PlanDocument agreeing = loadPlanDocument(test::data("logs/a5_pair/compile.log").string(), {});
    CHECK(agreeing.planSource == PlanSource::CompilerLog);
    REQUIRE(agreeing.plannedAs);
    CHECK(agreeing.plannedAs->name() == "hivm-plan-memory-regbase");
    using Offsets = std::vector<std::pair<std::string, std::uint64_t>>;
    CHECK(offsetsOf(agreeing) == Offsets{{"%a", 0}, {"%b", 122880}});
    // memlens plans the section identically: the check holds and what-ifs are re-planned.
    REQUIRE(agreeing.plannerCheck);
    CHECK(agreeing.plannerCheck->reproduces());
    CHECK(agreeing.plannerNote.empty());

    const PlanDocument swapped = loadPlanDocument(test::data("logs/a5_pair_swapped/compile.log").string(), {});
    CHECK(swapped.planSource == PlanSource::CompilerLog);
    CHECK(offsetsOf(swapped) == Offsets{{"%a", 122880}, {"%b", 0}}); // the compiler's, not memlens's
    CHECK_FALSE(swapped.plannerCheck);
    CHECK(swapped.plannerNote.find("memlens plans 2 of the buffers elsewhere") != std::string::npos);
    // Lives are memlens's, from the section before the planner.
    const Buffer& a = swapped.dump.scopes.at(0).buffers.at(0);
    CHECK(a.allocTime == 3);
}

TEST_CASE("compiler log plan: a plain IR or a dump says where its plan came from", "[computed]")
{
    const PlanDocument ir = loadPlanDocument(test::data("mlir/double_buffered_loop.mlir").string(), {});
    CHECK(ir.planSource == PlanSource::Memlens);
    REQUIRE(ir.plannedAs);
    CHECK(ir.plannedAs->name() == "hivm-plan-memory");
    const PlanDocument dump = loadPlanDocument(test::data("dumps/two_scopes_multibuffer.json").string(), {});
    CHECK(dump.planSource == PlanSource::Dump);
}

TEST_CASE("compiler log plan: casts that do not pair with the allocs are refused, named", "[computed][a5]")
{
    const std::string before = "func.func @k(%x: memref<64xf32, #hivm.address_space<gm>>) {\n"
                               "  %a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>\n"
                               "  %b = memref.alloc() : memref<32xf16, #hivm.address_space<ub>>\n"
                               "  return\n}\n";
    const std::string after = "func.func @k(%x: memref<64xf32, #hivm.address_space<gm>>) {\n"
                              "  %c0_i64 = arith.constant 0 : i64\n"
                              "  %a = hivm.hir.pointer_cast(%c0_i64) : memref<64xf32, #hivm.address_space<ub>>\n"
                              "  return\n}\n";
    const auto beforeModule = planner::readMlir(before, "before");
    const auto afterModule = planner::readMlir(after, "after");
    std::string problem;
    CHECK(planner::compilerOffsets(beforeModule->functions.front(), afterModule->functions.front(), problem).empty());
    CHECK(problem == "the IR after the planner has 1 pointer casts in on-chip memory for 2 allocs before it");
}
