#include "core/plan_analysis.hpp"

#include "core/address_coverage.hpp"

#include <algorithm>
#include <map>

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

PlanAnalysis analyzePlan(const ScopePlan& scope, const Capacity& capacity)
{
    PlanAnalysis analysis;
    analysis.capacity = capacity;
    const auto& blocks = scope.blocks;
    analysis.storages = groupStorages(scope);
    if (blocks.empty())
        return analysis;

    // Sweep the op sequence: a block enters at start and leaves at end + 1.
    struct Event {
        std::int64_t op;
        int block;
        bool enters;
    };
    std::vector<Event> events;
    events.reserve(blocks.size() * 2);
    analysis.firstOp = blocks.front().start;
    analysis.lastOp = blocks.front().end;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const Block& block = blocks[i];
        events.push_back({block.start, static_cast<int>(i), true});
        events.push_back({block.end + 1, static_cast<int>(i), false});
        analysis.firstOp = std::min(analysis.firstOp, block.start);
        analysis.lastOp = std::max(analysis.lastOp, block.end);
        analysis.peakAddressBytes = std::max(analysis.peakAddressBytes, block.addressEnd());
        if (analysis.isOverCapacity(block)) {
            analysis.overCapacityBlocks.push_back(static_cast<int>(i));
            if (!analysis.firstOverflowAt || block.start < *analysis.firstOverflowAt)
                analysis.firstOverflowAt = block.start;
        }
    }
    analysis.overflow = !analysis.overCapacityBlocks.empty();
    std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.op < b.op; });

    std::vector<std::uint64_t> points;
    points.reserve(blocks.size() * 2);
    for (const Block& block : blocks) {
        points.push_back(block.offset);
        points.push_back(block.addressEnd());
    }
    AddressCoverage coverage(std::move(points)); // live bytes as a union: in-place and overlapping bytes count once
    std::map<std::uint64_t, int> liveEnds;       // address end -> how many live blocks end there
    for (std::size_t i = 0; i < events.size();) {
        const std::int64_t op = events[i].op;
        for (; i < events.size() && events[i].op == op; ++i) {
            const Block& block = blocks[static_cast<std::size_t>(events[i].block)];
            if (events[i].enters) {
                coverage.add(block.offset, block.addressEnd());
                ++liveEnds[block.addressEnd()];
            } else {
                coverage.remove(block.offset, block.addressEnd());
                auto it = liveEnds.find(block.addressEnd());
                if (--it->second == 0)
                    liveEnds.erase(it);
            }
        }
        const std::uint64_t live = coverage.coveredBytes();
        const std::uint64_t high = liveEnds.empty() ? 0 : liveEnds.rbegin()->first;
        if (!analysis.usage.empty() && analysis.usage.back().liveBytes == live
            && analysis.usage.back().highAddress == high)
            continue;
        analysis.usage.push_back({op, live, high});
        if (live > analysis.peakLiveBytes) {
            analysis.peakLiveBytes = live;
            analysis.peakLiveAt = op;
        }
    }
    analysis.overlaps = findOverlaps(scope, analysis.storages, kMaxListedOverlaps, &analysis.overlapCount);
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
    const bool saysFailed = scope.status && *scope.status != "success";
    if (analysis.overflow)
        return saysFailed || !scope.status ? PlanVerdict::Overflow : PlanVerdict::OverflowDespiteSuccess;
    return saysFailed ? PlanVerdict::FailedWithinCapacity : PlanVerdict::Fits;
}

} // namespace memlens
