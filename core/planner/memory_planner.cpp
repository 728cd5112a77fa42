#include "core/planner/memory_planner.hpp"

#include "core/planner/block_liveness.hpp"
#include "core/planner/buffer_liveness.hpp"
#include "core/planner/inplace_rules.hpp"
#include "core/planner/level_search.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/overflow_proof.hpp"
#include "core/planner/plan_result.hpp"
#include "core/planner/prepared_function.hpp"
#include "core/planner/storage_entries.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace memlens::planner {

namespace {

// The sum of the scope's aligned sizes, copies included.
std::uint64_t sideBySideBits(const StorageEntry* root, std::uint64_t align)
{
    std::uint64_t required = alignUp(static_cast<std::uint64_t>(root->info->constBits), align);
    for (const StorageEntry* child : root->children)
        required += alignUp(static_cast<std::uint64_t>(child->info->constBits), align);
    return required;
}

// PlanBuffersWithoutReuse: every storage after the one before.
void placeSideBySide(StorageEntry* root, std::uint64_t align)
{
    root->offset = 0;
    root->aligned = alignUp(static_cast<std::uint64_t>(root->info->constBits), align);
    std::uint64_t offset = root->aligned;
    for (StorageEntry* child : root->children) {
        child->offset = offset;
        child->aligned = alignUp(static_cast<std::uint64_t>(child->info->constBits), align);
        offset += child->aligned;
    }
}

// One attempt (one shuffle seed): storage entries, then each scope's addresses, the first
// scope that does not fit ending it (the compiler's MemPlan::plan for local memory).
class AttemptPlanner {
public:
    AttemptPlanner(const BufferLives& liveness, const std::vector<SequenceEntry>& sequence, const PipeClasses& pipes,
        const ModuleFacts& facts, const PlanTarget& target, const PlanOptions& options, long* sharedBudget)
        : entries_(liveness, sequence, pipes, facts, options)
        , target_(target)
        , options_(options)
        , budget_(options, sharedBudget)
        , search_(entries_, budget_)
    {
    }

    // The storage entries; then signature() and plan() may be asked.
    void build() { entries_.build(); }
    std::vector<std::uintptr_t> signature() const { return entries_.signature(); }
    bool plan(FunctionPlan& result);
    long placements() const { return budget_.placements(); }
    bool undecided() const { return undecided_; }

private:
    bool planScope(StorageEntry* root, PlannedScope& scope);
    std::uint64_t requiredAfterFailure(StorageEntry* root, std::uint64_t align);
    void sayWhySearchStopped(PlannedScope& scope);
    bool stoppedEarly(PlannedScope& scope);

