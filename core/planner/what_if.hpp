#pragma once
// What-ifs answered by planning again with the compiler's algorithm: the IR's
// multi-buffer marks removed, the largest-first strategy, a tile dimension scaled
// (every memref shape dimension equal to V rewritten to V*k), and the largest power
// of two of V that fits. Only the memory plan is recomputed: the compiler's tiling
// may also change with a different tile size, and that this cannot foresee.
//
// A WhatIfPlanner reads the IR once and plans each what-if on it, rewriting the
// memref shapes for the duration of one plan. One instance is for one thread at a
// time; planAll spreads a list of what-ifs over threads, each on a copy of the module.
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_module.hpp"
#include "core/planner/plan_target.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::planner {

class PreparedFunction;

// Every memref shape dimension equal to `value` becomes value * numerator / denominator.
struct DimensionScale {
    std::int64_t value = 0;
    std::int64_t numerator = 1;
    std::int64_t denominator = 1;
    // In 128 bits: value * numerator of a huge dimension (5e18 * 2^61) must not wrap. A result
    // past int64 is not exact, and scaled() saturates.
    std::int64_t scaled() const
    {
        if (denominator == 0)
            return 0;
        const __int128 product = static_cast<__int128>(value) * numerator / denominator;
        return product > INT64_MAX ? INT64_MAX : product < INT64_MIN ? INT64_MIN : static_cast<std::int64_t>(product);
    }
    bool exact() const
    {
        if (denominator == 0)
            return false;
        const __int128 product = static_cast<__int128>(value) * numerator;
        return product % denominator == 0 && product / denominator <= INT64_MAX && product / denominator >= INT64_MIN;
    }
};

// A what-if's search budget: well under a second of placements on a 3,000-op function,
// and many times what a plan that fits or fails plainly needs.
inline constexpr long kWhatIfSearchBudget = 100000;

// One what-if; the settings combine (a grid of them is a list of these).
struct WhatIf {
    bool multiBuffer = true; // false: every hivm.multi_buffer mark removed (as `plan --no-multi-buffer`)
    PlanStrategy strategy = PlanStrategy::Default;
    std::vector<DimensionScale> scales;
    std::string function; // "" every device function, else only this one

    static WhatIf noMultiBuffer();
    static WhatIf largestFirst();
    static WhatIf scaled(std::int64_t dimension, std::int64_t numerator, std::int64_t denominator = 1);
    // "multi-buffer off, largest-first, 16384 -> 8192" ("as planned" when nothing changes).
    std::string describe() const;
};

struct WhatIfAlloc {
    std::string name; // "%alloc_0"
    int line = 0;     // the alloc's 1-based line in the IR
    std::int64_t bits = 0;
    std::vector<std::uint64_t> offsets; // bytes, one per copy
    std::int64_t lifeStart = -1;
    std::int64_t lifeEnd = -1;
};

struct WhatIfScope {
    std::string scope; // "ub", "cbuf", "cc"
    bool planned = true;
    bool fits = true;
    std::uint64_t capacityBits = 0;
    std::optional<std::uint64_t> requiresBits; // when it fails
    std::uint64_t highWaterBits = 0;
    std::string errorInfo;
    bool decided = true;             // false: the search stopped (see WhatIfResult::decided)
    std::vector<WhatIfAlloc> allocs; // IR order
};

struct WhatIfFunction {
    std::string name;
    std::string coreType;
    bool fits = true;
    std::vector<std::string> errors;
    bool decided = true;
    long placements = 0; // the searches within capacity made, every seed
    std::vector<WhatIfScope> scopes;
    const WhatIfScope* findScope(const std::string& scope) const;
};

struct WhatIfResult {
    WhatIf whatIf;
    bool valid = true; // false: the what-if cannot be applied (see problem)
    std::string problem;
    bool fits = true; // every planned function fits
    // false: the search ran out of its budget (WhatIfPlanner::setSearchBudget) before any
    // seed fitted: fits is false, yet the compiler, which searches on, may find a plan.
    bool decided = true;
    std::string undecided; // "search stopped after N placements: not decided", "" when decided
    std::vector<WhatIfFunction> functions;
};

// A what-if's result with the planner's full plans (one per function planned, as in
// result.functions), for writing them as a dump. Their buffers point into the planner's
// module: use them while the WhatIfPlanner lives.
struct WhatIfPlans {
    WhatIfResult result;
    std::vector<FunctionPlan> plans;
};

