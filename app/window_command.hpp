#pragma once
// `memlens [DUMP]`: the window.
#include "core/command_line.hpp"

namespace memlens {

int runWindow(const CommandLine& commandLine, int argc, char** argv);

} // namespace memlens
