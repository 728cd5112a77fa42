#pragma once
// The command-line contract (docs/design.md, Command line): what a command line
// says, and reading it. Each command's own words come from core/subcommands; the
// commands run elsewhere (core/*_command, and app/ for `report` and the window).
#include "core/cli/diff_command.hpp"
#include "core/cli/exit_status.hpp"
#include "core/cli/plan_command.hpp"
#include "core/cli/record_command_line.hpp"
#include "core/document/plan_document.hpp"

#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace memlens {

enum class Command {
    Window,
    Inspect,
    Report,
    Explain,
    Watch,
    Diff,
    Plan,
    Summary,
    Record,
    RecordCompile,
    Help,
    Version
};

struct CommandLine {
    Command command = Command::Window;
    Command helpFor = Command::Window;      // with Help: which command's help
    std::string dump;                       // may be empty for Window
    std::string compareWith;                // Window: a second dump, opened in the compare view against `dump`
    DiffCommandLine diff;                   // Diff: its own options (core/diff_command)
    PlanCommandLine plan;                   // Plan: its own options (core/plan_command)
    RecordCommandLine record;               // Record: its own options (core/cli/record_command_line)
    RecordCompileCommandLine recordCompile; // RecordCompile: the recording compiler's call
    std::string outDir;                     // report --out (the folder), summary --out (the file)
    std::string htmlFile;                   // report --html: the plan page alone
    std::optional<std::string> scope;       // --scope
    std::string keepDir;                    // watch --keep
    int watchIntervalMs = 200;              // watch --interval
    bool explainConfigs = false;            // explain --configs: the fit map's frontier as Python
    std::vector<std::string> others;        // explain --others: dumps (files or folders) of other configs
    std::string summaryFormat = "text";     // summary --format
    std::optional<double> failAbove;        // summary --fail-above PERCENT
    LoadOptions load;
    bool verbose = false;
};

class CommandLineError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// `args` excludes the program name. Throws CommandLineError with a usage message.
CommandLine parseCommandLine(const std::vector<std::string>& args);

std::string usageText(Command command);
// The options every command that reads a dump takes, and what its exit status means: for the usage texts.
std::string commonOptionsHelp();
std::string exitStatusHelp();
// The value after option args[i] (i moves onto it); throws CommandLineError when there is none.
std::string optionValue(const std::vector<std::string>& args, std::size_t& i);
// --fail-above's value (summary, record): a percentage from 0 to 1000; throws CommandLineError.
double failAbovePercent(const std::string& value);

} // namespace memlens
