#include "core/cli/diff_command.hpp"

#include "core/cli/command_common.hpp"
#include "core/cli/command_line.hpp"
#include "core/document/kernel_folder.hpp"
#include "core/dump/dump_error.hpp"
#include "core/text/terminal_text.hpp"

#include <algorithm>
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
           "Both sides are judged by one capacity: the better-sourced of the two, or --capacity.\n"
           "A and B may be kernel folders (memory_info_aic.json and memory_info_aiv.json side by side):\n"
           "their dumps are paired by core (aic with aic, aiv with aiv), a dump with the other side's\n"
           "dump of its core; JSON is then {\"a\", \"b\", \"cores\": [{\"core\", \"diff\"}], \"notes\"}.\n\n"
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
           "Exit status: 0 B fits, 3 B overflows its capacity (any core of B), 2 bad input or usage.\n"
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

namespace {

// Both sides' documents for one comparison each: the dumps of a kernel's folder paired by core (a
// dump on one side with the other folder's dump of its core), or the two dumps.
struct DiffSides {
    std::vector<PlanDocument> a, b;
    std::vector<std::string> notes; // cores on one side only, the pair's health of each folder
    bool folders = false;
};

void loadSide(const std::string& path, const LoadOptions& options, std::vector<PlanDocument>& documents,
    std::vector<std::string>& notes)
{
    if (!isFolderPath(path)) {
        documents.push_back(loadPlanDocument(path, options));
        return;
    }
    KernelFolder kernel = loadKernelFolder(path, options);
    for (std::string& note : kernel.notes)
        notes.push_back(path + ": " + note);
    documents = std::move(kernel.documents);
}

DiffSides loadSides(const DiffCommandLine& commandLine, std::string& current)
{
    DiffSides sides;
    sides.folders = isFolderPath(commandLine.dumpA) || isFolderPath(commandLine.dumpB);
    loadSide(commandLine.dumpA, commandLine.loadA, sides.a, sides.notes);
    current = commandLine.dumpB;
    loadSide(commandLine.dumpB, commandLine.loadB, sides.b, sides.notes);
    if (!sides.folders)
        return sides;
    DiffSides paired{{}, {}, std::move(sides.notes), true};
    for (PlanDocument& a : sides.a) {
        const auto b = std::find_if(sides.b.begin(), sides.b.end(),
            [&](const PlanDocument& other) { return coreNameOf(other) == coreNameOf(a); });
        if (b == sides.b.end()) {
            paired.notes.push_back("core " + coreNameOf(a) + " is only in A (" + a.dump.file + ")");
            continue;
        }
        paired.a.push_back(std::move(a));
        paired.b.push_back(std::move(*b));
        sides.b.erase(b);
    }
    for (const PlanDocument& b : sides.b)
        paired.notes.push_back("core " + coreNameOf(b) + " is only in B (" + b.dump.file + ")");
    if (paired.a.empty())
        throw DumpError(commandLine.dumpB, "", "no core in common with " + commandLine.dumpA + " to compare");
    return paired;
}

} // namespace

int runDiff(const DiffCommandLine& commandLine, std::ostream& out, std::ostream& err)
{
    std::string current = commandLine.dumpA;
    try {
        DiffSides sides = loadSides(commandLine, current);
        bool scopeFound = !commandLine.scope;
        for (std::size_t i = 0; i < sides.a.size(); ++i)
            scopeFound = scopeFound || sides.a[i].dump.findScope(*commandLine.scope)
                || sides.b[i].dump.findScope(*commandLine.scope);
        if (!scopeFound) // present in one of them is enough
            requireScope(sides.b.front(), commandLine.scope);
        nlohmann::ordered_json cores = nlohmann::ordered_json::array();
        std::string text;
        int status = kExitFits;
        for (std::size_t i = 0; i < sides.a.size(); ++i) {
            PlanDocument& a = sides.a[i];
            PlanDocument& b = sides.b[i];
            shareCapacities(a, b);
            const PlanDiff diff = diffPlans(a, b);
            const DiffInput input{a, b, diff, commandLine.scope};
            const std::string core = coreNameOf(b);
            switch (commandLine.format) {
            case DiffFormat::Json:
                if (sides.folders)
                    cores.push_back({{"core", core}, {"diff", diffJson(input)}});
                else
                    out << diffJson(input).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
                        << '\n';
                break;
            // Text for a terminal: the dump's control characters are shown, not obeyed (JSON escapes its own).
            case DiffFormat::Markdown:
                text += (sides.folders ? "\n## Core " + core + "\n\n" : "") + diffMarkdown(input);
                break;
            case DiffFormat::Text:
                text += (sides.folders ? "\n== Core " + core + " ==\n" : "") + diffText(input);
                break;
            }
            if (exitStatusFor(b, commandLine.scope) == kExitOverflow)
                status = kExitOverflow;
        }
        if (sides.folders && commandLine.format == DiffFormat::Json) {
            nlohmann::ordered_json folders;
            folders["a"] = commandLine.dumpA;
            folders["b"] = commandLine.dumpB;
            folders["cores"] = std::move(cores);
            folders["notes"] = sides.notes;
            out << folders.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
        } else if (commandLine.format != DiffFormat::Json) {
            std::string notes;
            for (const std::string& note : sides.notes)
                notes += (commandLine.format == DiffFormat::Markdown ? "- **Note**: " : "Note: ") + note + ".\n";
            out << terminalText(notes + text);
        }
        return status;
    } catch (const std::exception& error) {
        return reportBadInput(err, error, current);
    }
}

} // namespace memlens
