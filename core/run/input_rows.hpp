#pragma once
// The rows of one piece of a run (core/run/run_inputs): each file read, its plan loaded,
// its row made and the plan dropped. A file that cannot be read is a row with its error.
#include "core/document/plan_document.hpp"
#include "core/run/run_inputs.hpp"
#include "core/run/run_row.hpp"

#include <vector>

namespace memlens {

// Throws only LoadCancelled (options.cancel set); every other failure is an error row.
std::vector<RunRow> rowsOfInput(const RunInput& input, const LoadOptions& options);

// A row saying why `file` could not be read.
RunRow errorRow(const std::string& file, const std::string& message);

// The time a version was written, sortable as text: the time in a `memlens watch --keep` name
// (<kernel>-20261205-101500.123-aiv.json), else the file's modification time in the same form.
std::string versionTimeOf(const std::string& file);

} // namespace memlens