// The answer to "the largest power of two of V that fits".
struct FittingPowerOfTwo {
    std::int64_t dimension = 0;               // V
    std::optional<std::int64_t> fittingValue; // the largest 2^n <= V that fits; nullopt when none does
    WhatIfResult result;                      // the plan at fittingValue (or at 1 when none fits)
    int plansTried = 0;
    bool decided = true; // false: a larger candidate's search stopped, so a larger one may fit
};

class WhatIfPlanner {
public:
    // `target` overrides the IR's hacc.target (default Ascend910B1 when the IR names none).
    explicit WhatIfPlanner(
        std::string_view irText, const std::string& fileName = {}, std::optional<PlanTarget> target = std::nullopt);
    explicit WhatIfPlanner(std::unique_ptr<Module> module, std::optional<PlanTarget> target = std::nullopt);
    ~WhatIfPlanner();

    // The placements a what-if's searches within capacity may make, every seed together
    // (PlanOptions::searchBudget; 0: unbounded, as the compiler). Default kWhatIfSearchBudget.
    void setSearchBudget(long placements) { searchBudget_ = placements; }
    long searchBudget() const { return searchBudget_; }
    // Polled by every plan's search (PlanOptions::cancel): a what-if a newer one replaced stops
    // soon, not decided. Null: never stopped.
    void setCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
    // Every what-if after this time is not decided, and one running then stops soon
    // (PlanOptions::deadline): a diagnosis's re-plans share the load's time limit.
    void setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline) { deadline_ = deadline; }
    // The compiler generation's rules (PlanOptions::shuffleSeeds): the one that reproduced the dump.
    void setShuffleSeeds(bool shuffle) { shuffleSeeds_ = shuffle; }
    // The compiler generation whose rules reproduced the dump (its seeds with it).
    void setGeneration(CompilerGeneration generation)
    {
        generation_ = generation;
        shuffleSeeds_ = generation != CompilerGeneration::Earlier;
    }

    // true (default): each function's op sequence, liveness, pipes, facts and buffer walk are
    // made once per marks state and shared by every what-if this planner plans, only the sizes
    // read again (PreparedFunction); false: every what-if prepares its functions afresh.
    void setShareWalks(bool share) { shareWalks_ = share; }
    // PlanOptions::pruneDoomedSearch for every what-if (default true); false to compare.
    void setPruneDoomedSearch(bool prune) { pruneDoomedSearch_ = prune; }
    // The buffer walks the shared preparations made so far.
    int sharedWalks() const;

    const Module& module() const { return *module_; }
    const PlanTarget& target() const { return target_; }
    std::vector<const Function*> deviceFunctions(const std::string& function = {}) const;

    // The plan as the IR stands (no what-if).
    WhatIfResult baseline(const std::string& function = {});
    WhatIfResult plan(const WhatIf& whatIf);
    WhatIfPlans planInFull(const WhatIf& whatIf);
    // Each what-if planned alone, as plan() would, in order; `threads` at once (0: one per core),
    // each beyond this one on a copy of the module.
    std::vector<WhatIfResult> planAll(const std::vector<WhatIf>& whatIfs, unsigned threads = 0);
    // Searches V's powers of two downwards from the largest <= V * maxScale (a plan that fits
    // may grow: 8 looks up to 8x), with `base`'s other settings.
    FittingPowerOfTwo largestFittingPowerOfTwo(std::int64_t dimension, const WhatIf& base = {}, int maxScale = 1);

    // The distinct shape dimensions (> 1) of the local-memory allocs, largest first:
    // the candidates for a tile dimension.
    std::vector<std::int64_t> tileDimensions(const std::string& function = {}) const;

private:
    // Another planner with these settings, on its own copy of the module.
    std::unique_ptr<WhatIfPlanner> copyForThread() const;

    // What is kept of a function with its multi-buffer marks in place (true) or removed.
    PreparedFunction& prepared(const Function& function, bool marks);

    std::unique_ptr<Module> module_;
    PlanTarget target_;
    bool shareWalks_ = true;
    bool pruneDoomedSearch_ = true;
    struct Prepared {
        const Function* function = nullptr;
        bool marks = true;
        std::unique_ptr<PreparedFunction> prepared;
    };
    std::vector<Prepared> prepared_;
    long searchBudget_;
    const std::atomic<bool>* cancel_ = nullptr;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    bool shuffleSeeds_ = true;
    CompilerGeneration generation_ = kNewestGeneration;
};

// The scales a diagnosis offers for a dimension: 1/2, 1/4, 1/8, 1/16 and 2.
std::vector<DimensionScale> standardScales(std::int64_t dimension);

} // namespace memlens::planner
