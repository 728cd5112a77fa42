#include "core/cli/command_line.hpp"

#include "core/cli/subcommands.hpp"
#include "core/text/byte_size.hpp"

namespace memlens {

std::string usageText(Command command)
{
    if (const Subcommand* subcommand = subcommandOf(command))
        return subcommand->usage();
    return std::string("Usage: memlens [DUMP|DIR] [options]          open the window (with DUMP if given)\n"
                       "       memlens inspect DUMP|DIR [options]    print the model as JSON on stdout\n"
                       "       memlens report DUMP --out DIR [options]  write the report files, no display needed\n"
                       "       memlens explain DUMP|DIR [options]    why it overflows and what would fit, as text\n"
                       "       memlens watch DIR --keep HISTORY_DIR  keep a copy of every dump written into DIR\n"
                       "       memlens diff A B [options]            compare two dumps (exit 3 when B overflows)\n"
                       "       memlens plan IR|LOG [options]         plan the memory as the compiler does (exit 3 on "
                       "overflow)\n"
                       "       memlens summary DIR|CACHE [options]   every kernel of a run as one table; a CI gate\n"
                       "       memlens record [options] -- COMMAND   run COMMAND, keeping every kernel it compiles\n"
                       "                                             with its planner IR (then its summary)\n"
                       "       memlens A B                           open the window comparing A and B\n"
                       "       memlens COMMAND --help                help on a command\n"
                       "DIR is a kernel's folder: every memory_info*.json in it (a mix kernel's memory_info_aic.json\n"
                       "and memory_info_aiv.json) as one kernel; every command takes one where it takes a DUMP.\n"
                       "The window opens a folder without memory_info*.json of its own as a run (the Run view).\n\n"
                       "memlens shows how an Ascend NPU kernel's on-chip memory plan uses its capacity:\n"
                       "every buffer as a block over its Life, what crosses capacity, and the IR and\n"
                       "Python lines that allocated it.\n\nOptions:\n")
        + commonOptionsHelp() + "  --version            print the version\n\n" + exitStatusHelp();
}

CommandLine parseCommandLine(const std::vector<std::string>& args)
{
    const Subcommand* subcommand = args.empty() ? nullptr : findSubcommand(args[0]);
    if (subcommand && subcommand->parseAll)
        return subcommand->parseAll(args);
    CommandLine commandLine;
    std::size_t i = 0;
    if (subcommand) {
        commandLine.command = subcommand->command;
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
            commandLine.load.irFile = optionValue(args, i);
            commandLine.load.irRequired = true;
        } else if (arg == "--log") {
            commandLine.load.logFile = optionValue(args, i);
            commandLine.load.logRequired = true;
        } else if (arg == "--scope") {
            commandLine.scope = optionValue(args, i);
        } else if (arg == "--capacity") {
            const std::string value = optionValue(args, i);
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
            commandLine.load.sourceDirs.push_back(optionValue(args, i));
        } else if (arg == "--substitute") {
            const std::string value = optionValue(args, i);
            const std::size_t equals = value.find('=');
            if (equals == std::string::npos || equals == 0)
                throw CommandLineError("--substitute: expected FROM=TO, found \"" + value + "\"");
            commandLine.load.substitutions.emplace_back(value.substr(0, equals), value.substr(equals + 1));
        } else if (arg == "--triton-cache") {
            commandLine.load.tritonCache.cacheDir = optionValue(args, i);
        } else if (subcommand && subcommand->parseOption && subcommand->parseOption(commandLine, args, i)) {
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
    if (subcommand && commandLine.dump.empty())
        throw CommandLineError(std::string(subcommand->missingInput));
    if (subcommand && subcommand->requireOptions)
        subcommand->requireOptions(commandLine);
    return commandLine;
}

} // namespace memlens
