#pragma once
// `memlens plan IR|LOG`: plan a function's memory as the compiler's planner does.
// Exit status: 0 every scope fits, 3 a scope fails, 2 bad input or usage.
#include "core/cli/plan_command_line.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// `args` are those after "plan". Throws CommandLineError with a usage message.
PlanCommandLine parsePlanCommandLine(const std::vector<std::string>& args);
std::string planUsageText();

int runPlan(const PlanCommandLine& commandLine, std::ostream& out, std::ostream& err);

} // namespace memlens
