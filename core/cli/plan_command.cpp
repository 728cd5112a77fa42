#include "core/cli/plan_command.hpp"

#include "core/base/input_file.hpp"
#include "core/cli/command_common.hpp"
#include "core/cli/command_words.hpp"
#include "core/cli/exit_status.hpp"
#include "core/document/computed_plan.hpp"
#include "core/dump/dump_error.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/multi_buffer_marks.hpp"
#include "core/text/terminal_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

namespace memlens {

namespace {

using namespace planner;
using nlohmann::ordered_json;

std::string valueAfter(const std::vector<std::string>& args, std::size_t& i)
{
    if (i + 1 >= args.size())
        throw CommandLineError("option " + args[i] + " needs a value");
    return args[++i];
}

// The value of an option that takes one of two words.
std::string choiceAfter(const std::vector<std::string>& args, std::size_t& i, const char* first, const char* second)
{
    const std::string option = args[i];
    const std::string value = valueAfter(args, i);
    if (value != first && value != second)
        throw CommandLineError(option + " must be " + first + " or " + second + ", not " + value);
    return value;
}

ordered_json planJson(const FunctionPlan& plan, std::int64_t lineOffset)
{
    ordered_json function;
    function["name"] = plan.name;
    function["core"] = plan.coreType.empty() ? ordered_json() : ordered_json(plan.coreType);
    function["errors"] = plan.errors;
    function["notes"] = plan.notes;
    function["seed"] = plan.seed;
    function["scopes"] = ordered_json::array();
    for (const planner::PlannedScope& scope : plan.scopes) {
        ordered_json s;
        s["scope"] = scope.scope;
        s["status"] = scope.fits ? "success" : "fail";
        s["planned"] = scope.planned;
        s["capacity_bits"] = scope.capacityBits;
        s["requires_bits"] = scope.requiresBits ? ordered_json(*scope.requiresBits) : ordered_json();
        s["error_info"] = scope.errorInfo;
        s["high_water_bits"] = scope.highWaterBits;
        s["warning"] = scope.warning;
        s["decided"] = scope.decided;
        s["allocs"] = ordered_json::array();
        for (const PlannedAlloc& alloc : scope.allocs) {
            ordered_json a;
            a["name"] = alloc.buffer->name;
            a["offsets"] = alloc.offsets;
            a["bits"] = alloc.bits;
            a["life"] = {alloc.lifeStart, alloc.lifeEnd};
            a["storage"] = alloc.storage;
            a["copies"] = alloc.offsets.size();
            a["tmp"] = alloc.tmp;
            if (const auto cast = plan.castOffsets.find(alloc.buffer); cast != plan.castOffsets.end())
                a["cast_offsets"] = cast->second; // the owning core's side of its tightly coupled buffer
            a["line"] = alloc.buffer->definingOp ? alloc.buffer->definingOp->line + lineOffset : 0;
            s["allocs"].push_back(a);
        }
        function["scopes"].push_back(s);
    }
    // Tightly coupled buffers: the other core's side is cast at the owning side's offsets.
    function["coupled"] = ordered_json::array();
    for (const auto& coupled : plan.coupled) {
        ordered_json c;
        c["name"] = coupled.alloc->name;
        c["id"] = coupled.id;
        c["owned"] = coupled.owned;
        const auto cast = plan.castOffsets.find(coupled.alloc);
        c["cast_offsets"] = cast != plan.castOffsets.end() ? ordered_json(cast->second) : ordered_json();
        function["coupled"].push_back(c);
    }
    return function;
}

// "0, 55456": one byte offset per copy.
std::string offsetsText(const std::vector<std::uint64_t>& offsets)
{
    std::string text;
    for (const auto offset : offsets)
        text += (text.empty() ? "" : ", ") + std::to_string(offset);
    return text;
}

void printTable(const FunctionPlan& plan, std::int64_t lineOffset, bool regBase, std::ostream& out)
{
    // Names and texts come from the file: printed escaped, never obeyed by the terminal.
    out << "function @" << printableName(plan.name)
        << (plan.coreType.empty() ? "" : " (" + terminalText(plan.coreType) + ")") << "\n";
    for (const auto& error : plan.errors)
        out << "  error: " << terminalText(error) << "\n";
    for (const auto& note : plan.notes)
        out << "  note: " << terminalText(note) << "\n";
    for (const planner::PlannedScope& scope : plan.scopes) {
        out << "  scope " << terminalText(scope.scope) << ": "
            << (!scope.planned          ? "not planned (the plan stopped at a failing scope)"
                       : !scope.decided ? "NOT DECIDED"
                       : scope.fits     ? "fits"
                                        : "FAILS")
            << ", high water " << scope.highWaterBits / 8 << " B of " << scope.capacityBits / 8 << " B";
        if (scope.requiresBits)
            out << ", requires " << *scope.requiresBits << " bits";
        out << "\n";
        if (!scope.errorInfo.empty())
            out << "  " << terminalText(scope.errorInfo) << "\n";
        if (!scope.warning.empty())
            out << "  " << terminalText(scope.warning) << "\n";
        if (const auto allocated = planner::allocatedUbBits(plan, regBase); allocated && scope.scope == "ub")
            out << "  [AscendNPU IR] Allocated UB size = " << *allocated
                << " bits (as the A5 compiler prints it with --enable-print-memory-allocated-size)\n";
        out << "    alloc                      line  bits        life        storage  offsets (bytes)\n";
        for (const PlannedAlloc& alloc : scope.allocs) {
            std::ostringstream row;
            row << "    " << printableName(alloc.buffer->name);
            std::string line = row.str();
            line.resize(std::max<std::size_t>(line.size() + 1, 31), ' ');
            out << line << (alloc.buffer->definingOp ? alloc.buffer->definingOp->line + lineOffset : 0) << "\t"
                << alloc.bits << "\t[" << alloc.lifeStart << ", " << alloc.lifeEnd << "]\t" << alloc.storage << "\t"
                << offsetsText(alloc.offsets) << (alloc.tmp ? "  (tmp)" : "");
            if (const auto cast = plan.castOffsets.find(alloc.buffer); cast != plan.castOffsets.end())
                out << "  (cast at " << offsetsText(cast->second)
                    << ": the other core's side of a tightly coupled buffer)";
            out << "\n";
        }
    }
    for (const auto& coupled : plan.coupled) {
        const bool listed
            = std::any_of(plan.scopes.begin(), plan.scopes.end(), [&](const planner::PlannedScope& scope) {
                  return std::any_of(scope.allocs.begin(), scope.allocs.end(),
                      [&](const PlannedAlloc& alloc) { return alloc.buffer == coupled.alloc; });
              });
        const auto cast = plan.castOffsets.find(coupled.alloc);
        if (coupled.owned || listed || cast == plan.castOffsets.end())
            continue;
        const std::string owner = offsetsText(cast->second);
        out << "  " << printableName(coupled.alloc->name) << " (line "
            << (coupled.alloc->definingOp ? coupled.alloc->definingOp->line + lineOffset : 0)
            << "): the other core's side of tightly coupled buffer " << coupled.id << ", not planned here; cast at "
            << (owner.empty() ? std::string("no offset") : owner + " B") << "\n";
    }
}

} // namespace

PlanCommandLine parsePlanCommandLine(const std::vector<std::string>& args)
{
    PlanCommandLine commandLine;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "-h" || arg == "--help") {
            commandLine.help = true;
            return commandLine;
        }
        if (arg == "--target") {
            commandLine.target = valueAfter(args, i);
        } else if (arg == "--pass") {
            std::string problem;
            commandLine.pass = planner::parsePlanPass(valueAfter(args, i), problem);
            if (!commandLine.pass)
                throw CommandLineError("--pass: " + problem);
        } else if (arg == "--strategy") {
            commandLine.largestFirst = choiceAfter(args, i, "default", "largest-first") == "largest-first";
        } else if (arg == "--no-multi-buffer") {
            commandLine.multiBuffer = false;
        } else if (arg == "--function") {
            commandLine.function = valueAfter(args, i);
        } else if (arg == "--format") {
            commandLine.json = choiceAfter(args, i, "text", "json") == "json";
        } else if (arg == "--out") {
            commandLine.outDir = valueAfter(args, i);
        } else if (arg == "--seed-shuffle") {
            commandLine.seedShuffle = choiceAfter(args, i, "on", "off") == "on";
        } else if (arg == "--compiler-generation") {
            const std::string value = valueAfter(args, i);
            commandLine.generation = planner::parseGeneration(value);
            if (!commandLine.generation)
                throw CommandLineError("--compiler-generation must be newer, 52f96a1 or earlier, not " + value);
        } else if (arg == "--budget") {
            const std::string value = valueAfter(args, i);
            char* end = nullptr;
            errno = 0;
            const long long budget = std::strtoll(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || errno == ERANGE || budget < 0)
                throw CommandLineError("--budget takes a number of placements (0: no bound), not " + value);
            commandLine.budget = static_cast<long>(budget);
        } else if (arg == "--verbose" || arg == "-v") {
            commandLine.verbose = true;
        } else if (!arg.empty() && arg[0] == '-') {
            throw CommandLineError("unknown option " + arg + " for plan");
        } else if (commandLine.input.empty()) {
            commandLine.input = arg;
        } else {
            throw CommandLineError("plan takes one IR or log file, got also " + arg);
        }
    }
    if (commandLine.input.empty())
        throw CommandLineError("plan needs an IR file or a compile log");
    if (commandLine.generation && commandLine.pass) {
        const auto implied = commandLine.pass->impliedGeneration();
        if (implied && *implied != *commandLine.generation)
            throw CommandLineError("--pass names an option of the " + planner::generationName(*implied)
                + " compiler generation, not of " + planner::generationName(*commandLine.generation)
                + " (simt-vf-dynamic-size is 52f96a1's, shared-mem-dynamic-size the newer one's)");
    }
    return commandLine;
}

