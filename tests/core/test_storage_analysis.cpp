// Storage truth: in-place storages, union live bytes, holes and overlaps, each
// checked on hand-worked plans and against a brute-force model of the address space.
#include "core/analysis/plan_analysis.hpp"
#include "core/base/cancellation.hpp"
#include "core/dump/dump_parser.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <tuple>

using namespace memlens;

namespace {

struct Spec {
    std::uint64_t offset;
    std::uint64_t size;
    std::int64_t start;
    std::int64_t end;
};

// One buffer (one copy) per spec, in order: block i has id i.
ScopePlan planOf(const std::vector<Spec>& specs)
{
    ScopePlan scope;
    scope.scope = "ub";
    for (const Spec& spec : specs) {
        Buffer buffer;
        buffer.id = static_cast<int>(scope.buffers.size());
        buffer.sizeBytes = spec.size;
        buffer.offsets = {spec.offset};
        buffer.lifeStart = spec.start;
        buffer.lifeEnd = spec.end;
        Block block;
        block.bufferIndex = buffer.id;
        block.offset = spec.offset;
        block.size = spec.size;
        block.start = spec.start;
        block.end = spec.end;
        scope.buffers.push_back(buffer);
        scope.blocks.push_back(block);
    }
    return scope;
}

Capacity capacityOf(std::uint64_t bytes) { return {bytes, CapacitySource::Setting, {}}; }

PlanAnalysis analyzeFixture(const std::string& name, std::uint64_t capacity = 262144)
{
    static std::map<std::string, Dump> dumps; // keeps the scope alive for the test
    dumps[name] = loadDumpFile(memlens::test::data("dumps/" + name).string());
    return analyzePlan(dumps[name].scopes.at(0), capacityOf(capacity));
}

// --- brute force: a byte map of the address space at one op -----------------

std::vector<bool> bytesLiveAt(const ScopePlan& scope, std::int64_t op, std::uint64_t space)
{
    std::vector<bool> used(space, false);
    for (const Block& block : scope.blocks)
        if (block.liveAt(op))
            for (std::uint64_t a = block.offset; a < block.addressEnd(); ++a)
                used[a] = true;
    return used;
}

std::uint64_t bruteHighAddress(const ScopePlan& scope, std::int64_t op)
{
    std::uint64_t high = 0;
    for (const Block& block : scope.blocks)
        if (block.liveAt(op))
            high = std::max(high, block.addressEnd());
    return high;
}

std::vector<AddressRange> bruteHoles(const std::vector<bool>& used, std::uint64_t high)
{
    std::vector<AddressRange> holes;
    for (std::uint64_t a = 0; a < high; ++a) {
        if (used[a])
            continue;
        if (!holes.empty() && holes.back().end == a)
            ++holes.back().end;
        else
            holes.push_back({a, a + 1});
    }
    return holes;
}

ScopePlan randomPlan(std::mt19937& random, int count)
{
    std::uniform_int_distribution<int> offset(0, 47);
    std::uniform_int_distribution<int> size(0, 12);
    std::uniform_int_distribution<int> start(0, 15);
    std::uniform_int_distribution<int> length(0, 6);
    std::uniform_int_distribution<int> coin(0, 3);
    std::vector<Spec> specs;
    for (int i = 0; i < count; ++i) {
        if (!specs.empty() && coin(random) == 0) { // reuse an earlier block in place
            specs.push_back(specs[std::uniform_int_distribution<std::size_t>(0, specs.size() - 1)(random)]);
            continue;
        }
        const int from = start(random);
        specs.push_back({static_cast<std::uint64_t>(offset(random) * 4), static_cast<std::uint64_t>(size(random) * 4),
            from, from + length(random)});
    }
    return planOf(specs);
}

} // namespace

