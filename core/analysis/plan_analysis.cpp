#include "core/analysis/plan_analysis.hpp"

#include "core/analysis/capacity.hpp"
#include "core/analysis/unplanned_scope.hpp"
#include "core/analysis/usage_sweep.hpp"
#include "core/base/cancellation.hpp"
#include "core/base/run_beside.hpp"
#include "core/base/work_thresholds.hpp"

#include <algorithm>
#include <optional>

namespace memlens {

namespace {

const UsageStep* stepAt(const std::vector<UsageStep>& usage, std::int64_t op)
{
    auto it = std::upper_bound(
        usage.begin(), usage.end(), op, [](std::int64_t value, const UsageStep& step) { return value < step.op; });
    if (it == usage.begin())
        return nullptr;
    return &*std::prev(it);
}

} // namespace

std::uint64_t PlanAnalysis::liveBytesAt(std::int64_t op) const
{
    const UsageStep* step = stepAt(usage, op);
    return step ? step->liveBytes : 0;
}

std::uint64_t PlanAnalysis::highAddressAt(std::int64_t op) const
{
    const UsageStep* step = stepAt(usage, op);
    return step ? step->highAddress : 0;
}

PlanAnalysis analyzePlan(const ScopePlan& scope, const Capacity& capacity, const std::atomic<bool>* cancel)
{
    PlanAnalysis analysis = analyzeUsage(scope, cancel);
    judgeCapacity(analysis, scope, capacity);
    return analysis;
}

void judgeCapacity(PlanAnalysis& analysis, const ScopePlan& scope, const Capacity& capacity)
{
    analysis.capacity = capacity;
    analysis.overCapacityBlocks.clear();
    analysis.firstOverflowAt.reset();
    if (analysis.planned && analysis.peakAddressBytes > capacity.bytes) {
        for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
            const Block& block = scope.blocks[i];
            if (!analysis.isOverCapacity(block))
                continue;
            analysis.overCapacityBlocks.push_back(static_cast<int>(i));
            if (!analysis.firstOverflowAt || block.start < *analysis.firstOverflowAt)
                analysis.firstOverflowAt = block.start;
        }
    }
    // The compiler's own figure counts too: an error "requires N bits" above the capacity is an
    // overflow even where the addresses written fit (a failed plan's dump, a log whose compile
    // failed), and so is a scope never planned whose demand alone exceeds the capacity.
    const auto required = requiredBitsInError(scope.error);
    analysis.overflowByCompilerFigure
        = analysis.overCapacityBlocks.empty() && required && (*required + 7) / 8 > capacity.bytes;
    analysis.overflowByDemand = !analysis.planned && analysis.peakLiveBytes > capacity.bytes;
    analysis.overflow
        = !analysis.overCapacityBlocks.empty() || analysis.overflowByCompilerFigure || analysis.overflowByDemand;
}

PlanAnalysis analyzeUsage(const ScopePlan& scope, const std::atomic<bool>* cancel)
{
    PlanAnalysis analysis;
    const auto& blocks = scope.blocks;
    // Storages, then the overlaps between them, and the usage sweep below read the plan
    // only: a large plan works them out on two threads side by side.
    struct StorageTruth {
        StorageMap storages;
        std::vector<Overlap> overlaps;
        std::size_t overlapCount = 0;
    };
    const auto storageTruthOf = [&scope, cancel] {
        StorageTruth truth;
        truth.storages = groupStorages(scope, cancel);
        if (!scope.blocks.empty())
            truth.overlaps = findOverlaps(scope, truth.storages, kMaxListedOverlaps, &truth.overlapCount, cancel);
        return truth;
    };
    ResultBeside<StorageTruth> storageTruth(blocks.size() >= kOverlapsApartFromBlocks, storageTruthOf);
    const auto takeStorageTruth = [&] {
        StorageTruth truth = storageTruth.take();
        analysis.storages = std::move(truth.storages);
        analysis.overlaps = std::move(truth.overlaps);
        analysis.overlapCount = truth.overlapCount;
    };
    if (blocks.empty()) {
        takeStorageTruth();
        return analysis;
    }

    analysis.firstOp = blocks.front().start;
    analysis.lastOp = blocks.front().end;
    std::uint64_t maxBlockBytes = 0; // the peak address equals it when every block sits at 0
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const Block& block = blocks[i];
        analysis.firstOp = std::min(analysis.firstOp, block.start);
        analysis.lastOp = std::max(analysis.lastOp, block.end);
        analysis.peakAddressBytes = std::max(analysis.peakAddressBytes, block.addressEnd());
        maxBlockBytes = std::max(maxBlockBytes, block.size);
    }
    UsageSweep sweep = sweepUsage(blocks, cancel);
    analysis.usage = std::move(sweep.usage);
    analysis.peakLiveBytes = sweep.peakLiveBytes;
    analysis.peakLiveAt = sweep.peakLiveAt;
    takeStorageTruth();
    throwIfCancelled(cancel);
    if (analysis.peakAddressBytes == maxBlockBytes && wasNeverPlanned(scope, analysis.storages)) {
        treatAsNotPlanned(scope, analysis);
        return analysis;
    }
    analysis.fragmentation = fragmentationAt(scope, analysis.peakAddressBytes);
    return analysis;
}

std::vector<int> liveBlocksAt(const ScopePlan& scope, std::int64_t op)
{
    std::vector<int> live;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i)
        if (scope.blocks[i].liveAt(op))
            live.push_back(static_cast<int>(i));
    return live;
}

PlanVerdict verdictOf(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    if (!analysis.decided)
        return PlanVerdict::NotDecided;
    if (!analysis.planned)
        return PlanVerdict::NotPlanned;
    const bool saysFailed = scope.status && *scope.status != "success";
    if (analysis.overflow)
        return saysFailed || !scope.status ? PlanVerdict::Overflow : PlanVerdict::OverflowDespiteSuccess;
    return saysFailed ? PlanVerdict::FailedWithinCapacity : PlanVerdict::Fits;
}

OverflowCause overflowCause(const PlanAnalysis& analysis)
{
    if (!analysis.planned || !analysis.overflow)
        return OverflowCause::Fits;
    return analysis.peakLiveBytes > analysis.capacity.bytes ? OverflowCause::Demand : OverflowCause::Placement;
}

} // namespace memlens
