#include "core/run/config_envelope.hpp"

#include "core/run/run_formats.hpp"
#include "core/text/byte_size.hpp"
#include "core/text/terminal_text.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace memlens {

namespace {

std::optional<std::int64_t> valueOf(const RunRow& row, const std::string& name)
{
    for (const auto& [constexprName, value] : row.configValues)
        if (constexprName == name)
            return value;
    return std::nullopt;
}

bool rowFits(const RunRow& row, std::optional<double> failAbove)
{
    return row.status == RowStatus::Fits && !rowFailsGate(row, failAbove);
}

std::string pythonName(const std::string& kernel)
{
    std::string name;
    for (const char c : kernel)
        name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    return name.empty() || std::isdigit(static_cast<unsigned char>(name.front())) ? "k" + name : name;
}

std::string pythonString(const std::string& text)
{
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\')
            quoted += '\\';
        if (static_cast<unsigned char>(c) < 0x20)
            continue;
        quoted += c;
    }
    return quoted + "\"";
}

} // namespace

std::vector<ConfigEnvelope> configEnvelopes(const RunSummary& summary)
{
    std::map<std::tuple<std::string, std::string, std::string>, ConfigEnvelope> byKernel;
    std::vector<std::tuple<std::string, std::string, std::string>> order;
    for (const RunRow& row : summary.rows) {
        if (row.configValues.empty())
            continue;
        const auto key = std::make_tuple(row.kernel, row.core, row.target);
        auto [it, added] = byKernel.try_emplace(key);
        if (added) {
            order.push_back(key);
            it->second.kernel = row.kernel;
            it->second.core = row.core;
            it->second.target = row.target;
        }
        for (const auto& [name, value] : row.configValues)
            if (std::find(it->second.names.begin(), it->second.names.end(), name) == it->second.names.end())
                it->second.names.push_back(name);
        it->second.rows.push_back(&row);
    }
    std::vector<ConfigEnvelope> envelopes;
    for (const auto& key : order) {
        ConfigEnvelope& envelope = byKernel.at(key);
        std::set<std::vector<std::pair<std::string, std::int64_t>>> distinct;
        for (const RunRow* row : envelope.rows)
            distinct.insert(row->configValues);
        if (distinct.size() < 2)
            continue;
        const auto values = [&](const RunRow* row) {
            std::vector<std::int64_t> out;
            for (const std::string& name : envelope.names)
                out.push_back(valueOf(*row, name).value_or(-1));
            return out;
        };
        std::stable_sort(envelope.rows.begin(), envelope.rows.end(),
            [&](const RunRow* a, const RunRow* b) { return values(a) > values(b); });
        envelopes.push_back(std::move(envelope));
    }
    return envelopes;
}

std::string envelopesText(const std::vector<ConfigEnvelope>& envelopes, std::optional<double> failAbove)
{
    std::string text;
    for (const ConfigEnvelope& envelope : envelopes) {
        std::vector<std::vector<std::string>> rows;
        std::vector<std::string> header = envelope.names;
        for (const char* column : {"status", "peak", "capacity", "used", "headroom"})
            header.emplace_back(column);
        rows.push_back(header);
        std::map<std::string, std::int64_t> largest;
        for (const RunRow* row : envelope.rows) {
            std::vector<std::string> cells;
            for (const std::string& name : envelope.names) {
                const auto value = valueOf(*row, name);
                cells.push_back(value ? std::to_string(*value) : "-");
                if (value && rowFits(*row, failAbove) && (!largest.contains(name) || *value > largest[name]))
                    largest[name] = *value;
            }
            cells.push_back(gateStatusText(*row, failAbove));
            cells.push_back(row->peakBytes ? formatBytes(*row->peakBytes) : "-");
            cells.push_back(row->capacityBytes ? formatBytes(*row->capacityBytes) : "-");
            cells.push_back(usedText(*row));
            cells.push_back(headroomText(*row));
            rows.push_back(std::move(cells));
        }
        std::vector<std::size_t> widths(header.size(), 0);
        for (const auto& row : rows)
            for (std::size_t c = 0; c < row.size(); ++c)
                widths[c] = std::max(widths[c], terminalText(row[c]).size());
        text += "Configs of " + terminalText(envelope.kernel) + (envelope.core.empty() ? "" : " " + envelope.core)
            + (envelope.target.empty() ? "" : " on " + terminalText(envelope.target)) + ":\n";
        for (const auto& row : rows) {
            std::string line = " ";
            for (std::size_t c = 0; c < row.size(); ++c) {
                const std::string cell = terminalText(row[c]);
                line += " " + cell + (c + 1 < row.size() ? std::string(widths[c] - cell.size() + 1, ' ') : "");
            }
            text += line + "\n";
        }
        std::string fits;
        for (const std::string& name : envelope.names)
            if (largest.contains(name))
                fits += (fits.empty() ? "" : ", ") + terminalText(name) + " " + std::to_string(largest[name]);
        text += "  largest that fits: " + (fits.empty() ? std::string("none of these configs fits") : fits) + "\n\n";
    }
    return text;
}

std::string summaryPython(const RunSummary& summary, std::optional<double> failAbove)
{
    std::string text = "# memlens summary of " + summary.path
        + ": the configs that fit, as compiled (peak against capacity).\n"
          "# Paste a list into @triton.autotune(configs=...); the compiler decides in the end.\n"
          "import triton\n";
    std::map<std::string, std::vector<const RunRow*>> byKernel;
    std::vector<std::string> order;
    for (const RunRow& row : summary.rows) {
        if (row.configValues.empty() || !rowFits(row, failAbove))
            continue;
        if (!byKernel.contains(row.kernel))
            order.push_back(row.kernel);
        byKernel[row.kernel].push_back(&row);
    }
    for (const std::string& kernel : order) {
        text += "\n" + pythonName(kernel) + "_configs = [\n";
        std::set<std::vector<std::pair<std::string, std::int64_t>>> written;
        for (const RunRow* row : byKernel[kernel]) {
            if (!written.insert(row->configValues).second)
                continue;
            std::string values;
            for (const auto& [name, value] : row->configValues)
                values += (values.empty() ? "" : ", ") + pythonString(name) + ": " + std::to_string(value);
            text += "    triton.Config({" + values + "}),  # " + (row->core.empty() ? "" : row->core + " ")
                + (row->scope.empty() ? "" : row->scope + " ") + (row->peakBytes ? formatBytes(*row->peakBytes) : "-")
                + " of " + (row->capacityBytes ? formatBytes(*row->capacityBytes) : "-") + " (" + usedText(*row)
                + ")\n";
        }
        text += "]\n";
    }
    if (order.empty())
        text += "\n# No config that fits names its constexprs (the kernel's Python source was not found).\n";
    return text;
}

} // namespace memlens
