#pragma once
// What a plan is asked for: the pass's own options, the rule set of the compiler's pass
// being re-planned (named choices where the A2/A3 and A5 passes differ), and memlens's
// own shortcuts and bounds.
#include "core/planner/compiler_generation.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

namespace memlens::planner {

// The pass option plan-memory-strategy.
enum class PlanStrategy { Default, LargestFirst };

// The rules where the compiler's two planners differ, each a named choice. The A2/A3
// pass (hivm-plan-memory) and the A5 one (hivm-plan-memory-regbase) share everything
// else: liveness, storage entries, the reorder, the levels, rollback and retries.
struct PlanRules {
    // In place, HIVM op: every memref input must have the output's static offset.
    bool inplaceNeedsSameOffset = true;
    // In place, hivm.hir.vsel on i64 with an i1 condition: the condition never dies into the output.
    bool inplaceKeepsVselCondition = true;
    // In place: a mem_unique gen or kill is never merged (A2/A3 exclude only ignore-in-place ones).
    bool inplaceSkipsMemUnique = false;
    // A multi-buffered buffer that reaches a store never takes the place of a multi-buffered one
    // a load writes; the pair is remembered and may touch at one op at level 0 ("stall pairs").
    bool refuseStallingInplace = true;
    // The overflow error ends with "(possible reason: ...)".
    bool overflowReasonSuffix = true;
    // An annotation.mark ends with the kill test of every value live there, shuffled like any
    // op's (so it draws from the seed too); A2/A3 test only the marked alloc, without a draw.
    bool markKillsEveryLiveValue = false;
    // A value defined in one region of an scf.while never dies at an op of the other region.
    bool whileSiblingKeepsAlive = false;
    // The other core's side of a tightly coupled buffer (AIC ub, AIV cbuf) is not planned: it is
    // never written here and takes the owning side's offsets. A2/A3 plan it, then overwrite them.
    bool skipsOtherSideOfCoupledBuffer = false;
    // Two mem_unique tightly coupled buffers with different ids whose uses never overlap in any
    // function holding both fall back to the lifetime test (PlanMemoryPass's allowed CV pairs).
    bool coupledPairsMayShare = false;
    // The level-1 slot test keeps a mem_unique storage apart too (A2/A3: lifetimes only).
    bool slotTestKeepsMemUnique = false;
    // ssbuf is left alone: a pointer cast touching it alone is skipped (A2/A3 stop at it as an
    // unknown op), and an alloc in it stops the pass at once (A2/A3 plan it as a storage and stop
    // when its space is asked for).
    bool ssbufLeftAlone = false;
    // The pass is hivm-plan-memory-regbase.
    bool regBasePass = false;

    // The newer generation's (applyGeneration sets them; the pass leaves them as they were):
    // A SIMT or MIX function on a reg-based target has shared-mem-dynamic-size bytes of UB
    // (PlanOptions::sharedMemDynamicSizeBytes, no default); else simt-vf-dynamic-size KB.
    bool sharedMemDynamicSize = true;
    // A loop whose init value comes from arith.select: the buffer it yields never takes a
    // loop-local source's place (it is ignore-in-place).
    bool selectInitKeepsYieldApart = true;
    // The A5 pass's outline is split from the first placement of the search within capacity
    // (once the level-3 plan without a limit overflows), not only after a failed search restarts:
    // a storage over several segments leaves one per segment, so a later multi-buffered storage
    // of the loop cannot take its copies' slots whole at level 1. No restart is left to make.
    bool splitOutlineAtMultiLevel = true;

