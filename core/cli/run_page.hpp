#pragma once
// `memlens summary DIR --format html`: the run's table and every kernel it names whose dump or
// compile log memlens reads, in one plan page (core/cli/plan_page); a row opens its kernel.
#include <cstddef>
#include <optional>
#include <string>

namespace memlens {

struct RunSummary;
struct LoadOptions;

// Kernels are embedded until their blocks reach this many; the rest are rows of the table only
// (the page says how many).
inline constexpr std::size_t kRunPageMaxBlocks = 2'000'000;

std::string runPageHtml(const RunSummary& summary, std::optional<double> failAbove, const LoadOptions& load,
    std::size_t maxBlocks = kRunPageMaxBlocks);

} // namespace memlens
