#pragma once
// What `memlens plan IR|LOG` was asked: the input, the target, pass and generation, and the output.
#include "core/planner/plan_pass.hpp"

#include <optional>
#include <string>

namespace memlens {

// The placements `memlens plan` searches by default before it says "not decided" (exit 2): a
// few seconds of search, where a fragmented function the compiler would search for minutes
// would otherwise hold a CI job that long. --budget 0 lifts it.
inline constexpr long kPlanDefaultBudget = 5000000;

struct PlanCommandLine {
    std::string input;
    std::optional<std::string> target;   // --target, else the IR's hacc.target
    bool largestFirst = false;           // --strategy largest-first
    bool multiBuffer = true;             // --no-multi-buffer
    std::optional<std::string> function; // --function
    bool json = false;                   // --format json
    std::string outDir;                  // --out
    long budget = kPlanDefaultBudget;    // --budget: placements; 0 = unbounded, as the compiler
    std::optional<bool> seedShuffle;     // --seed-shuffle on|off: seeded attempts, or one unshuffled attempt
    std::optional<planner::CompilerGeneration> generation; // --compiler-generation
    std::optional<planner::PlanPass> pass;                 // --pass, else the target's
    bool verbose = false;
    bool help = false;
};

} // namespace memlens
