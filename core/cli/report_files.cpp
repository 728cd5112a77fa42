#include "core/cli/report_files.hpp"

#include "core/analysis/plan_requirement.hpp"
#include "core/analysis/unplanned_scope.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/planner_check.hpp"
#include "core/dump/record_folding.hpp"
#include "core/text/byte_size.hpp"
#include "core/text/csv.hpp"
#include "core/text/markdown_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <ostream>
#include <sstream>
#include <string_view>

namespace memlens {

namespace {

std::string frameText(const SourceFrame& frame)
{
    std::string text
        = markdownText(std::filesystem::path(frame.file).filename().string()) + ":" + std::to_string(frame.line);
    if (!frame.name.empty())
        text += " " + codeSpan(frame.name);
    return text;
}

std::string verdictText(PlanVerdict verdict)
{
    switch (verdict) {
    case PlanVerdict::Fits: return "compiled; the plan fits";
    case PlanVerdict::Overflow: return "**overflow**: the plan exceeds capacity";
    case PlanVerdict::OverflowDespiteSuccess:
        return "**overflow**: the plan exceeds capacity (the compiler writes success for failed plans)";
    case PlanVerdict::FailedWithinCapacity: return "compile failed, but the plan fits this capacity";
    case PlanVerdict::NotPlanned: return "not planned";
    case PlanVerdict::NotDecided: return "not decided: memlens's search stopped at its limit";
    }
    return {};
}

// Storage truth: the holes where the address peaks, demand against placement.
std::string holesRow(const PlanAnalysis& analysis)
{
    if (!analysis.fragmentation)
        return {};
    const AddressSnapshot& at = *analysis.fragmentation;
    std::ostringstream out;
    out << "| Holes at peak address | " << formatBytes(at.holeBytes()) << " at op " << at.op << " ("
        << formatBytes(at.liveBytes) << " live below " << formatBytes(at.highAddress) << ")";
    if (at.largestHole)
        out << ", largest [" << at.largestHole->start << ", " << at.largestHole->end << ")";
    switch (overflowCause(analysis)) {
    case OverflowCause::Demand: out << "; **demand**: more is live at once than the capacity holds"; break;
    case OverflowCause::Placement: out << "; **placement**: what is live fits, the holes push it over"; break;
    case OverflowCause::Fits: break;
    }
    out << " |\n";
    return out.str();
}

std::string blocksRow(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    std::string row = "| Blocks | " + std::to_string(scope.blocks.size()) + " (" + std::to_string(scope.buffers.size())
        + " buffers, " + std::to_string(analysis.storages.count()) + " storages)";
    if (scope.foldedRecords > 0)
        row += "; " + markdownTableCell(markdownText(foldedRecordsNote(scope.foldedRecords)));
    return row + " |\n";
}

std::string overlapsSection(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    constexpr std::size_t kListed = 50;
    if (analysis.overlaps.empty())
        return {};
    const std::size_t total = std::max(analysis.overlapCount, analysis.overlaps.size());
    const auto name = [&](int index) {
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        return markdownTableCell(codeSpan(scope.bufferOf(block).ssaName)) + " copy " + std::to_string(block.copy + 1);
    };
    std::ostringstream out;
    out << "**Warning: " << total
        << " overlap(s)**: blocks of different storages live at the same ops share addresses (a planner bug or a "
           "damaged dump).\n\n";
    out << "| Block | Block | Ops | Shared bytes |\n|---|---|---|---|\n";
    for (std::size_t i = 0; i < analysis.overlaps.size() && i < kListed; ++i) {
        const Overlap& overlap = analysis.overlaps[i];
        out << "| " << name(overlap.a) << " | " << name(overlap.b) << " | [" << overlap.fromOp << ", " << overlap.toOp
            << "] | " << formatBytes(overlap.bytes) << " |\n";
    }
    if (total > kListed)
        out << "\nand " << total - kListed << " more; `memlens inspect` lists "
            << (total == analysis.overlaps.size() ? std::string("them all")
                                                  : "the first " + std::to_string(analysis.overlaps.size()))
            << ".\n";
    out << "\n";
    return out.str();
}

} // namespace

std::string blocksCsvHeader()
{
    return csvRow({"scope", "id", "buffer", "copy", "offset", "size", "start", "end", "tmp", "over_capacity",
        "location", "ir_file", "ir_line", "python_file", "python_line", "name", "storage"});
}

std::string blocksCsvRow(const PlanDocument& document, const BlockRef& ref)
{
    std::string row;
    appendBlocksCsvRow(row, document, ref);
    return row;
}

void appendBlocksCsvRow(std::string& out, const PlanDocument& document, const BlockRef& ref)
{
    const ScopePlan& scope = document.dump.scopes.at(ref.first);
    const PlanAnalysis& analysis = document.analyses.at(ref.first);
    const Block& block = scope.blocks.at(ref.second);
    const Buffer& buffer = scope.bufferOf(block);
    // Every block's row is written: its source is made here, not kept (core/distinct_sources).
    thread_local BlockSource scratch;
    const BlockSource* source = document.sourceInto(ref.first, block, scratch);
    // Fields go straight into `out`: no string per field (a million rows).
    bool first = true;
    const auto field = [&out, &first](std::string_view value) {
        if (!first)
            out += ',';
        first = false;
        appendCsvField(out, value);
    };
    const auto number = [&field](auto value) {
        char text[24];
        field(std::string_view(
            text, static_cast<std::size_t>(std::to_chars(text, text + sizeof text, value).ptr - text)));
    };
    const auto optionalNumber = [&field, &number](bool present, auto value) {
        if (present)
            number(value);
        else
            field({});
    };
    const bool hasIr = source && source->ir;
    const bool hasPython = source && source->python;
    field(scope.scope);
    number(buffer.id);
    field(buffer.bufferText());
    number(block.copy);
    number(block.offset);
    number(block.size);
    number(block.start);
    number(block.end);
    field(block.tmp ? "true" : "false");
    // How far the block reaches above the capacity, in bytes (0 when it fits): what the table's column shows.
    number(analysis.isOverCapacity(block) ? block.addressEnd() - analysis.capacity.bytes : std::uint64_t{0});
    field(buffer.location());
    field(hasIr ? std::string_view(source->ir->file) : std::string_view());
    optionalNumber(hasIr, hasIr ? source->ir->line : 0);
    field(!hasPython                          ? std::string_view()
            : source->pythonLocalPath.empty() ? std::string_view(source->python->file)
                                              : std::string_view(source->pythonLocalPath));
    optionalNumber(hasPython, hasPython ? source->python->line : 0);
    field(hasPython ? std::string_view(source->python->name) : std::string_view());
    number(analysis.storageOf(static_cast<int>(ref.second)));
    out += "\r\n";
}

std::string blocksCsv(const PlanDocument& document, const std::vector<BlockRef>& rows)
{
    std::string text = blocksCsvHeader();
    for (const BlockRef& row : rows)
        appendBlocksCsvRow(text, document, row);
    return text;
}

std::string blocksCsv(const PlanDocument& document)
{
    std::vector<BlockRef> rows;
    for (std::size_t s = 0; s < document.dump.scopes.size(); ++s)
        for (std::size_t b = 0; b < document.dump.scopes[s].blocks.size(); ++b)
            rows.emplace_back(s, b);
    return blocksCsv(document, rows);
}

void writeBlocksCsv(std::ostream& out, const PlanDocument& document)
{
    std::string chunk = blocksCsvHeader();
    for (std::size_t s = 0; s < document.dump.scopes.size(); ++s)
        for (std::size_t b = 0; b < document.dump.scopes[s].blocks.size(); ++b) {
            appendBlocksCsvRow(chunk, document, {s, b});
            if (chunk.size() >= (1u << 20)) {
                out << chunk;
                chunk.clear();
            }
        }
    out << chunk;
}

std::string liveAtPeakCsv(const PlanDocument& document)
{
    std::vector<BlockRef> rows;
    for (std::size_t s = 0; s < document.dump.scopes.size(); ++s) {
        const auto& peak = document.analyses[s].peakLiveAt;
        if (!peak)
            continue;
        for (const int b : liveBlocksAt(document.dump.scopes[s], *peak))
            rows.emplace_back(s, static_cast<std::size_t>(b));
    }
    return blocksCsv(document, rows);
}

std::size_t reportScopeIndex(const PlanDocument& document)
{
    for (std::size_t s = 0; s < document.analyses.size(); ++s)
        if (document.analyses[s].overflow)
            return s;
    for (std::size_t s = 0; s < document.analyses.size(); ++s)
        if (document.analyses[s].planned)
            return s;
    return 0;
}

// Where a cached IR came from, and how to get Python lines back when the kernel has none.
static std::string lineInfoSummary(const PlanDocument& document)
{
    std::string out;
    if (!document.irFile.empty() && !document.irNote.empty())
        out += "\n- IR source: " + document.irNote;
    if (document.lineInfo == LineInfo::Missing)
        out += "\n- **No Python lines**: " + std::string(kNoLineInfoNote) + ".";
    return out;
}

// One row per block: buffer, copy, size, address range, how far above capacity, Life, IR and Python lines.
static void blockTable(std::ostringstream& out, const PlanDocument& document, std::size_t s,
    const std::vector<int>& blocks, std::size_t maxRows)
{
    const ScopePlan& scope = document.dump.scopes[s];
    const std::uint64_t capacity = document.analyses[s].capacity.bytes;
    out << "| Buffer | Copy | Size | Address range | Ends above capacity by | Life | IR line | Python line "
           "|\n|---|---|---|---|---|---|---|---|\n";
    for (std::size_t row = 0; row < blocks.size() && row < maxRows; ++row) {
        const Block& block = scope.blocks[static_cast<std::size_t>(blocks[row])];
        const Buffer& buffer = scope.bufferOf(block);
        const BlockSource* source = document.sourceOf(s, block);
        std::string irText = "-";
        std::string pythonText = "-";
        if (source && source->ir)
            irText = markdownText(std::filesystem::path(source->ir->file).filename().string()) + ":"
                + std::to_string(source->ir->line);
        if (source && source->python) {
            pythonText = frameText(*source->python);
            if (source->chain.size() > 1 && source->chain.front().library)
                pythonText += " (via " + frameText(source->chain.front()) + ")";
        }
        out << "| " << markdownTableCell(codeSpan(buffer.ssaName)) << " "
            << markdownTableCell(buffer.memrefType().empty() ? "" : codeSpan(buffer.memrefType())) << " | "
            << block.copy + 1 << "/" << buffer.offsets.size() << " | " << formatBytes(block.size) << " | ["
            << block.offset << ", " << block.addressEnd() << ") | "
            << (block.addressEnd() > capacity ? formatBytes(block.addressEnd() - capacity) : std::string("-")) << " | ["
            << block.start << ", " << block.end << "] | " << markdownTableCell(irText) << " | "
            << markdownTableCell(pythonText) << " |\n";
    }
    out << "\n";
}

// A scope the compiler never planned: its buffers and the demand, no verdict.
static void notPlannedSection(std::ostringstream& out, const PlanDocument& document, std::size_t s)
{
    const ScopePlan& scope = document.dump.scopes[s];
    const PlanAnalysis& analysis = document.analyses[s];
    out << markdownText(notPlannedText(document.dump.scopes, document.analyses))
        << ": every offset is 0 while the Lives overlap, so the dump gives no addresses and no verdict.\n\n";
    out << "| | |\n|---|---|\n";
    out << "| Status in the dump | "
        << (scope.status ? markdownTableCell(markdownText(*scope.status)) : std::string("(not given)")) << " |\n";
    out << "| Demand | " << markdownTableCell(markdownText(requirementText(planRequirement(scope, analysis))))
        << " |\n";
    out << blocksRow(scope, analysis) << "\n";
}

std::string summaryMarkdown(
    const PlanDocument& document, const std::string& chartImage, const ScopeDiagnoses* diagnoses)
{
    const std::size_t charted = reportScopeIndex(document);
    return summaryMarkdown(
        document, [&](std::size_t scope) { return scope == charted ? chartImage : std::string(); }, diagnoses);
}

std::string summaryMarkdown(const PlanDocument& document, const std::function<std::string(std::size_t)>& chartOfScope,
    const ScopeDiagnoses* diagnoses)
{
    std::ostringstream out;
    const Dump& dump = document.dump;
    out << "# memlens report: " << (dump.kernel.empty() ? "(unnamed kernel)" : codeSpan(dump.kernel)) << "\n\n";
    out << "- Dump: " << codeSpan(dump.file);
    if (const char* core = coreKindName(dump.core))
        out << " (" << core << " core)";
    out << "\n- IR: "
        << (document.irFile.empty() ? "none found"
                       + (document.irNote.empty() ? std::string() : " (" + markdownText(document.irNote) + ")")
                                    : codeSpan(document.irFile));
    if (document.target)
        out << " (target " << markdownText(*document.target) << ")";
    out << lineInfoSummary(document);
    // The log the ops are named from (and the levers re-planned from, when it holds the planner's IR).
    out << "\n- Compile log: "
        << (document.log
                   ? codeSpan(document.log->file)
                   : "none" + (document.logNote.empty() ? std::string() : " (" + markdownText(document.logNote) + ")"));
    // Whether the what-ifs below are memlens's re-plans of this very plan, or predictions.
    if (document.plannerCheck)
        out << "\n- Planner check: " << markdownText(document.plannerCheck->summary()) << "; planned from "
            << codeSpan(document.plannerCheck->irFile);
    else if (!document.plannerNote.empty())
        out << "\n- Planner check: none (" << markdownText(document.plannerNote) << ")";
    if (!document.siblingWarning.empty())
        out << "\n- **Warning**: " << markdownText(document.siblingWarning) << ".";
    out << "\n\n";

    for (std::size_t s = 0; s < dump.scopes.size(); ++s) {
        const ScopePlan& scope = dump.scopes[s];
        const PlanAnalysis& analysis = document.analyses[s];
        const std::uint64_t capacity = analysis.capacity.bytes;
        out << "## Scope " << codeSpan(scope.scope) << ": " << verdictText(verdictOf(scope, analysis)) << "\n\n";
        if (!analysis.planned) {
            notPlannedSection(out, document, s);
            continue;
        }
        out << "| | |\n|---|---|\n";
        out << "| Status in the dump | "
            << (scope.status ? markdownTableCell(markdownText(*scope.status)) : std::string("(not given)")) << " |\n";
        if (!scope.error.empty())
            out << "| Error | " << markdownTableCell(markdownText(scope.error)) << " |\n";
        out << "| Capacity | " << formatBytes(capacity) << " (" << capacity << " B), "
            << describeCapacitySource(analysis.capacity) << " |\n";
        out << "| Peak address | " << formatBytes(analysis.peakAddressBytes) << " (" << analysis.peakAddressBytes
            << " B), " << formatPercent(analysis.peakAddressBytes, capacity) << " of capacity |\n";
        out << "| Peak live | " << formatBytes(analysis.peakLiveBytes) << " ("
            << formatPercent(analysis.peakLiveBytes, capacity) << ")";
        if (analysis.peakLiveAt)
            out << " at op " << *analysis.peakLiveAt;
        out << " |\n";
        out << "| Requirement | " << markdownTableCell(markdownText(requirementText(planRequirement(scope, analysis))))
            << " |\n";
        out << blocksRow(scope, analysis);
        out << holesRow(analysis);
        if (analysis.firstOverflowAt)
            out << "| First overflow | op " << *analysis.firstOverflowAt << " |\n";
        out << "\n";

        out << overlapsSection(scope, analysis);
        if (const std::string chartImage = chartOfScope(s); !chartImage.empty())
            out << "![Memory block chart of " << markdownText(scope.scope) << "](" << chartImage << ")\n\n";

        if (diagnoses)
            out << diagnosisMarkdown(document, s, diagnoses->of(s));
        else
            out << diagnosisMarkdown(document, s, diagnoseScope(document, s));
        if (analysis.peakLiveAt) {
            // What holds the memory at its fullest, highest address first (the file lists them all).
            std::vector<int> live = liveBlocksAt(scope, *analysis.peakLiveAt);
            std::stable_sort(live.begin(), live.end(), [&](int a, int b) {
                return scope.blocks[static_cast<std::size_t>(a)].addressEnd()
                    > scope.blocks[static_cast<std::size_t>(b)].addressEnd();
            });
            out << "### Blocks live at the peak (op " << *analysis.peakLiveAt << ", " << live.size() << " blocks)\n\n";
            blockTable(out, document, s, live, kSummaryBlockRows);
            if (live.size() > kSummaryBlockRows)
                out << "The other " << live.size() - kSummaryBlockRows << " are in live_at_peak.csv.\n\n";
        }
        if (analysis.overCapacityBlocks.empty()) {
            out << "No block ends above capacity.\n\n";
            continue;
        }
        out << "### Blocks above capacity\n\n";
        blockTable(out, document, s, analysis.overCapacityBlocks, kSummaryTableRows);
        if (analysis.overCapacityBlocks.size() > kSummaryTableRows)
            out << "and " << analysis.overCapacityBlocks.size() - kSummaryTableRows << " more, see blocks.csv\n\n";
    }
    out << "Life is `[first, last]` in the memory planner's op sequence (not IR text lines). "
           "Sizes are bytes (the dump's `extent` is bits). Peak live is the union of the live address ranges: "
           "buffers merged in place (identical offset, size and Life: one storage) count once.\n";
    return out.str();
}

} // namespace memlens
