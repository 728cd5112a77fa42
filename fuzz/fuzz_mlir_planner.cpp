// libFuzzer target: any text read as MLIR, numbered and planned never crashes, hangs
// or grows without bound: the reader, the op numbering, the liveness and the planner
// (both strategies, with and without the multi-buffer marks), the what-ifs the window
// asks, and the dump memlens writes of a plan. A plan that says it fits must have every
// alloc inside its space's capacity.
#include "core/document/computed_plan.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/what_if.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

using namespace memlens::planner;

// The verdict against the sizes: a fitting, decided scope holds every copy of every alloc
// below its capacity.
void checkVerdict(const FunctionPlan& plan)
{
    if (!plan.fits || !plan.decided)
        return;
    for (const PlannedScope& scope : plan.scopes) {
        if (!scope.planned || !scope.fits)
            continue;
        if (scope.highWaterBits > scope.capacityBits)
            __builtin_trap();
        for (const PlannedAlloc& alloc : scope.allocs)
            for (const std::uint64_t offset : alloc.offsets)
                if (offset * 8 + static_cast<std::uint64_t>(alloc.bits) > scope.capacityBits)
                    __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto module = readMlir(text, "fuzz.mlir");
    const PlanTarget target = *findPlanTarget("Ascend910B1");
    PlanOptions bounded; // a fuzz input must not search for minutes
    bounded.searchBudget = 20000;
    const memlens::AliasTable aliases = memlens::locationAliasesOf(*module);
    for (const Function& function : module->functions) {
        if (!function.body())
            continue;
        linearize(function);
        const FunctionPlan plan = planFunction(function, target, bounded);
        checkVerdict(plan);
        (void)memlens::jsonText(memlens::compilerDumpJson(plan, "fuzz.mlir", &aliases));
        PlanOptions other = bounded;
        other.strategy = PlanStrategy::LargestFirst;
        other.multiBuffer = false;
        other.attempts = 2;
        checkVerdict(planFunction(function, target, other));
    }
    // The window's what-ifs: multi-buffer off, and each tile dimension halved and doubled.
    WhatIfPlanner whatIfs(text, "fuzz.mlir");
    whatIfs.setSearchBudget(20000);
    (void)whatIfs.plan(WhatIf::noMultiBuffer());
    const auto dimensions = whatIfs.tileDimensions();
    for (std::size_t i = 0; i < dimensions.size() && i < 2; ++i)
        for (const DimensionScale& scale : standardScales(dimensions[i]))
            (void)whatIfs.plan(WhatIf::scaled(scale.value, scale.numerator, scale.denominator));
    return 0;
}