TEST_CASE("three records at one offset, extent and Life are one storage counted once", "[storage]")
{
    const PlanAnalysis analysis = analyzeFixture("in_place_triple.json", 6 * 1024);
    CHECK(analysis.storages.count() == 2);
    CHECK(analysis.storages.storageOfBlock == std::vector<int>{0, 1, 1, 1});
    CHECK(std::ranges::equal(analysis.blocksOfStorage(1), std::vector<int>{1, 2, 3}));
    CHECK(analysis.storageSizeOf(3) == 3);
    CHECK(analysis.storageSizeOf(0) == 1);
    CHECK(analysis.peakLiveBytes == 5120); // 1 KB + 4 KB, not 1 KB + 3 x 4 KB
    CHECK(analysis.peakLiveAt == std::optional<std::int64_t>(2));
    CHECK_FALSE(analysis.overflow);
    CHECK(analysis.overlaps.empty());
}

TEST_CASE("a storage is held by its earliest buffer in IR order, whatever order the dump lists it in", "[storage]")
{
    // The dump lists one in-place storage as %alloc_12, %alloc_9, %alloc_6 (as the example's does),
    // then %x_ub and %alloc beside each other: MLIR numbers an alloc's results in print order.
    ScopePlan scope = planOf({{0, 1024, 2, 9}, {0, 1024, 2, 9}, {0, 1024, 2, 9}, {4096, 64, 1, 3}, {4096, 64, 1, 3}});
    const std::vector<std::string> names = {"%alloc_12", "%alloc_9", "%alloc_6", "%x_ub", "%alloc"};
    for (std::size_t i = 0; i < names.size(); ++i)
        scope.buffers[i].ssaName = names[i];
    const PlanAnalysis analysis = analyzePlan(scope, capacityOf(8192));
    REQUIRE(analysis.storages.count() == 2);
    CHECK(std::ranges::equal(analysis.blocksOfStorage(0), std::vector<int>{2, 1, 0}));
    CHECK(analysis.storageHolderOf(0) == 2);
    CHECK(analysis.holdsStorage(2));
    CHECK_FALSE(analysis.holdsStorage(0));
    // A name MLIR did not number (%x_ub) comes after those it did.
    CHECK(std::ranges::equal(analysis.blocksOfStorage(1), std::vector<int>{4, 3}));
    CHECK(analysis.storageHolderOf(3) == 4);
    // Storages keep their numbers: the first block of each in (id, copy) order decides them.
    CHECK(analysis.storages.storageOfBlock == std::vector<int>{0, 0, 0, 1, 1});
}

TEST_CASE("multi-buffer copies merged in place pair up copy by copy", "[storage]")
{
    // %a and %b both have offsets [0, 2048]: a0/b0 share one storage, a1/b1 another; %c sits between.
    const PlanAnalysis analysis = analyzeFixture("in_place_multibuffer.json");
    CHECK(analysis.storages.storageOfBlock == std::vector<int>{0, 1, 0, 1, 2});
    CHECK(std::ranges::equal(analysis.blocksOfStorage(0), std::vector<int>{0, 2}));
    CHECK(std::ranges::equal(analysis.blocksOfStorage(1), std::vector<int>{1, 3}));
    CHECK(analysis.liveBytesAt(3) == 2048);
    CHECK(analysis.liveBytesAt(4) == 3072);
    CHECK(analysis.liveBytesAt(7) == 2048);
    CHECK(analysis.peakLiveBytes == 3072);
    CHECK(analysis.overlaps.empty());
    // The high address 3072 is first reached at op 3, before %c fills the gap.
    REQUIRE(analysis.fragmentation);
    CHECK(analysis.fragmentation->op == 3);
    CHECK(analysis.fragmentation->highAddress == 3072);
    CHECK(analysis.fragmentation->liveBytes == 2048);
    CHECK(analysis.fragmentation->holeBytes() == 1024);
    CHECK(analysis.fragmentation->largestHole == std::optional<AddressRange>(AddressRange{1024, 2048}));
}

