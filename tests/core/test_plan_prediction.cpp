// The plan predictor: unchanged sizes give back the dump, the sweep agrees with
// a brute-force placement, and from the 16384 example alone it predicts the
// real 8192 plan.
#include "core/base/run_beside.hpp"
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/plan_prediction.hpp"
#include "core/diagnosis/sweep_batches.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <mutex>
#include <numeric>
#include <random>
#include <set>
#include <thread>
#include <utility>

using namespace memlens;

namespace {

using Sizes = std::vector<std::optional<std::uint64_t>>;

Sizes sizesOf(const ScopePlan& scope)
{
    Sizes sizes;
    for (const Block& block : scope.blocks)
        sizes.emplace_back(block.size);
    return sizes;
}

void checkReproducesDump(const ScopePlan& scope)
{
    const PlanPredictor predictor(scope);
    const PredictedPlan plan = predictor.predict(sizesOf(scope));
    std::uint64_t peak = 0;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        INFO("block " << i << " of scope " << scope.scope);
        REQUIRE(plan.offsets[i].has_value());
        CHECK(*plan.offsets[i] == scope.blocks[i].offset);
        peak = std::max(peak, scope.blocks[i].addressEnd());
    }
    CHECK(plan.requiredBytes == peak);
}

// The stated rule, block by block against every other block: O(n^2), obviously right.
PredictedPlan bruteForce(const ScopePlan& scope, const Sizes& sizes, std::uint64_t alignment)
{
    const auto& blocks = scope.blocks;
    std::vector<int> order(blocks.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const Block& x = blocks[static_cast<std::size_t>(a)];
        const Block& y = blocks[static_cast<std::size_t>(b)];
        return x.offset != y.offset ? x.offset < y.offset : x.addressEnd() < y.addressEnd();
    });
    const auto up = [alignment](std::uint64_t v) { return (v + alignment - 1) / alignment * alignment; };
    PredictedPlan plan;
    plan.offsets.assign(blocks.size(), std::nullopt);
    for (const int bi : order) {
        const Block& b = blocks[static_cast<std::size_t>(bi)];
        if (!sizes[static_cast<std::size_t>(bi)])
            continue;
        std::uint64_t newTop = 0, dumpTop = 0;
        for (std::size_t a = 0; a < blocks.size(); ++a) {
            const Block& other = blocks[a];
            const bool below = other.size > 0 && other.addressEnd() <= b.offset;
            const bool together = other.start <= b.end && b.start <= other.end;
            if (!below || !together)
                continue;
            dumpTop = std::max(dumpTop, other.addressEnd());
            if (sizes[a])
                newTop = std::max(newTop, *plan.offsets[a] + *sizes[a]);
        }
        const std::uint64_t hole = b.offset > up(dumpTop) ? b.offset - up(dumpTop) : 0;
        plan.offsets[static_cast<std::size_t>(bi)] = up(newTop) + hole;
        plan.requiredBytes = std::max(plan.requiredBytes, up(newTop) + hole + *sizes[static_cast<std::size_t>(bi)]);
    }
    return plan;
}

// `count` blocks at random: offsets on `offsetSlots` 32-byte slots, one in `emptyOneIn`
// of size 0, Lives starting below `opRange` and `lifeRange` ops long at most.
ScopePlan randomScope(std::mt19937& random, int count, std::uint64_t offsetSlots, unsigned emptyOneIn,
    std::uint64_t sizeLimit, unsigned opRange, unsigned lifeRange)
{
    std::vector<Block> blocks(static_cast<std::size_t>(count));
    for (Block& block : blocks) {
        block.offset = 32 * (random() % offsetSlots);
        block.size = random() % emptyOneIn == 0 ? 0 : 1 + random() % sizeLimit;
        block.start = static_cast<std::int64_t>(random() % opRange);
        block.end = block.start + static_cast<std::int64_t>(random() % lifeRange);
    }
    return test::scopeOfBlocks(std::move(blocks));
}

} // namespace

