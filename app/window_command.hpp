#pragma once
// `memlens [DUMP]`: the window.
#include "core/cli/command_line.hpp"

namespace memlens {

int runWindow(const CommandLine& commandLine, int argc, char** argv);

} // namespace memlens
