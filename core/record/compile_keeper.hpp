#pragma once
// What memlens record keeps of one compile, and keeping it: the staging folder the compiler
// ran in (holding its memory_info_*.json) gets compile.log, a copy of the input IR,
// command.txt and config.json, then moves into the run as DIR/<kernel>/<n>/ in one rename,
// and the run's progress file gets a line.
#include "core/record/compile_call.hpp"

#include <string>
#include <vector>

namespace memlens {

struct KeptCompile {
    CompileCall call;
    std::string compiler; // the real compiler run
    std::string calledAs; // bishengir-compile or npuc
    std::vector<std::string> originalArgs;
    std::string cwd;        // the caller's working folder
    int status = 0;         // waitpid's status
    std::string log;        // stdout and stderr as they came, the sections included
    std::string stdoutText; // stdout alone
};

// The progress file the recording compilers append a line to, one per compile kept:
// "<kernel> <fits|overflows|failed>".
std::string progressFile(const std::string& runDir);

// "" or why the compile could not be kept (the staging folder is then the caller's to remove).
std::string keepCompile(const KeptCompile& kept, const std::string& staging, const std::string& runDir);

} // namespace memlens
