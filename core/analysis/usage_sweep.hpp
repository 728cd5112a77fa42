#pragma once
// The usage sweep: the op sequence walked once, blocks entering at their Life's
// start and leaving after its end, the live bytes counted as a union of address
// ranges (bytes shared in place count once). The plan's analysis calls it; the
// mechanics (events counted into op order, a coverage tree over the addresses)
// stay here.
#include "core/dump/dump_model.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace memlens {

// Usage is a step function: from `op` until the next step's op (exclusive).
struct UsageStep {
    std::int64_t op = 0;
    std::uint64_t liveBytes = 0;   // union of the address ranges of the blocks live at op: shared bytes count once
    std::uint64_t highAddress = 0; // largest offset + size among them

    // Space below the high address lost to placement.
    std::uint64_t holeBytes() const { return highAddress - liveBytes; }
    friend bool operator==(const UsageStep&, const UsageStep&) = default;
};

struct UsageSweep {
    std::vector<UsageStep> usage;           // a step where live bytes or the high address change; ends at zero
    std::uint64_t peakLiveBytes = 0;        // the largest union
    std::optional<std::int64_t> peakLiveAt; // the first op reaching it
};

// Throws LoadCancelled soon after `*cancel` becomes true (when given).
UsageSweep sweepUsage(const std::vector<Block>& blocks, const std::atomic<bool>* cancel = nullptr);

} // namespace memlens