TEST_CASE(
    "partial overlaps of different storages are found once each, with Life and address intersections", "[storage]")
{
    // p [0,1024) 1-6, q [512,1536) 4-9, r [3072,3328) 2-5, s [0,1024) 1-3, e size 0 at 600, 2-8.
    const PlanAnalysis analysis = analyzeFixture("overlaps_and_holes.json");
    CHECK(analysis.storages.count() == 5); // s differs from p only in Life: not in place
    REQUIRE(analysis.overlaps.size() == 2);
    CHECK(analysis.overlaps[0].a == 0);
    CHECK(analysis.overlaps[0].b == 1);
    CHECK(analysis.overlaps[0].fromOp == 4);
    CHECK(analysis.overlaps[0].toOp == 6);
    CHECK(analysis.overlaps[0].bytes == 512);
    CHECK(analysis.overlaps[1].a == 0);
    CHECK(analysis.overlaps[1].b == 3);
    CHECK(analysis.overlaps[1].fromOp == 1);
    CHECK(analysis.overlaps[1].toOp == 3);
    CHECK(analysis.overlaps[1].bytes == 1024);
    // Union: op 4 holds [0,1536) and [3072,3328).
    CHECK(analysis.liveBytesAt(1) == 1024);
    CHECK(analysis.liveBytesAt(2) == 1280);
    CHECK(analysis.liveBytesAt(4) == 1792);
    CHECK(analysis.liveBytesAt(7) == 1024);
    CHECK(analysis.peakLiveBytes == 1792);
    CHECK(analysis.peakLiveAt == std::optional<std::int64_t>(4));
    CHECK(analysis.holeBytesAt(4) == 1536);
}

TEST_CASE("holes at the peak address: the first op reaching it, with the largest gap", "[storage]")
{
    const PlanAnalysis analysis = analyzeFixture("overlaps_and_holes.json");
    REQUIRE(analysis.fragmentation);
    CHECK(analysis.peakAddressBytes == 3328);
    CHECK(analysis.fragmentation->op == 2);
    CHECK(analysis.fragmentation->highAddress == 3328);
    CHECK(analysis.fragmentation->liveBytes == 1280);
    CHECK(analysis.fragmentation->holeBytes() == 2048);
    CHECK(analysis.fragmentation->holes == std::vector<AddressRange>{{1024, 3072}});
    CHECK(analysis.fragmentation->largestHole == std::optional<AddressRange>(AddressRange{1024, 3072}));
}

TEST_CASE("a block of size 0 is its own storage, covers nothing and overlaps nothing", "[storage]")
{
    const ScopePlan scope = planOf({{64, 0, 0, 4}, {0, 128, 0, 4}, {64, 0, 0, 4}});
    const PlanAnalysis analysis = analyzePlan(scope, capacityOf(1024));
    CHECK(analysis.storages.storageOfBlock == std::vector<int>{0, 1, 0});
    CHECK(analysis.overlaps.empty());
    CHECK(analysis.liveBytesAt(2) == 128);
    CHECK(analysis.holeBytesAt(2) == 0);
}

TEST_CASE("the largest hole is the lowest of equal ones, and none without holes", "[storage]")
{
    const ScopePlan gappy = planOf({{0, 10, 0, 0}, {20, 10, 0, 0}, {40, 10, 0, 0}});
    const AddressSnapshot snapshot = addressSnapshotAt(gappy, 0);
    CHECK(snapshot.holes == std::vector<AddressRange>{{10, 20}, {30, 40}});
    CHECK(snapshot.largestHole == std::optional<AddressRange>(AddressRange{10, 20}));
    CHECK(snapshot.liveBlocks == std::vector<int>{0, 1, 2});

    const ScopePlan packed = planOf({{32, 32, 0, 1}, {0, 32, 0, 1}});
    const AddressSnapshot tight = addressSnapshotAt(packed, 1);
    CHECK(tight.holes.empty());
    CHECK_FALSE(tight.largestHole.has_value());
    CHECK(tight.liveBlocks == std::vector<int>{1, 0}); // by address
    CHECK_FALSE(analyzePlan(ScopePlan{}, capacityOf(10)).fragmentation.has_value());
}

