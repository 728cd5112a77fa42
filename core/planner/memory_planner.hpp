#pragma once
// The compiler's memory planner re-implemented: storage entries, in-place merging,
// multi-buffer copies, the per-scope flow (no reuse when the sum fits, reorder, the
// unlimited level-3 plan, levels 3..0 with rollback and the split-outline restart),
// "requires N bits", and 20 attempts with shuffle seeds 0..19.
#include "core/planner/mlir_module.hpp"
#include "core/planner/plan_target.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens::planner {

enum class PlanStrategy { Default, LargestFirst };

struct PlanOptions {
    PlanStrategy strategy = PlanStrategy::Default;
    // The pass option restrict-inplace-as-isa: only the ops the ISA lets write over an input
    // (vadd, vsub, vmax, vmin, vor, vand, vmul without inline broadcast or transpose) merge in place.
    bool restrictInplaceAsIsa = false;
    bool multiBuffer = true; // false: hivm.multi_buffer marks are ignored
    int attempts = 20;       // seeds 0 .. attempts-1, the first success wins
    // false: one attempt with the live values unshuffled, as compilers built before the
    // seeded retries planned (the two real samples' dumps come from such a build).
    bool shuffleSeeds = true;
    // A scope whose storages live at one op need more than its capacity cannot fit: it fails
    // at once, with the same plan and "requires N bits" the search within capacity ends at.
    // false: search all the same, as the compiler does (the tests compare the two).
    bool proveOverflow = true;
    // true: the buffer liveness is built once and each later seed only reorders its lists
    // (BufferLiveness::reshuffle); false: built again per seed. The plans are the same.
    bool reuseLiveness = true;
    // > 0: the placements the searches within capacity may make for the whole plan, every
    // seed together; when they run out before a seed fits, the plan is not decided
    // (FunctionPlan::decided). 0: no such bound, as in the compiler (each seed keeps a
    // guard of 2,000,000 placements). For what-ifs, which must answer at once.
    long searchBudget = 0;
    // Set to true to stop the plan soon: the search polls it at each placement and the
    // seeds between attempts; a stopped plan is not decided (FunctionPlan::cancelled).
    const std::atomic<bool>* cancel = nullptr;
    // Set: the search within capacity stops at this time too (polled every 256 placements),
    // not decided, whatever placements are left: a load's guard on an input whose every
    // placement is slow.
    std::optional<std::chrono::steady_clock::time_point> deadline;
};

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

struct ScopePlan {
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
    std::vector<ScopePlan> scopes;
    bool fits = true;
    int seed = 0; // the attempt whose plan this is
    // false: PlanOptions::searchBudget ran out before any seed fitted; fits is false
    // but the compiler may still find a plan.
    bool decided = true;
    bool cancelled = false; // PlanOptions::cancel stopped it (decided is false)
    long placements = 0;    // made by the searches within capacity, every seed so far
    int sequenceLength = 0;
};

// The functions the compiler plans (not host, with a body), in module order; only
// `name`'s when given.
std::vector<const Function*> deviceFunctions(const Module& module, const std::string& name = {});
// The hacc.target of the first device function that names one, else "Ascend910B1".
std::string planTargetName(const Module& module);

FunctionPlan planFunction(const Function& function, const PlanTarget& target, const PlanOptions& options = {});

// "<scope> overflow, requires N bits while CAP bits available! (possible reason: ...)"
// "search stopped after N placements: not decided"
std::string searchStoppedText(long placements);
// "the plan was cancelled: not decided"
inline constexpr const char* kPlanCancelledText = "the plan was cancelled: not decided";
// "search stopped at its time limit after N placements: not decided"
std::string searchTimedOutText(long placements);

std::string overflowErrorText(const std::string& scope, std::uint64_t requiresBits, std::uint64_t capacityBits);

} // namespace memlens::planner
