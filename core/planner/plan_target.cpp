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
    PlanTarget target;
    target.name = name;
    target.ub = {1572864, 256};
    target.cbuf = {4194304, 256};
    target.cc = {1048576, 4096};
    const bool a2a3 = name == "Ascend910B1" || name == "Ascend910B2" || name == "Ascend910B3" || name == "Ascend910B4"
        || name == "Ascend910B2C" || (name.rfind("Ascend910_93", 0) == 0 && name.size() == 14);
    if (a2a3)
        return target;
    if (name.rfind("Ascend310B", 0) == 0) {
        target.ub = {2097152, 256};
        target.cbuf = {8388608, 256};
        return target;
    }
    return std::nullopt;
}

std::vector<std::string> knownPlanTargets()
{
    return {"Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910B2C", "Ascend910_93xx", "Ascend310B"};
}

} // namespace memlens::planner