TEST_CASE("with unchanged sizes the prediction is the dump itself", "[prediction]")
{
    for (const char* folder : {"block16384", "block8192"}) {
        const auto document = test::loadPath(test::exampleDump(folder).string());
        checkReproducesDump(document->dump.scopes.at(0));
    }
    for (const char* fixture : {"dumps/diagnosis/tile1d_multibuffer.json", "dumps/diagnosis/tile2d.json",
             "dumps/diagnosis/holes.json", "dumps/two_scopes_multibuffer.json"}) {
        const auto document = test::loadFixture(fixture);
        for (const ScopePlan& scope : document->dump.scopes)
            checkReproducesDump(scope);
    }
    MEMLENS_REQUIRE_SAMPLES();
    for (const char* sample : {"fake_attn_fwd/memory_info_aiv.json", "fake_attn_fwd_overflow/memory_info_aiv.json"}) {
        const auto document = test::loadPath(test::sample(sample).string());
        for (const ScopePlan& scope : document->dump.scopes)
            checkReproducesDump(scope);
    }
}

TEST_CASE("the sweep places every block where the brute-force rule does", "[prediction]")
{
    std::mt19937 random(11);
    for (int round = 0; round < 200; ++round) {
        const int count = 1 + static_cast<int>(random() % 40);
        const ScopePlan scope = randomScope(random, count, 64, 5, 4000, 30, 10);
        Sizes sizes;
        for (const Block& block : scope.blocks) {
            const auto pick = random() % 4;
            sizes.push_back(pick == 0 ? std::nullopt
                                      : std::optional<std::uint64_t>(pick == 1 ? block.size : block.size * pick / 3));
        }
        const PlanPredictor predictor(scope);
        const PredictedPlan fast = predictor.predict(sizes);
        const PredictedPlan slow = bruteForce(scope, sizes, predictor.alignment());
        INFO("round " << round);
        CHECK(fast.offsets == slow.offsets);
        CHECK(fast.requiredBytes == slow.requiredBytes);
    }
}

TEST_CASE("the alignment is the dump's, capped at the scope's", "[prediction]")
{
    ScopePlan scope;
    scope.scope = "ub";
    scope.buffers.resize(2);
    Block a;
    a.offset = 0;
    a.size = 100;
    Block b;
    b.bufferIndex = 1;
    b.offset = 128;
    b.size = 10;
    scope.blocks = {a, b};
    CHECK(PlanPredictor(scope).alignment() == 32);
    scope.blocks[1].offset = 112; // 16-byte aligned dumps are predicted 16-byte aligned
    CHECK(PlanPredictor(scope).alignment() == 16);
    scope.scope = "cc";
    scope.blocks[1].offset = 4096;
    CHECK(PlanPredictor(scope).alignment() == 512);
}

TEST_CASE("from the 16384 dump alone the plan at 8192 is predicted as what is live at once in the real one",
    "[prediction][example]")
{
    const auto big = test::loadPath(test::exampleDump("block16384").string());
    const auto small = test::loadPath(test::exampleDump("block8192").string());
    const ScopePlan& scope = big->dump.scopes.at(0);
    REQUIRE(small->analyses.at(0).peakAddressBytes == 196608);

    Sizes sizes;
    for (const Block& block : scope.blocks) {
        const Buffer& buffer = scope.bufferOf(block);
        const bool tiled = std::find(buffer.shape().begin(), buffer.shape().end(), 16384) != buffer.shape().end();
        sizes.emplace_back(tiled ? scaledBufferBytes(buffer, 16384, 8192) : block.size);
    }
    const PredictedPlan plan = PlanPredictor(scope).predict(sizes);
    // 20 bytes per element live at op 41, the 32-byte result and the reduction scratch
    // (memref<256xf32>, 1 KB: its shape does not hold 16384, so it is kept).
    CHECK(plan.requiredBytes == 20 * 8192 + 32 + 1024);
    // The 16384 plan has no holes, so the prediction is the demand at 8192 (its scratch shrinks
    // to 512 B there); the planner placed the real 8192 plan with a 32 KB hole, 31712 B higher.
    CHECK(small->analyses.at(0).peakLiveBytes == 20 * 8192 + 32 + 1024);
    CHECK(small->analyses.at(0).peakAddressBytes - plan.requiredBytes == 31712);
    // The double-buffered loads at the bottom sit where the compiler put them at 8192.
    const ScopePlan& real = small->dump.scopes.at(0);
    int checked = 0;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        const std::string& name = scope.bufferOf(scope.blocks[i]).ssaName;
        if (name == "%alloc_0" || name == "%alloc_1" || name == "%alloc_2") {
            CHECK(*plan.offsets[i] == real.blocks[i].offset);
            ++checked;
        }
    }
    CHECK(checked == 6);
}

