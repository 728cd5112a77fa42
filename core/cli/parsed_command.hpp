#pragma once
// What a command line says: the command and every option's value. Read by parseCommandLine
// (command_line.hpp), with each command's own words from the subcommand table (subcommands.hpp).
#include "core/cli/diff_command_line.hpp"
#include "core/cli/plan_command_line.hpp"
#include "core/cli/record_command_line.hpp"
#include "core/document/plan_document.hpp"

#include <optional>
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

} // namespace memlens
