#include "core/run/run_summary.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/run_beside.hpp"
#include "core/run/config_envelope.hpp"
#include "core/run/input_rows.hpp"
#include "core/run/run_inputs.hpp"
#include "core/run/run_versions.hpp"

#include <algorithm>
#include <atomic>
#include <future>

namespace memlens {

namespace {

// Workers take the next piece until none is left; each keeps its rows in the piece's slot.
void readPieces(const std::vector<RunInput>& inputs, std::vector<std::vector<RunRow>>& slots,
    const RunSummaryOptions& options, const LoadOptions& load)
{
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::atomic<bool> failed{false};
    const auto work = [&] {
        for (std::size_t i = next++; i < inputs.size() && !failed; i = next++) {
            try {
                throwIfCancelled(load.cancel.get());
                slots[i] = rowsOfInput(inputs[i], load);
            } catch (...) {
                failed = true; // the others stop at their next piece; the exception reaches the caller
                throw;
            }
            const std::size_t count = ++done;
            if (options.progress)
                options.progress(count, inputs.size());
        }
    };
    const unsigned cores = options.workers ? options.workers : coresFreeHere();
    const std::size_t helpers = std::min<std::size_t>(cores, inputs.size()) - (inputs.empty() ? 0 : 1);
    std::vector<std::future<void>> beside;
    for (std::size_t h = 0; h < helpers; ++h)
        beside.push_back(runBeside(work));
    std::exception_ptr error;
    try {
        work();
    } catch (...) {
        error = std::current_exception();
    }
    for (std::future<void>& helper : beside) {
        try {
            helper.get();
        } catch (...) {
            if (!error)
                error = std::current_exception();
        }
    }
    if (error)
        std::rethrow_exception(error);
}

} // namespace

std::size_t RunSummary::readCount() const
{
    return static_cast<std::size_t>(
        std::count_if(rows.begin(), rows.end(), [](const RunRow& row) { return row.status != RowStatus::Error; }));
}

LoadOptions summaryLoadOptions(LoadOptions options)
{
    options.searchTritonCache = false;
    return options;
}

RunSummary summarizeRun(const std::string& path, const RunSummaryOptions& options)
{
    RunSummary summary;
    summary.path = path;
    RunListing listing = listRunInputs(path);
    summary.pieces = listing.inputs.size();
    std::vector<std::vector<RunRow>> slots(listing.inputs.size());
    readPieces(listing.inputs, slots, options, options.load);
    throwIfCancelled(options.load.cancel.get());
    for (std::vector<RunRow>& rows : slots)
        for (RunRow& row : rows)
            summary.rows.push_back(std::move(row));
    for (const auto& [where, error] : listing.errors)
        summary.rows.push_back(errorRow(where, error));
    groupAndSortRows(summary.rows);
    summary.envelopes = configEnvelopes(summary);
    replanEnvelopes(summary, options.load);
    return summary;
}

bool rowFailsGate(const RunRow& row, std::optional<double> failAbove)
{
    if (row.status == RowStatus::Overflows)
        return true;
    const std::optional<double> used = row.usedPercent();
    return failAbove && used && row.status == RowStatus::Fits && *used > *failAbove;
}

} // namespace memlens
