#pragma once
// The contents of the report files (docs/design.md, Command line): blocks.csv,
// live_at_peak.csv and summary.md. Text only; writing them is the caller's job.

#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace memlens {

struct PlanDocument;
class ScopeDiagnoses;

// A block of a scope: (scope index, block index).
using BlockRef = std::pair<std::size_t, std::size_t>;

// The stable header:
// scope,id,buffer,copy,offset,size,start,end,tmp,over_capacity,location,ir_file,ir_line,python_file,python_line,name,storage
std::string blocksCsvHeader();
std::string blocksCsvRow(const PlanDocument& document, const BlockRef& block);
void appendBlocksCsvRow(std::string& out, const PlanDocument& document, const BlockRef& block);
// Every block of every scope, or only `rows` in the given order.
std::string blocksCsv(const PlanDocument& document);
std::string blocksCsv(const PlanDocument& document, const std::vector<BlockRef>& rows);
// blocksCsv(document) written row by row: a million blocks never exist as one string.
void writeBlocksCsv(std::ostream& out, const PlanDocument& document);
// Blocks live at each scope's peak_live_at.
std::string liveAtPeakCsv(const PlanDocument& document);

// The scope a report charts: the first that overflows, else the first.
std::size_t reportScopeIndex(const PlanDocument& document);

// Rows of a table in summary.md; the rest is in blocks.csv ("and N more, see blocks.csv").
inline constexpr std::size_t kSummaryTableRows = 50;

// A bug-report-ready summary; `chartImage` is the chart file name to link ("" for none).
// Lists the blocks live at each scope's peak (at most kSummaryBlockRows, the rest
// are in live_at_peak.csv) and every block above capacity.
inline constexpr std::size_t kSummaryBlockRows = 40;
// Each scope's diagnosis is taken from `diagnoses` when given (the report's plan.html shares it).
std::string summaryMarkdown(
    const PlanDocument& document, const std::string& chartImage, const ScopeDiagnoses* diagnoses = nullptr);
// The same with the chart to link below each scope ("" for none).
std::string summaryMarkdown(const PlanDocument& document, const std::function<std::string(std::size_t)>& chartOfScope,
    const ScopeDiagnoses* diagnoses = nullptr);

} // namespace memlens