TEST_CASE("the bundled 8192 example leaves a 32 KB hole below its top at op 27", "[storage][example]")
{
    const Dump dump = loadDumpFile(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block8192/memory_info_aiv.json").string());
    const PlanAnalysis analysis = analyzePlan(dump.scopes.at(0), capacityOf(196608));
    REQUIRE(analysis.fragmentation);
    CHECK(analysis.fragmentation->op == 27);
    CHECK(analysis.fragmentation->highAddress == analysis.peakAddressBytes);
    CHECK(analysis.fragmentation->highAddress == 196608);
    CHECK(analysis.fragmentation->holeBytes() == 32768);
    CHECK(analysis.fragmentation->largestHole == std::optional<AddressRange>(AddressRange{98304, 131072}));
}

TEST_CASE("union live bytes, holes, storages and overlaps agree with brute force on random plans", "[storage][brute]")
{
    std::mt19937 random(20261130);
    for (int round = 0; round < 200; ++round) {
        const ScopePlan scope = randomPlan(random, 1 + round % 40);
        const PlanAnalysis analysis = analyzePlan(scope, capacityOf(1 << 20));
        INFO("round " << round);

        // Storages: same key <=> same storage; numbered by first appearance.
        int next = 0;
        std::map<std::tuple<std::uint64_t, std::uint64_t, std::int64_t, std::int64_t>, int> seen;
        for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
            const Block& b = scope.blocks[i];
            const auto [it, added] = seen.try_emplace({b.offset, b.size, b.start, b.end}, next);
            next += added ? 1 : 0;
            CHECK(analysis.storageOf(static_cast<int>(i)) == it->second);
        }

        // Union, high address, holes at every op (and one op beyond each end).
        std::uint64_t peak = 0;
        for (std::int64_t op = analysis.firstOp - 1; op <= analysis.lastOp + 1; ++op) {
            const std::vector<bool> used = bytesLiveAt(scope, op, 256);
            const auto live = static_cast<std::uint64_t>(std::count(used.begin(), used.end(), true));
            const std::uint64_t high = bruteHighAddress(scope, op);
            peak = std::max(peak, live);
            CHECK(analysis.liveBytesAt(op) == live);
            CHECK(analysis.highAddressAt(op) == high);
            CHECK(analysis.holeBytesAt(op) == high - live);
            const AddressSnapshot snapshot = addressSnapshotAt(scope, op);
            CHECK(snapshot.liveBytes == live);
            CHECK(snapshot.holes == bruteHoles(used, high));
        }
        CHECK(analysis.peakLiveBytes == peak);

        // Overlaps: every pair of different storages sharing an op and a byte, once, in order.
        std::vector<std::tuple<int, int, std::int64_t, std::int64_t, std::uint64_t>> expected;
        for (std::size_t i = 0; i < scope.blocks.size(); ++i)
            for (std::size_t j = i + 1; j < scope.blocks.size(); ++j) {
                const Block& a = scope.blocks[i];
                const Block& b = scope.blocks[j];
                if (analysis.storageOf(static_cast<int>(i)) == analysis.storageOf(static_cast<int>(j)))
                    continue;
                const std::int64_t from = std::max(a.start, b.start);
                const std::int64_t to = std::min(a.end, b.end);
                std::uint64_t shared = 0;
                for (std::uint64_t addr = 0; addr < 256; ++addr)
                    shared += (addr >= a.offset && addr < a.addressEnd() && addr >= b.offset && addr < b.addressEnd())
                        ? 1
                        : 0;
                if (from <= to && shared > 0)
                    expected.emplace_back(static_cast<int>(i), static_cast<int>(j), from, to, shared);
            }
        std::vector<std::tuple<int, int, std::int64_t, std::int64_t, std::uint64_t>> found;
        for (const Overlap& o : analysis.overlaps)
            found.emplace_back(o.a, o.b, o.fromOp, o.toOp, o.bytes);
        CHECK(found == expected);
    }
}

