#pragma once
// The command-line contract (docs/design.md, Command line): parsing and the Qt-free
// `inspect` command. `report` and the window live in app/, which links this.
#include "core/diff_command.hpp"
#include "core/plan_command.hpp"
#include "core/plan_document.hpp"

#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace memlens {

inline constexpr int kExitFits = 0;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitOverflow = 3;

enum class Command { Window, Inspect, Report, Explain, Watch, Diff, Plan, Help, Version };

struct CommandLine {
    Command command = Command::Window;
    Command helpFor = Command::Window; // with Help: which command's help
    std::string dump;                  // may be empty for Window
    std::string compareWith;           // Window: a second dump, opened in the compare view against `dump`
    DiffCommandLine diff;              // Diff: its own options (core/diff_command)
    PlanCommandLine plan;              // Plan: its own options (core/plan_command)
    std::string outDir;                // report --out
    std::optional<std::string> scope;  // --scope
    std::string keepDir;               // watch --keep
    int watchIntervalMs = 200;         // watch --interval
    bool explainConfigs = false;       // explain --configs: the fit map's frontier as Python
    std::vector<std::string> others;   // explain --others: dumps (files or folders) of other configs
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

// Exit status for a loaded document: 3 when any shown scope overflows, else 0.
int exitStatusFor(const PlanDocument& document, const std::optional<std::string>& scope);

// Throws DumpError when --scope names a scope the dump does not have.
void requireScope(const PlanDocument& document, const std::optional<std::string>& scope);

// Runs `memlens inspect`: JSON on `out`, messages on `err`; returns the exit status.
int runInspect(const CommandLine& commandLine, std::ostream& out, std::ostream& err);

} // namespace memlens
