#include "core/diff/diff_report.hpp"

#include "core/analysis/unplanned_scope.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_display_name.hpp"
#include "core/source/frame_json.hpp"
#include "core/text/byte_size.hpp"
#include "core/text/markdown_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

const ScopePlan* planOf(const PlanDocument& document, int scope)
{
    return scope >= 0 ? &document.dump.scopes[static_cast<std::size_t>(scope)] : nullptr;
}

const PlanAnalysis* analysisOf(const PlanDocument& document, int scope)
{
    return scope >= 0 ? &document.analyses[static_cast<std::size_t>(scope)] : nullptr;
}

const BlockSource* sourceOf(const PlanDocument& document, int scope, int buffer)
{
    if (scope < 0 || buffer < 0 || static_cast<std::size_t>(scope) >= document.sources.size())
        return nullptr;
    const auto& sources = document.sources[static_cast<std::size_t>(scope)];
    return static_cast<std::size_t>(buffer) < sources.size() ? &sources[static_cast<std::size_t>(buffer)] : nullptr;
}

bool shown(const DiffInput& input, const ScopeDiff& scope)
{
    return !input.onlyScope || scope.scope == *input.onlyScope;
}

ojson sideJson(const PlanDocument& document)
{
    ojson out;
    out["file"] = document.dump.file;
    out["kernel"] = document.dump.kernel;
    out["ir_file"] = document.irFile.empty() ? ojson(nullptr) : ojson(document.irFile);
    return out;
}

ojson scopeSideJson(const PlanDocument& document, int scope)
{
    const PlanAnalysis* analysis = analysisOf(document, scope);
    if (!analysis)
        return nullptr;
    const ScopePlan& plan = *planOf(document, scope);
    ojson out;
    out["peak_address_bytes"] = analysis->peakAddressBytes;
    out["peak_live_bytes"] = analysis->peakLiveBytes;
    out["capacity_bytes"] = analysis->capacity.bytes;
    out["overflow"] = analysis->planned ? ojson(analysis->overflow) : ojson(nullptr);
    out["planned"] = analysis->planned;
    out["capacity_source"] = capacitySourceKey(analysis->capacity.source);
    out["status"] = plan.status ? ojson(*plan.status) : ojson(nullptr);
    out["buffer_count"] = plan.buffers.size();
    return out;
}

ojson bufferSideJson(const PlanDocument& document, int scope, int buffer)
{
    if (buffer < 0)
        return nullptr;
    const Buffer& b = planOf(document, scope)->buffers[static_cast<std::size_t>(buffer)];
    ojson out;
    out["id"] = b.id;
    out["buffer"] = b.ssaName;
    out["size"] = b.sizeBytes;
    out["copies"] = b.offsets.size();
    out["start"] = b.lifeStart;
    out["end"] = b.lifeEnd;
    const BlockSource* source = sourceOf(document, scope, buffer);
    out["python"]
        = source && source->python ? sourceFrameJson(*source->python, source->pythonLocalPath) : ojson(nullptr);
    out["offsets"] = b.offsets;
    out["element_type"] = b.elementType();
    out["tmp"] = b.isTmp;
    return out;
}

// --- text tables ---------------------------------------------------------

