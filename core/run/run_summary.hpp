#pragma once
// `memlens summary` and the window's Run view: every kernel of a run as one table. The pieces
// of the run are read in parallel, a few at a time (one per core): each plan is dropped once
// its row is made, so memory holds the rows and as many plans as there are workers.
#include "core/document/plan_document.hpp"
#include "core/run/run_row.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct RunSummaryOptions {
    LoadOptions load; // load.cancel stops the summary (it then throws LoadCancelled)
    // Called from the workers (any thread) after each piece: pieces done, pieces in all.
    std::function<void(std::size_t done, std::size_t total)> progress;
    unsigned workers = 0; // 0: one per core
};

struct RunSummary {
    std::string path;
    std::vector<RunRow> rows; // grouped and sorted (core/run/run_versions); a folder not listed is an error row
    std::size_t pieces = 0;   // files and kernel folders looked at
    // The kernels compiled in several configs, each with the configs memlens re-planned
    // (core/run/config_envelope); filled by summarizeRun().
    std::vector<ConfigEnvelope> envelopes;

    // How many rows were read (every row that is not an error).
    std::size_t readCount() const;
};

// The load options a summary starts from: no search of Triton's cache for each dump's IR (a
// run of a thousand dumps would read the cache a thousand times).
LoadOptions summaryLoadOptions(LoadOptions options);

// Throws DumpError when `path` is neither a folder nor a file; LoadCancelled when cancelled.
RunSummary summarizeRun(const std::string& path, const RunSummaryOptions& options);

// Whether the row fails the CI gate: it overflows, or uses more than `failAbove` percent.
bool rowFailsGate(const RunRow& row, std::optional<double> failAbove);

} // namespace memlens
