#include "core/diagnosis/fit_map_text.hpp"

#include "core/text/byte_size.hpp"
#include "core/text/markdown_text.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

std::string legend(const FitMap& map)
{
    const FitCell* any = map.cells.empty() ? nullptr : &map.cells.front();
    const std::string how = planMethodText(any ? any->how : PlanMethod::Predicted);
    return "Fit map, " + how + " (capacity " + formatBytes(map.capacityBytes)
        + "): [..] today's config, * the largest that fit (the frontier), ! does not fit"
        + (std::any_of(map.cells.begin(), map.cells.end(), [](const FitCell& cell) { return !cell.decided; })
                ? ", ? not decided (the search stopped)."
                : ".");
}

// The same for summary.md, with the marks its tables use: today's cell in bold, ★ and ✗.
std::string markdownLegend(const FitMap& map)
{
    const FitCell* any = map.cells.empty() ? nullptr : &map.cells.front();
    const std::string how = planMethodText(any ? any->how : PlanMethod::Predicted);
    return "Fit map, " + how + " (capacity " + formatBytes(map.capacityBytes)
        + "): **bold** today's config, ★ the largest that fit (the frontier), ✗ does not fit"
        + (std::any_of(map.cells.begin(), map.cells.end(), [](const FitCell& cell) { return !cell.decided; })
                ? ", ? not decided (the search stopped)."
                : ".");
}

std::string cellText(const FitCell& cell)
{
    if (!cell.decided)
        return "not decided ?";
    std::string text = formatBytes(cell.requiredBytes);
    if (cell.today)
        text = "[" + text + "]";
    if (!cell.fits)
        text += " !";
    if (cell.frontier)
        text += " *";
    return text;
}

// The cells of one multi-buffering setting as rows (dims[0]) and columns (dims[1], or one column).
struct Grid {
    std::vector<std::string> rowLabels, columnLabels;
    std::vector<std::vector<const FitCell*>> cells;
};

Grid gridOf(const FitMap& map, std::optional<bool> multibuffer)
{
    Grid grid;
    const std::vector<std::int64_t> none = {0};
    const auto& rows = map.dims.empty() ? none : map.dims[0].values;
    const auto& columns = map.dims.size() > 1 ? map.dims[1].values : none;
    for (const std::int64_t r : rows) {
        grid.rowLabels.push_back(map.dims.empty() ? "-" : std::to_string(r));
        std::vector<const FitCell*> line;
        for (const std::int64_t c : columns) {
            std::vector<std::int64_t> values;
            if (!map.dims.empty())
                values.push_back(r);
            if (map.dims.size() > 1)
                values.push_back(c);
            line.push_back(map.find(values, multibuffer));
        }
        grid.cells.push_back(std::move(line));
    }
    for (const std::int64_t c : columns)
        grid.columnLabels.push_back(map.dims.size() > 1 ? std::to_string(c) : std::string("needs"));
    return grid;
}

std::string corner(const FitMap& map)
{
    if (map.dims.empty())
        return "";
    return map.dims.size() > 1 ? map.dims[0].label() + " \\ " + map.dims[1].label() : map.dims[0].label();
}

std::vector<std::optional<bool>> settings(const FitMap& map)
{
    if (map.multibuffer.empty())
        return {std::nullopt};
    return {true, false};
}

std::string compiledLines(const FitMap& map, bool markdown)
{
    std::string text;
    for (const FitCell& cell : map.cells) {
        if (!cell.compiled)
            continue;
        const std::string file = std::filesystem::path(cell.compiled->file).parent_path().filename().string() + "/"
            + std::filesystem::path(cell.compiled->file).filename().string();
        const std::string line = configText(map, cell) + ": compiled " + formatBytes(cell.compiled->requiredBytes)
            + " (" + std::to_string(cell.compiled->requiredBytes) + " B, "
            + (cell.compiled->fits ? "fits" : "does not fit") + "), " + planMethodName(cell.how) + " "
            + formatBytes(cell.requiredBytes) + " (" + std::to_string(cell.requiredBytes)
            + " B): " + predictionErrorText(cell.requiredBytes, cell.compiled->requiredBytes) + " (" + file + ")";
        text += markdown ? "- " + markdownText(line) + "\n" : "  " + line + "\n";
    }
    return text;
}

