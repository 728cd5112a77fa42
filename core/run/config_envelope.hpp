#pragma once
// The autotune grid's envelope: a kernel compiled in several configs (its constexprs taking
// other values, as `memlens record` keeps an autotune sweep) as one table, a row per config
// with its constexpr values as columns, peak and headroom on the chip it was compiled for,
// and the largest value of each constexpr that fits; beside the compiled configs, those
// memlens's planner re-planned from a compile's IR (marked re-planned, not compiled); and the
// configs that fit as `triton.Config(...)` entries to paste into `@triton.autotune`
// (`summary --format py`, the Run view's Copy / Save).
#include "core/document/plan_document.hpp"
#include "core/run/run_summary.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// Every kernel, core and target whose rows hold at least two distinct sets of constexpr values:
// the compiled configs only.
std::vector<ConfigEnvelope> configEnvelopes(const RunSummary& summary);

// Adds to each of summary.envelopes the configs the run did not compile that memlens's planner
// re-planned: the grid's powers of two from half the smallest to twice the largest value the run
// compiled along each constexpr, re-planned from the IR of the largest compile whose plan memlens
// reproduced. Never predicted: where no compile can be re-planned, the envelope's replanNote says
// why. Throws LoadCancelled when `options.cancel` is set.
void replanEnvelopes(RunSummary& summary, const LoadOptions& options);

// A summary row's fields as an envelope row's (status, peak, capacity), for the shared formatting.
RunRow envelopeRowAsRunRow(const EnvelopeRow& row);
// "compiled" or "re-planned, not compiled".
std::string envelopeRowHowText(const EnvelopeRow& row);
// "BLOCK_SIZE 8192", "BLOCK_SIZE 4096 (re-planned, not compiled)": the largest value of each
// constexpr among the configs that fit; "none of these configs fits".
std::string largestFittingText(const ConfigEnvelope& envelope, std::optional<double> failAbove);

// "Configs of <kernel> <core> on <target>:" and its table per envelope, with the largest value
// of each constexpr that fits; "" when there is none.
std::string envelopesText(const std::vector<ConfigEnvelope>& envelopes, std::optional<double> failAbove);

// A config that fits, as --format py writes it: compiled, or re-planned and not compiled.
struct FittingConfig {
    std::string kernel;
    std::vector<std::pair<std::string, std::int64_t>> values;
    std::string comment; // "aiv ub 192 KB of 192 KB (100.0%)"
    bool compiled = true;
};
// Every config of the run that fits (and passes --fail-above) and names its constexprs, once per
// kernel and values, each kernel's together.
std::vector<FittingConfig> fittingConfigs(const RunSummary& summary, std::optional<double> failAbove);

// Python: per kernel, the configs that fit (and pass --fail-above) as a list of triton.Config,
// the re-planned ones marked so.
std::string summaryPython(const RunSummary& summary, std::optional<double> failAbove);

} // namespace memlens
