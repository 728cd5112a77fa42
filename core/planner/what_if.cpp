#include "core/planner/what_if.hpp"

#include "core/base/chip_table.hpp"
#include "core/planner/plan_pass.hpp"

#include "core/planner/buffer_views.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/module_clone.hpp"
#include "core/planner/multi_buffer_marks.hpp"
#include "core/planner/prepared_function.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <set>
#include <thread>
#include <unordered_map>
#include <utility>

namespace memlens::planner {

namespace {

std::string ratioText(const DimensionScale& scale)
{
    if (scale.denominator == 1)
        return "x" + std::to_string(scale.numerator);
    return std::to_string(scale.numerator) + "/" + std::to_string(scale.denominator);
}

// Rewrites the memref shapes of a module for one plan and puts them back after.
class ShapeRewrite {
public:
    ShapeRewrite(Module& module, const std::vector<DimensionScale>& scales)
    {
        if (scales.empty())
            return;
        for (const auto& value : module.values) {
            MemrefType& memref = value->memref;
            if (!memref.valid)
                continue;
            bool changed = false;
            std::vector<std::int64_t> shape = memref.shape;
            for (auto& dimension : shape) {
                // The first scale naming this dimension wins; scales apply to the original shape, not in chain.
                const auto scale = std::find_if(scales.begin(), scales.end(),
                    [&](const DimensionScale& candidate) { return candidate.value == dimension; });
                if (scale == scales.end() || dimension < 0)
                    continue;
                dimension = scale->scaled();
                changed = true;
            }
            if (!changed)
                continue;
            saved_.emplace_back(&memref, std::move(memref.shape));
            memref.shape = std::move(shape);
        }
        scaleTempBuffers(module);
    }
    ~ShapeRewrite()
    {
        for (auto& [memref, shape] : saved_)
            memref->shape = std::move(shape);
    }
    ShapeRewrite(const ShapeRewrite&) = delete;
    ShapeRewrite& operator=(const ShapeRewrite&) = delete;

private:
    // An op's extra buffer (temp_buffer) is sized from its inputs (a reduction's scratch holds a
    // partial result per vector repeat), so a 1-D one that no dimension rule rewrote grows and
    // shrinks with them: by the ratio the op's rewritten inputs changed by, when they agree and
    // the result is whole.
    void scaleTempBuffers(Module& module)
    {
        if (saved_.empty())
            return;
        std::unordered_map<const MemrefType*, const std::vector<std::int64_t>*> original;
        for (const auto& [memref, shape] : saved_)
            original.emplace(memref, &shape);
        auto count = [](const std::vector<std::int64_t>& shape) {
            __int128 n = 1;
            for (const std::int64_t d : shape)
                n *= d < 0 ? 0 : d;
            return n;
        };
        std::unordered_map<const Value*, std::pair<__int128, __int128>> temps; // alloc -> ratio
        for (const Function& function : module.functions) {
            if (!function.op)
                continue;
            walkNested(*function.op, [&](const Op& op) {
                if (op.temps.empty())
                    return;
                __int128 numerator = 0;
                __int128 denominator = 0;
                for (const Value* input : op.ins) {
                    const auto before = original.find(&input->memref);
                    if (before == original.end())
                        continue;
                    const __int128 was = count(*before->second);
                    const __int128 now = count(input->memref.shape);
                    if (was <= 0 || now <= 0)
                        return;
                    if (denominator != 0 && now * denominator != numerator * was)
                        return; // the inputs disagree: no one ratio
                    numerator = now;
                    denominator = was;
                }
                if (denominator == 0)
                    return;
                for (const Value* temp : op.temps)
                    if (const Value* alloc = tracebackToAlloc(temp))
                        temps.emplace(alloc, std::pair{numerator, denominator});
            });
        }
        if (temps.empty())
            return;
        for (const auto& value : module.values) {
            const auto found = temps.find(value.get());
            MemrefType& memref = value->memref;
            if (found == temps.end() || memref.rank() != 1 || memref.shape[0] <= 0 || original.count(&memref))
                continue;
            const auto [numerator, denominator] = found->second;
            const __int128 scaled = memref.shape[0] * numerator;
            if (scaled % denominator != 0 || scaled / denominator <= 0 || scaled / denominator > INT64_MAX)
                continue;
            saved_.emplace_back(&memref, memref.shape);
            memref.shape[0] = static_cast<std::int64_t>(scaled / denominator);
        }
    }

