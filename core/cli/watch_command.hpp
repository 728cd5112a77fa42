#pragma once
// The `memlens watch DIR --keep HISTORY_DIR` command: its options, its help
// and running it until interrupted (the scanning itself is DumpWatcher's).
#include "core/cli/command_words.hpp"
#include "core/cli/parsed_command.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace memlens {

std::string watchUsageText();

// Consumes args[i] (and its value) when it is a watch option (--keep, --interval).
bool parseWatchOption(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i);

// Throws CommandLineError when --keep is missing.
void requireWatchOptions(const CommandLine& commandLine);

// Runs until SIGINT or SIGTERM; returns the exit status.
int runWatchCommand(const CommandLine& commandLine, std::ostream& out, std::ostream& err);

} // namespace memlens
