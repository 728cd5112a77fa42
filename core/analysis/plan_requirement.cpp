#include "core/analysis/plan_requirement.hpp"

#include "core/analysis/capacity.hpp"
#include "core/text/byte_size.hpp"

namespace memlens {

PlanRequirement planRequirement(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    PlanRequirement requirement;
    requirement.compilerRequiresBits = requiredBitsInError(scope.error);
    requirement.highWaterBytes = analysis.peakAddressBytes;
    requirement.mostLiveBytes = analysis.peakLiveBytes;
    requirement.mostLiveAt = analysis.peakLiveAt;
    requirement.planned = analysis.planned;
    return requirement;
}

std::string requirementText(const PlanRequirement& r)
{
    const auto at = [&r] { return r.mostLiveAt ? " at op " + std::to_string(*r.mostLiveAt) : std::string(); };
    if (!r.planned)
        return "Demand " + formatBytes(r.mostLiveBytes) + at()
            + " (the most bytes live at once, each storage counted once); the scope has no addresses to judge";
    std::string text = "High-water mark " + formatBytes(r.highWaterBytes) + " (the highest offset + size";
    if (r.compilerFigureIsHighWater())
        text += ", the compiler's \"requires " + std::to_string(*r.compilerRequiresBits) + " bits\"";
    else if (r.compilerRequiresBits)
        text += "; the error's \"requires " + std::to_string(*r.compilerRequiresBits) + " bits\" is "
            + formatBytes((*r.compilerRequiresBits + 7) / 8)
            + ", not this plan's: the error and the dump may come "
              "from different attempts";
    else
        text += ", the figure the compiler's \"requires N bits\" reports";
    text += "); most live at once " + formatBytes(r.mostLiveBytes) + at();
    if (r.placementBytes() > 0)
        text += ": the " + formatBytes(r.placementBytes()) + " between them are holes left by placement, not demand";
    else
        text += ": no holes, all of it is demand";
    return text;
}

} // namespace memlens
