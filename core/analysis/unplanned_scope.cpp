#include "core/analysis/unplanned_scope.hpp"

#include <algorithm>

namespace memlens {

namespace {

// One block per storage: the first of its blocks. Storages share offset, size and Life.
std::vector<int> storageLeaders(const StorageMap& storages)
{
    std::vector<int> leaders;
    leaders.reserve(storages.count());
    for (std::size_t s = 0; s < storages.count(); ++s)
        leaders.push_back(storages.blocksOf(static_cast<int>(s)).front());
    return leaders;
}

} // namespace

bool wasNeverPlanned(const ScopePlan& scope, const StorageMap& storages)
{
    if (storages.count() < 2)
        return false;
    if (std::any_of(scope.blocks.begin(), scope.blocks.end(), [](const Block& block) { return block.offset != 0; }))
        return false;
    std::vector<int> leaders = storageLeaders(storages);
    std::sort(leaders.begin(), leaders.end(), [&scope](int a, int b) {
        return scope.blocks[static_cast<std::size_t>(a)].start < scope.blocks[static_cast<std::size_t>(b)].start;
    });
    std::int64_t latestEnd = scope.blocks[static_cast<std::size_t>(leaders.front())].end;
    for (std::size_t i = 1; i < leaders.size(); ++i) {
        const Block& block = scope.blocks[static_cast<std::size_t>(leaders[i])];
        if (block.size > 0 && block.start <= latestEnd)
            return true;
        latestEnd = std::max(latestEnd, block.end);
    }
    return false;
}

std::vector<UsageStep> storageDemandUsage(const ScopePlan& scope, const StorageMap& storages)
{
    struct Change {
        std::int64_t op;
        std::int64_t bytes; // + when the storage becomes live, - after its last op
    };
    std::vector<Change> changes;
    changes.reserve(2 * storages.count());
    for (const int leader : storageLeaders(storages)) {
        const Block& block = scope.blocks[static_cast<std::size_t>(leader)];
        changes.push_back({block.start, static_cast<std::int64_t>(block.size)});
        changes.push_back({block.end + 1, -static_cast<std::int64_t>(block.size)});
    }
    std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) { return a.op < b.op; });
    std::vector<UsageStep> usage;
    std::int64_t live = 0;
    for (std::size_t i = 0; i < changes.size();) {
        const std::int64_t op = changes[i].op;
        for (; i < changes.size() && changes[i].op == op; ++i)
            live += changes[i].bytes;
        const auto bytes = static_cast<std::uint64_t>(live);
        if (!usage.empty() && usage.back().liveBytes == bytes)
            continue;
        usage.push_back({op, bytes, bytes}); // nothing was placed: no holes
    }
    return usage;
}

void treatAsNotPlanned(const ScopePlan& scope, PlanAnalysis& analysis)
{
    analysis.planned = false;
    analysis.overflow = false;
    analysis.firstOverflowAt.reset();
    analysis.overCapacityBlocks.clear();
    analysis.overlaps.clear();
    analysis.overlapCount = 0;
    analysis.fragmentation.reset();
    analysis.usage = storageDemandUsage(scope, analysis.storages);
    analysis.peakLiveBytes = 0;
    analysis.peakLiveAt.reset();
    for (const UsageStep& step : analysis.usage)
        if (step.liveBytes > analysis.peakLiveBytes) {
            analysis.peakLiveBytes = step.liveBytes;
            analysis.peakLiveAt = step.op;
        }
}

std::string notPlannedText(const std::vector<ScopePlan>& scopes, const std::vector<PlanAnalysis>& analyses)
{
    for (std::size_t i = 0; i < scopes.size() && i < analyses.size(); ++i)
        if (analyses[i].planned && analyses[i].overflow)
            return "not planned: the compile stopped at scope " + scopes[i].scope;
    return "not planned: the compile stopped before this scope (every offset is 0 while Lives overlap)";
}

} // namespace memlens
