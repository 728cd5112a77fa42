#include "core/analysis/block_neighbours.hpp"
#include "core/dump/dump_model.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <random>

using namespace memlens;

namespace {
ScopePlan planOf(const std::vector<std::array<std::uint64_t, 4>>& blocks) // start, end, offset, size
{
    ScopePlan plan;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        plan.buffers.emplace_back();
        Block b;
        b.bufferIndex = static_cast<int>(i);
        b.start = static_cast<std::int64_t>(blocks[i][0]);
        b.end = static_cast<std::int64_t>(blocks[i][1]);
        b.offset = blocks[i][2];
        b.size = blocks[i][3];
        plan.blocks.push_back(b);
    }
    return plan;
}
} // namespace

TEST_CASE("arrow keys move to the neighbouring block in space, every direction alike", "[navigation]")
{
    //   address
    //   8K |        [3 ops 10-14]
    //   4K | [1 ops 0-4]  [2 ops 6-9]        [5 ops 20-22]
    //   0  | [0 ops 0-9 ..........]  [4 ops 12-19]
    const ScopePlan plan = planOf({{0, 9, 0, 4096}, {0, 4, 4096, 4096}, {6, 9, 4096, 4096}, {10, 14, 8192, 4096},
        {12, 19, 0, 4096}, {20, 22, 4096, 4096}});
    CHECK(neighbourBlock(plan, 1, NavDirection::Right) == 2);
    CHECK(neighbourBlock(plan, 2, NavDirection::Right) == 5); // same band, next in time
    CHECK(neighbourBlock(plan, 2, NavDirection::Left) == 1);
    // Nothing lies left of 1: 0 starts with it but reaches further right (not an index order).
    CHECK(neighbourBlock(plan, 1, NavDirection::Left) == -1);
    CHECK(neighbourBlock(plan, 0, NavDirection::Right) == 4);
    CHECK(neighbourBlock(plan, 4, NavDirection::Left) == 0);
    CHECK(neighbourBlock(plan, 0, NavDirection::Up) == 1); // above, live at the same time, nearest centre
    CHECK(neighbourBlock(plan, 2, NavDirection::Down) == 0);
    CHECK(neighbourBlock(plan, 4, NavDirection::Up) == 3); // 3 (ops 10-14) overlaps 4 (12-19) in time
    CHECK(neighbourBlock(plan, 3, NavDirection::Down) == 4);
    CHECK(neighbourBlock(plan, 3, NavDirection::Up) == -1);
    CHECK(neighbourBlock(plan, 5, NavDirection::Left) == 2); // back along its band
    CHECK(neighbourBlock(plan, 99, NavDirection::Up) == -1);
}

TEST_CASE("left/right and up/down are mirror images of each other", "[navigation]")
{
    // Transposing a plan (time <-> address) turns Left/Right into Down/Up: the same rule both ways.
    std::mt19937 rng(11);
    std::vector<std::array<std::uint64_t, 4>> blocks;
    std::vector<std::array<std::uint64_t, 4>> transposed;
    for (int i = 0; i < 60; ++i) {
        const std::uint64_t start = rng() % 50;
        const std::uint64_t length = 1 + rng() % 8;
        const std::uint64_t offset = rng() % 50;
        const std::uint64_t size = 1 + rng() % 8;
        blocks.push_back({start, start + length - 1, offset, size});
        transposed.push_back({offset, offset + size - 1, start, length});
    }
    const ScopePlan plan = planOf(blocks);
    const ScopePlan flipped = planOf(transposed);
    for (int from = 0; from < 60; ++from) {
        INFO(from);
        CHECK(neighbourBlock(plan, from, NavDirection::Right) == neighbourBlock(flipped, from, NavDirection::Up));
        CHECK(neighbourBlock(plan, from, NavDirection::Left) == neighbourBlock(flipped, from, NavDirection::Down));
        CHECK(neighbourBlock(plan, from, NavDirection::Up) == neighbourBlock(flipped, from, NavDirection::Right));
    }
}
