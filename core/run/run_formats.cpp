#include "core/run/run_formats.hpp"

#include "core/run/config_envelope.hpp"

#include "core/document/computed_plan.hpp"
#include "core/dump/dump_display_name.hpp"
#include "core/text/byte_size.hpp"
#include "core/text/csv.hpp"
#include "core/text/markdown_text.hpp"
#include "core/text/terminal_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

std::string orDash(const std::string& text) { return text.empty() ? "-" : text; }

std::string versionText(const RunRow& row)
{
    return row.versions > 1 ? std::to_string(row.version) + "/" + std::to_string(row.versions) : "";
}

std::string peakText(const RunRow& row) { return row.peakBytes ? formatBytes(*row.peakBytes) : "-"; }
std::string capacityText(const RunRow& row) { return row.capacityBytes ? formatBytes(*row.capacityBytes) : "-"; }

// The columns the text and Markdown tables share.
std::vector<std::string> tableHeader()
{
    return {"status", "kernel", "core", "scope", "peak", "capacity", "used", "headroom", "python", "lever", "source",
        "version", "file"};
}

std::vector<std::string> tableCells(const RunRow& row, std::optional<double> failAbove)
{
    return {gateStatusText(row, failAbove), row.kernel, orDash(row.core), orDash(row.scope), peakText(row),
        capacityText(row), usedText(row), headroomText(row), orDash(row.python), orDash(row.lever),
        rowSourceKey(row.source), orDash(versionText(row)), dumpDisplayName(row.file)};
}

// "above 95%": a row over --fail-above.
std::string aboveText(double failAbove)
{
    char text[48];
    std::snprintf(text, sizeof text, "above %g%%", failAbove);
    return text;
}

ojson optionalNumber(const std::optional<std::uint64_t>& value) { return value ? ojson(*value) : ojson(nullptr); }
ojson optionalText(const std::string& text) { return text.empty() ? ojson(nullptr) : ojson(text); }

} // namespace

std::optional<SummaryFormat> summaryFormatNamed(const std::string& name)
{
    if (name == "text")
        return SummaryFormat::Text;
    if (name == "md" || name == "markdown")
        return SummaryFormat::Markdown;
    if (name == "csv")
        return SummaryFormat::Csv;
    if (name == "json")
        return SummaryFormat::Json;
    if (name == "junit")
        return SummaryFormat::Junit;
    if (name == "py" || name == "python")
        return SummaryFormat::Python;
    if (name == "html")
        return SummaryFormat::Html;
    return std::nullopt;
}

std::string usedText(const RunRow& row)
{
    return row.peakBytes && row.capacityBytes ? formatPercent(*row.peakBytes, *row.capacityBytes) : "-";
}

std::string headroomText(const RunRow& row)
{
    const std::optional<std::int64_t> headroom = row.headroomBytes();
    if (!headroom)
        return "-";
    return *headroom < 0 ? "-" + formatBytes(static_cast<std::uint64_t>(-*headroom))
                         : formatBytes(static_cast<std::uint64_t>(*headroom));
}

std::string gateStatusText(const RunRow& row, std::optional<double> failAbove)
{
    if (row.status == RowStatus::Fits && rowFailsGate(row, failAbove))
        return aboveText(*failAbove);
    switch (row.status) {
    case RowStatus::Overflows: return "overflows";
    case RowStatus::Fits: return "fits";
    case RowStatus::NotPlanned: return "not planned";
    case RowStatus::Error: return "error";
    }
    return "error";
}

std::string rowCountText(std::size_t rows)
{
    return std::to_string(rows) + (rows == 1 ? " kernel and core" : " kernels and cores");
}

std::string summaryCounts(const RunSummary& summary, std::optional<double> failAbove)
{
    std::size_t overflow = 0, above = 0, fit = 0, notPlanned = 0, errors = 0;
    for (const RunRow& row : summary.rows) {
        overflow += row.status == RowStatus::Overflows;
        above += row.status == RowStatus::Fits && rowFailsGate(row, failAbove);
        fit += row.status == RowStatus::Fits && !rowFailsGate(row, failAbove);
        notPlanned += row.status == RowStatus::NotPlanned;
        errors += row.status == RowStatus::Error;
    }
    std::string text = std::to_string(overflow) + " overflow";
    if (failAbove)
        text += ", " + std::to_string(above) + " " + aboveText(*failAbove);
    text += ", " + std::to_string(fit) + " fit, " + std::to_string(notPlanned) + " not planned, "
        + std::to_string(errors) + (errors == 1 ? " error" : " errors");
    return text;
}

