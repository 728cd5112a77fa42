#pragma once
// The compiler's memory planner re-implemented, in the pass's phases: the op sequence
// (op_sequence), buffer liveness (buffer_liveness), storage entries (storage_entries), the
// per-scope flow here (no reuse when the sum fits, reorder, the unlimited level-3 plan,
// the level search within capacity (level_search), "requires N bits"), the result
// (plan_result), and 20 attempts with shuffle seeds 0..19. docs/design.md, "The planner",
// maps each compiler function to memlens's.
#include "core/planner/function_plan.hpp"
#include "core/planner/mlir_module.hpp"
#include "core/planner/plan_options.hpp"
#include "core/planner/plan_target.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens::planner {

// The functions the compiler plans (not host, not a VF function, with a body), in module order; only
// `name`'s when given.
std::vector<const Function*> deviceFunctions(const Module& module, const std::string& name = {});
// The hacc.target of the first device function that names one, else "Ascend910B1".
std::string planTargetName(const Module& module);

// What the A5 pass prints with --enable-print-memory-allocated-size after a local plan that
// fits ("Allocated UB size = N bits"): the highest UB address its storages reach (copies
// included), in bits; nullopt for another pass, a plan that fails, or one without UB.
std::optional<std::uint64_t> allocatedUbBits(const FunctionPlan& plan, bool regBase);

FunctionPlan planFunction(const Function& function, const PlanTarget& target, const PlanOptions& options = {});
// The same plan, on what `prepared` keeps of its function (prepared_function.hpp): for many
// plans of one function whose sizes or marks change between them (what-ifs).
class PreparedFunction;
FunctionPlan planFunction(PreparedFunction& prepared, const PlanTarget& target, const PlanOptions& options = {});

// After every function of a module is planned: the other core's side of each tightly coupled
// buffer takes the offsets of the owning side of the same id (the last function planned that
// owns it), as the pass rewrites them.
void shareCoupledOffsets(const std::vector<FunctionPlan*>& plans);

// "search stopped after N placements: not decided"
std::string searchStoppedText(long placements);
// "the plan was cancelled: not decided"
inline constexpr const char* kPlanCancelledText = "the plan was cancelled: not decided";
// "search stopped at its time limit after N placements: not decided"
std::string searchTimedOutText(long placements);

// "<scope> overflow, requires N bits while CAP bits available!", with " (possible reason: ...)"
// where the rules say so.
std::string overflowErrorText(const std::string& scope, std::uint64_t requiresBits, std::uint64_t capacityBits,
    const PlanRules& rules = PlanRules::membase());

} // namespace memlens::planner
