#include "core/plan_analysis.hpp"

#include "core/address_coverage.hpp"
#include "core/cancellable_sort.hpp"
#include "core/dense_key_order.hpp"
#include "core/dump_error.hpp"
#include "core/unplanned_scope.hpp"
#include "core/work_thresholds.hpp"

#include <algorithm>
#include <future>
#include <map>
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
    PlanAnalysis analysis;
    analysis.capacity = capacity;
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
    std::future<StorageTruth> storageTruthApart;
    if (blocks.size() >= kOverlapsApartFromBlocks)
        storageTruthApart = std::async(std::launch::async, storageTruthOf);
    const auto takeStorageTruth = [&] {
        StorageTruth truth = storageTruthApart.valid() ? storageTruthApart.get() : storageTruthOf();
        analysis.storages = std::move(truth.storages);
        analysis.overlaps = std::move(truth.overlaps);
        analysis.overlapCount = truth.overlapCount;
    };
    if (blocks.empty()) {
        takeStorageTruth();
        return analysis;
    }
    const auto throwIfCancelled = [cancel] {
        if (cancel && cancel->load(std::memory_order_relaxed))
            throw LoadCancelled();
    };

    std::vector<std::uint64_t> points;
    points.reserve(blocks.size() * 2);
    for (const Block& block : blocks) {
        points.push_back(block.offset);
        points.push_back(block.addressEnd());
    }
    throwIfCancelled();
    AddressCoverage coverage(
        std::move(points), cancel); // live bytes as a union: in-place and overlapping bytes count once

    // Sweep the op sequence: a block enters at start and leaves at end + 1. An event
    // carries the block's range as point indices, so the sweep never reads the
    // blocks again in op order (a cache miss per event on a million blocks).
    struct Event { // 16 bytes: a million blocks make two million of them
        std::int64_t op;
        std::uint32_t from;        // point indices; equal for a block of size 0
        std::uint32_t toAndEnters; // the end's point index times two, plus one when the block enters
        std::uint32_t to() const { return toAndEnters >> 1; }
        bool enters() const { return (toAndEnters & 1) != 0; }
    };
    analysis.firstOp = blocks.front().start;
    analysis.lastOp = blocks.front().end;
    for (const Block& block : blocks) {
        analysis.firstOp = std::min(analysis.firstOp, block.start);
        analysis.lastOp = std::max(analysis.lastOp, block.end);
    }
    // Op numbers are dense: each event is put in its place by counting, else sorted after.
    std::optional<DenseKeyOrder<std::int64_t>> byOp = DenseKeyOrder<std::int64_t>::of([&blocks](const auto& visit) {
        for (const Block& block : blocks) {
            visit(block.start);
            visit(block.end + 1);
        }
    });
    std::vector<Event> events(2 * blocks.size());
    std::uint64_t maxBlockBytes = 0; // the peak address equals it when every block sits at 0
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if ((i & 0xffff) == 0)
            throwIfCancelled();
        const Block& block = blocks[i];
        const auto from = static_cast<std::uint32_t>(coverage.indexOf(block.offset));
        const auto to = static_cast<std::uint32_t>(coverage.indexOf(block.addressEnd()));
        events[byOp ? byOp->place(block.start) : 2 * i] = {block.start, from, 2 * to + 1};
        events[byOp ? byOp->place(block.end + 1) : 2 * i + 1] = {block.end + 1, from, 2 * to};
        analysis.peakAddressBytes = std::max(analysis.peakAddressBytes, block.addressEnd());
        maxBlockBytes = std::max(maxBlockBytes, block.size);
        if (analysis.isOverCapacity(block)) {
            analysis.overCapacityBlocks.push_back(static_cast<int>(i));
            if (!analysis.firstOverflowAt || block.start < *analysis.firstOverflowAt)
                analysis.firstOverflowAt = block.start;
        }
    }
    analysis.overflow = !analysis.overCapacityBlocks.empty();
    throwIfCancelled();
    if (!byOp)
        sortCancellably(
            events.begin(), events.end(), [](const Event& a, const Event& b) { return a.op < b.op; }, cancel);
    throwIfCancelled();

    // The high address is the end of the highest covered byte, but a block of size 0 covers
    // nothing and still ends somewhere: those few are counted apart.
    std::map<std::uint64_t, int> emptyBlockEnds;
    for (std::size_t i = 0; i < events.size();) {
        const std::int64_t op = events[i].op;
        for (; i < events.size() && events[i].op == op; ++i) {
            if ((i & 0xffff) == 0)
                throwIfCancelled();
            const Event& event = events[i];
            if (event.from == event.to()) {
                const std::uint64_t end = coverage.pointAt(event.from); // its offset
                if (event.enters()) {
                    ++emptyBlockEnds[end];
                } else if (auto it = emptyBlockEnds.find(end); --it->second == 0) {
                    emptyBlockEnds.erase(it);
                }
            } else if (event.enters()) {
                coverage.addAt(event.from, event.to());
            } else {
                coverage.removeAt(event.from, event.to());
            }
        }
        const std::uint64_t live = coverage.coveredBytes();
        const std::uint64_t high
            = std::max(coverage.coveredEnd(), emptyBlockEnds.empty() ? 0 : emptyBlockEnds.rbegin()->first);
        if (!analysis.usage.empty() && analysis.usage.back().liveBytes == live
            && analysis.usage.back().highAddress == high)
            continue;
        analysis.usage.push_back({op, live, high});
        if (live > analysis.peakLiveBytes) {
            analysis.peakLiveBytes = live;
            analysis.peakLiveAt = op;
        }
    }
    takeStorageTruth();
    throwIfCancelled();
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
