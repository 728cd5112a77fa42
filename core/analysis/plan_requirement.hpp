#pragma once
// What a scope needs, in the two figures a user meets: the high-water mark (the highest
// offset + size, the address space the plan reserves) and the most bytes live at once. The
// compiler's "requires N bits" is the high-water mark of its re-plan without a capacity limit;
// where it exceeds what is ever live at once, the gap is holes left by placement, not demand.
#include "core/analysis/plan_analysis.hpp"
#include "core/dump/dump_model.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace memlens {

struct PlanRequirement {
    std::optional<std::uint64_t> compilerRequiresBits; // "requires N bits" in the error text
    std::uint64_t highWaterBytes = 0;                  // the plan's highest offset + size
    std::uint64_t mostLiveBytes = 0;                   // the most live at once (each address counted once)
    std::optional<std::int64_t> mostLiveAt;
    bool planned = true;

    std::uint64_t placementBytes() const { return highWaterBytes > mostLiveBytes ? highWaterBytes - mostLiveBytes : 0; }
    // The compiler's figure, in bytes, is this plan's high-water mark.
    bool compilerFigureIsHighWater() const
    {
        return compilerRequiresBits && (*compilerRequiresBits + 7) / 8 == highWaterBytes;
    }
};

PlanRequirement planRequirement(const ScopePlan& scope, const PlanAnalysis& analysis);

// One sentence for every text (title bar, summary.md, explain): the high-water mark, that it is
// the compiler's figure, the most live at once, and what the gap between them is.
std::string requirementText(const PlanRequirement& requirement);

} // namespace memlens
