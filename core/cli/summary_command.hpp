#pragma once
// `memlens summary DIR|CACHE`: every kernel of a run as one table (core/run), and the CI
// gate: exit 3 when a kernel overflows or uses more than --fail-above percent of its
// capacity, 2 when nothing could be read, else 0.
#include "core/cli/command_words.hpp"
#include "core/cli/parsed_command.hpp"
#include "core/run/run_summary.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

std::string summaryUsageText();

// Consumes args[i] (and its value) when it is a summary option (--format, --fail-above, --out).
bool parseSummaryOption(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i);

// 2 when nothing could be read, 3 when a row fails the gate (core/run/run_summary), else 0.
int summaryExitStatus(const RunSummary& summary, std::optional<double> failAbove);

// The summary on `out` (or in --out FILE), messages on `err`; with `terminal` a progress line on
// `err` while the files are read (err is a terminal). Returns the exit status.
int runSummary(const CommandLine& commandLine, std::ostream& out, std::ostream& err, bool terminal);

} // namespace memlens
