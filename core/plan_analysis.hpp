#pragma once
// What a scope's plan means: usage over the op sequence, peaks, and whether
// (and where) it crosses capacity. Judged from the plan itself, whatever the
// dump's status says.
#include "core/capacity.hpp"
#include "core/dump_model.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace memlens {

// Usage is a step function: from `op` until the next step's op (exclusive).
struct UsageStep {
    std::int64_t op = 0;
    std::uint64_t liveBytes = 0;    // sum of the sizes of the blocks live at op
    std::uint64_t highAddress = 0;  // largest offset + size among them
};

struct PlanAnalysis {
    Capacity capacity;
    std::int64_t firstOp = 0;       // earliest Life start (0 when there are no blocks)
    std::int64_t lastOp = 0;        // latest Life end
    std::vector<UsageStep> usage;   // ends with a step of zero after lastOp
    std::uint64_t peakLiveBytes = 0;
    std::optional<std::int64_t> peakLiveAt;     // first op reaching the peak
    std::uint64_t peakAddressBytes = 0;         // largest offset + size of any block
    bool overflow = false;                      // some block ends above capacity
    std::optional<std::int64_t> firstOverflowAt;
    std::vector<int> overCapacityBlocks;        // indices into ScopePlan::blocks, in block order

    std::uint64_t liveBytesAt(std::int64_t op) const;
    std::uint64_t highAddressAt(std::int64_t op) const;
    bool isOverCapacity(const Block& block) const { return block.addressEnd() > capacity.bytes; }
};

PlanAnalysis analyzePlan(const ScopePlan& scope, const Capacity& capacity);

// Indices of the blocks live at `op` (start <= op <= end), in block order.
std::vector<int> liveBlocksAt(const ScopePlan& scope, std::int64_t op);

// A one-line verdict: "fits", "overflow", or the case where the dump says success
// but the plan crosses capacity.
enum class PlanVerdict { Fits, Overflow, OverflowDespiteSuccess, FailedWithinCapacity };
PlanVerdict verdictOf(const ScopePlan& scope, const PlanAnalysis& analysis);

} // namespace memlens