// Display width of UTF-8 text: one column per code point (the tables hold → and × only).
std::size_t widthOf(const std::string& text)
{
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

struct Row {
    std::string buffer, python, sizeA, sizeB, ratio, copies, lifeA, lifeB, offsetsA, offsetsB, change, matchedBy;
    std::vector<std::string> cells() const
    {
        return {buffer, python, sizeA, sizeB, ratio, copies, lifeA, lifeB, offsetsA, offsetsB, change, matchedBy};
    }
};

const std::vector<std::string> kHeader = {"buffer", "python", "size A", "size B", "ratio", "copies", "Life A", "Life B",
    "offsets A", "offsets B", "change", "matched by"};

std::string lifeText(const Buffer* buffer)
{
    return buffer ? "[" + std::to_string(buffer->lifeStart) + ", " + std::to_string(buffer->lifeEnd) + "]" : "-";
}

std::string offsetsText(const Buffer* buffer)
{
    if (!buffer)
        return "-";
    std::string text;
    for (std::uint64_t offset : buffer->offsets)
        text += (text.empty() ? "" : ", ") + std::to_string(offset);
    return text.empty() ? "-" : text;
}

std::string pythonText(const BlockSource* source)
{
    return source && source->python ? formatFrame(*source->python) : "-";
}

Row rowOf(const DiffInput& input, const ScopeDiff& scope, const BufferPair& pair)
{
    const Buffer* a = pair.a >= 0 ? &planOf(input.a, scope.a)->buffers[static_cast<std::size_t>(pair.a)] : nullptr;
    const Buffer* b = pair.b >= 0 ? &planOf(input.b, scope.b)->buffers[static_cast<std::size_t>(pair.b)] : nullptr;
    Row row;
    if (a && b)
        row.buffer = a->ssaName == b->ssaName ? a->ssaName : a->ssaName + " \u2192 " + b->ssaName;
    else
        row.buffer = a ? a->ssaName : b->ssaName;
    const std::string pyA = pythonText(sourceOf(input.a, scope.a, pair.a));
    const std::string pyB = pythonText(sourceOf(input.b, scope.b, pair.b));
    row.python = !a ? pyB : !b || pyA == pyB ? pyA : pyA + " \u2192 " + pyB;
    row.sizeA = a ? formatBytes(a->sizeBytes) : "-";
    row.sizeB = b ? formatBytes(b->sizeBytes) : "-";
    row.ratio = pair.sizeRatio ? formatRatio(*pair.sizeRatio) : "-";
    if (a && b && a->offsets.size() != b->offsets.size())
        row.copies = std::to_string(a->offsets.size()) + " \u2192 " + std::to_string(b->offsets.size());
    else
        row.copies = std::to_string((a ? a : b)->offsets.size());
    row.lifeA = lifeText(a);
    row.lifeB = lifeText(b);
    row.offsetsA = offsetsText(a);
    row.offsetsB = offsetsText(b);
    row.change = bufferChangeKey(pair.change);
    row.matchedBy = pair.matchedBy ? bufferMatchKey(*pair.matchedBy) : "-";
    return row;
}

std::string verdictWord(const PlanDocument& document, const PlanAnalysis* analysis)
{
    if (!analysis)
        return "absent";
    if (!analysis->planned)
        return "is " + notPlannedText(document.dump.scopes, document.analyses);
    return analysis->overflow ? "overflows" : "fits";
}

std::string arrow(const std::string& a, const std::string& b)
{
    return a == b ? a + " (unchanged)" : a + " \u2192 " + b;
}

std::string bytesChange(const PlanAnalysis* a, const PlanAnalysis* b, std::uint64_t PlanAnalysis::*field)
{
    const std::string textA = a ? formatBytes(a->*field) : "-";
    const std::string textB = b ? formatBytes(b->*field) : "-";
    std::string text = arrow(textA, textB);
    if (a && b && a->*field > 0 && a->*field != b->*field)
        text += " (" + formatRatio(static_cast<double>(b->*field) / static_cast<double>(a->*field)) + ")";
    return text;
}

std::string capacityText(const PlanAnalysis* a, const PlanAnalysis* b)
{
    const PlanAnalysis* any = b ? b : a;
    std::string text = formatBytes(any->capacity.bytes) + ", " + describeCapacitySource(any->capacity);
    if (a && b && a->capacity.bytes != b->capacity.bytes)
        text = formatBytes(a->capacity.bytes) + " for A, " + formatBytes(b->capacity.bytes) + " for B";
    return text;
}

std::string countsText(const ScopeDiff& scope)
{
    std::string text;
    const BufferChange kinds[] = {BufferChange::Same, BufferChange::Grown, BufferChange::Shrunk, BufferChange::Moved,
        BufferChange::Added, BufferChange::Removed};
    for (BufferChange kind : kinds)
        if (const int n = scope.count(kind); n > 0)
            text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + bufferChangeKey(kind);
    return text.empty() ? "none" : text;
}

// Two named kernels that are not the same: a diff of two compiles of one kernel is what
// the tables mean, so the reader is told.
bool kernelsDiffer(const DiffInput& input)
{
    return !input.a.dump.kernel.empty() && !input.b.dump.kernel.empty() && input.a.dump.kernel != input.b.dump.kernel;
}

// `markup` writes a dump's text in Markdown (a code span), else as it is.
std::string headerText(const DiffInput& input, const char* bullet, bool markup)
{
    auto name = [markup](const PlanDocument& document) {
        const std::string file = dumpDisplayName(document.dump.file);
        if (!markup)
            return file + (document.dump.kernel.empty() ? "" : "  (" + document.dump.kernel + ")");
        return codeSpan(file) + (document.dump.kernel.empty() ? "" : " (" + codeSpan(document.dump.kernel) + ")");
    };
    std::string text = std::string(bullet) + "A: " + name(input.a) + "\n" + bullet + "B: " + name(input.b) + "\n";
    if (kernelsDiffer(input))
        text += std::string(bullet)
            + "Note: A and B are different kernels; buffers are matched by place, name and order all the same\n";
    return text;
}

std::string padded(const std::string& text, std::size_t width)
{
    return text + std::string(width > widthOf(text) ? width - widthOf(text) : 0, ' ');
}

} // namespace

std::string formatRatio(double ratio)
{
    char text[32];
    if (ratio >= 1.0 && std::abs(ratio - std::round(ratio)) < 0.005)
        std::snprintf(text, sizeof text, "%.0f", std::round(ratio));
    else if (ratio >= 0.1)
        std::snprintf(text, sizeof text, "%.2f", ratio);
    else
        std::snprintf(text, sizeof text, "%.3g", ratio);
    std::string out = text;
    if (out.find('.') != std::string::npos && out.find('e') == std::string::npos) {
        out.erase(out.find_last_not_of('0') + 1);
        if (out.back() == '.')
            out.pop_back();
    }
    return "\u00d7" + out;
}

