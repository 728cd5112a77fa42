#pragma once
// `memlens inspect DUMP|DIR`: the model as JSON on stdout (core/inspect_json).
#include "core/cli/command_words.hpp"
#include "core/cli/parsed_command.hpp"

#include <iosfwd>
#include <string>

namespace memlens {

std::string inspectUsageText();

// JSON on `out`, messages on `err`; returns the exit status.
int runInspect(const CommandLine& commandLine, std::ostream& out, std::ostream& err);

} // namespace memlens
