#pragma once
// `memlens record [--out DIR] [--open] [--fail-above P] -- COMMAND [ARGS...]`: the words of
// the command line (core/record/record_command runs it), and the hidden word the recorder's
// stand-in compiler runs memlens with (`memlens __record-compile NAME ARGS...`).
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct RecordCommandLine {
    std::string outDir;               // --out, "" for memlens-record in the working folder
    bool open = false;                // --open: the Run view on the run once the command ends
    std::optional<double> failAbove;  // --fail-above PERCENT, as summary has it
    std::vector<std::string> command; // the command to run, with its arguments
    bool verbose = false;
    bool help = false;
};

// The hidden subcommand the masquerading compiler execs: `memlens __record-compile NAME ARGS...`.
inline constexpr const char* kRecordCompileWord = "__record-compile";

struct RecordCompileCommandLine {
    std::string name; // the name it was called by: bishengir-compile (or npuc)
    std::vector<std::string> args;
};

// `args` are those after "record". Throws CommandLineError with a usage message.
RecordCommandLine parseRecordCommandLine(const std::vector<std::string>& args);
// `args` are those after "__record-compile".
RecordCompileCommandLine parseRecordCompileCommandLine(const std::vector<std::string>& args);
std::string recordUsageText();

} // namespace memlens