// Each cell whose re-plan stopped before it decided, with why.
std::string undecidedLines(const FitMap& map, bool markdown)
{
    std::string text;
    for (const FitCell& cell : map.cells) {
        if (cell.decided)
            continue;
        const std::string line = configText(map, cell) + ": " + cell.undecided;
        text += markdown ? "- " + markdownText(line) + "\n" : "  " + line + "\n";
    }
    return text;
}

// Each cell without multi-buffering that needs more than with it, with why.
std::string costsMoreLines(const FitMap& map, bool markdown)
{
    std::string text;
    for (const FitCell& cell : map.cells)
        if (const std::string why = singleBufferingCostsMoreText(map, cell); !why.empty()) {
            const std::string line = configText(map, cell) + ": " + why;
            text += markdown ? "- " + markdownText(line) + "\n" : "  " + line + "\n";
        }
    return text;
}

} // namespace

std::string singleBufferingCostsMoreText(const FitMap& map, const FitCell& cell)
{
    if (cell.multibuffer != std::optional<bool>(false) || !cell.decided || cell.how != PlanMethod::Replanned)
        return {};
    const FitCell* doubled = map.find(cell.values, true);
    if (!doubled || !doubled->decided || doubled->how != PlanMethod::Replanned
        || doubled->requiredBytes >= cell.requiredBytes)
        return {};
    return "needs " + formatBytes(cell.requiredBytes - doubled->requiredBytes) + " more than with multi-buffering ("
        + formatBytes(cell.requiredBytes) + " against " + formatBytes(doubled->requiredBytes)
        + "): the planner, as the compiler's, puts each storage at the lowest address free of it in its order "
          "(first fit); without the copies, small buffers take a gap low in the space and push a large one above "
          "them, so the high-water mark grows though less is live";
}

std::string predictionErrorText(std::uint64_t predicted, std::uint64_t compiled)
{
    if (predicted == compiled)
        return "exact";
    if (compiled == 0)
        return "compiled 0 B";
    const double percent
        = 100.0 * (static_cast<double>(predicted) - static_cast<double>(compiled)) / static_cast<double>(compiled);
    std::ostringstream out;
    out.precision(1);
    out << std::fixed << (percent >= 0 ? "+" : "") << percent << "%";
    return out.str();
}

std::string fitMapText(const FitMap& map)
{
    if (!map.skipped.empty())
        return "Fit map: " + map.skipped + ".\n";
    if (map.empty())
        return {};
    std::ostringstream out;
    out << legend(map) << "\n";
    for (const std::optional<bool> mb : settings(map)) {
        if (mb)
            out << (*mb ? "multibuffer=True" : "multibuffer=False") << ":\n";
        const Grid grid = gridOf(map, mb);
        std::vector<std::vector<std::string>> rows;
        rows.push_back({corner(map)});
        rows.back().insert(rows.back().end(), grid.columnLabels.begin(), grid.columnLabels.end());
        for (std::size_t r = 0; r < grid.cells.size(); ++r) {
            rows.push_back({grid.rowLabels[r]});
            for (const FitCell* cell : grid.cells[r])
                rows.back().push_back(cell ? cellText(*cell) : "-");
        }
        std::vector<std::size_t> widths(rows.front().size(), 0);
        for (const auto& row : rows)
            for (std::size_t c = 0; c < row.size(); ++c)
                widths[c] = std::max(widths[c], row[c].size());
        for (const auto& row : rows) {
            std::string line = " ";
            for (std::size_t c = 0; c < row.size(); ++c)
                line += " " + std::string(widths[c] - row[c].size(), ' ') + row[c];
            out << line << "\n";
        }
    }
    if (const std::string undecided = undecidedLines(map, false); !undecided.empty())
        out << "Not decided:\n" << undecided;
    if (const std::string more = costsMoreLines(map, false); !more.empty())
        out << "Single buffering costs more:\n" << more;
    if (const std::string compiled = compiledLines(map, false); !compiled.empty())
        out << "Dumps of other configs of this kernel:\n" << compiled;
    return out.str();
}