    bool operator==(const PlanRules&) const = default;
    static PlanRules membase() { return {}; } // hivm-plan-memory (A2/A3)
    static PlanRules regbase()                // hivm-plan-memory-regbase (A5, Ascend310B)
    {
        PlanRules rules;
        rules.inplaceNeedsSameOffset = false;
        rules.inplaceKeepsVselCondition = false;
        rules.inplaceSkipsMemUnique = true;
        rules.refuseStallingInplace = false;
        rules.overflowReasonSuffix = false;
        rules.markKillsEveryLiveValue = true;
        rules.whileSiblingKeepsAlive = true;
        rules.skipsOtherSideOfCoupledBuffer = true;
        rules.coupledPairsMayShare = true;
        rules.slotTestKeepsMemUnique = true;
        rules.ssbufLeftAlone = true;
        rules.regBasePass = true;
        return rules;
    }
};

struct PlanOptions {
    PlanStrategy strategy = PlanStrategy::Default;
    PlanRules rules = PlanRules::membase();
    // The pass option restrict-inplace-as-isa: only the ops the ISA lets write over an input
    // (vadd, vsub, vmax, vmin, vor, vand, vmul without inline broadcast or transpose) merge in place.
    bool restrictInplaceAsIsa = false;
    bool multiBuffer = true; // false: hivm.multi_buffer marks are ignored
    // The pass option simt-vf-dynamic-size: the UB, in KB, of a function a reg-based target
    // runs in SIMT or MIX mode (hivm.vf_mode); it must lie in [UB - 120 KB, UB - 32 KB].
    int simtVfDynamicSizeKb = 216;
    // The newer generation's pass option shared-mem-dynamic-size: the UB, in bytes, of a SIMT or
    // MIX function on a reg-based target; -1 (unset) is an error for such a function.
    std::int64_t sharedMemDynamicSizeBytes = -1;
    // The compiler generation whose rules these are (applyGeneration sets it with them).
    CompilerGeneration generation = kNewestGeneration;
    // The pass option disable-tightly-coupled-buffer-reuse: the owning side of a tightly
    // coupled buffer (AIV ub, AIC cbuf) is planned as mem_unique.
    bool disableTightlyCoupledBufferReuse = false;
    // The pass option disable-vf-reachable-check: a VF call's output takes a dying input's
    // place even when that would make a loop's load wait for its store.
    bool disableVfReachableCheck = false;
    int attempts = 20; // seeds 0 .. attempts-1, the first success wins
    // false: one attempt with the live values unshuffled, as compilers built before the
    // seeded retries planned (the two real samples' dumps come from such a build).
    bool shuffleSeeds = true;

    // memlens's own, none of them changes a decided plan:
    // A scope whose storages live at one op need more than its capacity cannot fit: it fails
    // at once, with the same plan and "requires N bits" the search within capacity ends at.
    // false: search all the same, as the compiler does (the tests compare the two).
    bool proveOverflow = true;
    // true: a seed whose storages (order, lives, buffers, copies, stall pairs) equal an earlier
    // failed seed's is not searched again: it fails alike, and its plan is that one's with its
    // own seed number (StorageEntries::signature). false: every seed searched (tests compare).
    bool skipRepeatedSeeds = true;
    // true: the search's steps take shortcuts with the same outcome: the life-conflict test skips,
    // by binary search, a segment's lives that end before the storage's begin (Segment::ordered),
    // and a placement merges the sorted lives it joins rather than sorting them. false: lives
    // walked one by one and sorted (tests compare).
    bool fastSearchSteps = true;
    // true: after a rollback, when the entries the search must place before it may go on past
    // the last failure cannot all be placed over the addresses left (at some op, those live
    // across it need more than the segments free across it), the rollback they would come back
    // to is made at once (LevelSearch::skipDoomed). false: searched through (tests compare).
    bool pruneDoomedSearch = true;
    // true: the buffer liveness is built once and each later seed only reorders its lists
    // (ShuffleLog::replay); false: built again per seed. The plans are the same.
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

// Sets `options` to plan as `generation`: its seeds and its rules (on top of the pass's).
void applyGeneration(PlanOptions& options, CompilerGeneration generation);

} // namespace memlens::planner
