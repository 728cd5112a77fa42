#pragma once
// The summary as text for a terminal, Markdown, CSV (RFC 4180) and JSON (the contract:
// {"rows": [{"kernel", "core", "status", "peak_bytes", "capacity_bytes", "headroom_bytes",
// "python", "lever", "source", "file", "error", ...}]}, keys added, never renamed).
// JUnit XML is in core/run/junit_report.
#include "core/run/run_summary.hpp"

#include <optional>
#include <string>
#include <vector>

namespace memlens {

enum class SummaryFormat { Text, Markdown, Csv, Json, Junit, Python, Html };

// "text", "md", "csv", "json", "junit", "py" (core/run/config_envelope); nullopt for another word.
std::optional<SummaryFormat> summaryFormatNamed(const std::string& name);

// "3 overflow, 1 above 95%, 12 fit, 1 not planned, 1 error": the counts, for every format's head.
std::string summaryCounts(const RunSummary& summary, std::optional<double> failAbove);
// "1 kernel and core", "7 kernels and cores": the rows a summary counts.
std::string rowCountText(std::size_t rows);

// "97.3%" of a row's peak against its capacity; "-" without numbers.
std::string usedText(const RunRow& row);
// "-5 KB" / "12 KB": the headroom; "-" without numbers.
std::string headroomText(const RunRow& row);
// "overflows", "above 95%", "fits", "not planned", "error": what the gate sees in the row.
std::string gateStatusText(const RunRow& row, std::optional<double> failAbove);

// What tells the files apart, one per file: each path without the folders all of them share,
// and a file alone in its folder named by the folder: "block16384" and "a5/block8192" for the
// example's dumps and logs, "1" and "2" for <kernel>/1/memory_info_aiv.json and
// <kernel>/2/memory_info_aiv.json, "attn/memory_info_aic.json" beside its aiv half. One file
// keeps its folder and name.
std::vector<std::string> distinguishingFileNames(const std::vector<std::string>& files);

std::string summaryText(const RunSummary& summary, std::optional<double> failAbove);
std::string summaryMarkdown(const RunSummary& summary, std::optional<double> failAbove);
std::string summaryCsv(const RunSummary& summary);
std::string summaryJson(const RunSummary& summary, std::optional<double> failAbove);

} // namespace memlens
