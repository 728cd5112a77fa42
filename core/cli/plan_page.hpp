#pragma once
// The plan page: one self-contained HTML file of a plan (the block chart, the usage curve,
// the blocks table, each block's IR and Python lines, the diagnosis) that any browser opens
// from file:// with nothing fetched. Written by `memlens report` (plan.html) and `--html FILE`.
//
// The page's data is JSON inside <script type="application/json">: every '<', '>', '&',
// U+2028 and U+2029 is written as a \u escape, so no text from a dump, IR, log or source file
// can close the element; the page's scripts only ever set textContent.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

struct PlanDocument;
struct KernelFolder;
class ScopeDiagnoses;
using FolderDiagnoses = std::vector<std::shared_ptr<const ScopeDiagnoses>>;

// A scope's blocks past this many are left out of the page (the largest are kept, those
// above capacity first) and the page says how many it holds; blocks.csv lists every one.
inline constexpr std::size_t kPlanPageMaxBlocks = 1'000'000;

// Lines of context embedded above and below each block's IR and Python line.
inline constexpr int kPlanPageContextLines = 3;

void writePlanPage(std::ostream& out, const PlanDocument& document, std::size_t maxBlocks = kPlanPageMaxBlocks);
// The same with each scope's diagnosis taken from `diagnoses` (of `document`), which the report's
// summary.md shares: the diagnosis is worked out once.
void writePlanPage(std::ostream& out, const PlanDocument& document, const ScopeDiagnoses& diagnoses,
    std::size_t maxBlocks = kPlanPageMaxBlocks);
// Every core's dump of a kernel's folder in one page.
void writePlanPage(std::ostream& out, const KernelFolder& kernel, std::size_t maxBlocks = kPlanPageMaxBlocks);
// The same with each document's diagnoses taken from `diagnoses` (in the order of kernel.documents),
// which the folder's summary.md shares.
void writePlanPage(std::ostream& out, const KernelFolder& kernel, const FolderDiagnoses& diagnoses,
    std::size_t maxBlocks = kPlanPageMaxBlocks);

// The page of `documents` under `title` with `notes`; `run`, when not null, is a run's table (summary's
// JSON, each row with "document": its index in `documents`, or null), which the page shows first.
void writePlanPage(std::ostream& out, const std::string& title, const std::vector<const PlanDocument*>& documents,
    const std::vector<std::string>& notes, const nlohmann::ordered_json& run,
    std::size_t maxBlocks = kPlanPageMaxBlocks);

// The page's JSON alone (what the page embeds, already escaped).
std::string planPageJson(const PlanDocument& document, std::size_t maxBlocks = kPlanPageMaxBlocks);

// `json` with '<', '>', '&', U+2028 and U+2029 written as \u escapes, appended to `out`: text
// that may stand inside an HTML script element (those characters only occur inside JSON strings).
void appendScriptSafeJson(std::string& out, std::string_view json);

} // namespace memlens
