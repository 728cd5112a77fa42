#pragma once
// `memlens diff A B`: compare two compiles of a kernel (docs/design.md, Command line).
// Exit status: 0 when B fits, 3 when B overflows, 2 bad input or usage.
#include "core/cli/diff_command_line.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// `args` are those after "diff". Throws CommandLineError with a usage message.
DiffCommandLine parseDiffCommandLine(const std::vector<std::string>& args);

std::string diffUsageText();

// Loads both dumps, judges them by one capacity (shareCapacities) unless --capacity
// says otherwise, and prints the comparison on `out`; messages on `err`.
int runDiff(const DiffCommandLine& commandLine, std::ostream& out, std::ostream& err);

} // namespace memlens
