// cloneModule: a copy that plans as the module it was copied from, and that holds no pointer
// into it (the original is destroyed before the copy is planned, so AddressSanitizer sees any).
#include "bench/generated_ir.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/module_clone.hpp"
#include "tests/support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

using namespace memlens::planner;

namespace {

std::string fileText(const std::string& relative)
{
    std::ifstream in(memlens::test::data(relative));
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every function's plan, as text: fits, seed, each scope's allocs with offsets and Life.
std::string plansOf(const Module& module)
{
    std::ostringstream out;
    const auto target = findPlanTarget(planTargetName(module));
    REQUIRE(target);
    for (const Function* function : deviceFunctions(module)) {
        const FunctionPlan plan = planFunction(*function, *target);
        out << function->name << " fits " << plan.fits << " seed " << plan.seed << "\n";
        for (const std::string& error : plan.errors)
            out << "  error " << error << "\n";
        for (const PlannedScope& scope : plan.scopes) {
            out << "  " << scope.scope << " requires " << scope.requiresBits.value_or(0) << "\n";
            for (const PlannedAlloc& alloc : scope.allocs) {
                out << "    " << alloc.buffer->name << " line " << alloc.buffer->definingOp->line << " ["
                    << alloc.lifeStart << ", " << alloc.lifeEnd << "]";
                for (const std::uint64_t offset : alloc.offsets)
                    out << " " << offset;
                out << "\n";
            }
        }
    }
    return out.str();
}

// Every pointer reachable from `module` points at one of its own values, ops or blocks.
void requireSelfContained(const Module& module)
{
    std::set<const Value*> values;
    for (const auto& value : module.values)
        values.insert(value.get());
    std::set<const Op*> ops;
    std::set<const memlens::planner::Block*> blocks{&module.top};
    std::vector<const memlens::planner::Block*> pending{&module.top};
    while (!pending.empty()) {
        const memlens::planner::Block* block = pending.back();
        pending.pop_back();
        for (const auto& op : block->ops) {
            ops.insert(op.get());
            for (const auto& region : op->regions)
                for (const auto& nested : region->blocks) {
                    blocks.insert(nested.get());
                    pending.push_back(nested.get());
                }
        }
    }
    for (const auto& value : module.values) {
        CHECK((!value->definingOp || ops.count(value->definingOp)));
        CHECK((!value->ownerBlock || blocks.count(value->ownerBlock)));
        for (const Op* user : value->users)
            CHECK(ops.count(user));
    }
    for (const Op* op : ops) {
        CHECK(blocks.count(op->block));
        for (const auto* list : {&op->results, &op->operands, &op->ins, &op->outs, &op->temps})
            for (const Value* value : *list)
                CHECK(values.count(value));
        for (const Successor& successor : op->successors)
            CHECK((!successor.block || blocks.count(successor.block)));
    }
    for (const memlens::planner::Block* block : blocks)
        for (const memlens::planner::Block* successor : block->successors)
            CHECK(blocks.count(successor));
    for (const Function& function : module.functions)
        CHECK(ops.count(function.op));
}

} // namespace

TEST_CASE("a cloned module plans as the module it was copied from", "[planner][clone]")
{
    for (const std::string& text : {memlens::bench::generatedIr(1, 12), memlens::bench::generatedIr(4, 12),
             fileText("planner_rules/liveness.mlir"), fileText("planner_rules/inplace.mlir"),
             fileText("mlir/planner_phases.mlir"), fileText("mlir/a5_vf_mix.mlir")}) {
        auto original = readMlir(text, "input.mlir");
        REQUIRE_FALSE(deviceFunctions(*original).empty());
        const std::string expected = plansOf(*original);
        auto copy = cloneModule(*original);
        original.reset();
        CHECK(plansOf(*copy) == expected);
        CHECK(copy->fileName == "input.mlir");
        requireSelfContained(*copy);
    }
}
