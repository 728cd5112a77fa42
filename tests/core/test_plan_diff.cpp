// Matching the buffers of two compiles and what changed between them.
#include "core/diff/plan_diff.hpp"
#include "core/dump/dump_display_name.hpp"
#include "core/text/byte_size.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

using namespace memlens;

namespace {

std::string examplePath(const std::string& folder)
{
    return (test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string();
}

Buffer makeBuffer(
    const std::string& name, const std::string& type, std::uint64_t size, std::vector<std::uint64_t> offsets)
{
    Buffer buffer;
    buffer.ssaName = name;
    buffer.setType("memref<" + std::to_string(size) + "x" + type + ">");
    buffer.sizeBytes = size;
    buffer.extentBits = size * 8;
    buffer.offsets = std::move(offsets);
    return buffer;
}

ScopePlan makePlan(std::vector<Buffer> buffers)
{
    ScopePlan plan;
    plan.scope = "ub";
    for (std::size_t i = 0; i < buffers.size(); ++i)
        buffers[i].id = static_cast<int>(i);
    plan.buffers = std::move(buffers);
    return plan;
}

BlockSource pythonAt(int line, int column, const std::string& name)
{
    BlockSource source;
    source.python = SourceFrame{"/k/kernel.py", line, column, name, false};
    return source;
}

// name -> (bytes per copy) read straight from a dump's JSON, to check the matcher against.
std::map<std::string, std::uint64_t> rawSizes(const std::string& path)
{
    std::ifstream in(path);
    const nlohmann::json dump = nlohmann::json::parse(in);
    std::map<std::string, std::uint64_t> sizes;
    for (const auto& buffer : dump["Record"][0]["memory_info_array"]) {
        const std::string text = buffer["buffer"];
        sizes[text.substr(0, text.find(' '))] = (buffer["extent"].get<std::uint64_t>() + 7) / 8;
    }
    return sizes;
}

} // namespace

TEST_CASE("the bundled pair: 14 buffers matched by their Python place, 12 doubled and 2 unchanged", "[plan_diff]")
{
    const auto small = test::loadPath(examplePath("block8192"));
    const auto large = test::loadPath(examplePath("block16384"));
    const PlanDiff diff = diffPlans(*small, *large);
    REQUIRE(diff.scopes.size() == 1);
    const ScopeDiff& ub = diff.scopes[0];
    CHECK(ub.scope == "ub");
    REQUIRE(ub.pairs.size() == 14);

    // The expected ratio of every buffer, worked out from the two files' extents by name.
    const auto sizesA = rawSizes(examplePath("block8192"));
    const auto sizesB = rawSizes(examplePath("block16384"));
    int doubled = 0;
    int unchanged = 0;
    for (const BufferPair& pair : ub.pairs) {
        REQUIRE(pair.a >= 0);
        REQUIRE(pair.b >= 0);
        const Buffer& a = small->dump.scopes[0].buffers[static_cast<std::size_t>(pair.a)];
        const Buffer& b = large->dump.scopes[0].buffers[static_cast<std::size_t>(pair.b)];
        INFO(a.ssaName << " -> " << b.ssaName);
        CHECK(a.ssaName == b.ssaName); // the Python places pick the same buffers the names would
        CHECK(pair.matchedBy == BufferMatch::PythonLocation);
        REQUIRE(pair.sizeRatio);
        CHECK(*pair.sizeRatio
            == Approx(static_cast<double>(sizesB.at(a.ssaName)) / static_cast<double>(sizesA.at(a.ssaName))));
        if (*pair.sizeRatio == 2.0) {
            ++doubled;
            // The reductions' scratch has x's two slots at 8192 and one of its own at 16384: moved.
            const bool sameCopies = a.offsets.size() == b.offsets.size();
            CHECK(pair.change == (sameCopies ? BufferChange::Grown : BufferChange::Moved));
        } else if (*pair.sizeRatio == 1.0) {
            ++unchanged;
            CHECK(pair.change == BufferChange::Moved); // the 32-byte results sit higher up at 16384
        }
    }
    CHECK(doubled == 12);
    CHECK(unchanged == 2);
    CHECK(ub.count(BufferChange::Grown) == 10);
    CHECK(ub.count(BufferChange::Moved) == 4);
}

TEST_CASE("a reload from 16384 to 8192 says the peak shrank and the plan now fits", "[plan_diff]")
{
    const auto before = test::loadPath(examplePath("block16384"));
    const auto after = test::loadPath(examplePath("block8192"));
    CHECK(before->analyses[0].peakAddressBytes == 328736);
    CHECK(after->analyses[0].peakAddressBytes == 196608);
    CHECK(describePlanChange(*before, *after)
        == "peak 321 KB \u2192 192 KB (\u221240%), now fits \u00b7 10 shrunk, 4 moved of 14 buffers");
    CHECK(describePlanChange(*after, *before)
        == "peak 192 KB \u2192 321 KB (+67%), now overflows \u00b7 10 grown, 4 moved of 14 buffers");
    CHECK(describePlanChange(*after, *after) == "peak 192 KB unchanged, fits \u00b7 no buffer changed");
}

TEST_CASE("the real samples: the same two buffers, each 4096 times larger", "[plan_diff][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const auto fits = test::loadPath(test::sample("fake_attn_fwd/memory_info_aiv.json").string());
    const auto overflow = test::loadOverflowSample();
    const PlanDiff diff = diffPlans(*fits, *overflow);
    REQUIRE(diff.scopes.size() == 1);
    const ScopeDiff& ub = diff.scopes[0];
    REQUIRE(ub.pairs.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const BufferPair& pair = ub.pairs[i];
        CHECK(pair.a == static_cast<int>(i));
        CHECK(pair.b == static_cast<int>(i));
        // Their locations point into the IR, which has no Python: matched by name.
        CHECK(pair.matchedBy == BufferMatch::SsaName);
        const std::uint64_t sizeA = fits->dump.scopes[0].buffers[i].sizeBytes;
        const std::uint64_t sizeB = overflow->dump.scopes[0].buffers[i].sizeBytes;
        CHECK(sizeA == 32);
        CHECK(sizeB == 131072);
        REQUIRE(pair.sizeRatio);
        CHECK(*pair.sizeRatio == 4096.0);
        CHECK(pair.change == BufferChange::Grown);
    }
}

TEST_CASE("buffers matched by nothing are added or removed", "[plan_diff]")
{
    SECTION("a new buffer in B")
    {
        const ScopePlan a = makePlan({makeBuffer("%alloc", "f16", 64, {0}), makeBuffer("%alloc_0", "f32", 128, {64})});
        const ScopePlan b = makePlan({makeBuffer("%alloc", "f16", 64, {0}), makeBuffer("%alloc_0", "f32", 128, {64}),
            makeBuffer("%alloc_1", "i8", 32, {192})});
        const auto pairs = matchBuffers(a, nullptr, b, nullptr);
        REQUIRE(pairs.size() == 3);
        CHECK(pairs[0].b == 0);
        CHECK(pairs[0].change == BufferChange::Same);
        CHECK(pairs[1].b == 1);
        CHECK(pairs[2].a == -1);
        CHECK(pairs[2].b == 2);
        CHECK(pairs[2].change == BufferChange::Added);
        CHECK_FALSE(pairs[2].matchedBy);
        CHECK_FALSE(pairs[2].sizeRatio);
    }
    SECTION("a buffer gone from B")
    {
        const ScopePlan a = makePlan({makeBuffer("%alloc", "f16", 64, {0}),
            makeBuffer("%alloc_0", "f32", 128, {64, 192}), makeBuffer("%alloc_1", "f32", 32, {320})});
        const ScopePlan b = makePlan({makeBuffer("%alloc_0", "f32", 128, {0})});
        const auto pairs = matchBuffers(a, nullptr, b, nullptr);
        REQUIRE(pairs.size() == 3);
        CHECK(pairs[0].change == BufferChange::Removed);
        CHECK(pairs[0].b == -1);
        CHECK(pairs[1].b == 0);
        CHECK(pairs[1].matchedBy == BufferMatch::SsaName);
        CHECK(pairs[1].change == BufferChange::Shrunk); // one copy instead of two
        CHECK(*pairs[1].sizeRatio == 1.0);
        CHECK(pairs[2].change == BufferChange::Removed);
    }
    SECTION("one scope only in B: every buffer of it is added")
    {
        auto a = std::make_shared<PlanDocument>(*test::loadFixture("dumps/two_scopes_multibuffer.json"));
        const auto b = test::loadFixture("dumps/two_scopes_multibuffer.json");
        a->dump.scopes.pop_back();
        a->analyses.pop_back();
        a->sources.pop_back();
        const PlanDiff diff = diffPlans(*a, *b);
        REQUIRE(diff.scopes.size() == 2);
        const ScopeDiff& added = diff.scopes[1];
        CHECK(added.a == -1);
        CHECK(added.b == 1);
        CHECK(added.count(BufferChange::Added) == static_cast<int>(b->dump.scopes[1].buffers.size()));
        CHECK(added.pairs.size() == b->dump.scopes[1].buffers.size());
    }
}

TEST_CASE("the Python place wins over the name, the name over the order", "[plan_diff]")
{
    // B has one more alloc at the top: every SSA number after it shifts by one.
    const ScopePlan a = makePlan({makeBuffer("%alloc", "f16", 64, {0}), makeBuffer("%alloc_0", "f16", 64, {64})});
    const ScopePlan b = makePlan({makeBuffer("%alloc", "f16", 32, {0}), makeBuffer("%alloc_0", "f16", 64, {32}),
        makeBuffer("%alloc_1", "f16", 64, {96})});
    const ScopeSources sourcesA = {pythonAt(52, 20, "x"), pythonAt(53, 20, "w")};
    const ScopeSources sourcesB = {pythonAt(50, 10, "scale"), pythonAt(52, 20, "x"), pythonAt(53, 20, "w")};

    const auto byPlace = matchBuffers(a, &sourcesA, b, &sourcesB);
    REQUIRE(byPlace.size() == 3);
    CHECK(byPlace[0].b == 1);
    CHECK(byPlace[0].matchedBy == BufferMatch::PythonLocation);
    CHECK(byPlace[1].b == 2);
    CHECK(byPlace[1].matchedBy == BufferMatch::PythonLocation);
    CHECK(byPlace[2].b == 0);
    CHECK(byPlace[2].change == BufferChange::Added);

    // Without Python the names decide (and are fooled by the shift): %alloc_1 is left, added.
    const auto byName = matchBuffers(a, nullptr, b, nullptr);
    CHECK(byName[0].b == 0);
    CHECK(byName[0].matchedBy == BufferMatch::SsaName);
    CHECK(byName[1].b == 1);
    CHECK(byName[2].b == 2);
    CHECK(byName[2].change == BufferChange::Added);

    // A renamed buffer of another element type is matched by order as a last resort.
    const ScopePlan renamed = makePlan({makeBuffer("%x", "f32", 64, {0}), makeBuffer("%y", "f32", 128, {64})});
    const auto byOrder = matchBuffers(a, nullptr, renamed, nullptr);
    REQUIRE(byOrder.size() == 2);
    CHECK(byOrder[0].b == 0);
    CHECK(byOrder[0].matchedBy == BufferMatch::Order);
    CHECK(byOrder[0].change == BufferChange::Same);
    CHECK(byOrder[1].b == 1);
    CHECK(byOrder[1].change == BufferChange::Grown);
    CHECK(*byOrder[1].sizeRatio == 2.0);
}

TEST_CASE("two buffers of one Python place are told apart by name", "[plan_diff]")
{
    // A reduction's result and its scratch share the place of the tl.sum.
    const ScopePlan a = makePlan({makeBuffer("%alloc_4", "f32", 4, {0}), makeBuffer("%alloc_5", "f32", 512, {32})});
    const ScopePlan b = makePlan({makeBuffer("%alloc_5", "f32", 1024, {32}), makeBuffer("%alloc_4", "f32", 4, {0})});
    const ScopeSources sources = {pythonAt(56, 25, "row_sum"), pythonAt(56, 25, "row_sum")};
    const auto pairs = matchBuffers(a, &sources, b, &sources);
    REQUIRE(pairs.size() == 2);
    CHECK(pairs[0].b == 1);
    CHECK(pairs[0].change == BufferChange::Same);
    CHECK(pairs[1].b == 0);
    CHECK(pairs[1].change == BufferChange::Grown);
}

TEST_CASE("both sides are judged by the better-sourced capacity", "[plan_diff]")
{
    const auto fixture = test::loadFixture("dumps/two_scopes_multibuffer.json");
    PlanDocument a = *fixture;
    PlanDocument b = *fixture;
    const std::string scope = a.dump.scopes[0].scope;
    a.analyses[0] = analyzePlan(a.dump.scopes[0], Capacity{262144, CapacitySource::Default, {}});
    b.analyses[0] = analyzePlan(b.dump.scopes[0], Capacity{64, CapacitySource::ErrorInfo, {}});
    shareCapacities(a, b);
    CHECK(a.analyses[0].capacity.bytes == 64);
    CHECK(a.analyses[0].capacity.source == CapacitySource::ErrorInfo);
    CHECK(a.analyses[0].overflow == (a.analyses[0].peakAddressBytes > 64));
    CHECK(b.analyses[0].capacity.bytes == 64);

    // A setting on A wins over B's error text.
    a.analyses[0] = analyzePlan(a.dump.scopes[0], Capacity{1 << 20, CapacitySource::Setting, {}});
    shareCapacities(a, b);
    CHECK(b.analyses[0].capacity.bytes == (1u << 20));
    CHECK_FALSE(b.analyses[0].overflow);
}

TEST_CASE("a dump is named by its folder and file", "[plan_diff]")
{
    CHECK(dumpDisplayName("/work/x/block16384/memory_info_aiv.json") == "block16384/memory_info_aiv.json");
    CHECK(dumpDisplayName("/work/x/block16384/../block8192/memory_info_aiv.json") == "block8192/memory_info_aiv.json");
    CHECK(dumpDisplayName("/memory_info_aiv.json") == "memory_info_aiv.json");
    const std::string relative = dumpDisplayName("memory_info_aiv.json");
    CHECK(relative == std::filesystem::current_path().filename().string() + "/memory_info_aiv.json");
}
