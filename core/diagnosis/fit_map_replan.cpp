#include "core/diagnosis/fit_map_replan.hpp"

#include "core/base/work_thresholds.hpp"
#include "core/document/computed_plan.hpp"
#include "core/document/planner_check.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/module_clone.hpp"
#include "core/planner/what_if.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace memlens {

namespace {

// Past this many blocks the IR is not planned again for every cell (the prediction is used).

bool replanHolds(const PlanDocument& document, std::size_t scopeIndex)
{
    const PlannerCheck* check = document.plannerCheck.get();
    if (!check || !check->reproduces())
        return false;
    const ScopePlannerCheck* scope = check->scope(document.dump.scopes[scopeIndex].scope);
    return scope && scope->reproduces;
}

class Replanner {
public:
    static std::unique_ptr<Replanner> open(
        const PlanDocument& document, std::size_t scopeIndex, const std::atomic<bool>* cancel = nullptr)
    {
        // Only where memlens's plan of the planner's IR is the dump's, buffer by buffer (the load's
        // check): then its what-ifs speak of this dump, with the rules that reproduced it.
        if (scopeIndex >= document.dump.scopes.size()
            || document.dump.scopes[scopeIndex].blocks.size() > kMaxReplannedBlocks
            || !replanHolds(document, scopeIndex))
            return nullptr;
        const PlannerCheck& check = *document.plannerCheck;
        auto replanner = std::unique_ptr<Replanner>(new Replanner(document, scopeIndex, check));
        replanner->planner_.setCancel(cancel);
        replanner->planner_.setGeneration(check.generation.value_or(planner::kNewestGeneration));
        replanner->planner_.setShuffleSeeds(*check.seedShuffle);
        return replanner;
    }

    void setDeadline(std::chrono::steady_clock::time_point deadline) { planner_.setDeadline(deadline); }

    // The what-ifs planned for the document's function, each alone, on every core.
    std::vector<planner::WhatIfResult> planAll(std::vector<planner::WhatIf> whatIfs)
    {
        for (planner::WhatIf& whatIf : whatIfs)
            whatIf.function = function_;
        return planner_.planAll(whatIfs);
    }

    // The what-if planned for the document's function.
    planner::WhatIfResult plan(const planner::WhatIf& whatIf)
    {
        planner::WhatIf w = whatIf;
        w.function = function_;
        return planner_.plan(w);
    }

    // The required bytes of a what-if; nullopt when it cannot be applied, the scope is not
    // planned or the search stopped before it decided.
    std::optional<std::uint64_t> decidedBytes(const planner::WhatIf& whatIf)
    {
        const planner::WhatIfResult result = plan(whatIf);
        return result.decided ? bytesOf(result) : std::nullopt;
    }

    // The planner's full plan of the document's function under a what-if, as a dump the compiler
    // would write (the rewritten shapes in the buffers' types); nullopt when it cannot be planned.
    std::optional<Dump> dumpOf(const planner::WhatIf& whatIf)
    {
        planner::WhatIf w = whatIf;
        w.function = function_;
        const planner::WhatIfPlans plans = planner_.planInFull(w);
        if (!plans.result.valid || !plans.result.decided)
            return std::nullopt;
        for (const planner::FunctionPlan& plan : plans.plans) {
            if (!function_.empty() && plan.name != function_)
                continue;
            // Through the IR's location aliases, as the compiler prints them: each buffer then names
            // its Python line (and so its IR line) as the dump's own buffers do, not a line of the log.
            if (!aliases_)
                aliases_ = locationAliasesOf(planner_.module());
            Dump dump = dumpOfPlan(plan, irFile_, &*aliases_, lineOffset_, compilerDumpFileName(plan.coreType));
            for (ScopePlan& scope : dump.scopes)
                for (Buffer& buffer : scope.buffers) {
                    std::vector<std::int64_t> shape = buffer.shape();
                    for (auto& dimension : shape)
                        for (const planner::DimensionScale& scale : whatIf.scales)
                            if (scale.value == dimension) {
                                dimension = scale.scaled();
                                break;
                            }
                    if (const std::string type = memrefTypeWithShape(buffer.memrefType(), shape);
                        type != buffer.memrefType())
                        buffer.setType(type);
                }
            return dump;
        }
        return std::nullopt;
    }

    // Up to `maxScale` times the dimension (a plan that fits may grow).
    planner::FittingPowerOfTwo largest(std::int64_t dimension, int maxScale)
    {
        planner::WhatIf base;
        base.function = function_;
        return planner_.largestFittingPowerOfTwo(dimension, base, maxScale);
    }