TEST_CASE(
    "a plan with more overlaps than are kept lists the first ones in order and counts them all", "[storage][brute]")
{
    std::mt19937 random(13);
    for (int round = 0; round < 20; ++round) {
        const ScopePlan scope = randomPlan(random, 40);
        const StorageMap storages = groupStorages(scope);
        std::size_t total = 0;
        const std::vector<Overlap> all = findOverlaps(scope, storages, std::size_t(-1), &total);
        INFO("round " << round);
        CHECK(total == all.size());
        // Brute force: pairs of different storages sharing an op and a byte.
        std::size_t pairs = 0;
        for (std::size_t i = 0; i < scope.blocks.size(); ++i)
            for (std::size_t j = i + 1; j < scope.blocks.size(); ++j) {
                const Block& a = scope.blocks[i];
                const Block& b = scope.blocks[j];
                pairs += storages.storageOfBlock[i] != storages.storageOfBlock[j]
                        && std::max(a.start, b.start) <= std::min(a.end, b.end)
                        && std::max(a.offset, b.offset) < std::min(a.addressEnd(), b.addressEnd())
                    ? 1
                    : 0;
            }
        CHECK(total == pairs);
        const std::size_t limit = all.size() / 3;
        std::size_t counted = 0;
        const std::vector<Overlap> first = findOverlaps(scope, storages, limit, &counted);
        CHECK(counted == pairs);
        REQUIRE(first.size() == limit);
        for (std::size_t i = 0; i < limit; ++i) {
            CHECK(first[i].a == all[i].a);
            CHECK(first[i].b == all[i].b);
        }
    }
}

TEST_CASE("dense plans in shuffled order: the first pairs of any limit match brute force, the count is exact",
    "[storage][brute]")
{
    std::mt19937 random(20261201);
    for (int round = 0; round < 12; ++round) {
        INFO("round " << round);
        // Long Lives over few ops and wide blocks: most pairs overlap.
        std::uniform_int_distribution<int> offset(0, 63), size(1, 24), start(0, 30), length(0, 20), coin(0, 4);
        std::vector<Spec> specs;
        for (int i = 0; i < 160 + 20 * round; ++i) {
            if (!specs.empty() && coin(random) == 0) {
                specs.push_back(specs[std::uniform_int_distribution<std::size_t>(0, specs.size() - 1)(random)]);
                continue;
            }
            const int from = start(random);
            specs.push_back({static_cast<std::uint64_t>(offset(random) * 8),
                static_cast<std::uint64_t>(size(random) * 8), from, from + length(random)});
        }
        ScopePlan scope = planOf(specs);
        // Ids in a shuffled order, so (id, copy) order is not block index order.
        std::vector<int> ids(scope.buffers.size());
        std::iota(ids.begin(), ids.end(), 0);
        std::shuffle(ids.begin(), ids.end(), random);
        for (std::size_t i = 0; i < ids.size(); ++i)
            scope.buffers[i].id = ids[i];
        const StorageMap storages = groupStorages(scope);

        std::vector<std::pair<int, int>> expected; // (a, b) with a first in (id, copy) order
        for (std::size_t i = 0; i < scope.blocks.size(); ++i)
            for (std::size_t j = i + 1; j < scope.blocks.size(); ++j) {
                const Block& a = scope.blocks[i];
                const Block& b = scope.blocks[j];
                if (storages.storageOfBlock[i] != storages.storageOfBlock[j]
                    && std::max(a.start, b.start) <= std::min(a.end, b.end)
                    && std::max(a.offset, b.offset) < std::min(a.addressEnd(), b.addressEnd()))
                    expected.push_back(scope.buffers[i].id < scope.buffers[j].id
                            ? std::pair{static_cast<int>(i), static_cast<int>(j)}
                            : std::pair{static_cast<int>(j), static_cast<int>(i)});
            }
        const auto idOf = [&](int block) { return scope.buffers[static_cast<std::size_t>(block)].id; };
        std::sort(expected.begin(), expected.end(), [&](const auto& x, const auto& y) {
            return std::pair{idOf(x.first), idOf(x.second)} < std::pair{idOf(y.first), idOf(y.second)};
        });
        REQUIRE(expected.size() > 2000); // dense enough that small limits list a small part
        for (const std::size_t limit : {std::size_t(0), std::size_t(1), std::size_t(7), std::size_t(60),
                 std::size_t(900), expected.size() - 1, expected.size(), expected.size() + 5}) {
            INFO("limit " << limit);
            std::size_t total = 0;
            const std::vector<Overlap> first = findOverlaps(scope, storages, limit, &total);
            CHECK(total == expected.size());
            REQUIRE(first.size() == std::min(limit, expected.size()));
            for (std::size_t i = 0; i < first.size(); ++i) {
                CHECK(std::pair{first[i].a, first[i].b} == expected[i]);
                const Block& a = scope.blocks[static_cast<std::size_t>(first[i].a)];
                const Block& b = scope.blocks[static_cast<std::size_t>(first[i].b)];
                CHECK(first[i].fromOp == std::max(a.start, b.start));
                CHECK(first[i].toOp == std::min(a.end, b.end));
                CHECK(first[i].bytes == std::min(a.addressEnd(), b.addressEnd()) - std::max(a.offset, b.offset));
            }
        }
    }
}