TEST_CASE("a removed block lets the blocks above it sit lower", "[prediction][example]")
{
    const auto document = test::loadPath(test::exampleDump("block16384").string());
    const ScopePlan& scope = document->dump.scopes.at(0);
    Sizes sizes;
    std::uint64_t copies = 0;
    for (const Block& block : scope.blocks) {
        sizes.emplace_back(block.copy > 0 ? std::nullopt : std::optional<std::uint64_t>(block.size));
        if (block.copy > 0 && block.liveAt(41))
            copies += block.size;
    }
    const PredictedPlan plan = PlanPredictor(scope).predict(sizes);
    CHECK(copies == 65536);
    // Without the copies the top of the plan comes down by 32 KB (the single-buffer lever's 295968 B).
    CHECK(plan.requiredBytes == 328736 - 32768);
    for (std::size_t i = 0; i < scope.blocks.size(); ++i)
        CHECK(plan.offsets[i].has_value() == (scope.blocks[i].copy == 0));
}

namespace {

Sizes randomSizes(std::mt19937& random, const ScopePlan& scope, std::uint64_t scale)
{
    Sizes sizes;
    for (const Block& block : scope.blocks) {
        const auto pick = random() % 5;
        sizes.push_back(pick == 0
                ? std::nullopt
                : std::optional<std::uint64_t>(pick == 1 ? block.size : block.size * pick * scale / 3));
    }
    return sizes;
}

SizeRule ruleOf(const Sizes& sizes)
{
    return [&sizes](std::size_t i) { return sizes[i]; };
}

} // namespace

TEST_CASE("variants swept side by side need what each predicted alone needs", "[prediction]")
{
    std::mt19937 random(23);
    for (int round = 0; round < 60; ++round) {
        const ScopePlan scope = randomScope(random, 1 + static_cast<int>(random() % 120), 256, 7, 5000, 60, 15);
        // More variants than one sweep holds: the batch is split into several sweeps.
        std::vector<Sizes> variants;
        const std::size_t count = 1 + random() % (2 * kMaxSweepLanes + 5);
        for (std::size_t v = 0; v < count; ++v)
            variants.push_back(randomSizes(random, scope, 1 + random() % 8));
        std::vector<SizeRule> rules;
        for (const Sizes& sizes : variants)
            rules.push_back(ruleOf(sizes));
        const PlanPredictor predictor(scope);
        const std::vector<std::uint64_t> together = predictor.requiredBytes(rules);
        REQUIRE(together.size() == variants.size());
        INFO("round " << round);
        for (std::size_t v = 0; v < variants.size(); ++v) {
            INFO("variant " << v);
            CHECK(together[v] == predictor.predict(variants[v]).requiredBytes);
            CHECK(together[v] == bruteForce(scope, variants[v], predictor.alignment()).requiredBytes);
        }
    }
}