    std::optional<std::uint64_t> bytesOf(const planner::WhatIfResult& result) const
    {
        if (!result.valid)
            return std::nullopt;
        for (const planner::WhatIfFunction& function : result.functions) {
            if (!function_.empty() && function.name != function_)
                continue;
            if (const planner::WhatIfScope* scope = function.findScope(scope_); scope && scope->planned)
                return (scope->requiresBits.value_or(scope->highWaterBits) + 7) / 8;
        }
        return std::nullopt;
    }

private:
    Replanner(const PlanDocument& document, std::size_t scopeIndex, const PlannerCheck& check)
        : planner_(
            check.ir.module ? planner::cloneModule(*check.ir.module) : planner::readMlir(*check.ir.text, check.ir.file))
        , function_(check.function)
        , scope_(document.dump.scopes[scopeIndex].scope)
        , irFile_(check.ir.file)
        , lineOffset_(check.ir.lineOffset)
    {
    }

    planner::WhatIfPlanner planner_;
    std::string function_;
    std::string scope_;
    std::string irFile_;                // the planner's IR: a compile log or an IR file
    std::int64_t lineOffset_ = 0;       // its lines in that file
    std::optional<AliasTable> aliases_; // the IR's #loc aliases, read once a dump is wanted
};

// The planner rewrites every memref dimension equal to a value: a config is re-planned only when
// that rewrite is the config (no other constexpr holding a scaled value, no value scaled two ways).
std::optional<std::vector<planner::DimensionScale>> scalesOf(const FitProblem& problem, const FitConfig& config)
{
    const TileNames& names = *problem.diagnosis.tileNames;
    std::map<std::int64_t, std::int64_t> to; // value -> new value
    const auto add = [&to](std::int64_t from, std::int64_t now) {
        const auto [it, added] = to.try_emplace(from, now);
        return added || it->second == now;
    };
    std::vector<std::string> onMap;
    for (std::size_t k = 0; k < problem.dims.size(); ++k) {
        const FitDimension& dim = problem.dims[k];
        onMap.insert(onMap.end(), dim.constexprs.begin(), dim.constexprs.end());
        // An unchanged dimension is added too: another dimension of the same value may not be scaled.
        if (!add(dim.value, config.values[k]))
            return std::nullopt;
        if (config.values[k] == dim.value)
            continue;
        // Derived constexprs follow their source, at their own values.
        for (const KernelConstexpr& c : names.constexprs) {
            if (c.derivedFrom.empty() || !c.value || dim.configKey() != c.derivedFrom)
                continue;
            const auto derived = names.scan.derived.find(c.name);
            const auto now
                = derived == names.scan.derived.end() ? std::nullopt : derived->second.valueFor(config.values[k]);
            if (!now || !add(*c.value, *now))
                return std::nullopt;
            onMap.push_back(c.name);
        }
    }
    std::vector<planner::DimensionScale> scales;
    for (const auto& [from, now] : to) {
        if (from == now)
            continue;
        for (const KernelConstexpr& c : names.constexprs)
            if (c.value == from && std::find(onMap.begin(), onMap.end(), c.name) == onMap.end())
                return std::nullopt; // the rewrite would scale this one too
        scales.push_back({from, now, from});
    }
    return scales;
}

class ReplannedFitEvaluator : public FitEvaluator {
public:
    explicit ReplannedFitEvaluator(std::unique_ptr<Replanner> replanner)
        : replanner_(std::move(replanner))
    {
    }

    std::vector<FitEvaluation> evaluate(const FitProblem& problem, const std::vector<FitConfig>& configs) override
    {
        std::vector<FitEvaluation> out(configs.size());
        // The grid's re-plans together within the load's time; a cell past it is predicted.
        replanner_->setDeadline(std::chrono::steady_clock::now() + kLoadTimeLimit);
        std::vector<FitConfig> predictedConfigs;
        std::vector<std::size_t> predictedAt;
        std::vector<planner::WhatIf> whatIfs;
        std::vector<std::size_t> replannedAt;
        for (std::size_t i = 0; i < configs.size(); ++i) {
            if (const auto scales = scalesOf(problem, configs[i])) {
                planner::WhatIf whatIf;
                whatIf.multiBuffer = configs[i].multibuffer;
                whatIf.scales = *scales;
                whatIfs.push_back(std::move(whatIf));
                replannedAt.push_back(i);
            }
        }
        const std::vector<planner::WhatIfResult> results = replanner_->planAll(whatIfs);
        for (std::size_t i = 0, k = 0; i < configs.size(); ++i) {
            std::optional<std::uint64_t> bytes;
            planner::WhatIfResult result;
            if (k < replannedAt.size() && replannedAt[k] == i) {
                result = results[k++];
                bytes = replanner_->bytesOf(result);
            }
            if (bytes) {
                out[i] = {*bytes, PlanMethod::Replanned, result.decided, result.undecided};
            } else {
                predictedConfigs.push_back(configs[i]);
                predictedAt.push_back(i);
            }
        }
        if (!predictedConfigs.empty()) {
            const std::vector<FitEvaluation> predicted = PredictedFitEvaluator().evaluate(problem, predictedConfigs);
            for (std::size_t j = 0; j < predicted.size(); ++j)
                out[predictedAt[j]] = predicted[j];
        }
        return out;
    }

private:
    std::unique_ptr<Replanner> replanner_;
};

// A re-planned plan names its buffers as the IR does (%q_ub), the dump as the compiler printed
// them (%alloc): each IR name becomes the dump's name of the same alloc, as the planner check
// paired them, so a compare of the two pairs every buffer by its alloc, never by order.
void nameAsTheDump(const PlanDocument& document, Dump& replanned)
{
    if (!document.plannerCheck)
        return;
    for (const ScopePlannerCheck& checked : document.plannerCheck->scopes) {
        const ScopePlan* dumped = document.dump.findScope(checked.scope);
        const auto planned = std::find_if(replanned.scopes.begin(), replanned.scopes.end(),
            [&](const ScopePlan& scope) { return scope.scope == checked.scope; });
        if (!dumped || planned == replanned.scopes.end() || checked.irNames.size() != dumped->buffers.size())
            continue;
        std::map<std::string, std::string> dumpNameOf;
        for (std::size_t i = 0; i < checked.irNames.size(); ++i)
            dumpNameOf.emplace(checked.irNames[i], dumped->buffers[i].ssaName);
        for (Buffer& buffer : planned->buffers)
            if (const auto found = dumpNameOf.find(buffer.ssaName); found != dumpNameOf.end())
                buffer.ssaName = found->second;
    }
}

} // namespace

