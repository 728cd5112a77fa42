#include "core/document/computed_plan.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/input_file.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/compile_log/log_scan.hpp"
#include "core/dump/dump_assembly.hpp"
#include "core/dump/dump_error.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"
#include "core/planner/pointer_casts.hpp"
#include "core/source/file_finder.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

namespace memlens {

namespace {

using namespace planner;

// "%alloc = memref.alloc() : memref<...>", the op as the compiler prints its result.
std::string allocText(const Value* buffer)
{
    const Op* op = buffer->definingOp;
    if (!op)
        return buffer->name;
    const std::string named = buffer->name + " =";
    return op->text.rfind(named, 0) == 0 ? op->text : buffer->name + " = " + op->text;
}

std::string sourceLocation(
    const Value* buffer, const std::string& file, const AliasTable* aliases, std::int64_t lineOffset)
{
    const Op* op = buffer->definingOp;
    if (!op->location.empty() && op->location.find('#') == std::string::npos)
        return op->location;
    if (!op->location.empty() && aliases) {
        const LocationParseResult parsed = parseLocation(op->location);
        if (parsed.ok())
            return toInlineString(*parsed.location, *aliases);
    }
    return "loc(\"" + file + "\":" + std::to_string(op->line + lineOffset) + ":" + std::to_string(op->column) + ")";
}

// A dump is one JSON object; a log line may well start with '[' ("[INFO] ...").
bool startsLikeJson(std::string_view text)
{
    if (text.starts_with("\xEF\xBB\xBF")) // a UTF-8 byte order mark before the JSON
        text.remove_prefix(3);
    const auto first = text.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos || text[first] == '{';
}

} // namespace

InputKind inputKindOfFile(const std::string& path)
{
    // The dump reader names any problem of a file that is not readable.
    const LogSniff sniff = sniffCompileLog(path, "", std::numeric_limits<std::uint64_t>::max());
    if (!sniff.readable || sniff.looksLikeDump)
        return InputKind::Dump;
    if (sniff.plannerSection)
        return InputKind::CompileLog;
    return sniff.definesFunction ? InputKind::Ir : InputKind::Dump;
}

bool startsLikeDumpFile(const std::string& path)
{
    if (!checkInputFile(path).ok())
        return true; // the dump reader names the problem, without opening a FIFO
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return true;
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return startsLikeJson(head) || head.find('\0') != std::string::npos;
}

std::string compilerDumpFileName(const std::string& coreType)
{
    return coreType == "aic" ? "memory_info_aic.json" : coreType == "aiv" ? "memory_info_aiv.json" : "memory_info.json";
}

AliasTable locationAliasesOf(const planner::Module& module)
{
    AliasTable aliases;
    for (const auto& [name, definition] : module.locationAliases)
        if (LocationParseResult parsed = parseLocation(definition); parsed.ok())
            aliases[name] = std::move(parsed.location);
    return aliases;
}

std::string jsonText(const nlohmann::json& json, int indent)
{
    return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string jsonText(const nlohmann::ordered_json& json, int indent)
{
    return json.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

namespace {

// A planned buffer as the compiler's dump lists it.
BufferRecord recordOf(const planner::PlannedScope& scope, const DumpItem& item, const std::string& irFile,
    const AliasTable* aliases, std::int64_t lineOffset)
{
    BufferRecord record;
    record.bufferText = allocText(item.buffer);
    record.offsets = scope.planned ? item.offsets : std::vector<std::uint64_t>(item.offsets.size(), 0);
    record.extentBits = item.extentBits;
    record.allocTime = item.lifeStart;
    record.lifeStart = item.lifeStart;
    record.lifeEnd = item.lifeEnd;
    record.location = sourceLocation(item.buffer, irFile, aliases, lineOffset);
    record.tmp = item.tmp;
    return record;
}

// An undecided scope has no compiler text; its status says fail, its error why.
std::string errorOf(const planner::PlannedScope& scope)
{
    return scope.decided ? scope.errorInfo : "memlens's plan is not decided: " + scope.warning;
}

} // namespace

nlohmann::json compilerDumpJson(
    const FunctionPlan& plan, const std::string& irFile, const AliasTable* aliases, std::int64_t lineOffset)
{
    nlohmann::json dump;
    dump["Header"]["KernelName"] = plan.name;
    dump["Record"] = nlohmann::json::array();
    for (const planner::PlannedScope& scope : plan.scopes) {
        nlohmann::json record;
        record["scope"] = scope.scope;
        record["status"] = scope.fits ? "success" : "fail";
        record["error_info"] = errorOf(scope);
        record["memory_info_array"] = nlohmann::json::array();
        for (const DumpItem& item : scope.dumpItems) {
            const BufferRecord buffer = recordOf(scope, item, irFile, aliases, lineOffset);
            nlohmann::json entry;
            entry["buffer"] = buffer.bufferText;
            entry["offset"] = buffer.offsets;
            entry["extent"] = buffer.extentBits;
            entry["alloc_time_in_ir"] = buffer.allocTime;
            entry["life_time_in_ir"] = {buffer.lifeStart, buffer.lifeEnd};
            entry["source_location"] = buffer.location;
            entry["is_tmpbuf"] = buffer.tmp;
            record["memory_info_array"].push_back(entry);
        }
        dump["Record"].push_back(record);
    }
    return dump;
}

Dump dumpOfPlan(const FunctionPlan& plan, const std::string& irFile, const AliasTable* aliases, std::int64_t lineOffset,
    const std::string& fileLabel)
{
    DumpAssembly assembly(fileLabel, plan.name);
    for (const planner::PlannedScope& scope : plan.scopes) {
        assembly.beginScope(scope.scope, scope.fits ? "success" : "fail", errorOf(scope));
        for (const DumpItem& item : scope.dumpItems)
            assembly.addBuffer(recordOf(scope, item, irFile, aliases, lineOffset));
    }
    return assembly.finish();
}

PlanInput readPlanInput(const std::string& path, const std::string& function, const std::atomic<bool>* cancel)
{
    const InputFileCheck check = checkInputFile(path);
    if (!check.ok())
        throw DumpError(path, "", "the path " + check.problem);
    PlanInput input;
    // One pass: a log's section is kept as it streams by, a file without one (IR) whole.
    LogScan scan = scanCompileLog(path, function, cancel, nullptr, 0, kMaxIrFileBytes);
    if (!scan.wholeText.empty())
        input.fileText = std::make_shared<const std::string>(std::move(scan.wholeText));
    if (scan.sectionsSeen > 0) {
        if (scan.sectionText.empty()) {
            const std::string dropped = droppedSectionNote(scan);
            throw DumpError(path, "",
                !dropped.empty() ? dropped
                                 : "none of its " + std::to_string(scan.sectionsSeen)
                        + " sections before hivm-plan-memory holds func.func @" + function);
        }
        input.ir = scan.sectionText; // the scan keeps it too: the compile log is built of it
        input.lineOffset = scan.sectionFirstLine - 1;
        input.fromLog = true;
        input.regBaseSection = scan.sectionRegBase;
        input.note = droppedSectionNote(scan);
        input.afterIr = scan.afterSectionText;
        input.allocatedUbBits = scan.allocatedUbBits;
        if (const auto attempt = scan.regBaseAttempt()) {
            const auto switches = regBaseRetrySwitches(*attempt);
            input.vfReachableCheckOff
                = std::find(switches.begin(), switches.end(), "disable-vf-reachable-check=true") != switches.end();
        }
        input.logScan = std::make_shared<const LogScan>(std::move(scan));
        return input;
    }
    if (scan.bytes > kMaxIrFileBytes)
        throw DumpError(path, "",
            "is " + std::to_string(scan.bytes) + " bytes, larger than the IR memlens reads ("
                + std::to_string(kMaxIrFileBytes >> 20) + " MB) and without a planner section");
    std::string text = input.fileText ? *input.fileText : std::string();
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        throw DumpError(path, "", "the file is empty; expected IR or a compile log to plan");
    if (text[first] == '{')
        throw DumpError(path, "",
            "is JSON (a memory dump?), not IR: memlens plans IR or a compile log; open a dump with inspect, "
            "explain or the window");
    if (text.find("func.func") == std::string::npos)
        throw DumpError(path, "",
            "is not a memory dump (JSON), IR (it has no func.func) or a compile log (it has no \""
                + std::string(kPlannerSectionPrefix) + "\" section)");
    input.ir = std::move(text);
    return input;
}

namespace {

// The compiler's own offsets, from the section the log printed after the planner, put in
// place of memlens's in `plan` (a plan the compiler made fits whatever memlens found).
void takeCompilerOffsets(FunctionPlan& plan, const planner::Module& before, const std::string& afterIr,
    const std::string& file, ComputedDump& computed)
{
    const auto after = readMlir(afterIr, file);
    const Function* planned = before.findFunction(plan.name);
    const Function* placed = after->findFunction(plan.name);
    if (!planned || !placed) {
        computed.compilerNote = "the log's section after the planner has no function @" + plan.name;
        return;
    }
    std::string problem;
    const auto offsets = compilerOffsets(*planned, *placed, problem);
    if (offsets.empty()) {
        computed.compilerNote = "the compiler's offsets were not read: " + problem;
        return;
    }
    std::size_t differences = 0;
    for (planner::PlannedScope& scope : plan.scopes) {
        for (PlannedAlloc& alloc : scope.allocs)
            if (const auto found = offsets.find(alloc.buffer); found != offsets.end()) {
                // The other core's side of a coupled buffer is cast at the owning side's offsets.
                const auto cast = plan.castOffsets.find(alloc.buffer);
                differences += (cast != plan.castOffsets.end() ? cast->second : alloc.offsets) != found->second ? 1 : 0;
                alloc.offsets = found->second;
            }
        for (DumpItem& item : scope.dumpItems)
            if (const auto found = offsets.find(item.buffer); found != offsets.end())
                item.offsets = found->second;
        scope.planned = true;
        scope.fits = true;
        scope.decided = true;
        scope.errorInfo.clear();
    }
    plan.fits = true;
    plan.decided = true;
    computed.planSource = PlanSource::CompilerLog;
    computed.compilerDifferences = differences;
}

// The scope an overflow error names ("ub overflow, requires ..."), "ub" when it names none.
std::string scopeOfError(const std::optional<std::string>& error)
{
    if (!error)
        return "ub";
    const std::size_t at = error->find(" overflow");
    return at == std::string::npos || at == 0 ? "ub" : error->substr(0, at);
}

// The compiler's failure becomes the plan's verdict: the scope it names fails with the log's
// error (its "requires N bits" judged against the capacity), and the note says where memlens's
// own plan disagrees.
void takeCompilerFailure(FunctionPlan& plan, const LogScan& scan, ComputedDump& computed)
{
    const std::string failedScope = scopeOfError(scan.overflowError);
    const std::string error = scan.overflowError.value_or(
        "the compiler's planner failed on this section (the compile log prints \"IR Dump After PlanMemory Failed\")");
    for (planner::PlannedScope& scope : plan.scopes) {
        if (scope.scope != failedScope)
            continue;
        if (scope.fits)
            computed.compilerNote = "the compile log says the compiler's plan of " + failedScope
                + " failed, where memlens's own plan of the section fits";
        scope.fits = false;
        scope.decided = true;
        scope.errorInfo = error;
        plan.fits = false;
        plan.decided = true;
    }
}

} // namespace

std::string cutShortText(const planner::Module& module, const PlanInput& input)
{
    return std::string(input.fromLog ? "the planner section" : "the IR") + " is cut short: the region opened at line "
        + std::to_string(module.cutShortAt + input.lineOffset)
        + " is not closed before the text ends (a file written part way is no plan to judge)";
}

void PlanInput::applyTo(planner::PlanOptions& options) const
{
    if (vfReachableCheckOff)
        options.disableVfReachableCheck = true;
}

ComputedDump computeDump(const std::string& path, const ComputeOptions& options)
{
    PlanInput input = readPlanInput(path, options.function, options.cancel);
    const std::string absolute = std::filesystem::absolute(path).string();
    const std::shared_ptr<const planner::Module> module = readMlir(input.ir, absolute);
    if (module->cutShortAt > 0)
        throw DumpError(path, "", cutShortText(*module, input));
    const auto functions = deviceFunctions(*module, options.function);
    if (functions.empty())
        throw DumpError(path, "",
            "no function with a body to plan in the " + std::string(input.fromLog ? "log's section" : "IR")
                + (module->notes.empty() ? std::string()
                                         : " (line " + std::to_string(module->notes.front().line + input.lineOffset)
                            + ": " + module->notes.front().message + ")"));
    ComputedDump computed;
    computed.target = planTargetName(*module);
    const auto target = findPlanTarget(computed.target);
    if (!target)
        throw DumpError(path, "", "unknown target " + computed.target + " in the IR's hacc.target");
    // A log's section names its pass; else the target's, as the compiler's driver chooses.
    const PlanPass pass = passForTarget(*target, input.regBaseSection);
    computed.pass = pass;
    auto planAs = [&](CompilerGeneration generation, std::size_t& shownAt) {
        PlanOptions planOptions;
        planOptions.generation = generation;
        pass.applyTo(planOptions);
        input.applyTo(planOptions);
        planOptions.cancel = options.cancel;
        planOptions.searchBudget = options.searchBudget;
        if (options.timeLimit.count() > 0)
            planOptions.deadline = std::chrono::steady_clock::now() + options.timeLimit;
        std::vector<FunctionPlan> plans;
        shownAt = 0;
        for (const Function* function : functions) {
            plans.push_back(planFunction(*function, *target, planOptions));
            throwIfCancelled(options.cancel);
            if (!plans.back().fits) {
                shownAt = plans.size() - 1;
                break; // the compiler's pass stops at the first function that fails
            }
        }
        return plans;
    };
    // With the compiler's offsets at hand (the log's section after the planner), the generations
    // are tried newest first and the one that places every buffer where the compiler did is kept:
    // its Lives are the plan's. Else (or when none does) the newest.
    std::size_t shownAt = 0;
    computed.generation = kNewestGeneration;
    std::vector<FunctionPlan> plans = planAs(computed.generation, shownAt);
    if (!input.afterIr.empty()) {
        for (const CompilerGeneration generation : generationsNewestFirst()) {
            std::size_t at = shownAt;
            std::vector<FunctionPlan> tried = generation == kNewestGeneration ? plans : planAs(generation, at);
            FunctionPlan probe = tried[at];
            ComputedDump scratch;
            takeCompilerOffsets(probe, *module, input.afterIr, std::filesystem::absolute(path).string(), scratch);
            if (scratch.planSource == PlanSource::CompilerLog && scratch.compilerDifferences == 0) {
                plans = std::move(tried);
                shownAt = at;
                computed.generation = generation;
                break;
            }
        }
    }
    std::vector<FunctionPlan*> planned;
    for (FunctionPlan& plan : plans)
        planned.push_back(&plan);
    shareCoupledOffsets(planned);
    FunctionPlan* shown = &plans[shownAt];
    if (functions.size() > 1)
        computed.note = "the IR has " + std::to_string(functions.size()) + " device functions; this is the plan of @"
            + shown->name + (shown->fits ? " (the first)" : " (the first that fails)");
    if (!input.note.empty())
        computed.note += (computed.note.empty() ? "" : "; ") + input.note;
    computed.logAllocatedUbBits = input.allocatedUbBits;
    computed.plannedAllocatedUbBits = allocatedUbBits(*shown, pass.regBase);
    if (!input.afterIr.empty())
        takeCompilerOffsets(*shown, *module, input.afterIr, absolute, computed);
    if (input.logScan && input.logScan->compileFailed())
        takeCompilerFailure(*shown, *input.logScan, computed);
    computed.decided = shown->decided;
    computed.function = shown->name;
    const AliasTable aliases = locationAliasesOf(*module);
    try {
        computed.dump = dumpOfPlan(*shown, absolute, &aliases, input.lineOffset, compilerDumpFileName(shown->coreType));
    } catch (const DumpError& error) { // named by the file planned, not the dump memlens made of it
        throw DumpError(path, "", "the plan memlens made of it: " + error.jsonPath() + ": " + error.problem());
    }
    // Folded records are a note about a dump file's listing; a plan memlens read from IR or a
    // log lists nothing twice to anyone.
    for (ScopePlan& scope : computed.dump.scopes)
        scope.foldedRecords = 0;
    computed.dump.file = path;
    computed.ir = std::make_shared<const std::string>(std::move(input.ir));
    computed.module = module;
    computed.lineOffset = input.lineOffset;
    computed.fileText = std::move(input.fileText);
    if (input.logScan)
        computed.logKernels = input.logScan->sectionKernels;
    computed.logScan = std::move(input.logScan);
    return computed;
}

} // namespace memlens
