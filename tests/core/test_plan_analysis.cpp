#include "core/analysis/plan_analysis.hpp"
#include "core/base/work_thresholds.hpp"
#include "core/dump/dump_parser.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>
#include <thread>

using namespace memlens;

namespace {

ScopePlan planOf(const std::vector<Block>& blocks)
{
    ScopePlan scope;
    scope.scope = "ub";
    scope.status = "success";
    for (Block block : blocks) {
        Buffer buffer;
        buffer.id = static_cast<int>(scope.buffers.size());
        buffer.sizeBytes = block.size;
        buffer.offsets = {block.offset};
        buffer.lifeStart = block.start;
        buffer.lifeEnd = block.end;
        block.bufferIndex = buffer.id;
        scope.buffers.push_back(buffer);
        scope.blocks.push_back(block);
    }
    return scope;
}

Block block(std::uint64_t offset, std::uint64_t size, std::int64_t start, std::int64_t end)
{
    Block b;
    b.offset = offset;
    b.size = size;
    b.start = start;
    b.end = end;
    return b;
}

Capacity capacityOf(std::uint64_t bytes) { return {bytes, CapacitySource::Setting, {}}; }

} // namespace

TEST_CASE("usage counts a block at every op of its inclusive Life", "[analysis]")
{
    const ScopePlan scope = planOf({block(0, 100, 2, 4), block(100, 50, 4, 6)});
    const PlanAnalysis analysis = analyzePlan(scope, capacityOf(1000));
    CHECK(analysis.firstOp == 2);
    CHECK(analysis.lastOp == 6);
    CHECK(analysis.liveBytesAt(1) == 0);
    CHECK(analysis.liveBytesAt(2) == 100);
    CHECK(analysis.liveBytesAt(3) == 100);
    CHECK(analysis.liveBytesAt(4) == 150);
    CHECK(analysis.liveBytesAt(5) == 50);
    CHECK(analysis.liveBytesAt(6) == 50);
    CHECK(analysis.liveBytesAt(7) == 0);
    CHECK(analysis.highAddressAt(4) == 150);
    CHECK(analysis.highAddressAt(5) == 150);
    CHECK(analysis.highAddressAt(3) == 100);
    CHECK(analysis.peakLiveBytes == 150);
    CHECK(analysis.peakLiveAt == std::optional<std::int64_t>(4));
}

TEST_CASE("the highest address in use can exceed live bytes when the plan leaves gaps", "[analysis]")
{
    const ScopePlan scope = planOf({block(1000, 10, 0, 1), block(0, 10, 1, 3)});
    const PlanAnalysis analysis = analyzePlan(scope, capacityOf(4096));
    CHECK(analysis.highAddressAt(0) == 1010);
    CHECK(analysis.highAddressAt(2) == 10);
    CHECK(analysis.peakAddressBytes == 1010);
    CHECK(analysis.peakLiveBytes == 20);
    CHECK(analysis.peakLiveAt == std::optional<std::int64_t>(1));
}

TEST_CASE("the peak is attributed to the first op reaching it", "[analysis]")
{
    const ScopePlan scope = planOf({block(0, 64, 1, 1), block(0, 64, 5, 5)});
    const PlanAnalysis analysis = analyzePlan(scope, capacityOf(4096));
    CHECK(analysis.peakLiveAt == std::optional<std::int64_t>(1));
}

TEST_CASE("a block ending exactly at capacity fits, one byte over overflows", "[analysis]")
{
    const ScopePlan fits = planOf({block(0, 512, 0, 1), block(512, 512, 1, 2)});
    const PlanAnalysis fitting = analyzePlan(fits, capacityOf(1024));
    CHECK_FALSE(fitting.overflow);
    CHECK_FALSE(fitting.firstOverflowAt.has_value());
    CHECK(fitting.overCapacityBlocks.empty());

    const ScopePlan over = planOf({block(0, 512, 0, 1), block(512, 513, 3, 4), block(2000, 8, 2, 9)});
    const PlanAnalysis overflowing = analyzePlan(over, capacityOf(1024));
    CHECK(overflowing.overflow);
    CHECK(overflowing.overCapacityBlocks == std::vector<int>{1, 2});
    CHECK(overflowing.firstOverflowAt == std::optional<std::int64_t>(2));
}

TEST_CASE("the live set at an op lists the blocks whose Life covers it", "[analysis]")
{
    const ScopePlan scope = planOf({block(0, 1, 0, 2), block(8, 1, 2, 3), block(16, 1, 4, 4)});
    CHECK(liveBlocksAt(scope, 2) == std::vector<int>{0, 1});
    CHECK(liveBlocksAt(scope, 4) == std::vector<int>{2});
    CHECK(liveBlocksAt(scope, 9).empty());
}

TEST_CASE("the verdict comes from the plan, whatever the status says", "[analysis]")
{
    ScopePlan scope = planOf({block(0, 2048, 0, 1)});
    const PlanAnalysis over = analyzePlan(scope, capacityOf(1024));
    CHECK(verdictOf(scope, over) == PlanVerdict::OverflowDespiteSuccess);
    scope.status = "fail";
    CHECK(verdictOf(scope, over) == PlanVerdict::Overflow);
    const PlanAnalysis roomy = analyzePlan(scope, capacityOf(4096));
    CHECK(verdictOf(scope, roomy) == PlanVerdict::FailedWithinCapacity);
    scope.status = "success";
    CHECK(verdictOf(scope, roomy) == PlanVerdict::Fits);
}

