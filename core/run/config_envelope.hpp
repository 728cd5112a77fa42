#pragma once
// The autotune grid's envelope: a kernel compiled in several configs (its constexprs taking
// other values, as `memlens record` keeps an autotune sweep) as one table, a row per config
// with its constexpr values as columns, peak and headroom on the chip it was compiled for,
// and the largest value of each constexpr that fits; and the configs that fit as
// `triton.Config(...)` entries to paste into `@triton.autotune` (`summary --format py`).
#include "core/run/run_summary.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct ConfigEnvelope {
    std::string kernel;
    std::string core;
    std::string target;
    std::vector<std::string> names;  // the constexprs, in the kernel's order
    std::vector<const RunRow*> rows; // one per config, largest first
};

// Every kernel and core whose rows hold at least two distinct sets of constexpr values.
std::vector<ConfigEnvelope> configEnvelopes(const RunSummary& summary);

// "Configs of <kernel> <core>:" and its table per envelope, with the largest value of each
// constexpr that fits; "" when there is none.
std::string envelopesText(const std::vector<ConfigEnvelope>& envelopes, std::optional<double> failAbove);

// Python: per kernel, the configs that fit (and pass --fail-above) as a list of triton.Config.
std::string summaryPython(const RunSummary& summary, std::optional<double> failAbove);

} // namespace memlens
