#pragma once
// The compiler's memory planner re-implemented, in the pass's phases: the op sequence
// (op_sequence), buffer liveness (buffer_liveness), storage entries (storage_entries), the
// per-scope flow here (no reuse when the sum fits, reorder, the unlimited level-3 plan,
// the level search within capacity (level_search), "requires N bits"), the result
// (plan_result), and 20 attempts with shuffle seeds 0..19. docs/design.md, "The planner",
// maps each compiler function to memlens's.
#include "core/planner/mlir_module.hpp"
#include "core/planner/plan_options.hpp"
#include "core/planner/plan_target.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens::planner {

struct PlannedAlloc {
    const Value* buffer = nullptr;
    std::vector<std::uint64_t> offsets; // bytes, one per copy
    std::int64_t bits = 0;              // the alloc's own size
    std::int64_t lifeStart = -1;        // its storage's Life, as a dump shows it
    std::int64_t lifeEnd = -1;
    int storage = -1; // index of its storage entry (first copies, in entry order); -1 when never written
    bool tmp = false;
};

// One record of memory_info_*.json's memory_info_array.
struct DumpItem {
    const Value* buffer = nullptr;
    std::vector<std::uint64_t> offsets;
    std::uint64_t extentBits = 0;
    std::int64_t lifeStart = -1;
    std::int64_t lifeEnd = -1;
    bool tmp = false;
};

struct PlannedScope {
    std::string scope;
    bool planned = true; // false: after a failing scope, never planned (offsets 0)
    bool fits = true;
    std::uint64_t capacityBits = 0;
    std::optional<std::uint64_t> requiresBits; // when it fails
    std::string errorInfo;                     // the compiler's error text, "" when it fits
    std::uint64_t highWaterBits = 0;           // max offset + aligned size over its storages
    std::string warning;                       // the DMA-reuse warning the compiler prints
    bool decided = true;                       // false: the search budget ran out here (fits is false)
    std::vector<PlannedAlloc> allocs;          // every alloc of the space, in IR order
    std::vector<DumpItem> dumpItems;
};

struct FunctionPlan {
    std::string name;
    std::string coreType;
    std::vector<std::string> errors;
    std::vector<std::string> notes;
    std::vector<PlannedScope> scopes;
    bool fits = true;
    int seed = 0; // the attempt whose plan this is
    // false: PlanOptions::searchBudget ran out before any seed fitted; fits is false
    // but the compiler may still find a plan.
    bool decided = true;
    bool cancelled = false; // PlanOptions::cancel stopped it (decided is false)
    long placements = 0;    // made by the searches within capacity, every seed so far
    int sequenceLength = 0;
    // The allocs of its hivm.tightly_coupled_buffer<id> marks: the owning core's side (AIV ub,
    // AIC cbuf) and the other core's, which takes the owning side's offsets once every
    // function is planned (shareCoupledOffsets fills castOffsets).
    struct CoupledBuffer {
        const Value* alloc = nullptr;
        int id = -1;
        bool owned = false;
    };
    std::vector<CoupledBuffer> coupled;
    // The offsets the pass's pointer casts give where they are not the plan's (bytes, per copy).
    std::map<const Value*, std::vector<std::uint64_t>> castOffsets;
};

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