std::vector<std::string> distinguishingFileNames(const std::vector<std::string>& files)
{
    std::vector<std::vector<std::string>> parts;
    for (const std::string& file : files) {
        std::vector<std::string> components;
        std::size_t start = 0;
        while (start <= file.size()) {
            const std::size_t slash = std::min(file.find('/', start), file.size());
            if (slash > start)
                components.push_back(file.substr(start, slash - start));
            start = slash + 1;
        }
        if (components.empty())
            components.push_back(file);
        parts.push_back(std::move(components));
    }
    std::size_t shared = 0; // leading folders every file has
    if (parts.size() > 1)
        for (bool same = true; same; shared += same ? 1 : 0) {
            for (const auto& components : parts)
                same = same && shared + 1 < components.size() && components[shared] == parts.front()[shared];
        }
    else if (!parts.empty() && parts.front().size() > 1)
        shared = parts.front().size() - 2; // one file: its folder and name
    // A file alone in its folder is told apart by the folder (block16384, a5/block8192); files
    // sharing a folder (a mix kernel's two dumps, watch's copies) keep their names.
    const auto folderOf = [shared](const std::vector<std::string>& components) {
        std::string folder;
        for (std::size_t i = shared; i + 1 < components.size(); ++i)
            folder += (folder.empty() ? "" : "/") + components[i];
        return folder;
    };
    std::map<std::string, int> inFolder;
    for (const auto& components : parts)
        ++inFolder[folderOf(components)];
    std::vector<std::string> names;
    for (const auto& components : parts) {
        const std::string folder = folderOf(components);
        if (parts.size() > 1 && !folder.empty() && inFolder[folder] == 1)
            names.push_back(folder);
        else
            names.push_back(folder.empty() ? components.back() : folder + "/" + components.back());
    }
    return names;
}

std::string summaryText(const RunSummary& summary, std::optional<double> failAbove)
{
    std::vector<std::vector<std::string>> rows{tableHeader()};
    for (const RunRow& row : summary.rows) {
        std::vector<std::string> cells = tableCells(row, failAbove);
        for (std::string& cell : cells)
            cell = terminalText(oneLine(cell)); // a line break in a name would forge a row
        rows.push_back(std::move(cells));
    }
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    std::string text = "memlens summary of " + terminalText(oneLine(summary.path)) + ": "
        + rowCountText(summary.rows.size()) + "; " + summaryCounts(summary, failAbove) + "\n\n";
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c)
            line += row[c] + (c + 1 < row.size() ? std::string(widths[c] - row[c].size() + 2, ' ') : "");
        text += line + "\n";
    }
    // What the table has no room for: the changes between versions, the errors, the notes.
    std::string details;
    for (const RunRow& row : summary.rows) {
        const std::string who = terminalText(oneLine(row.kernel + (row.core.empty() ? "" : " " + row.core)));
        if (!row.change.empty())
            details += "  " + who + " " + versionText(row) + ": " + terminalText(oneLine(row.change)) + "\n";
        if (!row.error.empty())
            details += "  error: " + terminalText(oneLine(row.error)) + "\n";
        for (const std::string& note : row.notes)
            details += "  " + who + ": " + terminalText(oneLine(note)) + "\n";
    }
    const std::string envelopes = envelopesText(summary.envelopes, failAbove);
    return (details.empty() ? text : text + "\n" + details) + (envelopes.empty() ? "" : "\n" + envelopes);
}

std::string summaryMarkdown(const RunSummary& summary, std::optional<double> failAbove)
{
    std::string text = "# memlens summary\n\n" + markdownText(summary.path) + ": " + rowCountText(summary.rows.size())
        + "; " + summaryCounts(summary, failAbove) + "\n\n";
    const auto line = [](const std::vector<std::string>& cells) {
        std::string out = "|";
        for (const std::string& cell : cells)
            out += " " + cell + " |";
        return out + "\n";
    };
    text += line(tableHeader());
    text += line(std::vector<std::string>(tableHeader().size(), "---"));
    for (const RunRow& row : summary.rows) {
        std::vector<std::string> cells = tableCells(row, failAbove);
        for (std::string& cell : cells)
            cell = markdownTableCell(markdownText(oneLine(cell)));
        text += line(cells);
    }
    std::string details;
    for (const RunRow& row : summary.rows) {
        const std::string who = markdownText(oneLine(row.kernel + (row.core.empty() ? "" : " " + row.core)));
        if (!row.change.empty())
            details += "- " + who + " " + versionText(row) + ": " + markdownText(oneLine(row.change)) + "\n";
        if (!row.error.empty())
            details += "- error: " + markdownText(oneLine(row.error)) + "\n";
        for (const std::string& note : row.notes)
            details += "- " + who + ": " + markdownText(oneLine(note)) + "\n";
    }
    return details.empty() ? text : text + "\n" + details;
}