std::unique_ptr<FitEvaluator> replannedEvaluator(const PlanDocument& document, std::size_t scopeIndex)
{
    auto replanner = Replanner::open(document, scopeIndex);
    if (!replanner)
        return nullptr;
    return std::make_unique<ReplannedFitEvaluator>(std::move(replanner));
}

std::optional<PlanDocument> replannedDocument(const PlanDocument& document, std::size_t scopeIndex,
    const Diagnosis& diagnosis, const FitMap& map, const FitConfig& config, const std::atomic<bool>* cancel)
{
    const FitProblem problem{document, scopeIndex, diagnosis, map.dims};
    const auto scales = scalesOf(problem, config);
    if (!scales)
        return std::nullopt;
    const auto replanner = Replanner::open(document, scopeIndex, cancel);
    if (!replanner)
        return std::nullopt;
    planner::WhatIf whatIf;
    whatIf.multiBuffer = config.multibuffer;
    whatIf.scales = *scales;
    std::optional<Dump> dump = replanner->dumpOf(whatIf);
    if (!dump)
        return std::nullopt;
    dump->file = document.dump.file;
    nameAsTheDump(document, *dump);
    return documentWithDump(document, std::move(*dump));
}

std::string replanUnavailableReason(const PlanDocument& document, std::size_t scopeIndex)
{
    if (scopeIndex >= document.dump.scopes.size())
        return {};
    if (document.dump.scopes[scopeIndex].blocks.size() > kMaxReplannedBlocks)
        return "a plan of " + std::to_string(document.dump.scopes[scopeIndex].blocks.size())
            + " blocks is predicted, not planned again";
    if (replanHolds(document, scopeIndex))
        return {};
    if (document.plannerCheck)
        return document.plannerCheck->summary();
    return document.plannerNote.empty() ? "no planner IR" : document.plannerNote;
}

void replanLevers(const PlanDocument& document, std::size_t scopeIndex, Diagnosis& diagnosis)
{
    diagnosis.predictedBecause = replanUnavailableReason(document, scopeIndex);
    if (diagnosis.levers.empty() && !diagnosis.largestFitting)
        return;
    const auto replanner = Replanner::open(document, scopeIndex);
    if (!replanner)
        return;
    // Every re-plan of this diagnosis together within the load's time: a lever past it stays
    // predicted (on a function of thousands of storages one plan alone takes seconds).
    replanner->setDeadline(std::chrono::steady_clock::now() + kLoadTimeLimit);
    for (Lever& lever : diagnosis.levers) {
        const planner::WhatIf whatIf = lever.kind == LeverKind::SingleBuffer
            ? planner::WhatIf::noMultiBuffer()
            : planner::WhatIf::scaled(lever.dimension, lever.to, lever.dimension);
        if (const auto bytes = replanner->decidedBytes(whatIf)) {
            lever.predictedRequiredBytes = *bytes;
            lever.fits = *bytes <= diagnosis.capacityBytes;
            lever.how = PlanMethod::Replanned;
        }
    }
    if (diagnosis.largestFitting) {
        LargestFitting& largest = *diagnosis.largestFitting;
        // As the prediction and the fit map do: a plan that fits today looks up to 8x larger.
        const bool fitsToday = diagnosis.requiredBytes <= diagnosis.capacityBytes;
        const planner::FittingPowerOfTwo found = replanner->largest(largest.dimension, fitsToday ? 8 : 1);
        if (const auto bytes = found.decided ? replanner->bytesOf(found.result) : std::nullopt) {
            largest.value = found.fittingValue;
            largest.predictedRequiredBytes = *bytes;
            largest.how = PlanMethod::Replanned;
        }
    }
}

} // namespace memlens
