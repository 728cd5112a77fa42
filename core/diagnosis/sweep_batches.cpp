#include "core/diagnosis/sweep_batches.hpp"

#include "core/base/work_thresholds.hpp"

#include <algorithm>

namespace memlens {

SweepSchedule scheduleSweeps(const SweepWork& work)
{
    SweepSchedule schedule;
    const std::size_t lanesInBudget = work.bytesPerLane == 0 ? kMaxSweepLanes : kSweepBudgetBytes / work.bytesPerLane;
    constexpr std::size_t kHalf = kMaxSweepLanes / 2;
    schedule.twoAtATime = work.variants > kHalf - 1 && work.steps >= work.twoSweepsFromSteps
        && lanesInBudget >= kMaxSweepLanes && work.cores > 1;
    for (std::size_t first = 0; first < work.variants;) {
        const std::size_t left = work.variants - first;
        SweepBatch batch{first, 1, 0};
        if (schedule.twoAtATime)
            batch = {first, std::min(left, kHalf - 1), kHalf};
        else if (left > 3 && lanesInBudget >= kMaxSweepLanes)
            batch = {first, std::min(left, kMaxSweepLanes - 1), kMaxSweepLanes};
        else if (lanesInBudget >= 4)
            batch = {first, std::min<std::size_t>(left, 3), 4};
        schedule.batches.push_back(batch);
        first += batch.lanes;
    }
    return schedule;
}

} // namespace memlens