    StorageEntries entries_;
    const PlanTarget& target_;
    const PlanOptions& options_;
    SearchBudget budget_;
    LevelSearch search_;
    bool undecided_ = false;
};

// PlanMemAddressOfWholeLocalBuffer for one scope.
bool AttemptPlanner::planScope(StorageEntry* root, PlannedScope& scope)
{
    const auto space = target_.space(root->info->scope);
    const std::uint64_t align = space->alignBits;
    const std::uint64_t capacity = space->capacityBits;
    // No reuse when the storages fit side by side, exactly filling the space included.
    if (sideBySideBits(root, align) <= capacity) {
        placeSideBySide(root, align);
        return true;
    }
    if (root->children.empty()) { // one storage larger than the space
        placeSideBySide(root, align);
        scope.requiresBits = root->aligned;
        return false;
    }
    root = entries_.reorder(root);
    const std::uint64_t unlimited = search_.planUnlimited(root, ReuseLevel::NoPipeConflict, align);
    if (stoppedEarly(scope))
        return false;
    if (unlimited <= capacity)
        return true;
    // The newer A5 pass enters the levels with its outline split (it stays so for the attempt).
    if (options_.rules.regBasePass && options_.rules.splitOutlineAtMultiLevel)
        search_.setSplitSegments();
    // memlens's shortcut: when what must sit apart at one op is more than the capacity, the
    // search would roll back every entry and restart before failing (peakDemandBits).
    if (options_.proveOverflow && peakDemandBits(root, align, entries_.stallPairs()) > capacity) {
        scope.requiresBits = requiredAfterFailure(root, align);
        return false;
    }
    if (!search_.planWithin(root, capacity, align)) {
        scope.requiresBits = requiredAfterFailure(root, align);
        sayWhySearchStopped(scope);
        return false;
    }
    // Printed for whichever space needed the search within capacity.
    scope.warning = dmaReuseWarning(root->info->scope, unlimited, capacity);
    return true;
}

// "requires N bits": the reordered scope planned at level 0 without a limit, split segments on.
std::uint64_t AttemptPlanner::requiredAfterFailure(StorageEntry* root, std::uint64_t align)
{
    search_.setSplitSegments();
    return search_.planUnlimited(entries_.reorder(root), ReuseLevel::AnyFreeAddress, align);
}

// A cancel or the deadline that stopped the plan without a limit: not decided, as a stopped search.
bool AttemptPlanner::stoppedEarly(PlannedScope& scope)
{
    const SearchBudget::Stop stop = budget_.stop();
    if (stop != SearchBudget::Stop::Cancelled && stop != SearchBudget::Stop::TimedOut)
        return false;
    sayWhySearchStopped(scope);
    return true;
}

void AttemptPlanner::sayWhySearchStopped(PlannedScope& scope)
{
    switch (budget_.stop()) {
    case SearchBudget::Stop::None: return;
    case SearchBudget::Stop::Cancelled: scope.warning = kPlanCancelledText; break;
    case SearchBudget::Stop::TimedOut: scope.warning = searchTimedOutText(budget_.placements()); break;
    case SearchBudget::Stop::BudgetSpent: scope.warning = searchStoppedText(options_.searchBudget); break;
    case SearchBudget::Stop::GuardSpent: // the plan is decided: no plan within the guard
        scope.warning = "the plan was stopped after " + std::to_string(SearchBudget::kGuard) + " placements";
        return;
    }
    undecided_ = true;
    scope.decided = false;
}

bool AttemptPlanner::plan(FunctionPlan& result)
{
    bool failed = false;
    for (const auto& [scopeName, root] : entries_.scopeRoots()) {
        PlannedScope scope;
        scope.scope = scopeName;
        const auto space = target_.space(scopeName);
        if (!space) {
            result.errors.push_back("memory space " + scopeName
                + " is not planned by the compiler (\"Temporarily unsupported memory buffer space\")");
            scope.planned = false;
            result.scopes.push_back(scope);
            failed = true;
            break;
        }
        scope.capacityBits = space->capacityBits;
        if (failed) {
            scope.planned = false;
        } else if (!planScope(root, scope)) {
            failed = true;
            scope.fits = false;
            if (scope.decided)
                scope.errorInfo = overflowErrorText(scopeName, *scope.requiresBits, scope.capacityBits, options_.rules);
        }
        result.scopes.push_back(scope);
    }
    writeScopeResults(result, entries_);
    result.fits = !failed;
    return !failed;
}

// walkAllocToPointerCast: an alloc the plan gives no address (never written, so in no
// storage) stops the pass once the plan is made.
void refuseUnwrittenAllocs(const BufferLives& buffers, FunctionPlan& result)
{
    for (const Value* buffer : buffers.bufferOrder)
        if (!buffers.lives.count(buffer) && !buffers.skippedCoupled.count(buffer)) {
            result.errors.push_back("line " + std::to_string(buffer->definingOp->line) + ": " + buffer->name
                + ": 'memref.alloc' op error: read before first write (never written, so the compiler's plan gives it "
                  "no address)");
            result.fits = false;
        }
}

void recordCoupledBuffers(const BufferLives& buffers, const Function& function, FunctionPlan& result)
{
    for (const Value* buffer : buffers.bufferOrder) {
        const auto id = buffers.coupledIds.find(buffer);
        if (id == buffers.coupledIds.end())
            continue;
        const std::string& space = buffer->memref.addressSpace;
        const std::string& core = function.coreType;
        FunctionPlan::CoupledBuffer coupled;
        coupled.alloc = buffer;
        coupled.id = id->second;
        coupled.owned = (core == "aiv" && space == "ub") || (core == "aic" && space == "cbuf");
        const bool other = (core == "aic" && space == "ub") || (core == "aiv" && space == "cbuf");
        if (coupled.owned || other)
            result.coupled.push_back(coupled);
    }
}

} // namespace