std::string fitMapMarkdown(const FitMap& map)
{
    if (!map.skipped.empty())
        return "Fit map: " + map.skipped + ".\n\n";
    if (map.empty())
        return {};
    std::ostringstream out;
    out << "#### Fit map\n\n" << markdownLegend(map) << "\n\n";
    for (const std::optional<bool> mb : settings(map)) {
        if (mb)
            out << "`multibuffer=" << (*mb ? "True" : "False") << "`\n\n";
        const Grid grid = gridOf(map, mb);
        out << "| " << markdownTableCell(markdownText(corner(map))) << " |";
        for (const std::string& label : grid.columnLabels)
            out << " " << label << " |";
        out << "\n|---|";
        for (std::size_t c = 0; c < grid.columnLabels.size(); ++c)
            out << "---:|";
        out << "\n";
        for (std::size_t r = 0; r < grid.cells.size(); ++r) {
            out << "| " << grid.rowLabels[r] << " |";
            for (const FitCell* cell : grid.cells[r]) {
                std::string text = !cell ? "-" : cell->decided ? formatBytes(cell->requiredBytes) : "not decided ?";
                if (cell && cell->today)
                    text = "**" + text + "**";
                if (cell && !cell->fits && cell->decided)
                    text += " ✗";
                if (cell && cell->frontier)
                    text += " ★";
                out << " " << text << " |";
            }
            out << "\n";
        }
        out << "\n";
    }
    if (const std::string undecided = undecidedLines(map, true); !undecided.empty())
        out << "Not decided:\n\n" << undecided << "\n";
    if (const std::string compiled = compiledLines(map, true); !compiled.empty())
        out << "Dumps of other configs of this kernel:\n\n" << compiled << "\n";
    return out.str();
}

ojson fitMapJson(const FitMap& map)
{
    ojson out;
    ojson dims = ojson::array();
    for (const FitDimension& dim : map.dims) {
        const std::string key = dim.configKey();
        ojson python = nullptr;
        if (dim.name.python)
            python = {{"file", dim.name.python->localPath.empty() ? dim.name.python->file : dim.name.python->localPath},
                {"line", dim.name.python->line}, {"text", dim.name.python->text}};
        dims.push_back(
            {{"constexpr", key.empty() ? ojson(nullptr) : ojson(key)}, {"constexpr_candidates", dim.constexprs},
                {"value", dim.value}, {"values", dim.values}, {"python", std::move(python)}});
    }
    out["dims"] = std::move(dims);
    out["multibuffer"] = map.multibuffer.empty() ? ojson(nullptr) : ojson(map.multibuffer);
    ojson cells = ojson::array();
    for (const FitCell& cell : map.cells) {
        ojson c;
        c["values"] = cell.values;
        c["multibuffer"] = cell.multibuffer ? ojson(*cell.multibuffer) : ojson(nullptr);
        c["required_bytes"] = cell.requiredBytes;
        c["fits"] = cell.fits;
        c["how"] = planMethodName(cell.how);
        c["decided"] = cell.decided;
        c["undecided"] = cell.decided ? ojson(nullptr) : ojson(cell.undecided);
        c["today"] = cell.today;
        c["frontier"] = cell.frontier;
        c["compiled"] = cell.compiled ? ojson{{"file", cell.compiled->file},
                            {"required_bytes", cell.compiled->requiredBytes}, {"fits", cell.compiled->fits}}
                                      : ojson(nullptr);
        cells.push_back(std::move(c));
    }
    out["cells"] = std::move(cells);
    return out;
}

} // namespace memlens