namespace {

// Five blocks (ids 50..54), then ten merged in place over all of them, of which only
// the first (id 0) comes early in (id, copy) order (the others: ids 106..114); then `more`.
ScopePlan tenBlockStoragePlan(const std::vector<Spec>& more)
{
    std::vector<Spec> specs;
    for (int i = 0; i < 5; ++i)
        specs.push_back({static_cast<std::uint64_t>(i) * 16, 16, 0, 10});
    for (int i = 0; i < 10; ++i)
        specs.push_back({0, 80, 1, 5});
    specs.insert(specs.end(), more.begin(), more.end());
    ScopePlan scope = planOf(specs);
    for (std::size_t i = 0; i < 5; ++i)
        scope.buffers[i].id = 50 + static_cast<int>(i);
    scope.buffers[5].id = 0;
    for (std::size_t i = 6; i < 15; ++i)
        scope.buffers[i].id = 100 + static_cast<int>(i);
    return scope;
}

} // namespace

TEST_CASE("a storage of ten blocks of which only one comes early still gives the first pairs in order", "[storage]")
{
    // Five blocks, then ten merged in place over all of them. Only one of the ten
    // comes first in (id, copy) order, so the pairs starting with it are too few
    // for the limit: the search has to look past it.
    const ScopePlan scope = tenBlockStoragePlan({});
    const StorageMap storages = groupStorages(scope);
    REQUIRE(storages.count() == 6);

    std::size_t total = 0;
    const std::vector<Overlap> first = findOverlaps(scope, storages, 8, &total);
    CHECK(total == 50);
    // Block 5 (id 0) with the five, then block 0 (id 50) with the next three of the ten (ids 106..108).
    const std::vector<std::pair<int, int>> expected{{5, 0}, {5, 1}, {5, 2}, {5, 3}, {5, 4}, {0, 6}, {0, 7}, {0, 8}};
    std::vector<std::pair<int, int>> listed;
    for (const Overlap& overlap : first)
        listed.emplace_back(overlap.a, overlap.b);
    CHECK(listed == expected);
}