std::string planUsageText()
{
    return "Usage: memlens plan IR|LOG [options]\n\n"
           "Plan the on-chip memory of IR (the HIVM IR the compiler's hivm-plan-memory pass receives:\n"
           "a .mlir or .ttadapter file) or of a compile log's last \"IR Dump Before PlanMemory\" section,\n"
           "as the compiler's planner does: liveness, in-place reuse, multi-buffer copies, levels 3..0,\n"
           "20 seeds. Prints a table (or JSON) of every alloc's offsets per scope.\n\nOptions:\n"
           "  --target NAME        Ascend910B1..B4, Ascend910B2C, Ascend910_93xx (planned as hivm-plan-memory),\n"
           "                       Ascend310B1..4 and the Ascend950 names Ascend910_95xx, Ascend950PR_xxxx,\n"
           "                       Ascend950DT_xxxx (hivm-plan-memory-regbase, as the compiler's driver\n"
           "                       chooses); default: the IR's hacc.target, else Ascend910B1. A log's\n"
           "                       section is planned with the pass it was printed before, whatever the\n"
           "                       target (--pass to choose), and from an A5 compile's fifth attempt on\n"
           "                       with disable-vf-reachable-check=true, as that attempt ran\n"
           "  --pass P[=OPTIONS]   the planner pass, overriding the target's: hivm-plan-memory or\n"
           "                       hivm-plan-memory-regbase, with the pass's options as its test RUN lines\n"
           "                       write them, e.g. "
           "hivm-plan-memory-regbase=disable-tightly-coupled-buffer-reuse=true\n"
           "                       (also plan-memory-strategy=largest-first, restrict-inplace-as-isa=true,\n"
           "                       disable-vf-reachable-check=true; simt-vf-dynamic-size=KB plans as 52f96a1,\n"
           "                       shared-mem-dynamic-size=BYTES as the newer generation)\n"
           "  --compiler-generation G\n"
           "                       the compiler generation whose rules to plan with:\n"
        + planner::generationsHelp("                         ")
        + "  --strategy S         default | largest-first (plan_memory_strategy)\n"
          "  --no-multi-buffer    ignore the hivm.multi_buffer marks (multibuffer=False)\n"
          "  --function NAME      only this function\n"
          "  --format F           text (default) | json\n"
          "  --out DIR            also write memory_info_aiv.json / memory_info_aic.json / memory_info.json\n"
          "                       in the compiler's format\n"
          "  --seed-shuffle S     on (default): shuffle the live values with the attempt as the seed and\n"
          "                       try 20 seeds; off: one attempt, unshuffled (the earlier generation's,\n"
          "                       which off alone chooses)\n"
          "  --budget N           stop the search within capacity after N placements, every seed\n"
          "                       together, and say \"not decided\" (exit 2); default 5000000 (a few\n"
          "                       seconds); 0: search on as long as the compiler would\n"
          "  -h, --help           show this help\n\n"
          "Exit status: 0 every scope fits, 3 a scope fails, 2 bad input or usage, nothing to plan\n"
          "(no on-chip memref.alloc), or a search stopped by --budget.\n";
}

