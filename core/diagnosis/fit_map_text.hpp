#pragma once
// The fit map in words: a grid of plain text for `memlens explain`, a table
// for summary.md, and the "fit_map" object of a scope's diagnosis in inspect.
#include "core/diagnosis/fit_map.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace memlens {

std::string fitMapText(const FitMap& map);
std::string fitMapMarkdown(const FitMap& map);
nlohmann::ordered_json fitMapJson(const FitMap& map);

// Why a re-planned cell without multi-buffering needs more than the same config with it, where
// it does ("" otherwise): the planner places each storage at the lowest address free of it, in
// its order (first fit), so without the copies a small buffer can take a gap low in the space
// and push a large one above it. The high-water mark grows, not the demand.
std::string singleBufferingCostsMoreText(const FitMap& map, const FitCell& cell);

// How far a prediction is from what the compiler planned: "+1.2%" (predicted more), "-3.0%", "exact".
std::string predictionErrorText(std::uint64_t predicted, std::uint64_t compiled);

} // namespace memlens