    std::vector<std::pair<MemrefType*, std::vector<std::int64_t>>> saved_;
};

WhatIfFunction summarize(const FunctionPlan& plan)
{
    WhatIfFunction function;
    function.name = plan.name;
    function.coreType = plan.coreType;
    function.fits = plan.fits && plan.errors.empty();
    function.errors = plan.errors;
    function.decided = plan.decided;
    function.placements = plan.placements;
    for (const PlannedScope& scopePlan : plan.scopes) {
        WhatIfScope scope;
        scope.scope = scopePlan.scope;
        scope.planned = scopePlan.planned;
        scope.fits = scopePlan.fits;
        scope.capacityBits = scopePlan.capacityBits;
        scope.requiresBits = scopePlan.requiresBits;
        scope.highWaterBits = scopePlan.highWaterBits;
        scope.errorInfo = scopePlan.errorInfo;
        scope.decided = scopePlan.decided;
        scope.allocs.reserve(scopePlan.allocs.size());
        for (const PlannedAlloc& planned : scopePlan.allocs) {
            WhatIfAlloc alloc;
            alloc.name = planned.buffer->name;
            alloc.line = planned.buffer->definingOp ? planned.buffer->definingOp->line : 0;
            alloc.bits = planned.bits;
            alloc.offsets = planned.offsets;
            alloc.lifeStart = planned.lifeStart;
            alloc.lifeEnd = planned.lifeEnd;
            scope.allocs.push_back(std::move(alloc));
        }
        function.scopes.push_back(std::move(scope));
    }
    return function;
}

PlanTarget targetOf(const Module& module, std::optional<PlanTarget> target)
{
    if (target)
        return *target;
    if (auto named = findPlanTarget(planTargetName(module)))
        return *named;
    return *findPlanTarget("Ascend910B1");
}

} // namespace

WhatIf WhatIf::noMultiBuffer()
{
    WhatIf whatIf;
    whatIf.multiBuffer = false;
    return whatIf;
}

WhatIf WhatIf::largestFirst()
{
    WhatIf whatIf;
    whatIf.strategy = PlanStrategy::LargestFirst;
    return whatIf;
}

WhatIf WhatIf::scaled(std::int64_t dimension, std::int64_t numerator, std::int64_t denominator)
{
    WhatIf whatIf;
    whatIf.scales.push_back({dimension, numerator, denominator});
    return whatIf;
}

std::string WhatIf::describe() const
{
    std::vector<std::string> parts;
    if (!multiBuffer)
        parts.emplace_back("multi-buffer off");
    if (strategy == PlanStrategy::LargestFirst)
        parts.emplace_back("largest-first");
    for (const DimensionScale& scale : scales)
        parts.push_back(std::to_string(scale.value) + " -> "
            + (scale.exact() ? std::to_string(scale.scaled()) : "(" + ratioText(scale) + ")"));
    if (parts.empty())
        return "as planned";
    std::string text;
    for (const auto& part : parts)
        text += (text.empty() ? "" : ", ") + part;
    return text;
}

const WhatIfScope* WhatIfFunction::findScope(const std::string& scope) const
{
    for (const WhatIfScope& candidate : scopes)
        if (candidate.scope == scope)
            return &candidate;
    return nullptr;
}

WhatIfPlanner::WhatIfPlanner(std::string_view irText, const std::string& fileName, std::optional<PlanTarget> target)
    : WhatIfPlanner(readMlir(irText, fileName), std::move(target))
{
}

WhatIfPlanner::WhatIfPlanner(std::unique_ptr<Module> module, std::optional<PlanTarget> target)
    : module_(std::move(module))
    , target_(targetOf(*module_, std::move(target)))
    , searchBudget_(kWhatIfSearchBudget)
{
}

WhatIfPlanner::~WhatIfPlanner() = default;

std::vector<const Function*> WhatIfPlanner::deviceFunctions(const std::string& function) const
{
    return planner::deviceFunctions(*module_, function);
}

WhatIfResult WhatIfPlanner::baseline(const std::string& function)
{
    WhatIf whatIf;
    whatIf.function = function;
    return plan(whatIf);
}

WhatIfResult WhatIfPlanner::plan(const WhatIf& whatIf) { return planInFull(whatIf).result; }

WhatIfPlans WhatIfPlanner::planInFull(const WhatIf& whatIf)
{
    WhatIfPlans plans;
    WhatIfResult& result = plans.result;
    result.whatIf = whatIf;
    for (const DimensionScale& scale : whatIf.scales)
        if (scale.value <= 0 || scale.numerator <= 0 || !scale.exact() || scale.scaled() <= 0) {
            result.valid = false;
            result.fits = false;
            result.problem = "dimension " + std::to_string(scale.value) + " cannot be scaled by " + ratioText(scale)
                + " to a whole positive size";
            return plans;
        }
    const auto functions = deviceFunctions(whatIf.function);
    if (functions.empty()) {
        result.valid = false;
        result.fits = false;
        result.problem = whatIf.function.empty() ? "no function with a body in the IR"
                                                 : "no function @" + whatIf.function + " in the IR";
        return plans;
    }
    PlanOptions options;
    options.generation = generation_;
    passForTarget(target_).applyTo(options);
    options.strategy = whatIf.strategy;
    options.multiBuffer = whatIf.multiBuffer;
    options.searchBudget = searchBudget_;
    options.cancel = cancel_;
    options.deadline = deadline_;
    options.shuffleSeeds = shuffleSeeds_;
    options.pruneDoomedSearch = pruneDoomedSearch_;
    const ShapeRewrite rewrite(*module_, whatIf.scales);
    std::optional<MultiBufferMarksRemoved> marksRemoved;
    if (!whatIf.multiBuffer)
        marksRemoved.emplace(*module_);
    for (const Function* function : functions) {
        if (deadline_ && std::chrono::steady_clock::now() > *deadline_) {
            result.decided = false;
            result.fits = false; // not known: nothing was planned
            result.undecided = searchTimedOutText(0);
            break;
        }
        plans.plans.push_back(shareWalks_ ? planFunction(prepared(*function, whatIf.multiBuffer), target_, options)
                                          : planFunction(*function, target_, options));
        result.functions.push_back(summarize(plans.plans.back()));
        if (!plans.plans.back().decided) {
            result.decided = false;
            result.undecided = plans.plans.back().cancelled ? kPlanCancelledText : searchStoppedText(searchBudget_);
        }
        if (!result.functions.back().fits) {
            result.fits = false;
            break; // the compiler's pass stops at the first function that fails
        }
    }
    return plans;
}

PreparedFunction& WhatIfPlanner::prepared(const Function& function, bool marks)
{
    for (Prepared& kept : prepared_)
        if (kept.function == &function && kept.marks == marks)
            return *kept.prepared;
    prepared_.push_back({&function, marks, std::make_unique<PreparedFunction>(function)});
    return *prepared_.back().prepared;
}

int WhatIfPlanner::sharedWalks() const
{
    int walks = 0;
    for (const Prepared& kept : prepared_)
        walks += kept.prepared->walks();
    return walks;
}

std::unique_ptr<WhatIfPlanner> WhatIfPlanner::copyForThread() const
{
    auto copy = std::make_unique<WhatIfPlanner>(cloneModule(*module_), target_);
    copy->searchBudget_ = searchBudget_;
    copy->cancel_ = cancel_;
    copy->deadline_ = deadline_;
    copy->shuffleSeeds_ = shuffleSeeds_;
    copy->generation_ = generation_;
    copy->shareWalks_ = shareWalks_;
    copy->pruneDoomedSearch_ = pruneDoomedSearch_;
    return copy;
}

std::vector<WhatIfResult> WhatIfPlanner::planAll(const std::vector<WhatIf>& whatIfs, unsigned threads)
{
    // A small function's what-ifs take microseconds each: a thread and a copy would cost more.
    constexpr std::size_t kOpsWorthAThread = 512;
    if (threads == 0) {
        std::size_t ops = 0;
        for (const Function& function : module_->functions)
            if (function.op)
                walkNested(*function.op, [&ops](const Op&) { ++ops; });
        threads = ops < kOpsWorthAThread ? 1u : std::max(1u, std::thread::hardware_concurrency());
    }
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, whatIfs.size()));
    std::vector<WhatIfResult> results(whatIfs.size());
    // Each what-if is planned alone, in whichever thread takes it next; every thread but this
    // one plans on its own copy of the module (a plan rewrites the shapes in place).
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> failures(threads);
    auto work = [&](WhatIfPlanner& planner, std::exception_ptr& failure) {
        try {
            for (std::size_t i = next++; i < whatIfs.size(); i = next++)
                results[i] = planner.plan(whatIfs[i]);
        } catch (...) {
            failure = std::current_exception();
            next = whatIfs.size();
        }
    };
    std::vector<std::unique_ptr<WhatIfPlanner>> copies;
    std::vector<std::thread> running;
    for (unsigned t = 1; t < threads; ++t) {
        copies.push_back(copyForThread());
        running.emplace_back(work, std::ref(*copies.back()), std::ref(failures[t]));
    }
    if (threads > 0)
        work(*this, failures[0]);
    for (std::thread& thread : running)
        thread.join();
    for (const std::exception_ptr& failure : failures)
        if (failure)
            std::rethrow_exception(failure);
    return results;
}