TEST_CASE("the overlap listing keeps a pair that touches no marked storage when a second marking round runs",
    "[storage][pin]")
{
    // As above, and two blocks far away (ids 1 and 2) that overlap only each other. The
    // first round marks the ten-block storage alone and finds too few pairs starting with
    // it; the second must still list the pair of the two, which ranks sixth.
    ScopePlan scope = tenBlockStoragePlan({{4096, 64, 0, 3}, {4096 + 32, 64, 2, 6}});
    scope.buffers[15].id = 1;
    scope.buffers[16].id = 2;
    const StorageMap storages = groupStorages(scope);
    std::size_t total = 0;
    const std::vector<Overlap> first = findOverlaps(scope, storages, 8, &total);
    CHECK(total == 51);
    const std::vector<std::pair<int, int>> expected{{5, 0}, {5, 1}, {5, 2}, {5, 3}, {5, 4}, {15, 16}, {0, 6}, {0, 7}};
    std::vector<std::pair<int, int>> listed;
    for (const Overlap& overlap : first)
        listed.emplace_back(overlap.a, overlap.b);
    CHECK(listed == expected);
    REQUIRE(first.size() == 8);
    CHECK(first[5].fromOp == 2);
    CHECK(first[5].toOp == 3);
    CHECK(first[5].bytes == 32);
}

TEST_CASE("analysis and the overlap search stop with LoadCancelled when told to", "[storage][cancel]")
{
    std::mt19937 random(7);
    const ScopePlan scope = randomPlan(random, 40);
    const std::atomic<bool> cancel{true};
    CHECK_THROWS_AS(analyzePlan(scope, capacityOf(1024), &cancel), LoadCancelled);
    CHECK_THROWS_AS(findOverlaps(scope, groupStorages(scope), 10, nullptr, &cancel), LoadCancelled);
    CHECK_THROWS_AS(groupStorages(scope, &cancel), LoadCancelled);
    const std::atomic<bool> carryOn{false};
    CHECK(analyzePlan(scope, capacityOf(1024), &carryOn).usage == analyzePlan(scope, capacityOf(1024)).usage);
}

TEST_CASE("a plan large enough to find its overlaps on a second thread gets the same answer", "[storage]")
{
    std::mt19937 random(99);
    std::uniform_int_distribution<int> offset(0, 4095), size(1, 64), start(0, 20000), length(0, 40);
    std::vector<Spec> specs;
    for (int i = 0; i < 60000; ++i) {
        const int from = start(random);
        specs.push_back({static_cast<std::uint64_t>(offset(random)) * 32, static_cast<std::uint64_t>(size(random)) * 32,
            from, from + length(random)});
    }
    const ScopePlan scope = planOf(specs);
    const PlanAnalysis analysis = analyzePlan(scope, capacityOf(1 << 20));
    std::size_t total = 0;
    const std::vector<Overlap> direct = findOverlaps(scope, groupStorages(scope), kMaxListedOverlaps, &total);
    REQUIRE(total > kMaxListedOverlaps); // some listed, more counted
    CHECK(analysis.overlapCount == total);
    REQUIRE(analysis.overlaps.size() == direct.size());
    for (std::size_t i = 0; i < direct.size(); ++i) {
        CHECK(analysis.overlaps[i].a == direct[i].a);
        CHECK(analysis.overlaps[i].b == direct[i].b);
    }
}

