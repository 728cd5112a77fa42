// The predictor's sweep machinery on its own: the lane policy (how variants are cut into
// sweeps) and the many-lane range-max tree, each against a plain rule.
#include "core/base/work_thresholds.hpp"
#include "core/diagnosis/range_max_tree.hpp"
#include "core/diagnosis/sweep_batches.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

using namespace memlens;

namespace {

SweepWork work(std::size_t variants, std::size_t steps = 1000, unsigned cores = 2)
{
    SweepWork w;
    w.variants = variants;
    w.steps = steps;
    w.bytesPerLane = 4096;
    w.twoSweepsFromSteps = kTwoSweepsFromSteps;
    w.cores = cores;
    return w;
}

std::size_t covered(const SweepSchedule& schedule)
{
    std::size_t next = 0;
    for (const SweepBatch& batch : schedule.batches) {
        CHECK(batch.first == next);
        CHECK(batch.lanes >= 1);
        CHECK((batch.width == 0 || batch.lanes < batch.width)); // lane 0 is the dump's own
        next += batch.lanes;
    }
    return next;
}

} // namespace

TEST_CASE("variants are swept 15 to a 16-lane sweep, the last few in a 4-lane one", "[sweep_batches]")
{
    const SweepSchedule schedule = scheduleSweeps(work(33));
    CHECK_FALSE(schedule.twoAtATime);
    CHECK(schedule.batches == std::vector<SweepBatch>{{0, 15, 16}, {15, 15, 16}, {30, 3, 4}});
    CHECK(covered(schedule) == 33);
    CHECK(scheduleSweeps(work(2)).batches == std::vector<SweepBatch>{{0, 2, 4}});
    CHECK(scheduleSweeps(work(0)).batches.empty());
}

TEST_CASE("a large plan with more than 7 variants is swept 7 at a time on two threads", "[sweep_batches]")
{
    const SweepSchedule two = scheduleSweeps(work(17, kTwoSweepsFromSteps));
    CHECK(two.twoAtATime);
    CHECK(two.batches == std::vector<SweepBatch>{{0, 7, 8}, {7, 7, 8}, {14, 3, 8}});
    CHECK(covered(two) == 17);
    // One step fewer, one core, or 7 variants: one thread, wide sweeps.
    CHECK_FALSE(scheduleSweeps(work(17, kTwoSweepsFromSteps - 1)).twoAtATime);
    CHECK_FALSE(scheduleSweeps(work(17, kTwoSweepsFromSteps, 1)).twoAtATime);
    CHECK_FALSE(scheduleSweeps(work(7, kTwoSweepsFromSteps)).twoAtATime);
}

TEST_CASE("the tree memory budget narrows the sweeps, down to one variant at a time", "[sweep_batches]")
{
    SweepWork narrow = work(20, kTwoSweepsFromSteps);
    narrow.bytesPerLane = kSweepBudgetBytes / 8; // 8 lanes fit, not 16
    const SweepSchedule four = scheduleSweeps(narrow);
    CHECK_FALSE(four.twoAtATime);
    CHECK(four.batches.front() == SweepBatch{0, 3, 4});
    CHECK(covered(four) == 20);
    narrow.bytesPerLane = kSweepBudgetBytes / 3; // not even 4 lanes
    const SweepSchedule single = scheduleSweeps(narrow);
    CHECK(single.batches.size() == 20);
    CHECK(single.batches[5] == SweepBatch{5, 1, 0});
}

TEST_CASE("a many-lane range-max tree answers as a plain array does, lane by lane", "[sweep_batches]")
{
    constexpr std::size_t kLanes = 4;
    std::mt19937 random(7);
    // Sizes around a bucket of slots and past many; ranges short (inside a bucket, across one
    // edge, exactly whole buckets) and long.
    for (const int size : {1, 2, 5, 15, 16, 17, 64, 100, 1000, 4099}) {
        RangeMaxTree<std::uint32_t, kLanes> tree(size);
        std::vector<std::array<std::uint32_t, kLanes>> plain(static_cast<std::size_t>(size), {0, 0, 0, 0});
        const auto slotCount = static_cast<unsigned>(size);
        for (int round = 0; round < 2000; ++round) {
            int from = static_cast<int>(random() % slotCount);
            int to = static_cast<int>(random() % slotCount);
            if (round % 4 == 1) // short
                to = std::min(size - 1, from + static_cast<int>(random() % 40));
            if (round % 4 == 2) { // whole buckets
                const int bucket = RangeMaxTree<std::uint32_t, kLanes>::kBucketSlots;
                from = from / bucket * bucket;
                to = std::min(size - 1, from + bucket * (1 + static_cast<int>(random() % 3)) - 1);
            }
            if (from > to)
                std::swap(from, to);
            if (random() % 2) {
                std::array<std::uint32_t, kLanes> values{};
                for (auto& v : values)
                    v = random() % 1000;
                tree.prefetch(from, to);
                tree.raise(from, to, values.data());
                for (int slot = from; slot <= to; ++slot)
                    for (std::size_t lane = 0; lane < kLanes; ++lane)
                        plain[static_cast<std::size_t>(slot)][lane]
                            = std::max(plain[static_cast<std::size_t>(slot)][lane], values[lane]);
            } else {
                std::array<std::uint32_t, kLanes> got{};
                tree.max(from, to, got.data());
                std::array<std::uint32_t, kLanes> want{};
                for (int slot = from; slot <= to; ++slot)
                    for (std::size_t lane = 0; lane < kLanes; ++lane)
                        want[lane] = std::max(want[lane], plain[static_cast<std::size_t>(slot)][lane]);
                INFO("size " << size << " round " << round << " range " << from << ".." << to);
                CHECK(got == want);
            }
        }
    }
}