TEST_CASE("a variant whose tops pass 32 bits of alignment units is still predicted exactly", "[prediction]")
{
    std::mt19937 random(5);
    const ScopePlan scope = randomScope(random, 60, 256, 7, 5000, 60, 15);
    // Sizes near 2^40 bytes: 32-byte units past 2^32 once two such blocks stack.
    Sizes huge;
    for (const Block& block : scope.blocks)
        huge.emplace_back(block.size * (std::uint64_t(1) << 28));
    const Sizes plain = randomSizes(random, scope, 1);
    const PlanPredictor predictor(scope);
    const std::vector<std::uint64_t> together = predictor.requiredBytes({ruleOf(plain), ruleOf(huge)});
    const std::uint64_t hugeAlone = predictor.predict(huge).requiredBytes;
    CHECK(hugeAlone > (std::uint64_t(1) << 32) * predictor.alignment());
    CHECK(together[1] == hugeAlone);
    CHECK(together[0] == predictor.predict(plain).requiredBytes);

    // A dump whose own blocks sit past 31 bits of units (an offset near 2^40).
    ScopePlan far = scope;
    far.blocks[7].offset = std::uint64_t(1) << 40;
    const PlanPredictor farPredictor(far);
    const Sizes farSizes = randomSizes(random, far, 1);
    CHECK(farPredictor.requiredBytes({ruleOf(farSizes)}).front() == farPredictor.predict(farSizes).requiredBytes);
    CHECK(farPredictor.requiredBytes({ruleOf(farSizes), ruleOf(plain), ruleOf(farSizes), ruleOf(plain)})
        == std::vector<std::uint64_t>{farPredictor.predict(farSizes).requiredBytes,
            farPredictor.predict(plain).requiredBytes, farPredictor.predict(farSizes).requiredBytes,
            farPredictor.predict(plain).requiredBytes});
}

TEST_CASE("a variant whose tops pass 15 bits of alignment units is swept again in 31 bits", "[prediction]")
{
    std::mt19937 random(11);
    const ScopePlan scope = randomScope(random, 80, 256, 7, 5000, 60, 15);
    // Sizes up to 1.25 MB: 32-byte units pass 2^15 (1 MiB) but stay far below 2^31.
    Sizes large;
    for (const Block& block : scope.blocks)
        large.emplace_back(block.size * 256);
    const Sizes plain = randomSizes(random, scope, 1);
    const PlanPredictor predictor(scope);
    const std::uint64_t largeAlone = predictor.predict(large).requiredBytes;
    REQUIRE(largeAlone > std::uint64_t(1 << 15) * predictor.alignment());
    REQUIRE(largeAlone < (std::uint64_t(1) << 31) * predictor.alignment());
    // One narrow sweep (3 variants) and one wide one (more than 3).
    CHECK(predictor.requiredBytes({ruleOf(plain), ruleOf(large)})
        == std::vector<std::uint64_t>{predictor.predict(plain).requiredBytes, largeAlone});
    CHECK(predictor.requiredBytes({ruleOf(large), ruleOf(plain), ruleOf(plain), ruleOf(large), ruleOf(plain)})
        == std::vector<std::uint64_t>{largeAlone, predictor.predict(plain).requiredBytes,
            predictor.predict(plain).requiredBytes, largeAlone, predictor.predict(plain).requiredBytes});
}

TEST_CASE("ops and offsets far apart predict what the stated rule does", "[prediction]")
{
    // The op axis is compressed, and blocks are put in placing order, by counting when ops
    // and offsets are dense, by sorting when they are spread out; both keep the rule.
    std::mt19937 random(29);
    for (int round = 0; round < 20; ++round) {
        const ScopePlan dense = randomScope(random, 1 + static_cast<int>(random() % 120), 256, 7, 5000, 60, 15);
        ScopePlan spread = dense;
        for (Block& block : spread.blocks) {
            block.start = block.start * 1'000'000'000'000 - 7'000'000'000'000;
            block.end = block.end * 1'000'000'000'000 - 7'000'000'000'000;
        }
        const PlanPredictor densePredictor(dense), spreadPredictor(spread);
        INFO("round " << round);
        for (int v = 0; v < 3; ++v) {
            const Sizes sizes = randomSizes(random, dense, 1 + random() % 8);
            CHECK(spreadPredictor.predict(sizes).offsets == densePredictor.predict(sizes).offsets);
            CHECK(spreadPredictor.requiredBytes({ruleOf(sizes)}) == densePredictor.requiredBytes({ruleOf(sizes)}));
            CHECK(densePredictor.requiredBytes({ruleOf(sizes)}).front()
                == bruteForce(dense, sizes, densePredictor.alignment()).requiredBytes);
        }
        // Offsets spread out too (placed by sorting, not by counting): still the stated rule.
        ScopePlan far = dense;
        for (Block& block : far.blocks)
            block.offset = block.offset * (std::uint64_t(1) << 30) + 32;
        const PlanPredictor farPredictor(far);
        const Sizes sizes = randomSizes(random, far, 1 + random() % 8);
        const PredictedPlan expected = bruteForce(far, sizes, farPredictor.alignment());
        CHECK(farPredictor.predict(sizes).offsets == expected.offsets);
        CHECK(farPredictor.requiredBytes({ruleOf(sizes)}).front() == expected.requiredBytes);
    }
}

