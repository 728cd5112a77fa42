#include "core/cli/record_command_line.hpp"

#include "core/cli/command_words.hpp"

#include <cerrno>
#include <cstdlib>

namespace memlens {

std::string recordUsageText()
{
    return "Usage: memlens record [--out DIR] [--open] [--fail-above PERCENT] -- COMMAND [ARGS...]\n\n"
           "Runs COMMAND (python kernel.py, pytest ..., or bishengir-compile itself) unchanged and records\n"
           "every kernel it compiles with Triton-Ascend's compiler, bishengir-compile: each compile gets its\n"
           "own folder DIR/<kernel>/<n>/ with the dumps (memory_info_aiv.json, memory_info_aic.json), the\n"
           "compile log holding the IR the memory planner received (so every what-if is re-planned, not\n"
           "predicted), a copy of the input IR, command.txt (the compile, to repeat by hand) and config.json.\n"
           "When COMMAND ends, the summary of DIR (as memlens summary DIR prints it) and its path follow on\n"
           "stderr; COMMAND's own stdout is left as it was.\n\n"
           "How: TRITON_MEMORY_DISPLAY=1, TRITON_DISABLE_LINE_INFO=0, TRITON_ALWAYS_COMPILE=1 and\n"
           "ENABLE_PRINT_UB_BITS=1 are set unless already set (memlens says which it set); a folder holding\n"
           "a bishengir-compile that is memlens goes first on PATH, and a Python start-up hook on\n"
           "PYTHONPATH points Triton-Ascend's compiler lookup at it (a compiler bundled with Triton, or\n"
           "found through TRITON_NPU_COMPILER_PATH, is recorded too). The real compiler runs with the same\n"
           "arguments plus --mlir-print-ir-before/--mlir-print-ir-after of the planner pass\n"
           "(hivm-plan-memory, or hivm-plan-memory-regbase for an Ascend950 target) and\n"
           "--mlir-print-debuginfo; what COMMAND sees is what it would have seen: the same exit status,\n"
           "the same stdout, and stderr without the IR sections memlens asked for. --help, --version and\n"
           "any call that compiles nothing go to the real compiler untouched.\n\nOptions:\n"
           "  --out DIR            the run folder (default memlens-record); an existing one is never\n"
           "                       written into: DIR-2, DIR-3, ... is made instead\n"
           "  --open               open the Run view on the run when COMMAND ends\n"
           "  --fail-above PERCENT exit 3 when COMMAND succeeded but a kernel overflows or uses more than\n"
           "                       PERCENT of its capacity (as memlens summary --fail-above)\n"
           "  -h, --help           show this help\n\n"
           "Exit status: COMMAND's own (a COMMAND ended by a signal ends memlens by it too); with\n"
           "--fail-above, 3 when COMMAND succeeded and a kernel fails the gate; 2 when the run folder\n"
           "cannot be made (nothing is run) or memlens is used wrongly.\n\n"
           "In CI:  memlens record --fail-above 95 -- pytest tests/\n";
}

RecordCommandLine parseRecordCommandLine(const std::vector<std::string>& args)
{
    RecordCommandLine commandLine;
    std::size_t i = 0;
    for (; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (arg == "-h" || arg == "--help") {
            commandLine.help = true;
            return commandLine;
        }
        if (arg == "--verbose" || arg == "-v") {
            commandLine.verbose = true;
        } else if (arg == "--open") {
            commandLine.open = true;
        } else if (arg == "--out") {
            commandLine.outDir = optionValue(args, i);
            if (commandLine.outDir.empty())
                throw CommandLineError("--out: expected a folder, found \"\"");
        } else if (arg == "--fail-above") {
            commandLine.failAbove = failAbovePercent(optionValue(args, i));
        } else if (!arg.empty() && arg[0] == '-') {
            throw CommandLineError("unknown option " + arg + " (the command to record goes after --)");
        } else {
            break; // the command starts here
        }
    }
    commandLine.command.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
    if (commandLine.command.empty())
        throw CommandLineError("missing COMMAND: memlens record -- python kernel.py");
    return commandLine;
}

RecordCompileCommandLine parseRecordCompileCommandLine(const std::vector<std::string>& args)
{
    if (args.empty())
        throw CommandLineError(std::string(kRecordCompileWord) + " is memlens record's own: use memlens record");
    return {args.front(), std::vector<std::string>(args.begin() + 1, args.end())};
}

} // namespace memlens
