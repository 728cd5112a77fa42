#pragma once
// What a scope's plan means: usage over the op sequence, peaks, and whether
// (and where) it crosses capacity. Judged from the plan itself, whatever the
// dump's status says.
#include "core/analysis/capacity.hpp"
#include "core/analysis/storage_analysis.hpp"
#include "core/analysis/usage_sweep.hpp"
#include "core/dump/dump_model.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace memlens {

struct PlanAnalysis {
    Capacity capacity; // the verdict's four fields: this, overflow, firstOverflowAt, overCapacityBlocks
    // False for a scope the compiler never planned (it stopped at an earlier one): every offset is 0 while
    // blocks of different storages share ops. Such a scope has no verdict, no overlaps and no holes; its
    // usage and peak live bytes are then the sum of the storages live at once (the demand).
    std::int64_t firstOp = 0; // earliest Life start (0 when there are no blocks)
    std::int64_t lastOp = 0;  // latest Life end
    bool planned = true;
    std::vector<UsageStep> usage;           // ends with a step of zero after lastOp
    std::uint64_t peakLiveBytes = 0;        // largest union of live address ranges
    std::optional<std::int64_t> peakLiveAt; // first op reaching the peak
    std::uint64_t peakAddressBytes = 0;     // largest offset + size of any block
    // The verdict: some block ends above capacity, or one of the two below.
    bool overflow = false;
    // No block ends above capacity, but the scope's error says the compiler required more
    // ("requires N bits") than the capacity in force.
    bool overflowByCompilerFigure = false;
    // Not planned, and the most bytes live at once exceed the capacity: no plan can fit it.
    bool overflowByDemand = false;
    // false: the plan is memlens's own and its search stopped at the load's limit before it was
    // decided; its addresses are a partial search's, and there is no verdict.
    bool decided = true;
    std::optional<std::int64_t> firstOverflowAt;
    std::vector<int> overCapacityBlocks; // indices into ScopePlan::blocks, in block order
    StorageMap storages;                 // in-place merges: blocks sharing one storage
    std::vector<Overlap> overlaps; // blocks of different storages sharing bytes and ops (the first kMaxListedOverlaps)
    std::size_t overlapCount = 0;  // how many overlapping pairs there are in all
    std::optional<AddressSnapshot> fragmentation; // live bytes and holes where the high address first peaks

    std::uint64_t liveBytesAt(std::int64_t op) const; // union: bytes counted once
    std::uint64_t highAddressAt(std::int64_t op) const;
    std::uint64_t holeBytesAt(std::int64_t op) const { return highAddressAt(op) - liveBytesAt(op); }
    int storageOf(int block) const { return storages.storageOfBlock.at(static_cast<std::size_t>(block)); }
    std::span<const int> blocksOfStorage(int storage) const { return storages.blocksOf(storage); }
    // The block that holds `block`'s storage and counts its bytes: its earliest buffer (storage_analysis.hpp).
    int storageHolderOf(int block) const { return blocksOfStorage(storageOf(block)).front(); }
    bool holdsStorage(int block) const { return storageHolderOf(block) == block; }
    // How many blocks share `block`'s storage (1 when it is alone).
    std::size_t storageSizeOf(int block) const { return blocksOfStorage(storageOf(block)).size(); }
    bool isOverCapacity(const Block& block) const { return planned && block.addressEnd() > capacity.bytes; }
};

// The analysis in two parts. Everything but the verdict reads the plan alone
// (analyzeUsage: the sweeps, seconds on a million blocks). The verdict against a
// capacity (judgeCapacity: capacity, overflow, firstOverflowAt, overCapacityBlocks)
// is one pass over the blocks, none when the plan's top fits: a capacity edit
// re-judges, it does not analyse again.
// Both throw LoadCancelled soon after `*cancel` becomes true (when given).
PlanAnalysis analyzePlan(const ScopePlan& scope, const Capacity& capacity, const std::atomic<bool>* cancel = nullptr);
PlanAnalysis analyzeUsage(const ScopePlan& scope, const std::atomic<bool>* cancel = nullptr);
void judgeCapacity(PlanAnalysis& analysis, const ScopePlan& scope, const Capacity& capacity);

// Indices of the blocks live at `op` (start <= op <= end), in block order.
std::vector<int> liveBlocksAt(const ScopePlan& scope, std::int64_t op);

// A one-line verdict: "fits", "overflow", the case where the dump says success but the plan crosses
// capacity (today's compiler writes success for every scope), or a scope that was never planned.
// NotDecided: memlens's own plan stopped at the search's limit (PlanAnalysis::decided).
enum class PlanVerdict { Fits, Overflow, OverflowDespiteSuccess, FailedWithinCapacity, NotPlanned, NotDecided };
PlanVerdict verdictOf(const ScopePlan& scope, const PlanAnalysis& analysis);

// Why a plan overflows. Demand: at some op more is live at once than the capacity holds, so no
// placement fits. Placement: what is live fits at every op, the holes between it push the high-water
// mark over (a placement strategy may help). The one rule every text and the diagnosis use.
enum class OverflowCause { Fits, Demand, Placement };
OverflowCause overflowCause(const PlanAnalysis& analysis);

} // namespace memlens
