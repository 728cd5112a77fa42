#pragma once
// `memlens report DUMP --out DIR`: the report files without a display.
#include "core/cli/command_line.hpp"

namespace memlens {

// Needs no QApplication: it makes its own offscreen one. Returns the exit status.
int runReportCommand(const CommandLine& commandLine, int argc, char** argv);

} // namespace memlens