TEST_CASE("each block's size is asked with its rank in the placing order, in a sweep and one by one", "[prediction]")
{
    std::mt19937 random(31);
    const ScopePlan scope = randomScope(random, 90, 256, 7, 5000, 60, 15);
    const PlanPredictor predictor(scope);
    const std::vector<int> order = predictor.placingOrder();
    // Every block once, by offset (the order the blocks are stacked in).
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> all(scope.blocks.size());
    std::iota(all.begin(), all.end(), 0);
    CHECK(sorted == all);
    for (std::size_t rank = 1; rank < order.size(); ++rank)
        CHECK(scope.blocks[static_cast<std::size_t>(order[rank - 1])].offset
            <= scope.blocks[static_cast<std::size_t>(order[rank])].offset);

    // Sizes read by rank from a table in that order give what the rule by block gives:
    // in a sweep, and when tops past 32 bits of units make it predict one variant at a time.
    const Sizes plain = randomSizes(random, scope, 1);
    Sizes huge;
    for (const Block& block : scope.blocks)
        huge.emplace_back(block.size * (std::uint64_t(1) << 28));
    const std::vector<const Sizes*> variants{&plain, &huge, &plain, &plain, &huge};
    std::size_t misplaced = 0;
    const std::vector<std::uint64_t> byRank = predictor.requiredBytes(variants.size(),
        [&](std::size_t block, std::size_t rank, std::size_t first, std::size_t count,
            std::optional<std::uint64_t>* sizes) {
            misplaced += static_cast<std::size_t>(order.at(rank)) == block ? 0 : 1;
            for (std::size_t k = 0; k < count; ++k)
                sizes[k] = (*variants[first + k])[static_cast<std::size_t>(order.at(rank))];
        });
    CHECK(misplaced == 0);
    CHECK(byRank == predictor.requiredBytes({ruleOf(plain), ruleOf(huge), ruleOf(plain), ruleOf(plain), ruleOf(huge)}));
    CHECK(byRank[1] == predictor.predict(huge).requiredBytes);
}

