#include "core/planner/overflow_proof.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace memlens::planner {

// The least the scope's storages (copies included) need at one op, in aligned bits: storages
// live at one op never share an address at any level, except the two sides of an in-place pair
// refused for the pipe (a stall pair), which may touch at one op (LevelSearch::lifeConflict).
// So every storage live at the op counts, but those holding a side of a stall pair count as
// the largest of them alone: a bound, never more than any placement needs.
std::uint64_t peakDemandBits(const StorageEntry* root, std::uint64_t align, const std::vector<BufferPair>& stallPairs)
{
    std::set<const Value*> stallSides;
    for (const auto& [gen, kill] : stallPairs) {
        stallSides.insert(gen);
        stallSides.insert(kill);
    }
    struct Change {
        std::int64_t op;   // the op it takes effect at
        std::int64_t bits; // + at alloc, - after free
        bool stall;
    };
    std::vector<Change> changes;
    auto add = [&](const StorageEntry* entry) {
        const auto bits = static_cast<std::int64_t>(alignUp(static_cast<std::uint64_t>(entry->info->constBits), align));
        const bool stall = std::any_of(entry->inplaceBuffers.begin(), entry->inplaceBuffers.end(),
            [&](const Value* buffer) { return stallSides.count(buffer) > 0; });
        for (const BufferLife& life : entry->lives)
            if (life.allocTime >= 0 && life.allocTime <= life.freeTime && bits > 0) {
                changes.push_back({life.allocTime, bits, stall});
                changes.push_back({life.freeTime + 1, -bits, stall});
            }
    };
    add(root);
    for (const StorageEntry* child : root->children)
        add(child);
    std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) { return a.op < b.op; });
    std::int64_t apart = 0;                // the storages that hold no side of a stall pair
    std::multiset<std::int64_t> stallLive; // the sizes of those that do
    std::int64_t peak = 0;
    for (std::size_t i = 0; i < changes.size();) {
        const std::int64_t op = changes[i].op;
        for (; i < changes.size() && changes[i].op == op; ++i) {
            const Change& change = changes[i];
            if (!change.stall)
                apart += change.bits;
            else if (change.bits > 0)
                stallLive.insert(change.bits);
            else
                stallLive.erase(stallLive.find(-change.bits));
        }
        peak = std::max(peak, apart + (stallLive.empty() ? 0 : *stallLive.rbegin()));
    }
    return static_cast<std::uint64_t>(peak);
}

// True when some scope cannot fit whatever the shuffle seed. The ops where a buffer is
// first written and last read do not depend on it, only which buffers then merge in
// place; and a merge joins a buffer first written at an op with one read last there, so
// the buffers live at an op and not first written there are in distinct storages, each
// at least as large as the buffer and with at least its copies. Loop-carried pairs the
// compiler forces together are not bounded so: with any, the answer is false.
bool failsWithEverySeed(const BufferLives& buffers, const PlanTarget& target)
{
    if (!buffers.forcedPairs.empty())
        return false;
    struct Member {
        std::int64_t start, end;
        std::uint64_t bits; // aligned, times the copies
    };
    std::map<std::string, std::vector<Member>> byScope;
    for (const Value* buffer : buffers.bufferOrder) {
        const auto life = buffers.lives.find(buffer);
        const auto info = buffers.infos.find(buffer);
        if (life == buffers.lives.end() || info == buffers.infos.end())
            continue;
        const auto space = target.space(info->second.scope);
        const BufferLife& l = life->second;
        if (!space || l.allocTime < 0 || l.freeTime <= l.allocTime)
            continue;
        const auto copies = buffers.multiBuffer.count(buffer) ? buffers.multiBuffer.at(buffer) : 1u;
        const std::uint64_t bits = alignUp(static_cast<std::uint64_t>(info->second.constBits), space->alignBits);
        byScope[info->second.scope].push_back({l.allocTime, l.freeTime, bits * copies});
    }
    for (const auto& [scope, members] : byScope) {
        // Live over (start, end]: the sum can only rise at an op just after a start.
        std::vector<std::pair<std::int64_t, std::int64_t>> changes;
        for (const Member& m : members) {
            changes.emplace_back(m.start + 1, static_cast<std::int64_t>(m.bits));
            changes.emplace_back(m.end + 1, -static_cast<std::int64_t>(m.bits));
        }
        std::sort(changes.begin(), changes.end()); // at one op, ends before starts
        std::int64_t live = 0;
        for (const auto& [op, bits] : changes) {
            live += bits;
            if (live > static_cast<std::int64_t>(target.space(scope)->capacityBits))
                return true;
        }
    }
    return false;
}

} // namespace memlens::planner