ojson diffJson(const DiffInput& input)
{
    ojson out;
    out["a"] = sideJson(input.a);
    out["b"] = sideJson(input.b);
    out["kernels_differ"] = kernelsDiffer(input);
    ojson scopes = ojson::array();
    for (const ScopeDiff& scope : input.diff.scopes) {
        if (!shown(input, scope))
            continue;
        ojson s;
        s["scope"] = scope.scope;
        s["a"] = scopeSideJson(input.a, scope.a);
        s["b"] = scopeSideJson(input.b, scope.b);
        ojson buffers = ojson::array();
        for (const BufferPair& pair : scope.pairs) {
            ojson row;
            row["a"] = bufferSideJson(input.a, scope.a, pair.a);
            row["b"] = bufferSideJson(input.b, scope.b, pair.b);
            row["matched_by"] = pair.matchedBy ? ojson(bufferMatchKey(*pair.matchedBy)) : ojson(nullptr);
            row["size_ratio"] = pair.sizeRatio ? ojson(*pair.sizeRatio) : ojson(nullptr);
            row["change"] = bufferChangeKey(pair.change);
            buffers.push_back(std::move(row));
        }
        s["buffers"] = std::move(buffers);
        scopes.push_back(std::move(s));
    }
    out["scopes"] = std::move(scopes);
    return out;
}

std::string diffText(const DiffInput& input)
{
    std::ostringstream out;
    out << headerText(input, "", false);
    for (const ScopeDiff& scope : input.diff.scopes) {
        if (!shown(input, scope))
            continue;
        const PlanAnalysis* a = analysisOf(input.a, scope.a);
        const PlanAnalysis* b = analysisOf(input.b, scope.b);
        out << "\n" << scope.scope << ": A " << verdictWord(input.a, a) << ", B " << verdictWord(input.b, b) << "\n";
        out << "  capacity      " << capacityText(a, b) << "\n";
        out << "  peak address  " << bytesChange(a, b, &PlanAnalysis::peakAddressBytes) << "\n";
        out << "  peak live     " << bytesChange(a, b, &PlanAnalysis::peakLiveBytes) << "\n";
        out << "  buffers       " << countsText(scope) << "\n\n";
        std::vector<std::vector<std::string>> table = {kHeader};
        for (const BufferPair& pair : scope.pairs)
            table.push_back(rowOf(input, scope, pair).cells());
        std::vector<std::size_t> widths(kHeader.size(), 0);
        for (const auto& cells : table)
            for (std::size_t c = 0; c < cells.size(); ++c)
                widths[c] = std::max(widths[c], widthOf(cells[c]));
        for (const auto& cells : table) {
            std::string line = " ";
            for (std::size_t c = 0; c < cells.size(); ++c)
                line += " " + (c + 1 == cells.size() ? cells[c] : padded(cells[c], widths[c]));
            out << line << "\n";
        }
    }
    return out.str();
}

std::string diffMarkdown(const DiffInput& input)
{
    // Every cell is data from the dumps: text, never markup (the buffer names as code, as summary.md has them).
    auto cell = [](std::size_t column, const std::string& text) {
        return markdownTableCell(column == 0 ? codeSpan(text) : markdownText(text));
    };
    std::ostringstream out;
    out << "# memlens diff\n\n" << headerText(input, "- ", true);
    for (const ScopeDiff& scope : input.diff.scopes) {
        if (!shown(input, scope))
            continue;
        const PlanAnalysis* a = analysisOf(input.a, scope.a);
        const PlanAnalysis* b = analysisOf(input.b, scope.b);
        out << "\n## " << codeSpan(scope.scope) << ": A " << markdownText(verdictWord(input.a, a)) << ", B "
            << markdownText(verdictWord(input.b, b)) << "\n\n";
        out << "- capacity: " << markdownText(capacityText(a, b)) << "\n";
        out << "- peak address: " << bytesChange(a, b, &PlanAnalysis::peakAddressBytes) << "\n";
        out << "- peak live: " << bytesChange(a, b, &PlanAnalysis::peakLiveBytes) << "\n";
        out << "- buffers: " << countsText(scope) << "\n\n";
        std::string header = "|", rule = "|";
        for (const std::string& title : kHeader) {
            header += " " + title + " |";
            rule += " --- |";
        }
        out << header << "\n" << rule << "\n";
        for (const BufferPair& pair : scope.pairs) {
            std::string line = "|";
            const std::vector<std::string> cells = rowOf(input, scope, pair).cells();
            for (std::size_t c = 0; c < cells.size(); ++c)
                line += " " + cell(c, cells[c]) + " |";
            out << line << "\n";
        }
    }
    return out.str();
}

} // namespace memlens
