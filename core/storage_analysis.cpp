#include "core/storage_analysis.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>
#include <unordered_map>

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

StorageMap groupStorages(const ScopePlan& scope)
{
    StorageMap map;
    map.storageOfBlock.assign(scope.blocks.size(), 0);
    using Key = std::tuple<std::uint64_t, std::uint64_t, std::int64_t, std::int64_t>;
    struct KeyHash {
        std::size_t operator()(const Key& key) const noexcept
        {
            std::size_t h = std::hash<std::uint64_t>()(std::get<0>(key));
            for (const std::uint64_t part : {std::get<1>(key), static_cast<std::uint64_t>(std::get<2>(key)),
                     static_cast<std::uint64_t>(std::get<3>(key))})
                h = (h ^ part) * 0x100000001b3ull;
            return h;
        }
    };
    std::unordered_map<Key, int, KeyHash> storageOfKey;
    storageOfKey.reserve(scope.blocks.size());
    for (const int index : blocksInOrder(scope)) {
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        const auto [it, added] = storageOfKey.try_emplace(
            Key{block.offset, block.size, block.start, block.end}, static_cast<int>(map.count()));
        if (added)
            map.blocksOfStorage.emplace_back();
        map.storageOfBlock[static_cast<std::size_t>(index)] = it->second;
        map.blocksOfStorage[static_cast<std::size_t>(it->second)].push_back(index);
    }
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