void shareCoupledOffsets(const std::vector<FunctionPlan*>& plans)
{
    std::map<int, std::vector<std::uint64_t>> byId;
    for (const FunctionPlan* plan : plans)
        for (const auto& coupled : plan->coupled) {
            if (!coupled.owned)
                continue;
            std::vector<std::uint64_t>& offsets = byId[coupled.id];
            offsets.clear();
            for (const PlannedScope& scope : plan->scopes)
                for (const PlannedAlloc& alloc : scope.allocs)
                    if (alloc.buffer == coupled.alloc)
                        offsets = alloc.offsets;
        }
    for (FunctionPlan* plan : plans)
        for (const auto& coupled : plan->coupled)
            if (!coupled.owned)
                plan->castOffsets[coupled.alloc] = byId[coupled.id];
}

std::string searchStoppedText(long placements)
{
    return "search stopped after " + std::to_string(placements) + " placements: not decided";
}

std::string searchTimedOutText(long placements)
{
    return "search stopped at its time limit after " + std::to_string(placements) + " placements: not decided";
}

std::string overflowErrorText(
    const std::string& scope, std::uint64_t requiresBits, std::uint64_t capacityBits, const PlanRules& rules)
{
    std::string text = scope + " overflow, requires " + std::to_string(requiresBits) + " bits while "
        + std::to_string(capacityBits) + " bits available!";
    if (rules.overflowReasonSuffix)
        text += " (possible reason: tiling basic block is too large or block number is more than what user expect due "
                "to multi-buffer feature is enabled and some ops need extra local buffer.)";
    return text;
}

