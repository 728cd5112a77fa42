#pragma once
// What every command that reads one dump does with it before and after writing:
// check the --scope it was given, turn the verdicts into the exit status, report bad input.
#include "core/document/kernel_folder.hpp"
#include "core/document/plan_document.hpp"

#include <exception>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

namespace memlens {

// Exit status for a loaded document: 3 when any shown scope overflows, else 0.
int exitStatusFor(const PlanDocument& document, const std::optional<std::string>& scope);
// exitStatusFor, saying on `err` why a document has no verdict (its plan is not decided).
int verdictStatus(const PlanDocument& document, const std::optional<std::string>& scope, std::ostream& err);

// Throws DumpError when --scope names a scope the dump does not have.
void requireScope(const PlanDocument& document, const std::optional<std::string>& scope);

// 3 when any shown scope of any core overflows, else 0.
int exitStatusFor(const KernelFolder& kernel, const std::optional<std::string>& scope);
// Throws DumpError when no dump of the folder has the scope `scope`.
void requireScope(const KernelFolder& kernel, const std::optional<std::string>& scope);

// Writes "memlens: <errorMessage>" and a newline to `err` (control characters
// escaped); returns the exit status of bad input.
int reportBadInput(std::ostream& err, const std::exception& error, const std::string& file);

// `status` once everything written to `out` has reached its file; after a failed write
// (a full disk, a closed pipe) says why on `err` and gives the exit status of bad input:
// a cut-off JSON must never pass for an answer.
int finishOutput(std::ostream& out, std::ostream& err, int status);

// Writes `text` to `path` through a new temporary file of a random name beside it (never
// through a link planted there), renamed over `path` once whole, so a failed write leaves the
// previous file as it was; a replaced file keeps its mode, a read-only one is refused. A
// device or a FIFO at `path` (`--out /dev/null`) is written into, never replaced; a FIFO with
// no reader is an error, not a hang. "" or why it could not.
std::string writeReplacing(const std::filesystem::path& path, const std::string& text);

} // namespace memlens