TEST_CASE("a scope with no status (the old flat layout) that overflows is a plain overflow", "[analysis]")
{
    ScopePlan scope = planOf({block(0, 2048, 0, 1)});
    scope.status.reset();
    CHECK(verdictOf(scope, analyzePlan(scope, capacityOf(1024))) == PlanVerdict::Overflow);
    CHECK(verdictOf(scope, analyzePlan(scope, capacityOf(4096))) == PlanVerdict::Fits);
}

TEST_CASE("a dump that says success but crosses the default capacity is an overflow", "[analysis]")
{
    const Dump dump = loadDumpFile(memlens::test::data("dumps/success_but_overflow.json").string());
    const ScopePlan& scope = dump.scopes.at(0);
    const PlanAnalysis analysis
        = analyzePlan(scope, resolveCapacity(std::nullopt, scope.scope, scope.error, std::nullopt));
    CHECK(analysis.capacity.bytes == 196608); // Ascend910B/910_93, whose compiler writes dumps
    CHECK(analysis.capacity.source == CapacitySource::Default);
    CHECK(analysis.overflow);
    CHECK(analysis.overCapacityBlocks == std::vector<int>{0, 1}); // 256 KB at 0 already ends above 192 KB
    CHECK(verdictOf(scope, analysis) == PlanVerdict::OverflowDespiteSuccess);
}

TEST_CASE("an empty scope has no peak and no overflow", "[analysis]")
{
    const PlanAnalysis analysis = analyzePlan(ScopePlan{}, capacityOf(10));
    CHECK_FALSE(analysis.peakLiveAt.has_value());
    CHECK(analysis.peakAddressBytes == 0);
    CHECK_FALSE(analysis.overflow);
    CHECK(analysis.liveBytesAt(0) == 0);
}

TEST_CASE("judging a plan against another capacity gives the verdict a full analysis gives", "[analysis]")
{
    std::mt19937 random(17);
    for (int round = 0; round < 30; ++round) {
        std::vector<Block> blocks;
        const int count = 1 + static_cast<int>(random() % 40);
        for (int i = 0; i < count; ++i) {
            const std::int64_t start = random() % 50;
            blocks.push_back(block(random() % 4096, 1 + random() % 1024, start, start + random() % 20));
        }
        const ScopePlan scope = planOf(blocks);
        const Capacity before = capacityOf(random() % 6000);
        const Capacity after = capacityOf(random() % 6000);
        PlanAnalysis judged = analyzePlan(scope, before);
        judgeCapacity(judged, scope, after);
        const PlanAnalysis full = analyzePlan(scope, after);
        CHECK(judged.capacity.bytes == after.bytes);
        CHECK(judged.overflow == full.overflow);
        CHECK(judged.firstOverflowAt == full.firstOverflowAt);
        CHECK(judged.overCapacityBlocks == full.overCapacityBlocks);
        CHECK(judged.usage == full.usage);
        CHECK(overflowCause(judged) == overflowCause(full));
        // The usage part knows no capacity.
        const PlanAnalysis usageOnly = analyzeUsage(scope);
        CHECK(usageOnly.usage == full.usage);
        CHECK(usageOnly.peakAddressBytes == full.peakAddressBytes);
        CHECK(usageOnly.overCapacityBlocks.empty());
    }
}

TEST_CASE("usage over ops spread far apart is the usage over the same ops packed", "[analysis]")
{
    // Packed ops are counted into order; ops a billion apart (and not all of one stride) are
    // sorted and searched. Lives, overlaps, zero sizes and shared ends alike.
    std::mt19937 random(5);
    std::vector<Block> packed;
    for (int i = 0; i < 3000; ++i) {
        const std::int64_t start = static_cast<std::int64_t>(random() % 500);
        packed.push_back(block(32 * (random() % 400), 32 * (random() % 5), start, start + random() % 40));
    }
    const auto spreadOp = [](std::int64_t op) { return op * 1'000'000'007 + op % 3; };
    std::vector<Block> spread = packed;
    for (Block& b : spread) {
        b.start = spreadOp(b.start);
        b.end = spreadOp(b.end);
    }
    const PlanAnalysis dense = analyzePlan(planOf(packed), capacityOf(1 << 20));
    const PlanAnalysis sparse = analyzePlan(planOf(spread), capacityOf(1 << 20));
    CHECK(sparse.peakLiveBytes == dense.peakLiveBytes);
    REQUIRE(dense.peakLiveAt);
    CHECK(sparse.peakLiveAt == spreadOp(*dense.peakLiveAt));
    for (std::int64_t op = -1; op < 545; ++op) {
        INFO("op " << op);
        CHECK(sparse.liveBytesAt(spreadOp(op)) == dense.liveBytesAt(op));
        CHECK(sparse.highAddressAt(spreadOp(op)) == dense.highAddressAt(op));
    }
    CHECK(dense.liveBytesAt(100) > 0);
}
