#include "core/storage_analysis.hpp"

#include "core/dump_error.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>

namespace memlens {

bool blockOrderBefore(const ScopePlan& scope, int a, int b)
{
    const Block& blockA = scope.blocks[static_cast<std::size_t>(a)];
    const Block& blockB = scope.blocks[static_cast<std::size_t>(b)];
    const int idA = scope.bufferOf(blockA).id;
    const int idB = scope.bufferOf(blockB).id;
    return std::tie(idA, blockA.copy, a) < std::tie(idB, blockB.copy, b);
}

namespace {

std::vector<int> blocksInOrder(const ScopePlan& scope)
{
    std::vector<int> order(scope.blocks.size());
    std::iota(order.begin(), order.end(), 0);
    const auto before = [&](int a, int b) { return blockOrderBefore(scope, a, b); };
    if (!std::is_sorted(order.begin(), order.end(), before)) // a parsed dump is in order already
        std::stable_sort(order.begin(), order.end(), before);
    return order;
}

} // namespace

std::span<const int> StorageMap::blocksOf(int storage) const
{
    if (storage < 0 || static_cast<std::size_t>(storage) >= count())
        throw std::out_of_range("no storage " + std::to_string(storage));
    const auto from = static_cast<std::size_t>(groupStart[static_cast<std::size_t>(storage)]);
    const auto to = static_cast<std::size_t>(groupStart[static_cast<std::size_t>(storage) + 1]);
    return std::span<const int>(groupedBlocks).subspan(from, to - from);
}

StorageMap groupStorages(const ScopePlan& scope, const std::atomic<bool>* cancel)
{
    const auto throwIfCancelled = [cancel](std::size_t step) {
        if ((step & 0xffff) == 0 && cancel && cancel->load(std::memory_order_relaxed))
            throw LoadCancelled();
    };
    StorageMap map;
    const std::size_t blockCount = scope.blocks.size();
    map.storageOfBlock.assign(blockCount, 0);
    const auto blockAt = [&](int index) -> const Block& { return scope.blocks[static_cast<std::size_t>(index)]; };
    const auto sameStorage = [](const Block& a, const Block& b) {
        return a.offset == b.offset && a.size == b.size && a.start == b.start && a.end == b.end;
    };
    const auto hashOf = [](const Block& block) {
        std::uint64_t h = 0xcbf29ce484222325ull;
        for (const std::uint64_t part :
            {block.offset, block.size, static_cast<std::uint64_t>(block.start), static_cast<std::uint64_t>(block.end)})
            h = (h ^ part) * 0x100000001b3ull;
        return h ^ (h >> 29);
    };
    // Open addressing over the first block of each storage: no node per entry. A slot
    // keeps 32 bits of the hash beside the storage, so a probe reads a block (a cache
    // miss on a large plan) only when those match: nearly always a block of that storage.
    struct Slot {
        int storage = -1;
        std::uint32_t tag = 0;
    };
    std::size_t slotCount = 16;
    while (2 * slotCount < 3 * blockCount)
        slotCount *= 2;
    std::vector<Slot> slots(slotCount);
    std::vector<int> firstBlock; // storage -> its first block
    std::vector<int> sizes;      // storage -> how many blocks
    const std::vector<int> order = blocksInOrder(scope);
    throwIfCancelled(0);
    // The slot of the block a few steps ahead is fetched while this one is placed.
    constexpr std::size_t kFetchAhead = 8;
    for (std::size_t step = 0; step < order.size(); ++step) {
        throwIfCancelled(step);
        if (step + kFetchAhead < order.size())
            __builtin_prefetch(&slots[hashOf(blockAt(order[step + kFetchAhead])) & (slotCount - 1)]);
        const int index = order[step];
        const Block& block = blockAt(index);
        const std::uint64_t hash = hashOf(block);
        const auto tag = static_cast<std::uint32_t>(hash >> 32);
        std::size_t slot = hash & (slotCount - 1);
        while (slots[slot].storage >= 0
            && (slots[slot].tag != tag
                || !sameStorage(blockAt(firstBlock[static_cast<std::size_t>(slots[slot].storage)]), block)))
            slot = (slot + 1) & (slotCount - 1);
        if (slots[slot].storage < 0) {
            slots[slot] = {static_cast<int>(firstBlock.size()), tag};
            firstBlock.push_back(index);
            sizes.push_back(0);
        }
        const int storage = slots[slot].storage;
        map.storageOfBlock[static_cast<std::size_t>(index)] = storage;
        ++sizes[static_cast<std::size_t>(storage)];
    }
    map.groupStart.assign(firstBlock.size() + 1, 0);
    for (std::size_t s = 0; s < sizes.size(); ++s)
        map.groupStart[s + 1] = map.groupStart[s] + sizes[s];
    map.groupedBlocks.assign(blockCount, 0);
    std::vector<int> next(map.groupStart.begin(), map.groupStart.end() - 1);
    for (const int index : order) // again in order: each storage's blocks stay in (id, copy) order
        map.groupedBlocks[static_cast<std::size_t>(
            next[static_cast<std::size_t>(map.storageOfBlock[static_cast<std::size_t>(index)])]++)]
            = index;
    return map;
}

AddressSnapshot addressSnapshotAt(const ScopePlan& scope, std::int64_t op)
{
    AddressSnapshot snapshot;
    snapshot.op = op;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i)
        if (scope.blocks[i].liveAt(op))
            snapshot.liveBlocks.push_back(static_cast<int>(i));
    std::sort(snapshot.liveBlocks.begin(), snapshot.liveBlocks.end(), [&](int a, int b) {
        const std::uint64_t offsetA = scope.blocks[static_cast<std::size_t>(a)].offset;
        const std::uint64_t offsetB = scope.blocks[static_cast<std::size_t>(b)].offset;
        return offsetA != offsetB ? offsetA < offsetB : blockOrderBefore(scope, a, b);
    });
    // Walk up the address space: everything below `covered` is accounted for.
    std::uint64_t covered = 0;
    for (const int index : snapshot.liveBlocks) {
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        snapshot.highAddress = std::max(snapshot.highAddress, block.addressEnd());
        if (block.size == 0)
            continue;
        if (block.offset > covered)
            snapshot.holes.push_back({covered, block.offset});
        if (block.addressEnd() > covered) {
            snapshot.liveBytes += block.addressEnd() - std::max(covered, block.offset);
            covered = block.addressEnd();
        }
    }
    if (snapshot.highAddress > covered) // only blocks of size 0 up there
        snapshot.holes.push_back({covered, snapshot.highAddress});
    for (const AddressRange& hole : snapshot.holes)
        if (!snapshot.largestHole || hole.length() > snapshot.largestHole->length())
            snapshot.largestHole = hole;
    return snapshot;
}

std::optional<AddressSnapshot> fragmentationAt(const ScopePlan& scope, std::uint64_t peakAddressBytes)
{
    std::optional<std::int64_t> at;
    for (const Block& block : scope.blocks)
        if (block.addressEnd() == peakAddressBytes && (!at || block.start < *at))
            at = block.start;
    if (!at)
        return std::nullopt;
    return addressSnapshotAt(scope, *at);
}

} // namespace memlens
