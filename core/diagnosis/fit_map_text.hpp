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

// How far a prediction is from what the compiler planned: "+1.2%" (predicted more), "-3.0%", "exact".
std::string predictionErrorText(std::uint64_t predicted, std::uint64_t compiled);

} // namespace memlens