std::string summaryCsv(const RunSummary& summary)
{
    std::string text
        = csvRow({"kernel", "core", "scope", "config", "status", "peak_bytes", "capacity_bytes", "headroom_bytes",
            "used_percent", "python", "lever", "source", "file", "error", "version", "versions", "change"});
    for (const RunRow& row : summary.rows) {
        const auto number = [](const auto& value) { return value ? std::to_string(*value) : std::string(); };
        char used[32] = "";
        if (const auto percent = row.usedPercent())
            std::snprintf(used, sizeof used, "%.1f", *percent);
        text += csvRow({row.kernel, row.core, row.scope, row.config, rowStatusKey(row.status), number(row.peakBytes),
            number(row.capacityBytes), number(row.headroomBytes()), used, row.python, row.lever,
            rowSourceKey(row.source), row.file, row.error, std::to_string(row.version), std::to_string(row.versions),
            row.change});
    }
    return text;
}

std::string summaryJson(const RunSummary& summary, std::optional<double> failAbove)
{
    ojson out;
    out["path"] = summary.path;
    out["fail_above"] = failAbove ? ojson(*failAbove) : ojson(nullptr);
    ojson rows = ojson::array();
    for (const RunRow& row : summary.rows) {
        ojson r;
        r["kernel"] = row.kernel;
        r["core"] = optionalText(row.core);
        r["target"] = optionalText(row.target);
        r["status"] = rowStatusKey(row.status);
        r["peak_bytes"] = optionalNumber(row.peakBytes);
        r["capacity_bytes"] = optionalNumber(row.capacityBytes);
        const std::optional<std::int64_t> headroom = row.headroomBytes();
        r["headroom_bytes"] = headroom ? ojson(*headroom) : ojson(nullptr);
        r["python"] = optionalText(row.python);
        r["lever"] = optionalText(row.lever);
        r["source"] = rowSourceKey(row.source);
        r["compiler_generation"] = optionalText(row.compilerGeneration);
        r["file"] = row.file;
        r["error"] = optionalText(row.error);
        r["scope"] = optionalText(row.scope);
        r["config"] = optionalText(row.config);
        ojson values = ojson::object();
        for (const auto& [name, value] : row.configValues)
            values[name] = value;
        r["config_values"] = std::move(values);
        const std::optional<double> used = row.usedPercent();
        r["used_percent"] = used ? ojson(std::round(*used * 10) / 10) : ojson(nullptr);
        r["fails_gate"] = rowFailsGate(row, failAbove);
        r["version"] = row.version;
        r["versions"] = row.versions;
        r["change"] = optionalText(row.change);
        r["notes"] = row.notes;
        rows.push_back(std::move(r));
    }
    out["rows"] = std::move(rows);
    // The kernels compiled in several configs: every config, compiled ("row" its index in rows)
    // or re-planned by memlens and not compiled ("compiled": false, "row": null).
    ojson envelopes = ojson::array();
    for (const ConfigEnvelope& envelope : summary.envelopes) {
        ojson e;
        e["kernel"] = envelope.kernel;
        e["core"] = optionalText(envelope.core);
        e["target"] = optionalText(envelope.target);
        e["constexprs"] = envelope.names;
        ojson configs = ojson::array();
        for (const EnvelopeRow& row : envelope.rows) {
            ojson c;
            ojson values = ojson::object();
            for (std::size_t n = 0; n < envelope.names.size() && n < row.values.size(); ++n)
                values[envelope.names[n]] = row.values[n] ? ojson(*row.values[n]) : ojson(nullptr);
            c["config_values"] = std::move(values);
            c["compiled"] = row.compiled();
            c["how"] = row.compiled() ? "compiled" : "re-planned";
            c["row"] = row.summaryRow ? ojson(*row.summaryRow) : ojson(nullptr);
            c["status"] = rowStatusKey(row.status);
            c["peak_bytes"] = optionalNumber(row.peakBytes);
            c["capacity_bytes"] = optionalNumber(row.capacityBytes);
            const std::optional<std::int64_t> headroom = row.headroomBytes();
            c["headroom_bytes"] = headroom ? ojson(*headroom) : ojson(nullptr);
            c["fails_gate"] = rowFailsGate(envelopeRowAsRunRow(row), failAbove);
            c["scope"] = optionalText(row.scope);
            c["file"] = row.file;
            configs.push_back(std::move(c));
        }
        e["configs"] = std::move(configs);
        e["largest_fitting"] = largestFittingText(envelope, failAbove);
        e["replan_note"] = optionalText(envelope.replanNote);
        envelopes.push_back(std::move(e));
    }
    out["envelopes"] = std::move(envelopes);
    return jsonText(out, 2) + "\n";
}

} // namespace memlens