FittingPowerOfTwo WhatIfPlanner::largestFittingPowerOfTwo(std::int64_t dimension, const WhatIf& base, int maxScale)
{
    FittingPowerOfTwo answer;
    answer.dimension = dimension;
    if (dimension <= 0) {
        answer.result.whatIf = base;
        answer.result.valid = false;
        answer.result.fits = false;
        answer.result.problem = "dimension " + std::to_string(dimension) + " is not a positive size";
        return answer;
    }
    const std::int64_t top
        = dimension > INT64_MAX / std::max(1, maxScale) ? dimension : dimension * std::max(1, maxScale);
    std::int64_t candidate = 1;
    while (candidate <= top / 2)
        candidate *= 2;
    for (; candidate >= 1; candidate /= 2) {
        WhatIf whatIf = base;
        whatIf.scales.insert(whatIf.scales.begin(), DimensionScale{dimension, candidate, dimension});
        answer.result = plan(whatIf);
        ++answer.plansTried;
        answer.decided = answer.decided && answer.result.decided;
        if (answer.result.valid && answer.result.fits) {
            answer.fittingValue = candidate;
            break;
        }
    }
    return answer;
}

std::vector<std::int64_t> WhatIfPlanner::tileDimensions(const std::string& function) const
{
    std::set<std::int64_t, std::greater<>> dimensions;
    for (const Function* candidate : deviceFunctions(function))
        walkNested(*candidate->op, [&](const Op& op) {
            if (op.name != "memref.alloc")
                return;
            for (const Value* result : op.results)
                if (result->memref.valid && isLocalSpace(result->memref.addressSpace))
                    for (const auto dimension : result->memref.shape)
                        if (dimension > 1)
                            dimensions.insert(dimension);
        });
    return {dimensions.begin(), dimensions.end()};
}

std::vector<DimensionScale> standardScales(std::int64_t dimension)
{
    return {{dimension, 1, 2}, {dimension, 1, 4}, {dimension, 1, 8}, {dimension, 1, 16}, {dimension, 2, 1}};
}

} // namespace memlens::planner
