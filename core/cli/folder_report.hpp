#pragma once
// The report of a kernel's folder (`memlens report DIR`): one summary.md with a section per
// core, one chart per overflowing scope, blocks.csv and live_at_peak.csv of every core.
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/kernel_folder.hpp"

#include <string>
#include <utility>
#include <vector>

namespace memlens {

// A scope of a core: (document index, scope index) in a KernelFolder.
using CoreScopeRef = std::pair<std::size_t, std::size_t>;

// "chart-aic-cbuf.png": the chart of one core's scope (its name made safe for a file name).
std::string coreScopeChartName(const PlanDocument& document, std::size_t scopeIndex);

// The scopes whose charts the report draws: every one that overflows, core by core; when
// none does, the first planned scope of the first core (as a single dump's report charts one).
std::vector<CoreScopeRef> chartedScopes(const KernelFolder& kernel);

// summary.md: the kernel, its folder and the pair's health, then each core's summary
// (summaryMarkdown, its headings one level down) linking its charts.
// Each document's diagnoses are taken from `diagnoses` when given (the folder's plan.html shares them).
std::string folderSummaryMarkdown(const KernelFolder& kernel, const std::vector<CoreScopeRef>& charts,
    const std::vector<std::string>& chartNames, const FolderDiagnoses& diagnoses = {});
// A ScopeDiagnoses per document of the folder, none worked out yet.
FolderDiagnoses folderDiagnoses(const KernelFolder& kernel);

// Every core's blocks under one header (the scope names tell the cores apart: cbuf and cc are the
// cube core's, ub the vector core's).
std::string folderBlocksCsv(const KernelFolder& kernel);
std::string folderLiveAtPeakCsv(const KernelFolder& kernel);

} // namespace memlens
