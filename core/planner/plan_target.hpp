#pragma once
// Capacities and alignments (in bits) of the memory spaces the planner plans, per target
// (core/base/chip_table.hpp), and which of the compiler's planner passes the target runs.
#include "core/base/chip_table.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens::planner {

struct PlanTarget {
    std::string name;
    // The chip's row of the table; a function's UB can be smaller (functionTarget).
    ChipSpec chip;
    std::optional<ChipSpace> space(const std::string& scope) const;
};

// Ascend910B1..B4, Ascend910B2C, Ascend910_93xx, Ascend310B*, and the 47 Ascend950 names
// (Ascend910_95xx, Ascend950PR_xxxx, Ascend950DT_xxxx); nullopt otherwise.
std::optional<PlanTarget> findPlanTarget(const std::string& name);
// The target as one function sees it: on a reg-based chip a function in SIMT or MIX mode
// (hivm.vf_mode) has `simtVfDynamicSizeKb` of UB. `error` is set (the compiler's text) when
// that size is outside what the chip allows.
PlanTarget functionTarget(
    const PlanTarget& target, const std::string& vfMode, int simtVfDynamicSizeKb, std::string& error);
// The newer generation's form: with `sharedMemDynamicSizeBytes` set, that many bytes of UB
// (-1, unset, is the compiler's error too), within [(UB - 128 KB) / 8, (UB - min D-cache) / 8].
PlanTarget functionTarget(const PlanTarget& target, const std::string& vfMode, int simtVfDynamicSizeKb,
    std::optional<std::int64_t> sharedMemDynamicSizeBytes, std::string& error);

} // namespace memlens::planner
