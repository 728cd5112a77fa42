#pragma once
// One call of bishengir-compile as memlens record sees it: whether it compiles (an input
// file and no --help/--version), the planner pass its target runs, and the arguments the
// real compiler gets (the caller's, relative paths made absolute since it runs in the
// compile's own folder, and the print options of the planner's IR memlens adds).
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct CompileCall {
    bool compiles = false;             // false: pass the call through untouched
    std::string input;                 // the input IR as given
    std::string inputAbsolute;         // ... made absolute against the caller's working folder
    std::optional<std::string> target; // --target=NAME
    bool regBase = false;              // the target plans with hivm-plan-memory-regbase
    std::string pass;                  // the planner pass whose IR is printed
    bool addedBefore = false;          // memlens added --mlir-print-ir-before=<pass> (the caller had not)
    bool addedAfter = false;
    std::vector<std::string> args; // what the real compiler runs with
};

// `args` without the program name; `cwd` the caller's working folder; `irText` the first
// bytes of the input, when it could be read (for the target of an IR that names one).
CompileCall classifyCompileCall(
    const std::vector<std::string>& args, const std::string& cwd, const std::optional<std::string>& irText);

// The input file of a call (its one positional argument), "" when there is none.
std::string compileInputOf(const std::vector<std::string>& args);

// The kernel an IR (or a compile log of it) defines: the entry function's name (hacc.entry),
// else the first func.func's, else "".
std::string kernelNameOfIr(const std::string& text);

// `word` quoted for a POSIX shell ('...' where needed); `words` joined by spaces.
std::string shellQuote(const std::string& word);
std::string shellCommand(const std::vector<std::string>& words);

} // namespace memlens
