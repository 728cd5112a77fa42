#pragma once
// The compiler memlens record puts in the compiler's place (`memlens __record-compile NAME
// ARGS...`, exec'd by DIR/.memlens/bin/bishengir-compile): a call that compiles runs the real
// compiler in a folder of its own with the planner's IR printed, passes its exit status,
// stdout and stderr (less the sections memlens asked for) on to the caller as they come, and
// keeps the compile as DIR/<kernel>/<n>/; any other call becomes the real compiler's (exec).
#include "core/cli/record_command_line.hpp"

namespace memlens {

// Returns the exit status to end with (a compiler ended by a signal ends this process by it).
int runRecordedCompile(const RecordCompileCommandLine& commandLine);

} // namespace memlens
