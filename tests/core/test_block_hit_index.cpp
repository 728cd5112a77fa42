#include "core/analysis/block_hit_index.hpp"
#include "core/dump/dump_model.hpp"
#include "support/test_documents.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace memlens;

namespace {
ScopePlan randomPlan(std::mt19937& rng, int count)
{
    std::vector<Block> blocks(static_cast<std::size_t>(count));
    for (Block& b : blocks) {
        b.start = rng() % 2000;
        b.end = b.start + static_cast<std::int64_t>(rng() % 40);
        b.offset = (rng() % 6000) * 32;
        b.size = 32 * (1 + rng() % 64);
    }
    return test::scopeOfBlocks(std::move(blocks));
}
} // namespace

TEST_CASE("the block index answers rectangle queries as a scan of every block does", "[index]")
{
    std::mt19937 rng(7);
    const ScopePlan plan = randomPlan(rng, 5000);
    const BlockHitIndex index(plan);
    REQUIRE(index.size() == plan.blocks.size());
    for (int q = 0; q < 300; ++q) {
        const double x0 = static_cast<double>(rng() % 2100) - 20;
        const double x1 = x0 + static_cast<double>(rng() % 200);
        const double y0 = static_cast<double>(rng() % 200000);
        const double y1 = y0 + static_cast<double>(rng() % 20000);
        std::vector<int> expected;
        for (int i = 0; i < static_cast<int>(plan.blocks.size()); ++i) {
            const Block& b = plan.blocks[static_cast<std::size_t>(i)];
            if (b.start <= x1 && b.end + 1 >= x0 && static_cast<double>(b.offset) <= y1
                && static_cast<double>(b.addressEnd()) >= y0)
                expected.push_back(i);
        }
        REQUIRE(index.query(x0, x1, y0, y1) == expected);
    }
}

TEST_CASE("the block index keeps each block's data rectangle and empties", "[index]")
{
    ScopePlan plan;
    plan.buffers.resize(1);
    Block b;
    b.start = 3;
    b.end = 6;
    b.offset = 1024;
    b.size = 512;
    plan.blocks.push_back(b);
    BlockHitIndex index(plan);
    CHECK(index.box(0).x0 == 3.0);
    CHECK(index.box(0).x1 == 7.0); // a Life [3, 6] covers ops 3..6: up to 7
    CHECK(index.box(0).y0 == 1024.0);
    CHECK(index.box(0).y1 == 1536.0);
    CHECK(index.query(7.5, 9, 0, 4096).empty());
    CHECK(index.query(6.5, 9, 1535, 4096) == std::vector<int>{0});
    index.clear();
    CHECK(index.empty());
    CHECK(index.query(0, 100, 0, 1e9).empty());
}
