#pragma once
// Capacities and alignments (in bits) of the memory spaces the planner plans, per target.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens::planner {

struct SpaceSpec {
    std::uint64_t capacityBits = 0;
    std::uint64_t alignBits = 0;
};

struct PlanTarget {
    std::string name;
    SpaceSpec ub, cbuf, cc;
    std::optional<SpaceSpec> space(const std::string& scope) const;
};

// "Ascend910B1".."B4", "Ascend910B2C", "Ascend910_93xx", "Ascend310B*"; nullopt otherwise.
std::optional<PlanTarget> findPlanTarget(const std::string& name);
std::vector<std::string> knownPlanTargets();

} // namespace memlens::planner
