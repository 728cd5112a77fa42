#include "core/document/planner_check.hpp"

#include "core/base/chip_table.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/document/computed_plan.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_error.hpp"
#include "core/planner/buffer_liveness.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"

#include <algorithm>
#include <sstream>

namespace memlens {

namespace {

using namespace planner;

// An IR in the planner's form allocates in a local address space; the adapter IR does not.
bool inPlannerForm(const std::string& text)
{
    return mentionsLocalSpace(text) && text.find("memref.alloc") != std::string::npos;
}

std::vector<std::uint64_t> offsetsOf(const Buffer& buffer) { return {buffer.offsets.begin(), buffer.offsets.end()}; }

ScopePlannerCheck compareScope(const memlens::ScopePlan& dumped, const memlens::ScopePlan* planned)
{
    ScopePlannerCheck check;
    check.scope = dumped.scope;
    check.buffers = dumped.buffers.size();
    if (!planned) {
        check.problem = "memlens plans no scope " + dumped.scope;
        return check;
    }
    if (planned->buffers.size() != dumped.buffers.size()) {
        check.problem = "memlens plans " + std::to_string(planned->buffers.size()) + " buffers in " + dumped.scope
            + ", the dump has " + std::to_string(dumped.buffers.size());
        return check;
    }
    // The compiler lists a scope's buffers in IR order, as memlens does: paired by place.
    for (std::size_t i = 0; i < dumped.buffers.size(); ++i) {
        const Buffer& a = dumped.buffers[i];
        const Buffer& b = planned->buffers[i];
        check.irNames.push_back(b.ssaName);
        if (offsetsOf(a) == offsetsOf(b) && a.lifeStart == b.lifeStart && a.lifeEnd == b.lifeEnd
            && a.sizeBytes == b.sizeBytes)
            continue;
        check.differences.push_back(
            {a.ssaName, b.ssaName, offsetsOf(a), offsetsOf(b), a.lifeStart, a.lifeEnd, b.lifeStart, b.lifeEnd});
    }
    check.reproduces = check.differences.empty();
    return check;
}

std::string offsetsText(const std::vector<std::uint64_t>& offsets)
{
    std::string text;
    for (const std::uint64_t offset : offsets)
        text += (text.empty() ? "" : ", ") + std::to_string(offset);
    return text;
}

} // namespace

const ScopePlannerCheck* PlannerCheck::scope(const std::string& name) const
{
    for (const ScopePlannerCheck& check : scopes)
        if (check.scope == name)
            return &check;
    return nullptr;
}

std::string PlannerCheck::summary() const
{
    std::size_t buffers = 0;
    for (const ScopePlannerCheck& check : scopes)
        buffers += check.buffers;
    if (reproduces())
        return (subject == "this dump" ? "memlens plans this dump identically ("
                                       : "memlens reproduces " + subject + " (")
            + std::to_string(buffers) + (buffers == 1 ? " buffer" : " buffers")
            + (!generation || *generation == kNewestGeneration ? std::string(")")
                    : *generation == CompilerGeneration::Earlier
                    ? std::string(", as compilers before seeded retries)")
                    : ", as the compiler at " + generationName(*generation) + ")");
    for (const ScopePlannerCheck& check : scopes) {
        if (!check.problem.empty())
            return "memlens's plan differs from " + subject + ": " + check.problem;
        if (check.differences.empty())
            continue;
        const PlannerDifference& first = check.differences.front();
        std::string text = "memlens's plan differs at " + first.name + ": ";
        if (first.dumpOffsets != first.plannedOffsets)
            text += offsetsText(first.dumpOffsets) + " in the dump, " + offsetsText(first.plannedOffsets) + " planned";
        else
            text += "Life [" + std::to_string(first.dumpLifeStart) + ", " + std::to_string(first.dumpLifeEnd)
                + "] in the dump, [" + std::to_string(first.plannedLifeStart) + ", "
                + std::to_string(first.plannedLifeEnd) + "] planned";
        const std::size_t more = check.differences.size() - 1;
        if (more > 0)
            text += " (and " + std::to_string(more) + " more)";
        return text;
    }
    return "memlens's plan differs from this dump";
}

std::string PlannerCheck::details() const
{
    std::string text = summary() + "\nmemlens planned "
        + (function.empty() ? std::string("the kernel") : "@" + function) + " of " + irFile
        + (generation ? " with the rules of compiler generation " + generationName(*generation)
                    + (*generation == CompilerGeneration::Earlier ? " (one unshuffled attempt)" : "")
                      : std::string())
        + ".";
    for (const ScopePlannerCheck& check : scopes) {
        if (!check.problem.empty())
            text += "\n" + check.scope + ": " + check.problem;
        for (const PlannerDifference& difference : check.differences) {
            text += "\n" + check.scope + " " + difference.name
                + (difference.irName != difference.name ? " (" + difference.irName + ")" : "") + ":";
            if (difference.dumpOffsets != difference.plannedOffsets)
                text += " offsets " + offsetsText(difference.dumpOffsets) + " in the dump, "
                    + offsetsText(difference.plannedOffsets) + " planned;";
            if (difference.dumpLifeStart != difference.plannedLifeStart
                || difference.dumpLifeEnd != difference.plannedLifeEnd)
                text += " Life [" + std::to_string(difference.dumpLifeStart) + ", "
                    + std::to_string(difference.dumpLifeEnd) + "] in the dump, ["
                    + std::to_string(difference.plannedLifeStart) + ", " + std::to_string(difference.plannedLifeEnd)
                    + "] planned;";
            if (text.back() == ';')
                text.pop_back();
        }
    }
    return text;
}

std::string attachedLogText(const PlanDocument& before, const PlanDocument& after)
{
    if (!after.log || (before.log && before.log->file == after.log->file))
        return {};
    std::string text = "The compile log names " + std::to_string(after.log->ops.size()) + " ops; ";
    if (after.plannerCheck && after.plannerCheck->reproduces())
        return text + after.plannerCheck->summary() + ": what-ifs re-planned.";
    if (after.plannerCheck)
        return text + after.plannerCheck->summary() + ": what-ifs predicted from the dump.";
    return text + (after.plannerNote.empty() ? std::string("no planner check") : after.plannerNote)
        + ": what-ifs predicted from the dump.";
}

PlannerIrResult plannerIrOf(const PlanDocument& document)
{
    PlannerIrResult result;
    // The text is the index's own (an aliasing pointer keeps the index alive), not a copy.
    if (document.log && document.log->ir) {
        result.ir = PlannerIr{std::shared_ptr<const std::string>(document.log->ir, &document.log->ir->text()),
            document.log->file, document.log->sectionFirstLine - 1, document.log->plannerModule};
        return result;
    }
    if (document.ir && inPlannerForm(document.ir->text())) {
        result.ir = PlannerIr{
            std::shared_ptr<const std::string>(document.ir, &document.ir->text()), document.irFile, 0, nullptr};
        return result;
    }
    result.reason = document.ir ? "the IR beside the dump is not the planner's (no alloc in on-chip memory), and no "
                                  "compile log holds the planner's section"
                                : "no compile log with the planner's section and no IR in the planner's form";
    return result;
}

std::shared_ptr<const PlannerCheck> ownPlanCheck(
    const Dump& dump, const PlannerIr& ir, const std::string& function, CompilerGeneration generation)
{
    auto check = std::make_shared<PlannerCheck>();
    check->irFile = ir.file;
    check->function = function;
    check->ir = ir;
    check->generation = generation; // the rules computeDump planned with
    check->seedShuffle = generation != CompilerGeneration::Earlier;
    for (const memlens::ScopePlan& scope : dump.scopes) {
        ScopePlannerCheck own{scope.scope, true, scope.buffers.size(), {}, {}, {}};
        for (const Buffer& buffer : scope.buffers)
            own.irNames.push_back(buffer.ssaName);
        check->scopes.push_back(std::move(own));
    }
    return check;
}

std::shared_ptr<const PlannerCheck> checkPlanner(
    const Dump& dump, const PlannerIr& ir, std::string& note, const std::atomic<bool>* cancel)
{
    const std::shared_ptr<const Module> module = ir.module ? ir.module : readMlir(*ir.text, ir.file);
    auto functions = deviceFunctions(*module, dump.kernel);
    if (functions.empty()) {
        functions = deviceFunctions(*module);
        if (functions.size() != 1) {
            note = "the planner's IR has no function @" + dump.kernel;
            return nullptr;
        }
    }
    const Function& function = *functions.front();
    const auto target = findPlanTarget(planTargetName(*module));
    if (!target) {
        note = "the planner's IR names an unknown target";
        return nullptr;
    }
    const AliasTable aliases = locationAliasesOf(*module);
    auto check = std::make_shared<PlannerCheck>();
    check->irFile = ir.file;
    check->function = function.name;
    check->ir = ir;
    check->ir.module = module; // read once: the what-ifs plan copies of it
    std::size_t fewest = 0;
    bool first = true;
    for (const CompilerGeneration generation : generationsNewestFirst()) {
        PlanOptions options;
        options.generation = generation;
        passForTarget(*target).applyTo(options);
        options.searchBudget = kLoadSearchBudget;
        options.cancel = cancel;
        const FunctionPlan plan = planFunction(function, *target, options);
        if (!plan.decided) {
            note = "memlens's plan of the planner's IR is not decided within its budget";
            return nullptr;
        }
        Dump planned;
        try {
            planned = dumpOfPlan(plan, ir.file, &aliases, ir.lineOffset, compilerDumpFileName(plan.coreType));
        } catch (const DumpError& error) {
            note = "memlens's plan cannot be compared: " + error.problem();
            return nullptr;
        }
        std::vector<ScopePlannerCheck> scopes;
        bool all = true;
        for (const memlens::ScopePlan& scope : dump.scopes) {
            scopes.push_back(compareScope(scope, planned.findScope(scope.scope)));
            all = all && scopes.back().reproduces;
        }
        if (all) {
            check->scopes = std::move(scopes);
            check->generation = generation;
            check->seedShuffle = options.shuffleSeeds;
            return check;
        }
        // Neither reproduces: the rules closest to the dump are the ones whose differences are said.
        std::size_t count = 0;
        for (const ScopePlannerCheck& scope : scopes)
            count += scope.problem.empty() ? scope.differences.size() : dump.scopes.size() * 1000000;
        if (first || count < fewest) {
            fewest = count;
            check->scopes = std::move(scopes);
        }
        first = false;
    }
    return check;
}

} // namespace memlens
