#pragma once
// Storage truth (docs/design.md, The dump): blocks the planner merged in place share
// one storage (identical offset, size and Life) and count once; blocks of
// different storages whose Lives and addresses intersect are overlaps; address
// space below the highest live address that no live block covers is a hole.
//
// The public API, for any code that needs these facts:
//   groupStorages(scope)          storage of every block, blocks of every storage
//   findOverlaps(scope, storages) every overlapping pair of blocks (core/analysis/overlap_finder.hpp)
//   addressSnapshotAt(scope, op)  live blocks by address, union live bytes, holes, largest hole at one op
//   fragmentationAt(scope, peak)  the snapshot where the highest address first reaches its peak
// PlanAnalysis (core/analysis/plan_analysis.hpp) holds the results for a scope: storageOf(),
// blocksOfStorage(), overlaps, fragmentation, and liveBytesAt()/holeBytesAt() at any op.
#include "core/analysis/overlap_finder.hpp"
#include "core/dump/dump_model.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace memlens {

// Addresses [start, end), bytes.
struct AddressRange {
    std::uint64_t start = 0;
    std::uint64_t end = 0;

    std::uint64_t length() const { return end - start; }
    friend bool operator==(const AddressRange&, const AddressRange&) = default;
};

// True when block `a` comes before block `b` in (buffer id, copy) order.
bool blockOrderBefore(const ScopePlan& scope, int a, int b);

// Blocks by storage in two flat lists (a million storages must not be a million vectors).
struct StorageMap {
    std::vector<int> storageOfBlock; // parallel to ScopePlan::blocks
    // Block indices by storage, each storage's in IR order: its holder first, the earliest buffer,
    // which counts the storage's bytes (the others reuse it in place).
    std::vector<int> groupedBlocks;
    std::vector<int> groupStart; // storage s: groupedBlocks[groupStart[s], groupStart[s + 1]); count() + 1 long

    std::size_t count() const { return groupStart.empty() ? 0 : groupStart.size() - 1; }
    // The blocks of `storage`, its holder first. Throws std::out_of_range for a storage that is not there.
    std::span<const int> blocksOf(int storage) const;
};

// Storages numbered from 0 in the order their first block appears by (id, copy). A storage's
// holder is its earliest buffer: its buffers share one Life, so the first in IR order, which a
// dump's names tell (%alloc, %alloc_0, %alloc_1, ... as MLIR prints them), else (id, copy) order.
// Throws LoadCancelled soon after `*cancel` becomes true (when given).
StorageMap groupStorages(const ScopePlan& scope, const std::atomic<bool>* cancel = nullptr);

// The address space at one op.
struct AddressSnapshot {
    std::int64_t op = 0;
    std::vector<int> liveBlocks;             // block indices live at op, by offset then (id, copy)
    std::uint64_t highAddress = 0;           // largest offset + size among them (0 when none)
    std::uint64_t liveBytes = 0;             // union of their address ranges: bytes counted once
    std::vector<AddressRange> holes;         // gaps in [0, highAddress) no live block covers, ascending
    std::optional<AddressRange> largestHole; // the longest hole, the lowest one on a tie

    std::uint64_t holeBytes() const { return highAddress - liveBytes; }
};

AddressSnapshot addressSnapshotAt(const ScopePlan& scope, std::int64_t op);

// Demand against placement at the peak address: `at` is the first op where a live
// block ends at `peakAddressBytes`. None for a scope without blocks.
std::optional<AddressSnapshot> fragmentationAt(const ScopePlan& scope, std::uint64_t peakAddressBytes);

} // namespace memlens
