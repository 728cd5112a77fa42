#pragma once
// `memlens record [--out DIR] [--open] [--fail-above P] -- COMMAND [ARGS...]`: makes the run
// folder (never one that exists), puts the recording compiler around COMMAND
// (core/record/record_setup), runs it, forwards SIGINT and SIGTERM that a process sent,
// shows one progress line on a terminal, and at the end prints the run's summary.
#include "core/cli/record_command_line.hpp"

#include <iosfwd>
#include <string>

namespace memlens {

struct RecordOutcome {
    int status = 0;     // the exit status to end with
    int signal = 0;     // COMMAND ended by this signal: end by it too (after --open's window)
    std::string runDir; // the run folder ("" when none was made)
};

// Messages and the summary go to `err` (COMMAND's stdout stays its own); `terminal`: `err` is one.
RecordOutcome runRecord(const RecordCommandLine& commandLine, std::ostream& err, bool terminal);

} // namespace memlens
