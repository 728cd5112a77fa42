#include "core/run/run_versions.hpp"

#include "core/planner/plan_target.hpp"
#include "core/text/byte_size.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace memlens {

namespace {

std::string signedPercent(std::uint64_t from, std::uint64_t to)
{
    if (from == 0)
        return "";
    const double change = 100.0 * (static_cast<double>(to) - static_cast<double>(from)) / static_cast<double>(from);
    const long rounded = std::lround(change);
    return std::string(" (") + (rounded > 0 ? "+" : "") + std::to_string(rounded) + "%)";
}

} // namespace

std::string versionChange(const RunRow& older, const RunRow& newer)
{
    std::vector<std::string> parts;
    if (older.peakBytes && newer.peakBytes && *older.peakBytes != *newer.peakBytes)
        parts.push_back("peak " + formatBytes(*older.peakBytes) + " -> " + formatBytes(*newer.peakBytes)
            + signedPercent(*older.peakBytes, *newer.peakBytes));
    if (older.status != newer.status)
        parts.push_back(std::string("now ")
            + (newer.status == RowStatus::NotPlanned ? "not planned" : rowStatusKey(newer.status)) + " (was "
            + (older.status == RowStatus::NotPlanned ? "not planned" : rowStatusKey(older.status)) + ")");
    if (older.config != newer.config)
        parts.push_back(
            (older.config.empty() ? "-" : older.config) + " -> " + (newer.config.empty() ? "-" : newer.config));
    if (parts.empty())
        return "no change";
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() ? "" : "; ") + part;
    return text;
}

void groupAndSortRows(std::vector<RunRow>& rows)
{
    // Error rows name no kernel of their own: each stands alone. One kernel compiled for an A2/A3
    // chip and for an A5 one is two kernels: their plans are not versions of each other (a dump
    // names no target, and only A2/A3 compilers write dumps).
    auto generation = [](const RunRow& row) {
        const auto target = planner::findPlanTarget(row.target);
        return target ? static_cast<int>(target->chip.family) : static_cast<int>(ChipFamily::A2A3);
    };
    // Configs are not versions: rows whose constexpr values are known and differ (an autotune
    // sweep's compiles, the example's block16384 and block8192) stand apart, each its own row of
    // the kernel's envelope (core/run/config_envelope).
    std::map<std::tuple<std::string, std::string, int, std::vector<std::pair<std::string, std::int64_t>>>,
        std::vector<RunRow>>
        groups;
    std::vector<std::vector<RunRow>> alone;
    for (RunRow& row : rows) {
        if (row.status == RowStatus::Error)
            alone.push_back({std::move(row)});
        else
            groups[{row.kernel, row.core, generation(row), row.configValues}].push_back(std::move(row));
    }
    std::vector<std::vector<RunRow>> ordered = std::move(alone);
    for (auto& [key, versions] : groups) {
        std::stable_sort(versions.begin(), versions.end(), [](const RunRow& a, const RunRow& b) {
            return std::tie(b.versionTime, b.file) < std::tie(a.versionTime, a.file);
        });
        for (std::size_t i = 0; i < versions.size(); ++i) {
            versions[i].version = static_cast<int>(i) + 1;
            versions[i].versions = static_cast<int>(versions.size());
            versions[i].change = i + 1 < versions.size() ? versionChange(versions[i + 1], versions[i]) : "";
        }
        ordered.push_back(std::move(versions));
    }
    // Each group where its newest version stands (the kernel as it is now; its first row), so the
    // table's first rows are the ones most short, older versions following their newest.
    std::vector<std::pair<const RunRow*, std::size_t>> leads;
    for (std::size_t g = 0; g < ordered.size(); ++g)
        leads.emplace_back(&ordered[g].front(), g);
    std::stable_sort(
        leads.begin(), leads.end(), [](const auto& a, const auto& b) { return rowComesBefore(*a.first, *b.first); });
    std::vector<RunRow> sorted;
    sorted.reserve(rows.size());
    for (const auto& [lead, g] : leads)
        for (RunRow& row : ordered[g])
            sorted.push_back(std::move(row));
    rows = std::move(sorted);
}

} // namespace memlens
