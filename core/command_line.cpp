#include "core/command_line.hpp"

#include "core/byte_size.hpp"
#include "core/dump_error.hpp"
#include "core/explain_command.hpp"
#include "core/inspect_json.hpp"
#include "core/kernel_folder.hpp"
#include "core/watch_command.hpp"

#include <ostream>

namespace memlens {

namespace {

const char* const kOptionsHelp
    = "  --ir FILE            the adapter IR (.ttadapter) the dump was compiled from;\n"
      "                       default: found beside the dump\n"
      "  --log FILE           the compile log (bishengir-compile ... --mlir-print-ir-before=hivm-plan-memory\n"
      "                       --mlir-print-debuginfo 2> compile.log): names the ops of every Life;\n"
      "                       default: a *.log or *.txt beside the dump that holds the kernel's section\n"
      "  --scope NAME         only this memory scope (ub, cbuf, cc, ...)\n"
      "  --capacity SIZE      capacity in bytes, or with K/KB/KiB, M/MB/MiB (powers of 1024), of the\n"
      "                       --scope scope, else of every scope; SCOPE=SIZE sets one scope (repeatable);\n"
      "                       default: from the error message, the IR's target, else Ascend910B's\n"
      "                       (UB 192 KB, cbuf 512 KB, cc 128 KB)\n"
      "  --source-dir DIR     look for source files here too (repeatable)\n"
      "  --substitute FROM=TO replace the path prefix FROM by TO when looking for files (repeatable)\n"
      "  --triton-cache DIR   Triton's cache, searched for the IR when none is beside the dump;\n"
      "                       default: $TRITON_CACHE_DIR, else ~/.triton/cache\n"
      "  --verbose            log parsing and file lookup details to stderr (also MEMLENS_VERBOSE=1)\n"
      "  -h, --help           show this help\n";

const char* const kExitHelp
    = "Exit status: 0 every scope fits, 3 some scope overflows its capacity (of any core, for a folder),\n"
      "             2 bad input or usage (the message on stderr names file, JSON path and problem).\n";

std::string requireValue(const std::vector<std::string>& args, std::size_t& i)
{
    if (i + 1 >= args.size())
        throw CommandLineError("option " + args[i] + " needs a value");
    return args[++i];
}

// `memlens diff|plan ...`: a command whose options are its own, parsed by `parse` into `member`.
template <typename Options>
CommandLine parseOwnOptions(Command command, Options CommandLine::*member,
    Options (*parse)(const std::vector<std::string>&), const std::vector<std::string>& args)
{
    CommandLine commandLine;
    commandLine.command = command;
    Options& options = commandLine.*member = parse(std::vector<std::string>(args.begin() + 1, args.end()));
    commandLine.verbose = options.verbose;
    if (options.help) {
        commandLine.command = Command::Help;
        commandLine.helpFor = command;
    }
    return commandLine;
}

} // namespace

std::string usageText(Command command)
{
    switch (command) {
    case Command::Inspect:
        return std::string("Usage: memlens inspect DUMP|DIR [options]\n\n"
                           "Print the memory plan of DUMP (memory_info_aiv.json or any dump in that format)\n"
                           "as JSON on stdout: every scope with its capacity, peaks and overflow verdict,\n"
                           "and every block with its Life and source lines.\n"
                           "DIR, a kernel's folder (a mix kernel's memory_info_aic.json and memory_info_aiv.json):\n"
                           "{\"folder\", \"kernel\", \"dumps\": [the object above, per dump], \"notes\": [the pair's\n"
                           "health: kernels that do not pair, a file older than the other]}.\n\nOptions:\n")
            + kOptionsHelp + "\n" + kExitHelp;
    case Command::Explain: return explainUsageText();
    case Command::Diff: return diffUsageText();
    case Command::Plan: return planUsageText();
    case Command::Report:
        return std::string("Usage: memlens report DUMP|FOLDER --out DIR [options]\n\n"
                           "Write a report of DUMP into DIR without a display: summary.md, chart.png,\n"
                           "chart.svg (the block chart of the scope that overflows, else the first),\n"
                           "blocks.csv (every block of every scope) and live_at_peak.csv.\n"
                           "FOLDER, a kernel's folder (memory_info_aic.json, memory_info_aiv.json): one summary.md\n"
                           "with a section per core, chart-<core>-<scope>.png per overflowing scope (chart.png is\n"
                           "the first), blocks.csv and live_at_peak.csv of every core.\n"
                           "Files of those names already in DIR are replaced.\n\nOptions:\n"
                           "  --out DIR            the folder to write (created when missing)\n")
            + kOptionsHelp + "\n" + kExitHelp
            + "\nIn CI:  memlens report memory_info_aiv.json --out report || [ $? -ne 3 ] || exit 1\n";
    case Command::Watch: return watchUsageText();
    default: break;
    }
    return std::string("Usage: memlens [DUMP|DIR] [options]          open the window (with DUMP if given)\n"
                       "       memlens inspect DUMP|DIR [options]    print the model as JSON on stdout\n"
                       "       memlens report DUMP --out DIR [options]  write the report files, no display needed\n"
                       "       memlens explain DUMP|DIR [options]    why it overflows and what would fit, as text\n"
                       "       memlens watch DIR --keep HISTORY_DIR  keep a copy of every dump written into DIR\n"
                       "       memlens diff A B [options]            compare two dumps (exit 3 when B overflows)\n"
                       "       memlens plan IR|LOG [options]         plan the memory as the compiler does (exit 3 on "
                       "overflow)\n"
                       "       memlens A B                           open the window comparing A and B\n"
                       "       memlens COMMAND --help                help on a command\n"
                       "DIR is a kernel's folder: every memory_info*.json in it (a mix kernel's memory_info_aic.json\n"
                       "and memory_info_aiv.json) as one kernel; every command takes one where it takes a DUMP.\n\n"
                       "memlens shows how an Ascend NPU kernel's on-chip memory plan uses its capacity:\n"
                       "every buffer as a block over its Life, what crosses capacity, and the IR and\n"
                       "Python lines that allocated it.\n\nOptions:\n")
        + kOptionsHelp + "  --version            print the version\n\n" + kExitHelp;
}

CommandLine parseCommandLine(const std::vector<std::string>& args)
{
    CommandLine commandLine;
    if (!args.empty() && args[0] == "diff")
        return parseOwnOptions(Command::Diff, &CommandLine::diff, &parseDiffCommandLine, args);
    if (!args.empty() && args[0] == "plan")
        return parseOwnOptions(Command::Plan, &CommandLine::plan, &parsePlanCommandLine, args);
    std::size_t i = 0;
    if (!args.empty() && (args[0] == "inspect" || args[0] == "report" || args[0] == "watch")) {
        commandLine.command = args[0] == "inspect" ? Command::Inspect
            : args[0] == "report"                  ? Command::Report
                                                   : Command::Watch;
        i = 1;
    } else if (!args.empty() && args[0] == "explain") {
        commandLine.command = Command::Explain;
        i = 1;
    }
    const Command mainCommand = commandLine.command;
    for (; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "-h" || arg == "--help") {
            commandLine.helpFor = mainCommand;
            commandLine.command = Command::Help;
            return commandLine;
        }
        if (arg == "--version") {
            commandLine.command = Command::Version;
            return commandLine;
        }
        if (arg == "--verbose" || arg == "-v") {
            commandLine.verbose = true;
        } else if (arg == "--ir") {
            commandLine.load.irFile = requireValue(args, i);
            commandLine.load.irRequired = true;
        } else if (arg == "--log") {
            commandLine.load.logFile = requireValue(args, i);
            commandLine.load.logRequired = true;
        } else if (arg == "--scope") {
            commandLine.scope = requireValue(args, i);
        } else if (arg == "--capacity") {
            const std::string value = requireValue(args, i);
            const std::size_t equals = value.find('=');
            const std::string sizeText = equals == std::string::npos ? value : value.substr(equals + 1);
            const auto bytes = parseByteSize(sizeText);
            if (!bytes || *bytes == 0 || equals == 0)
                throw CommandLineError(
                    "--capacity: expected a size such as 196608, 192K or 192KiB (or SCOPE=SIZE), found \"" + value
                    + "\"");
            if (equals == std::string::npos)
                commandLine.load.capacity.all = bytes;
            else
                commandLine.load.capacity.byScope[value.substr(0, equals)] = *bytes;
        } else if (arg == "--source-dir") {
            commandLine.load.sourceDirs.push_back(requireValue(args, i));
        } else if (arg == "--substitute") {
            const std::string value = requireValue(args, i);
            const std::size_t equals = value.find('=');
            if (equals == std::string::npos || equals == 0)
                throw CommandLineError("--substitute: expected FROM=TO, found \"" + value + "\"");
            commandLine.load.substitutions.emplace_back(value.substr(0, equals), value.substr(equals + 1));
        } else if (arg == "--out" && mainCommand == Command::Report) {
            commandLine.outDir = requireValue(args, i);
        } else if (arg == "--configs" && mainCommand == Command::Explain) {
            commandLine.explainConfigs = true;
        } else if (arg == "--others" && mainCommand == Command::Explain) {
            commandLine.others.push_back(requireValue(args, i));
        } else if (arg == "--triton-cache") {
            commandLine.load.tritonCache.cacheDir = requireValue(args, i);
        } else if (mainCommand == Command::Watch && parseWatchOption(commandLine, args, i)) {
            continue;
        } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
            throw CommandLineError("unknown option " + arg);
        } else if (commandLine.dump.empty()) {
            commandLine.dump = arg;
        } else if (mainCommand == Command::Window && commandLine.compareWith.empty()) {
            commandLine.compareWith = arg;
        } else {
            throw CommandLineError("unexpected argument \"" + arg + "\" (one dump at a time)");
        }
    }
    // With --scope, a plain --capacity is that scope's: L1 or L0C are not judged by a UB size.
    if (commandLine.scope && commandLine.load.capacity.all) {
        commandLine.load.capacity.byScope.emplace(*commandLine.scope, *commandLine.load.capacity.all);
        commandLine.load.capacity.all.reset();
    }
    if (mainCommand == Command::Watch)
        requireWatchArguments(commandLine);
    if (mainCommand != Command::Window && commandLine.dump.empty())
        throw CommandLineError("missing DUMP: the memory dump to read (memory_info_aiv.json), or a kernel's folder");
    if (mainCommand == Command::Report && commandLine.outDir.empty())
        throw CommandLineError("missing --out DIR: the folder to write the report into");
    return commandLine;
}

