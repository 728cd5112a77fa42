// libFuzzer target: any text read as MLIR, numbered and planned never crashes, hangs
// or grows without bound: the reader, the op numbering, the liveness and the planner
// (both strategies, with and without the multi-buffer marks).
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/op_sequence.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace memlens::planner;
    const auto module = readMlir(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.mlir");
    const PlanTarget target = *findPlanTarget("Ascend910B1");
    for (const Function& function : module->functions) {
        if (!function.body())
            continue;
        linearize(function);
        planFunction(function, target);
        PlanOptions other;
        other.strategy = PlanStrategy::LargestFirst;
        other.multiBuffer = false;
        other.attempts = 2;
        planFunction(function, target, other);
    }
    return 0;
}
