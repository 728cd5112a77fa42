#pragma once
// The command-line contract (docs/design.md, Command line): reading a command line into what it
// says (parsed_command.hpp). Each command's own words come from core/cli/subcommands; the
// commands run elsewhere (core/cli/*_command, and app/ for `report` and the window).
#include "core/cli/command_words.hpp"
#include "core/cli/exit_status.hpp"
#include "core/cli/parsed_command.hpp"

#include <string>
#include <vector>

namespace memlens {

// `args` excludes the program name. Throws CommandLineError with a usage message.
CommandLine parseCommandLine(const std::vector<std::string>& args);

std::string usageText(Command command);

} // namespace memlens