void requireScope(const PlanDocument& document, const std::optional<std::string>& scope)
{
    if (!scope || document.dump.findScope(*scope))
        return;
    std::string present;
    for (const auto& plan : document.dump.scopes)
        present += (present.empty() ? "" : ", ") + plan.scope;
    throw DumpError(document.dump.file, "Record",
        "no memory scope \"" + *scope + "\" (the dump has: " + (present.empty() ? "none" : present) + ")");
}

int exitStatusFor(const PlanDocument& document, const std::optional<std::string>& scope)
{
    for (std::size_t i = 0; i < document.dump.scopes.size(); ++i) {
        if (scope && document.dump.scopes[i].scope != *scope)
            continue;
        if (document.analyses[i].overflow)
            return kExitOverflow;
    }
    return kExitFits;
}

int runInspect(const CommandLine& commandLine, std::ostream& out, std::ostream& err)
{
    try {
        if (isFolderPath(commandLine.dump)) { // a kernel's folder: every core's dump
            const KernelFolder kernel = loadKernelFolder(commandLine.dump, commandLine.load);
            requireScope(kernel, commandLine.scope);
            writeFolderInspectJson(out, kernel, commandLine.scope);
            return exitStatusFor(kernel, commandLine.scope);
        }
        const PlanDocument document = loadPlanDocument(commandLine.dump, commandLine.load);
        requireScope(document, commandLine.scope);
        // Strings from the dump or IR may hold bytes that are not UTF-8; replace them rather than fail.
        writeInspectJson(out, document, commandLine.scope);
        return exitStatusFor(document, commandLine.scope);
    } catch (const std::exception& error) {
        return reportBadInput(err, error, commandLine.dump);
    }
}

} // namespace memlens