TEST_CASE("many variants of a large plan swept two batches at a time give each variant's prediction, one at a time "
          "beside a busy caller",
    "[prediction]")
{
    std::mt19937 random(37);
    const ScopePlan scope = randomScope(random, 150, 256, 7, 5000, 60, 15);
    std::vector<Sizes> sizes;
    for (int v = 0; v < 17; ++v)
        sizes.push_back(randomSizes(random, scope, 1 + random() % 8));
    // One variant's tops pass 15 bits of units: its batch is swept again in 31 bits.
    for (std::optional<std::uint64_t>& size : sizes[9])
        size = size ? std::optional<std::uint64_t>(*size * 256) : std::nullopt;
    std::vector<SizeRule> rules;
    std::vector<std::uint64_t> expected;
    for (const Sizes& variant : sizes) {
        rules.push_back(ruleOf(variant));
        expected.push_back(bruteForce(scope, variant, PlanPredictor(scope).alignment()).requiredBytes);
    }
    // Which threads ask for sizes: two sweeps side by side ask from two.
    std::mutex mutex;
    std::set<std::thread::id> askedFrom;
    std::vector<SizeRule> watched;
    for (const SizeRule& rule : rules)
        watched.push_back([&mutex, &askedFrom, rule](std::size_t block) {
            {
                const std::lock_guard lock(mutex);
                askedFrom.insert(std::this_thread::get_id());
            }
            return rule(block);
        });
    const PlanPredictor apart(scope, SweepPolicy{0, false}); // 17 variants: batches of 7, 7 and 3, on two threads
    CHECK(apart.requiredBytes(watched) == expected);
    CHECK(askedFrom.size() == (std::thread::hardware_concurrency() > 1 ? 2u : 1u));
    askedFrom.clear();
    const PlanPredictor together(scope); // a small plan: 15 variants in one sweep, then 2
    CHECK(together.requiredBytes(watched) == expected);
    CHECK(askedFrom.size() == 1);

    // Beside a caller that keeps working, the sweeps count one core fewer: on two cores they
    // run one after the other, on this thread only.
    askedFrom.clear();
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    if (cores != 2)
        WARN("this machine has " << cores << " cores: one of them busy leaves "
                                 << (cores > 2 ? "two sweeps side by side" : "one thread either way"));
    CHECK(apart.sweepSchedule(rules.size()).twoAtATime == (cores > 1));
    const auto [besideSchedule, besideRequired] = runBeside([&] {
        return std::pair{apart.sweepSchedule(rules.size()), apart.requiredBytes(watched)};
    }).get();
    CHECK(besideRequired == expected);
    CHECK(besideSchedule.twoAtATime == (cores > 2));
    CHECK(askedFrom.size() == (cores > 2 ? 2u : 1u));
}

TEST_CASE("the sweep compiled for AVX2 predicts what the one for any x86-64 does", "[prediction]")
{
    std::mt19937 random(41);
    const ScopePlan small = randomScope(random, 3, 4, 7, 100, 10, 5);
    CHECK_FALSE(PlanPredictor(small, SweepPolicy{kTwoSweepsFromSteps, true}).sweepsWithAvx2());
    const PlanPredictor probe(small);
#if defined(__x86_64__) && defined(__GNUC__)
    CHECK(probe.sweepsWithAvx2() == static_cast<bool>(__builtin_cpu_supports("avx2"))); // the copy is chosen
#endif
    if (!probe.sweepsWithAvx2())
        WARN("this processor has no AVX2: both sweeps below are the plain one");
    for (int round = 0; round < 40; ++round) {
        const ScopePlan scope = randomScope(random, 1 + static_cast<int>(random() % 400), 4096, 7, 20000, 200, 40);
        // Up to 1.3 MB a block in some rounds: tops past 15 bits of units, the 31-bit sweep.
        const std::uint64_t scale = round % 3 == 0 ? 64 : 1;
        std::vector<Sizes> variants;
        const std::size_t count = 1 + random() % (2 * kMaxSweepLanes + 5); // 4-, 8- and 16-lane sweeps
        for (std::size_t v = 0; v < count; ++v) {
            variants.push_back(randomSizes(random, scope, 1 + random() % 8));
            for (auto& size : variants.back())
                if (size)
                    *size *= scale;
        }
        std::vector<SizeRule> rules;
        for (const Sizes& sizes : variants)
            rules.push_back(ruleOf(sizes));
        const std::size_t twoFrom = round % 2 == 0 ? 0 : kTwoSweepsFromSteps; // 0: 8 lanes, two at a time
        const PlanPredictor wide(scope, SweepPolicy{twoFrom, false});
        const PlanPredictor plain(scope, SweepPolicy{twoFrom, true});
        INFO("round " << round << ", " << count << " variants");
        const std::vector<std::uint64_t> withAvx2 = wide.requiredBytes(rules);
        CHECK(withAvx2 == plain.requiredBytes(rules));
        for (std::size_t v = 0; v < count; ++v)
            CHECK(withAvx2[v] == plain.predict(variants[v]).requiredBytes);
    }
}
