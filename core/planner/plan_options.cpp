#include "core/planner/plan_options.hpp"

namespace memlens::planner {

void applyGeneration(PlanOptions& options, CompilerGeneration generation)
{
    options.generation = generation;
    options.shuffleSeeds = generation != CompilerGeneration::Earlier;
    const bool newer = generation == CompilerGeneration::Newer;
    options.rules.sharedMemDynamicSize = newer;
    options.rules.selectInitKeepsYieldApart = newer;
    options.rules.splitOutlineAtMultiLevel = newer;
}

} // namespace memlens::planner
