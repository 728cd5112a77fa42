#pragma once
// `memlens explain DUMP`: why each scope overflows and what would fit, as plain
// text for a terminal (a compile server has no display).
#include "core/cli/command_words.hpp"
#include "core/cli/parsed_command.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace memlens {

std::string explainUsageText();

// Consumes args[i] (and its value) when it is an explain option (--configs, --others).
bool parseExplainOption(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i);

// Text on `out`, messages on `err`; returns the exit status (0 fits, 3 overflow, 2 bad input).
int runExplain(const CommandLine& commandLine, std::ostream& out, std::ostream& err);

} // namespace memlens
