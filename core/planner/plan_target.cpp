#include "core/planner/plan_target.hpp"

namespace memlens::planner {

std::optional<SpaceSpec> PlanTarget::space(const std::string& scope) const
{
    if (scope == "ub")
        return ub;
    if (scope == "cbuf")
        return cbuf;
    if (scope == "cc")
        return cc;
    return std::nullopt;
}

std::optional<PlanTarget> findPlanTarget(const std::string& name)
{
    const auto family = exactChipFamilyOf(name);
    if (!family)
        return std::nullopt;
    const ChipSpec& chip = chipSpec(*family);
    PlanTarget target;
    target.name = name;
    target.family = *family;
    target.ub = {chip.ub.capacityBits, chip.ub.alignBits};
    target.cbuf = {chip.cbuf.capacityBits, chip.cbuf.alignBits};
    target.cc = {chip.cc.capacityBits, chip.cc.alignBits};
    target.regBasePlanner = chip.regBasePlanner;
    return target;
}

std::vector<std::string> knownPlanTargets()
{
    return {"Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910B2C", "Ascend910_93xx", "Ascend310B",
        "Ascend910_95xx", "Ascend950PR_xxxx", "Ascend950DT_xxxx"};
}

} // namespace memlens::planner
