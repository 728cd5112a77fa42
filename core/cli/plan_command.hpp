#pragma once
// `memlens plan IR|LOG`: plan a function's memory as the compiler's planner does.
// Exit status: 0 every scope fits, 3 a scope fails, 2 bad input or usage.
#include "core/planner/plan_pass.hpp"
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

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

// `args` are those after "plan". Throws CommandLineError with a usage message.
PlanCommandLine parsePlanCommandLine(const std::vector<std::string>& args);
std::string planUsageText();

int runPlan(const PlanCommandLine& commandLine, std::ostream& out, std::ostream& err);

} // namespace memlens
