#pragma once
// One answer to "the largest that fits", from the fit map: the sentence above
// the grid, explain, the report and the JSON all read it here, so they agree
// with the grid's stars on every capacity (the one the user set included).
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"

#include <optional>

namespace memlens {

// The largest value of the map's first dimension that fits with the other dimensions and
// multi-buffering as today (the frontier along today's row), what it needs and how that was
// found, and the values the map searched. The diagnosis's own search where the map has no cells.
std::optional<LargestFitting> largestFittingOf(const Diagnosis& diagnosis, const FitMap& map);

} // namespace memlens
