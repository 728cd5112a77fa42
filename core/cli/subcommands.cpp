#include "core/cli/subcommands.hpp"

#include "core/cli/command_words.hpp"
#include "core/cli/diff_command.hpp"
#include "core/cli/explain_command.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/cli/parsed_command.hpp"
#include "core/cli/plan_command.hpp"
#include "core/cli/record_command_line.hpp"
#include "core/cli/summary_command.hpp"
#include "core/cli/watch_command.hpp"

#include <array>

namespace memlens {

namespace {

// `memlens diff|plan ...`: a command whose options are its own, parsed by `parse` into `member`.
template <Command command, typename Options, Options CommandLine::*member,
    Options (*parse)(const std::vector<std::string>&)>
CommandLine parseOwnOptions(const std::vector<std::string>& args)
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

// `report` runs in app/ (it draws the chart); its options are read here with the others.
std::string reportUsageText()
{
    return std::string("Usage: memlens report DUMP|FOLDER --out DIR [options]\n"
                       "       memlens report DUMP|FOLDER --html FILE [options]\n\n"
                       "Write a report of DUMP into DIR without a display: summary.md, chart.png,\n"
                       "chart.svg (the block chart of the scope that overflows, else the first),\n"
                       "blocks.csv (every block of every scope), live_at_peak.csv and plan.html.\n"
                       "FOLDER, a kernel's folder (memory_info_aic.json, memory_info_aiv.json): one summary.md\n"
                       "with a section per core, chart-<core>-<scope>.png per overflowing scope (chart.png is\n"
                       "the first), blocks.csv and live_at_peak.csv of every core, and every core in plan.html.\n"
                       "Files of those names already in DIR are replaced.\n\n"
                       "plan.html is one self-contained page that any browser opens offline: the block\n"
                       "chart with zoom and hover, the usage curve, the blocks table, each block's IR and\n"
                       "Python lines side by side, and the diagnosis. It fetches nothing; copy the one\n"
                       "file from a server without a display and open it anywhere.\n\nOptions:\n"
                       "  --out DIR            the folder to write (created when missing)\n"
                       "  --html FILE          write the plan page to FILE (alone, or with --out)\n")
        + commonOptionsHelp() + "\n" + exitStatusHelp()
        + "\nIn CI:  memlens report memory_info_aiv.json --out report || [ $? -ne 3 ] || exit 1\n";
}

bool parseReportOption(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i)
{
    if (args[i] == "--out") {
        commandLine.outDir = optionValue(args, i);
        return true;
    }
    if (args[i] == "--html") {
        commandLine.htmlFile = optionValue(args, i);
        return true;
    }
    return false;
}

void requireReportOptions(const CommandLine& commandLine)
{
    if (commandLine.outDir.empty() && commandLine.htmlFile.empty())
        throw CommandLineError(
            "missing --out DIR: the folder to write the report into (or --html FILE: the page alone)");
}

// `memlens __record-compile NAME ARGS...`: every word after the name is the compiler's.
CommandLine parseRecordCompile(const std::vector<std::string>& args)
{
    CommandLine commandLine;
    commandLine.command = Command::RecordCompile;
    commandLine.recordCompile = parseRecordCompileCommandLine(std::vector<std::string>(args.begin() + 1, args.end()));
    return commandLine;
}

std::string recordCompileUsageText()
{
    return "memlens __record-compile is memlens record's own: see memlens record --help\n";
}

const std::array<Subcommand, 9> kSubcommands{{
    {.name = "inspect", .command = Command::Inspect, .usage = &inspectUsageText},
    {.name = "report",
        .command = Command::Report,
        .usage = &reportUsageText,
        .parseOption = &parseReportOption,
        .requireOptions = &requireReportOptions},
    {.name = "explain", .command = Command::Explain, .usage = &explainUsageText, .parseOption = &parseExplainOption},
    {.name = "watch",
        .command = Command::Watch,
        .usage = &watchUsageText,
        .missingInput = "missing DIR: the folder the compiler writes its dumps into (where you run python)",
        .parseOption = &parseWatchOption,
        .requireOptions = &requireWatchOptions},
    {.name = "diff",
        .command = Command::Diff,
        .usage = &diffUsageText,
        .parseAll = &parseOwnOptions<Command::Diff, DiffCommandLine, &CommandLine::diff, &parseDiffCommandLine>},
    {.name = "plan",
        .command = Command::Plan,
        .usage = &planUsageText,
        .parseAll = &parseOwnOptions<Command::Plan, PlanCommandLine, &CommandLine::plan, &parsePlanCommandLine>},
    {.name = "summary",
        .command = Command::Summary,
        .usage = &summaryUsageText,
        .missingInput = "missing DIR: the run's folder (dumps, kernel folders, compile logs) or Triton's cache",
        .parseOption = &parseSummaryOption},
    {.name = "record",
        .command = Command::Record,
        .usage = &recordUsageText,
        .parseAll
        = &parseOwnOptions<Command::Record, RecordCommandLine, &CommandLine::record, &parseRecordCommandLine>},
    {.name = kRecordCompileWord,
        .command = Command::RecordCompile,
        .usage = &recordCompileUsageText,
        .parseAll = &parseRecordCompile},
}};

} // namespace

const Subcommand* findSubcommand(std::string_view name)
{
    for (const Subcommand& subcommand : kSubcommands)
        if (subcommand.name == name)
            return &subcommand;
    return nullptr;
}

const Subcommand* subcommandOf(Command command)
{
    for (const Subcommand& subcommand : kSubcommands)
        if (subcommand.command == command)
            return &subcommand;
    return nullptr;
}

} // namespace memlens
