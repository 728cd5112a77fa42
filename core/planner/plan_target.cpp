#include "core/planner/plan_target.hpp"

#include <algorithm>

namespace memlens::planner {

std::optional<ChipSpace> PlanTarget::space(const std::string& scope) const
{
    if (const ChipSpace* space = chip.space(scope))
        return *space;
    return std::nullopt;
}

std::optional<PlanTarget> findPlanTarget(const std::string& name)
{
    const auto family = exactChipFamilyOf(name);
    if (!family)
        return std::nullopt;
    PlanTarget target;
    target.name = name;
    target.chip = chipSpec(*family);
    return target;
}

// DynamicSetUbSpaceSize.
PlanTarget functionTarget(
    const PlanTarget& target, const std::string& vfMode, int simtVfDynamicSizeKb, std::string& error)
{
    return functionTarget(target, vfMode, simtVfDynamicSizeKb, std::nullopt, error);
}

PlanTarget functionTarget(const PlanTarget& target, const std::string& vfMode, int simtVfDynamicSizeKb,
    std::optional<std::int64_t> sharedMemDynamicSizeBytes, std::string& error)
{
    PlanTarget planned = target;
    const bool simt = vfMode.find("SIMT") != std::string::npos || vfMode.find("MIX") != std::string::npos;
    if (!target.chip.regBasePlanner || !simt || target.chip.maxDataCacheBits == 0)
        return planned;
    const std::uint64_t most = target.chip.ub.capacityBits - target.chip.minDataCacheBits;
    if (sharedMemDynamicSizeBytes) {
        // The newer generation: bytes, and the chip's larger D-cache maximum (128 KB).
        constexpr std::uint64_t kNewerMaxDataCacheBits = 1048576;
        const std::uint64_t least
            = target.chip.ub.capacityBits - std::max(target.chip.maxDataCacheBits, kNewerMaxDataCacheBits);
        const std::int64_t bytes = *sharedMemDynamicSizeBytes;
        const auto bits = static_cast<std::uint64_t>(std::max<std::int64_t>(bytes, 0)) * 8;
        if (bytes < 0 || bits < least || bits > most) {
            error = "PlanMemory Fail : SharedMemDynamicSize have to in range [" + std::to_string(least / 8) + ", "
                + std::to_string(most / 8) + "], but got " + std::to_string(bytes) + "!";
            return planned;
        }
        planned.chip.ub.capacityBits = bits;
        return planned;
    }
    constexpr std::uint64_t kBitsPerKb = 8 * 1024;
    const std::uint64_t least = target.chip.ub.capacityBits - target.chip.maxDataCacheBits;
    const auto bits = static_cast<std::uint64_t>(std::max(simtVfDynamicSizeKb, 0)) * kBitsPerKb;
    if (bits < least || bits > most) {
        error = "PlanMemory Fail : SimtVFDynamicSize have to in range [" + std::to_string(least / kBitsPerKb) + ", "
            + std::to_string(most / kBitsPerKb) + "], but got " + std::to_string(simtVfDynamicSizeKb) + "!";
        return planned;
    }
    planned.chip.ub.capacityBits = bits;
    return planned;
}

} // namespace memlens::planner