namespace {

// planFunction, on `prepared` when given (else prepared here).
FunctionPlan planWith(
    const Function& function, PreparedFunction* prepared, const PlanTarget& target, const PlanOptions& options)
{
    FunctionPlan result;
    result.name = function.name;
    result.coreType = function.coreType;
    if (!function.op || !function.body()) {
        result.errors.push_back("function @" + function.name + " has no body");
        result.fits = false;
        return result;
    }
    std::string capacityError;
    const auto vfMode = function.op->attributes.find("hivm.vf_mode");
    const PlanTarget planned = functionTarget(target,
        vfMode == function.op->attributes.end() ? std::string() : vfMode->second, options.simtVfDynamicSizeKb,
        options.rules.sharedMemDynamicSize ? std::optional(options.sharedMemDynamicSizeBytes) : std::nullopt,
        capacityError);
    if (!capacityError.empty()) {
        result.errors.push_back(capacityError);
        result.fits = false;
        return result;
    }
    std::optional<PreparedFunction> own;
    PreparedFunction& ready = prepared ? *prepared : own.emplace(function);
    const std::vector<SequenceEntry>& sequence = ready.sequence();
    const BlockLiveness& liveness = ready.liveness();
    const PipeClasses& pipes = ready.pipes();
    const ModuleFacts& facts = ready.facts();
    LivenessOptions livenessOptions;
    livenessOptions.multiBuffer = options.multiBuffer;
    livenessOptions.shuffle = options.shuffleSeeds;
    livenessOptions.tightlyCoupledUnique = options.disableTightlyCoupledBufferReuse;
    livenessOptions.rules = options.rules;
    // Seed 0's walk; each later seed replays its shuffles (or walks again without reuseLiveness).
    BufferLives built;
    const BufferLiveness& walk = ready.walk(livenessOptions, built);
    auto livenessOf = [&](unsigned seed) -> const BufferLives& {
        if (options.reuseLiveness)
            walk.shuffleLog().replay(seed, built.genKill);
        else
            built = BufferLiveness(function, sequence, liveness, seed, livenessOptions).build();
        return built;
    };
    const int attempts = options.shuffleSeeds ? std::max(1, options.attempts) : 1;
    int firstAttempt = 0;
    {
        const BufferLives& first = built;
        if (!first.errors.empty()) {
            result.notes = first.notes;
            result.errors = first.errors;
            result.fits = false;
            return result;
        }
        // The pass classifies the buffers by pipe once the liveness is built (OptMemPlanForDma).
        if (!pipes.unknownPipe.empty()) {
            result.errors.push_back("Unknown PIPE! (" + pipes.unknownPipe + ")");
            result.fits = false;
            return result;
        }
        // memlens's shortcut: when no seed can fit, only the last attempt's plan is the answer.
        if (attempts > 1 && options.proveOverflow && failsWithEverySeed(first, planned))
            firstAttempt = attempts - 1;
    }
    long remaining = options.searchBudget;
    long placements = 0;
    // The failed attempts' storages and plans: a seed whose storages are one of them fails alike.
    std::vector<std::pair<std::vector<std::uintptr_t>, FunctionPlan>> failedSeeds;
    int seedsRepeated = 0;
    for (int attempt = firstAttempt; attempt < attempts; ++attempt) {
        result = FunctionPlan();
        result.name = function.name;
        result.coreType = function.coreType;
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            result.fits = false;
            result.decided = false;
            result.cancelled = true;
            result.placements = placements;
            return result;
        }
        result.seed = attempt;
        result.sequenceLength = static_cast<int>(sequence.size());
        const BufferLives& buffers = attempt == 0 ? built : livenessOf(static_cast<unsigned>(attempt));
        result.notes = buffers.notes;
        AttemptPlanner planner(
            buffers, sequence, pipes, facts, planned, options, options.searchBudget > 0 ? &remaining : nullptr);
        planner.build();
        std::vector<std::uintptr_t> signature;
        if (options.skipRepeatedSeeds) {
            signature = planner.signature();
            const auto same = std::find_if(
                failedSeeds.begin(), failedSeeds.end(), [&](const auto& failed) { return failed.first == signature; });
            if (same != failedSeeds.end()) {
                result = same->second;
                result.seed = attempt;
                result.notes = buffers.notes;
                result.placements = placements;
                result.seedsRepeated = ++seedsRepeated;
                continue;
            }
        }
        const bool fits = planner.plan(result);
        placements += planner.placements();
        result.placements = placements;
        result.seedsRepeated = seedsRepeated;
        if (planner.undecided()) {
            result.decided = false; // later seeds would have no budget left
            result.cancelled = options.cancel && options.cancel->load(std::memory_order_relaxed);
            return result;
        }
        if (fits) {
            refuseUnwrittenAllocs(buffers, result);
            recordCoupledBuffers(buffers, function, result);
            return result;
        }
        if (options.skipRepeatedSeeds)
            failedSeeds.emplace_back(std::move(signature), result);
    }
    return result;
}

} // namespace

FunctionPlan planFunction(const Function& function, const PlanTarget& target, const PlanOptions& options)
{
    return planWith(function, nullptr, target, options);
}

FunctionPlan planFunction(PreparedFunction& prepared, const PlanTarget& target, const PlanOptions& options)
{
    return planWith(prepared.function(), &prepared, target, options);
}

std::vector<const Function*> deviceFunctions(const Module& module, const std::string& name)
{
    std::vector<const Function*> functions;
    for (const Function& function : module.functions) {
        // A VF function (hivm.vector_function) is planned as part of its caller: its buffers
        // are the caller's allocs, passed in.
        const bool vectorFunction = function.op && function.op->hasAttribute("hivm.vector_function");
        if (!function.isHost && !vectorFunction && function.body() && (name.empty() || function.name == name))
            functions.push_back(&function);
    }
    return functions;
}

std::string planTargetName(const Module& module)
{
    for (const Function* function : deviceFunctions(module))
        if (!function->target.empty())
            return function->target;
    return "Ascend910B1";
}

std::optional<std::uint64_t> allocatedUbBits(const FunctionPlan& plan, bool regBase)
{
    if (!regBase || !plan.fits)
        return std::nullopt;
    for (const PlannedScope& scope : plan.scopes)
        if (scope.scope == "ub" && scope.planned)
            return scope.highWaterBits;
    return std::nullopt;
}

} // namespace memlens::planner