namespace {

// The folder --out names, made when missing; "" or why it cannot be written into.
std::string prepareOutDir(const std::string& dir)
{
    std::error_code error;
    if (std::filesystem::exists(dir, error) && !std::filesystem::is_directory(dir, error))
        return dir + ": --out names a file, not a folder";
    std::filesystem::create_directories(dir, error);
    if (error)
        return dir + ": cannot make the folder: " + error.message();
    return {};
}

} // namespace

int runPlan(const PlanCommandLine& commandLine, std::ostream& out, std::ostream& err)
{
    const std::string shownInput = terminalText(commandLine.input);
    PlanInput input;
    try {
        input = readPlanInput(commandLine.input, commandLine.function.value_or(""));
    } catch (const DumpError& error) {
        return reportBadInput(err, error, commandLine.input);
    }
    if (!input.note.empty())
        err << "memlens: " << shownInput << ": " << terminalText(input.note) << "\n";
    const std::string absolute = std::filesystem::absolute(commandLine.input).string();
    const auto module = readMlir(input.ir, absolute);
    // The reader's notes name what it could not read: said whatever the plan (a cut-off
    // region explains a plan with nothing in it).
    const auto printNotes = [&] {
        for (const auto& note : module->notes)
            err << "  line " << note.line + input.lineOffset << ": " << terminalText(note.message) << "\n";
    };
    if (module->cutShortAt > 0) {
        err << "memlens: " << shownInput << ": " << terminalText(cutShortText(*module, input)) << "\n";
        return kExitBadInput;
    }
    const auto functions = deviceFunctions(*module, commandLine.function.value_or(""));
    if (functions.empty()) {
        err << "memlens: " << shownInput << ": "
            << (commandLine.function ? "no function @" + terminalText(*commandLine.function)
                                     : std::string("no function with a body"))
            << " in the " << (input.fromLog ? "log's planner section" : "IR") << "\n";
        printNotes();
        return kExitBadInput;
    }
    // --no-multi-buffer plans the IR as compiled without multi-buffering: without the marks.
    std::optional<MultiBufferMarksRemoved> marksRemoved;
    if (!commandLine.multiBuffer)
        marksRemoved.emplace(*module);
    PlanOptions options;
    options.multiBuffer = commandLine.multiBuffer;
    options.searchBudget = commandLine.budget;
    const std::string targetName = commandLine.target.value_or(planTargetName(*module));
    const auto target = findPlanTarget(targetName);
    if (!target) {
        err << "memlens: unknown target " << terminalText(targetName)
            << " (known: Ascend910B1-B4, Ascend910B2C, Ascend910_93xx, Ascend310B1-4, Ascend910_95xx, "
               "Ascend950PR_xxxx, Ascend950DT_xxxx)\n";
        return kExitBadInput;
    }
    // A log names the pass its section was printed before; else the target's, as the driver chooses.
    const PlanPass pass = commandLine.pass ? *commandLine.pass : passForTarget(*target, input.regBaseSection);
    // The generation: named, implied by a --pass option, --seed-shuffle off's, else the newest.
    options.generation = commandLine.generation.value_or(pass.impliedGeneration().value_or(
        commandLine.seedShuffle == std::optional<bool>(false) ? CompilerGeneration::Earlier : kNewestGeneration));
    pass.applyTo(options);
    if (commandLine.seedShuffle)
        options.shuffleSeeds = *commandLine.seedShuffle;
    if (!commandLine.pass)
        input.applyTo(options); // the switches of the log's attempt; --pass says all itself
    if (commandLine.largestFirst)
        options.strategy = PlanStrategy::LargestFirst; // --strategy as well as the pass's own option
    ordered_json report;
    report["file"] = commandLine.input;
    report["target"] = targetName;
    report["pass"] = pass.name();
    report["strategy"] = options.strategy == PlanStrategy::LargestFirst ? "largest-first" : "default";
    report["seed_shuffle"] = options.shuffleSeeds;
    report["compiler_generation"] = generationName(options.generation);
    report["functions"] = ordered_json::array();
    int status = kExitFits;
    bool undecided = false;
    std::size_t allocsPlanned = 0;
    std::map<std::string, nlohmann::json> dumps;
    const AliasTable aliases = locationAliasesOf(*module);
    if (!commandLine.json)
        out << "planned as the compiler's " << pass.name() << " pass for " << terminalText(targetName)
            << " (compiler generation " << generationName(options.generation) << ")\n";
    std::vector<FunctionPlan> plans;
    for (const Function* function : functions) {
        plans.push_back(planFunction(*function, *target, options));
        if (!plans.back().decided || !plans.back().fits)
            break; // the compiler's pass stops at the first failing function
    }
    std::vector<FunctionPlan*> planned;
    for (FunctionPlan& plan : plans)
        planned.push_back(&plan);
    planner::shareCoupledOffsets(planned);
    for (const FunctionPlan& plan : plans) {
        for (const planner::PlannedScope& scope : plan.scopes)
            allocsPlanned += scope.allocs.size();
        if (!plan.errors.empty())
            status = std::max(status, kExitOverflow);
        if (!plan.decided)
            undecided = true;
        else if (!plan.fits)
            status = kExitOverflow;
        report["functions"].push_back(planJson(plan, input.lineOffset));
        if (const auto allocated = planner::allocatedUbBits(plan, pass.regBase))
            report["functions"].back()["allocated_ub_bits"] = *allocated;
        if (!commandLine.json)
            printTable(plan, input.lineOffset, pass.regBase, out);
        dumps[compilerDumpFileName(plan.coreType)] = compilerDumpJson(plan, absolute, &aliases, input.lineOffset);
    }
    // memlens's plan is not the compiler's word: a log whose compile failed is no pass.
    if (input.logScan && input.logScan->compileFailed()) {
        const std::string failure = input.logScan->overflowError.value_or("the planner's section after it says Failed");
        report["compile_log_failed"] = failure;
        if (!commandLine.json)
            out << "the compile log says the compiler's plan failed: " << terminalText(failure) << "\n";
        status = std::max(status, kExitOverflow);
    }
    if (commandLine.json)
        out << jsonText(report, 2) << "\n";
    printNotes();
    if (allocsPlanned == 0 && status == kExitFits) {
        // Nothing to plan is no "fits": a tensor-level IR, or a region cut short.
        err << "memlens: " << shownInput << ": nothing to plan: no memref.alloc in on-chip memory in "
            << (functions.size() == 1 ? "@" + terminalText(functions.front()->name) : std::string("any function"))
            << " (memlens plans the HIVM IR the compiler's hivm-plan-memory pass receives)\n";
        return kExitBadInput;
    }
    if (!commandLine.outDir.empty()) {
        if (const std::string problem = prepareOutDir(commandLine.outDir); !problem.empty()) {
            err << "memlens: " << terminalText(problem) << "\n";
            return kExitBadInput;
        }
        for (const auto& [file, dump] : dumps)
            if (const std::string problem
                = writeReplacing(std::filesystem::path(commandLine.outDir) / file, jsonText(dump, 2));
                !problem.empty()) {
                err << "memlens: " << terminalText(problem) << "\n";
                return kExitBadInput;
            }
    }
    if (undecided) {
        err << "memlens: " << shownInput << ": not decided: the search stopped after " << commandLine.budget
            << " placements (--budget 0 searches as long as the compiler would)\n";
        return kExitBadInput;
    }
    return status;
}

} // namespace memlens
