#include "core/planner/plan_result.hpp"

#include <algorithm>
#include <map>

namespace memlens::planner {

namespace {

using OffsetsOf = std::map<const Value*, std::vector<std::uint64_t>>;

// Bytes per alloc: its storage's offset, its copies' in entry order, then its level-1 slots'.
OffsetsOf allocOffsets(const StorageEntries& entries)
{
    OffsetsOf offsets;
    for (const StorageEntry* entry : entries.entries())
        for (const Value* buffer : entry->inplaceBuffers)
            offsets[buffer].push_back((entry->offset + 7) / 8);
    for (const auto& [first, slots] : entries.allSlots())
        for (const StorageEntry* slot : slots)
            for (const Value* buffer : slot->inplaceBuffers)
                offsets[buffer].push_back((slot->offset + 7) / 8);
    return offsets;
}

void setLife(const StorageEntry& entry, std::int64_t& start, std::int64_t& end)
{
    if (entry.lives.empty())
        return;
    start = entry.lives.front().allocTime;
    end = entry.lives.front().freeTime;
}

// Every alloc of the space, in IR order.
void writeAllocs(PlannedScope& scope, const StorageEntries& entries, OffsetsOf& offsets,
    const std::map<const StorageEntry*, int>& storageNumbers)
{
    const BufferLives& live = entries.liveness();
    for (const Value* buffer : live.bufferOrder) {
        const BufferInfo& info = live.infos.at(buffer);
        if (info.scope != scope.scope)
            continue;
        PlannedAlloc alloc;
        alloc.buffer = buffer;
        alloc.bits = info.constBits;
        alloc.tmp = live.tempBuffers.count(buffer) != 0;
        if (const StorageEntry* entry = entries.entryOf(buffer)) {
            alloc.offsets = offsets[buffer];
            setLife(*entry, alloc.lifeStart, alloc.lifeEnd);
            const auto number = storageNumbers.find(entry);
            alloc.storage = number == storageNumbers.end() ? -1 : number->second;
        }
        scope.allocs.push_back(alloc);
    }
}

// The dump's records: the root's own buffer, then every buffer of each child storage.
void writeDumpItems(PlannedScope& scope, const StorageEntry& root, const BufferLives& live, OffsetsOf& offsets)
{
    auto addItems = [&](const StorageEntry& entry, bool ownOnly) {
        for (const Value* buffer : entry.inplaceBuffers) {
            if (ownOnly && buffer != entry.info->buffer)
                continue;
            DumpItem item;
            item.buffer = buffer;
            item.offsets = offsets[buffer];
            item.extentBits = alignUp(static_cast<std::uint64_t>(entry.info->constBits), 8);
            setLife(entry, item.lifeStart, item.lifeEnd);
            item.tmp = live.tempBuffers.count(buffer) != 0;
            scope.dumpItems.push_back(item);
        }
    };
    addItems(root, true);
    for (const StorageEntry* child : root.children)
        addItems(*child, false);
}

} // namespace

void writeScopeResults(FunctionPlan& result, const StorageEntries& entries)
{
    OffsetsOf offsets = allocOffsets(entries);
    const auto storageNumbers = entries.storageNumbers();
    for (PlannedScope& scope : result.scopes) {
        const StorageEntry* root = nullptr;
        for (const auto& [name, r] : entries.scopeRoots())
            if (name == scope.scope)
                root = r;
        for (const StorageEntry* entry : entries.entries())
            if (entry->info->scope == scope.scope && scope.planned)
                scope.highWaterBits = std::max(scope.highWaterBits, entry->offset + entry->aligned);
        writeAllocs(scope, entries, offsets, storageNumbers);
        if (root)
            writeDumpItems(scope, *root, entries.liveness(), offsets);
    }
}

} // namespace memlens::planner
