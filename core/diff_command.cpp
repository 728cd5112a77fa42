#include "core/diff_command.hpp"

#include "core/command_line.hpp"
#include "core/dump_error.hpp"
#include "core/terminal_text.hpp"

#include <ostream>

namespace memlens {

std::string diffUsageText()
{
    return "Usage: memlens diff A B [options]\n\n"
           "Compare two dumps of a kernel (before and after a change, two BLOCK_SIZEs): per scope the\n"
           "peaks and verdicts of A and B, and one row per buffer with its sizes (B / A ratio), copies,\n"
           "Life, offsets, Python line and change (same, grown, shrunk, moved, added, removed).\n"
           "Buffers are matched by the Python place that allocated them (file, line, column, variable),\n"
           "then by SSA name and element type, then by their order; `matched by` says which.\n"
           "Both sides are judged by one capacity: the better-sourced of the two, or --capacity.\n\n"
           "Options:\n"
           "  --format FORMAT      text (default), md (Markdown) or json\n"
           "  --ir-a FILE          the adapter IR of A; default: found beside A\n"
           "  --ir-b FILE          the adapter IR of B; default: found beside B\n"
           "  --scope NAME         only this memory scope (ub, cbuf, cc, ...)\n"
           "  --capacity SIZE      capacity of both sides, as for inspect (SCOPE=SIZE sets one scope)\n"
           "  --source-dir DIR     look for source files here too (repeatable)\n"
           "  --substitute FROM=TO replace the path prefix FROM by TO when looking for files (repeatable)\n"
           "  --verbose            log parsing and file lookup details to stderr\n"
           "  -h, --help           show this help\n\n"
           "Exit status: 0 B fits, 3 B overflows its capacity, 2 bad input or usage.\n"
           "In CI:  memlens diff main/memory_info_aiv.json memory_info_aiv.json --format md > diff.md\n";
}

DiffCommandLine parseDiffCommandLine(const std::vector<std::string>& args)
{
    DiffCommandLine diff;
    std::vector<std::string> shared = {"inspect"}; // the options both sides share, read as inspect reads them
    std::vector<std::string> dumps;
    std::string irA, irB;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size())
                throw CommandLineError("option " + arg + " needs a value");
            return args[++i];
        };
        if (arg == "-h" || arg == "--help") {
            diff.help = true;
            return diff;
        }
        if (arg == "--format") {
            const std::string format = value();
            if (format == "text")
                diff.format = DiffFormat::Text;
            else if (format == "md" || format == "markdown")
                diff.format = DiffFormat::Markdown;
            else if (format == "json")
                diff.format = DiffFormat::Json;
            else
                throw CommandLineError("--format: expected text, md or json, found \"" + format + "\"");
        } else if (arg == "--ir-a") {
            irA = value();
        } else if (arg == "--ir-b") {
            irB = value();
        } else if (arg == "--ir") {
            throw CommandLineError("--ir: diff reads two dumps; name the IR of each with --ir-a and --ir-b");
        } else if (arg == "--scope" || arg == "--capacity" || arg == "--source-dir" || arg == "--substitute") {
            shared.push_back(arg);
            shared.push_back(value());
        } else if (arg == "--verbose" || arg == "-v") {
            shared.push_back(arg);
        } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
            throw CommandLineError("unknown option " + arg);
        } else if (dumps.size() < 2) {
            dumps.push_back(arg);
        } else {
            throw CommandLineError("unexpected argument \"" + arg + "\" (diff compares two dumps)");
        }
    }
    if (dumps.size() < 2)
        throw CommandLineError("diff needs two dumps: memlens diff A B (A before, B after)");
    shared.push_back(dumps[0]);
    const CommandLine common = parseCommandLine(shared);
    diff.dumpA = dumps[0];
    diff.dumpB = dumps[1];
    diff.scope = common.scope;
    diff.verbose = common.verbose;
    diff.loadA = common.load;
    diff.loadB = common.load;
    diff.loadA.irFile = irA;
    diff.loadA.irRequired = !irA.empty();
    diff.loadB.irFile = irB;
    diff.loadB.irRequired = !irB.empty();
    return diff;
}

int runDiff(const DiffCommandLine& commandLine, std::ostream& out, std::ostream& err)
{
    std::string current = commandLine.dumpA;
    try {
        PlanDocument a = loadPlanDocument(commandLine.dumpA, commandLine.loadA);
        current = commandLine.dumpB;
        PlanDocument b = loadPlanDocument(commandLine.dumpB, commandLine.loadB);
        if (commandLine.scope && !a.dump.findScope(*commandLine.scope))
            requireScope(b, commandLine.scope); // present in one of them is enough
        shareCapacities(a, b);
        const PlanDiff diff = diffPlans(a, b);
        const DiffInput input{a, b, diff, commandLine.scope};
        switch (commandLine.format) {
        case DiffFormat::Json:
            out << diffJson(input).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
            break;
        // Text for a terminal: the dump's control characters are shown, not obeyed (JSON escapes its own).
        case DiffFormat::Markdown: out << terminalText(diffMarkdown(input)); break;
        case DiffFormat::Text: out << terminalText(diffText(input)); break;
        }
        return exitStatusFor(b, commandLine.scope);
    } catch (const std::exception& error) {
        return reportBadInput(err, error, current);
    }
}

} // namespace memlens
