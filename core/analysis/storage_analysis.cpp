#include "core/analysis/storage_analysis.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/class_numbering.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>
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

// Where a buffer stands in the IR, as far as its name tells: MLIR prints an alloc's results
// %alloc, %alloc_0, %alloc_1, ... in the order they appear, so the number is IR order. Names
// of another form (a hand-written %x_ub) come after, in the dump's order.
std::uint64_t irOrderOfName(std::string_view name)
{
    constexpr std::string_view kAlloc = "%alloc";
    constexpr std::uint64_t kUnknown = std::numeric_limits<std::uint64_t>::max();
    if (name.substr(0, kAlloc.size()) != kAlloc)
        return kUnknown;
    const std::string_view rest = name.substr(kAlloc.size());
    if (rest.empty())
        return 0;
    if (rest.size() < 2 || rest.size() > 12 || rest.front() != '_')
        return kUnknown;
    std::uint64_t number = 0;
    for (const char c : rest.substr(1)) {
        if (c < '0' || c > '9')
            return kUnknown;
        number = number * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return number + 1;
}

// Orders a storage's blocks by IR order, its holder first: its earliest buffer. Its blocks share
// one Life (that is what makes them one storage), so the earliest is the first in IR order; the
// others reuse it in place. Blocks whose names do not tell keep their (id, copy) order, after.
void orderByIr(const ScopePlan& scope, std::span<int> blocks)
{
    if (blocks.size() < 2)
        return;
    const auto irOrder = [&](int block) {
        return irOrderOfName(scope.bufferOf(scope.blocks[static_cast<std::size_t>(block)]).ssaName);
    };
    std::stable_sort(blocks.begin(), blocks.end(), [&](int a, int b) { return irOrder(a) < irOrder(b); });
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

namespace {

// A storage's key: its blocks share offset, size and Life.
std::uint64_t storageKeyHash(const Block& block)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const std::uint64_t part :
        {block.offset, block.size, static_cast<std::uint64_t>(block.start), static_cast<std::uint64_t>(block.end)})
        h = (h ^ part) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

bool sameStorage(const Block& x, const Block& y)
{
    return x.offset == y.offset && x.size == y.size && x.start == y.start && x.end == y.end;
}

// Each storage's blocks side by side, counted into place in `order`; then in IR order, holder first.
void placeInGroups(
    const ScopePlan& scope, const std::vector<int>& order, const std::vector<int>& sizes, StorageMap& map)
{
    map.groupStart.assign(sizes.size() + 1, 0);
    for (std::size_t s = 0; s < sizes.size(); ++s)
        map.groupStart[s + 1] = map.groupStart[s] + sizes[s];
    map.groupedBlocks.assign(order.size(), 0);
    std::vector<int> next(map.groupStart.begin(), map.groupStart.end() - 1);
    for (const int index : order)
        map.groupedBlocks[static_cast<std::size_t>(
            next[static_cast<std::size_t>(map.storageOfBlock[static_cast<std::size_t>(index)])]++)]
            = index;
    for (std::size_t s = 0; s < sizes.size(); ++s)
        if (sizes[s] > 1)
            orderByIr(scope,
                std::span<int>(map.groupedBlocks)
                    .subspan(static_cast<std::size_t>(map.groupStart[s]), static_cast<std::size_t>(sizes[s])));
}

} // namespace

StorageMap groupStorages(const ScopePlan& scope, const std::atomic<bool>* cancel)
{
    // One storage: blocks of identical offset, size and Life, numbered in (id, copy) order.
    const auto blockAt = [&](int index) -> const Block& { return scope.blocks[static_cast<std::size_t>(index)]; };
    ClassNumbering storages(
        scope.blocks.size(), [&](int index) { return storageKeyHash(blockAt(index)); },
        [&](int a, int b) { return sameStorage(blockAt(a), blockAt(b)); });
    StorageMap map;
    map.storageOfBlock.assign(scope.blocks.size(), 0);
    const std::vector<int> order = blocksInOrder(scope);
    const std::vector<int> sizes = storages.numberAll(order, map.storageOfBlock, cancel);
    placeInGroups(scope, order, sizes, map);
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