TEST_CASE(
    "blocks that all live the whole time, in reverse id order, still give the first pairs in order", "[storage][brute]")
{
    // Every block lives on to op 5000, so each meets every later one in time; only
    // neighbours in the upper half share bytes. Ids run against the starts, so the
    // blocks first in id order come last in the sweep.
    std::vector<Spec> specs;
    for (int i = 0; i < 2000; ++i)
        specs.push_back(
            {static_cast<std::uint64_t>(i < 1000 ? i * 64 : 64000 + (i - 1000) / 2 * 64 + (i % 2) * 32), 64, i, 5000});
    ScopePlan scope = planOf(specs);
    for (std::size_t i = 0; i < scope.buffers.size(); ++i)
        scope.buffers[i].id = static_cast<int>(scope.buffers.size() - 1 - i);
    const StorageMap storages = groupStorages(scope);

    std::vector<std::pair<int, int>> expected;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i)
        for (std::size_t j = i + 1; j < scope.blocks.size(); ++j) {
            const Block& a = scope.blocks[i];
            const Block& b = scope.blocks[j];
            if (std::max(a.offset, b.offset) < std::min(a.addressEnd(), b.addressEnd()))
                expected.emplace_back(static_cast<int>(j), static_cast<int>(i)); // j has the smaller id
        }
    std::sort(expected.begin(), expected.end(), [&](const auto& x, const auto& y) {
        const auto idOf = [&](int block) { return scope.buffers[static_cast<std::size_t>(block)].id; };
        return std::pair{idOf(x.first), idOf(x.second)} < std::pair{idOf(y.first), idOf(y.second)};
    });
    REQUIRE(expected.size() > 100);
    std::size_t total = 0;
    const std::vector<Overlap> first = findOverlaps(scope, storages, 100, &total);
    CHECK(total == expected.size());
    REQUIRE(first.size() == 100);
    for (std::size_t i = 0; i < first.size(); ++i)
        CHECK(std::pair{first[i].a, first[i].b} == expected[i]);
}

TEST_CASE("ops and addresses spread far apart give the analysis of the same plan packed", "[storage][brute]")
{
    // Dense ops and addresses are put in order by counting, spread-out ones by sorting:
    // both give the same usage, storages and overlaps.
    std::mt19937 random(20261201);
    constexpr std::int64_t kOpStretch = 1'000'000'000;
    constexpr std::uint64_t kByteStretch = std::uint64_t(1) << 30;
    for (int round = 0; round < 60; ++round) {
        const ScopePlan packed = randomPlan(random, 1 + round % 40);
        ScopePlan spread = packed;
        for (Block& block : spread.blocks) {
            block.start *= kOpStretch;
            block.end *= kOpStretch;
            block.offset *= kByteStretch;
            block.size *= kByteStretch;
        }
        const PlanAnalysis a = analyzePlan(packed, capacityOf(1 << 20));
        const PlanAnalysis b = analyzePlan(spread, capacityOf(std::uint64_t(1) << 50));
        INFO("round " << round);
        REQUIRE(a.usage.size() <= b.usage.size());
        for (const UsageStep& step : a.usage) {
            CHECK(b.liveBytesAt(step.op * kOpStretch) == step.liveBytes * kByteStretch);
            CHECK(b.highAddressAt(step.op * kOpStretch) == step.highAddress * kByteStretch);
        }
        for (std::size_t i = 0; i < packed.blocks.size(); ++i)
            CHECK(a.storageOf(static_cast<int>(i)) == b.storageOf(static_cast<int>(i)));
        CHECK(a.overlapCount == b.overlapCount);
        REQUIRE(a.overlaps.size() == b.overlaps.size());
        for (std::size_t k = 0; k < a.overlaps.size(); ++k) {
            CHECK(a.overlaps[k].a == b.overlaps[k].a);
            CHECK(a.overlaps[k].b == b.overlaps[k].b);
            CHECK(a.overlaps[k].fromOp * kOpStretch == b.overlaps[k].fromOp);
            CHECK(a.overlaps[k].bytes * kByteStretch == b.overlaps[k].bytes);
        }
    }
}

TEST_CASE("%alloc comes before %alloc_0 in IR order: it holds their storage", "[storage]")
{
    // The commonest in-place pair, listed %alloc_0 first: %alloc (number 0 in no name) is the earlier.
    ScopePlan scope = planOf({{0, 1024, 2, 9}, {0, 1024, 2, 9}});
    scope.buffers[0].ssaName = "%alloc_0";
    scope.buffers[1].ssaName = "%alloc";
    const PlanAnalysis analysis = analyzePlan(scope, capacityOf(8192));
    REQUIRE(analysis.storages.count() == 1);
    CHECK(analysis.storageHolderOf(0) == 1);
    CHECK(std::ranges::equal(analysis.blocksOfStorage(0), std::vector<int>{1, 0}));
}
