// Why a plan overflows and what would fit: the critical op, attribution by
// source line, levers and the largest fitting power of two, on dumps written
// for the purpose and on the bundled layer-norm example.
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/diagnosis/plan_prediction.hpp"
#include "core/document/planner_check.hpp"
#include "core/dump/dump_parser.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <tuple>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> loadExample(const std::string& folder)
{
    return test::loadPath(
        (test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string());
}

CapacitySettings capacityOf(std::uint64_t bytes)
{
    CapacitySettings capacity;
    capacity.all = bytes;
    return capacity;
}

const Lever* findLever(const Diagnosis& diagnosis, LeverKind kind, std::int64_t to = 0)
{
    for (const Lever& lever : diagnosis.levers)
        if (lever.kind == kind && (kind == LeverKind::SingleBuffer || lever.to == to))
            return &lever;
    return nullptr;
}

std::vector<std::string> sortedBuffers(const SourceShare& share)
{
    std::vector<std::string> buffers = share.buffers;
    std::sort(buffers.begin(), buffers.end());
    return buffers;
}

// The largest power of two v (1/16 to 8 times `today`) with required(v) <= capacity, by trying them all.
template <typename Required>
std::int64_t largestPowerOfTwo(std::int64_t today, std::uint64_t capacity, Required required)
{
    std::int64_t best = 0;
    for (std::int64_t v = 1; v <= today * 8; v *= 2)
        if (v * 16 >= today && required(v) <= capacity)
            best = v;
    return best;
}

} // namespace

TEST_CASE("the bundled 16384 example: critical op, attribution, levers", "[diagnosis][example]")
{
    const auto document = loadExample("block16384");
    const Diagnosis d = diagnoseScope(*document, 0);
    const ScopePlan& scope = document->dump.scopes[0];

    // The compiler's "requires 2629888 bits" is the peak address.
    CHECK(d.requiredBytes == 2629888 / 8);
    CHECK(d.requiredBytes == 328736);
    CHECK(d.capacityBytes == 1572864 / 8);
    CHECK(d.shortBytes == 328736 - 196608);
    CHECK(d.shortBytes == 132128);
    REQUIRE(d.criticalOp);
    CHECK(*d.criticalOp == 41); // the second reduction's result ends at the peak address
    CHECK(d.cause == OverflowCause::Demand);

    // Live at op 41: five f32-sized tiles (20 bytes per element) + the 32-byte result + the 1 KB scratch.
    // Allocs reused in place share their storage's block (same offset and Life): counted once.
    std::uint64_t live = 0, copies = 0, tmp = 0;
    std::set<std::tuple<std::uint64_t, std::int64_t, std::int64_t>> storages;
    for (const Block& block : scope.blocks)
        if (block.liveAt(41) && storages.emplace(block.offset, block.start, block.end).second) {
            live += block.size;
            copies += block.copy > 0 ? block.size : 0;
            tmp += block.tmp ? block.size : 0;
        }
    CHECK(live == 20 * 16384 + 32 + 1024);
    CHECK(d.liveBytes == live);
    CHECK(d.holeBytes == 0);
    CHECK(d.multiBufferBytes == copies);
    CHECK(d.multiBufferBytes == 64 * 1024);
    CHECK(d.tmpBytes == tmp);
    CHECK(d.tmpBytes == 1024);

    // Lines 58, 53, 54, 55, 60, 62 and 68: x_hat (62) and y (68) reuse diff's second storage in
    // place. The dump lists y's %alloc_12 first in that storage, but diff's %alloc_6 is the
    // earliest buffer in the IR: it holds the storage, and its line counts the bytes.
    REQUIRE(d.bySource.size() == 7);
    const SourceShare& top = d.bySource.front();
    REQUIRE(top.python);
    CHECK(top.python->line == 58);
    CHECK(std::filesystem::path(top.python->file).filename() == "layer_norm.py");
    CHECK(sortedBuffers(top) == std::vector<std::string>{"%alloc", "%alloc_6"});
    CHECK(top.bytes == 128 * 1024);
    CHECK(top.inPlaceBytes == 0);
    REQUIRE(top.reusedInPlace.size() == 1);
    CHECK(top.reusedInPlace[0].buffer == "%alloc_6");
    CHECK(top.reusedInPlace[0].by == std::vector<std::string>{":62", ":68"});
    CHECK(shareBuffersText(top) == "%alloc, %alloc_6; %alloc_6 reused in place by :62 and :68");
    CHECK(top.nameText() == "diff");
    CHECK(top.irLines == std::vector<int>{46, 98});
    std::uint64_t attributed = 0;
    for (std::size_t i = 0; i < d.bySource.size(); ++i) {
        attributed += d.bySource[i].bytes;
        if (i > 0)
            CHECK(d.bySource[i - 1].bytes >= d.bySource[i].bytes);
    }
    CHECK(attributed == d.liveBytes);
    const SourceShare& reduction = d.bySource[4];
    REQUIRE(reduction.python);
    CHECK(reduction.python->line == 60);
    CHECK(reduction.tmpBytes == 1024);
    CHECK(reduction.bytes == 1024 + 32);
    REQUIRE(d.bySource.back().python);
    CHECK(d.bySource.back().python->line == 62);
    CHECK(d.bySource.back().bytes == 0);
    CHECK(d.bySource.back().inPlaceBytes == 64 * 1024);
    REQUIRE(d.bySource[5].python);
    CHECK(d.bySource[5].python->line == 68);
    CHECK(d.bySource[5].bytes == 0);
    CHECK(shareBytesText(d.bySource[5]) == "in place (64 KB)");

    REQUIRE(d.dimensions.size() == 1);
    CHECK(d.dimensions[0].value == 16384);
    CHECK(d.dimensions[0].bytes == 20 * 16384);

    // The compile log beside the dump holds the planner's IR, and memlens's plan of it is the
    // dump's: every lever is planned again. BLOCK_SIZE 8192 needs the whole 192 KB, as the
    // block8192 dump the compiler wrote does.
    REQUIRE(document->plannerCheck);
    CHECK(document->plannerCheck->reproduces());
    CHECK(d.predictedBecause.empty());
    const Lever* single = findLever(d, LeverKind::SingleBuffer);
    REQUIRE(single);
    CHECK(single->savesBytes == 65536);
    CHECK(single->how == PlanMethod::Replanned);
    CHECK(single->predictedRequiredBytes == 294912);
    CHECK_FALSE(single->fits);
    const Lever* halved = findLever(d, LeverKind::ScaleDimension, 8192);
    REQUIRE(halved);
    CHECK(halved->how == PlanMethod::Replanned);
    CHECK(halved->dimension == 16384);
    CHECK(halved->savesBytes == 10 * 16384); // half of the 20 bytes per element
    CHECK(halved->predictedRequiredBytes == 196608);
    CHECK(halved->fits);
    CHECK(d.levers.size() == 2); // halving fits: no quarter is tried
    REQUIRE(d.largestFitting);
    CHECK(d.largestFitting->how == PlanMethod::Replanned);
    CHECK(d.largestFitting->value == 8192);
    CHECK(d.largestFitting->predictedRequiredBytes == 196608);

    // Without the log the IR beside the dump is the adapter's, not the planner's: predicted, and said why.
    LoadOptions noLog;
    noLog.searchCompileLog = false;
    const PlanDocument predictedDocument = loadPlanDocument(
        (test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string(), noLog);
    const Diagnosis p = diagnoseScope(predictedDocument, 0);
    CHECK_THAT(p.predictedBecause, Catch::Contains("not the planner's"));
    const Lever* predictedSingle = findLever(p, LeverKind::SingleBuffer);
    REQUIRE(predictedSingle);
    CHECK(predictedSingle->how == PlanMethod::Predicted);
    // The w and b copies sit below the top: only the placement above them moves down (32 KB).
    CHECK(predictedSingle->predictedRequiredBytes == 328736 - 32768);
    const Lever* predictedHalf = findLever(p, LeverKind::ScaleDimension, 8192);
    REQUIRE(predictedHalf);
    CHECK(predictedHalf->predictedRequiredBytes == 20 * 8192 + 32 + 1024);
    REQUIRE(p.largestFitting);
    CHECK(p.largestFitting->dimension == 16384);
    const auto required = [](std::int64_t v) { return static_cast<std::uint64_t>(20 * v + 32 + 1024); };
    CHECK(largestPowerOfTwo(16384, 196608, required) == 8192);
    CHECK(p.largestFitting->value == 8192);
    CHECK(p.largestFitting->predictedRequiredBytes == required(8192));
    // Each says how its answers were reached, in explain, summary.md and the dock alike.
    CHECK(std::string(methodText(d)) == kReplanMethod);
    CHECK(std::string(methodText(p)) == kPredictionMethod);
}

TEST_CASE("the bundled 8192 example fits, and 8192 is the largest power of two that does", "[diagnosis][example]")
{
    const auto document = loadExample("block8192");
    const Diagnosis d = diagnoseScope(*document, 0);
    // It fits exactly: xf sits on top of diff at 163840, above a 32 KB hole (x's double buffer).
    CHECK(d.requiredBytes == 196608);
    CHECK(d.shortBytes == 0);
    CHECK(d.headroomBytes() == 0);
    CHECK(d.cause == OverflowCause::Fits);
    CHECK(*d.criticalOp == 27);
    REQUIRE(d.largestFitting);
    CHECK(d.largestFitting->dimension == 8192);
    // At 16384 every tile doubles: 2 x 196608 > 196608.
    CHECK(d.largestFitting->value == 8192);
    CHECK(d.largestFitting->predictedRequiredBytes == 196608);
    const Lever* halved = findLever(d, LeverKind::ScaleDimension, 4096);
    REQUIRE(halved);
    CHECK(halved->fits);
}

TEST_CASE("1-D tiles with multi-buffering and a temporary", "[diagnosis]")
{
    // 4096-element tiles: a (f16, two copies), b and c (f32), c's reduction scratch (512 B, tmp).
    const auto document = test::loadFixture("dumps/diagnosis/tile1d_multibuffer.json", capacityOf(40960));
    const Diagnosis d = diagnoseScope(*document, 0);
    const std::int64_t n = 4096;
    CHECK(d.requiredBytes == 12 * n + 512);
    CHECK(*d.criticalOp == 4); // the scratch ends at the peak; it lives at op 4 only
    CHECK(d.shortBytes == 12 * n + 512 - 40960);
    CHECK(d.liveBytes == 12 * n + 512);
    CHECK(d.holeBytes == 0);
    CHECK(d.multiBufferBytes == 2 * n);
    CHECK(d.tmpBytes == 512);

    REQUIRE(d.bySource.size() == 3);
    // Line 12 holds c and its scratch (the scratch's Python frame is the call of the library reduction).
    CHECK(d.bySource[0].python->line == 12);
    CHECK(d.bySource[0].bytes == 4 * n + 512);
    CHECK(d.bySource[0].tmpBytes == 512);
    CHECK(d.bySource[0].nameText() == "c");
    CHECK(d.bySource[0].blocks.size() == 2);
    // Lines 10 and 11 tie at 16 KB: block order decides (a before b).
    CHECK(d.bySource[1].python->line == 10);
    CHECK(d.bySource[1].multiBufferBytes == 2 * n);
    CHECK(d.bySource[1].blocks.size() == 2);
    CHECK(d.bySource[2].python->line == 11);

    const Lever* single = findLever(d, LeverKind::SingleBuffer);
    REQUIRE(single);
    CHECK(single->savesBytes == 2 * n);
    CHECK(single->predictedRequiredBytes == 10 * n + 512);
    CHECK_FALSE(single->fits); // 41472 > 40960

    REQUIRE(d.dimensions.size() == 1); // 128 (the scratch) carries 1% of the bytes
    CHECK(d.dimensions[0].value == n);
    const Lever* halved = findLever(d, LeverKind::ScaleDimension, n / 2);
    REQUIRE(halved);
    CHECK(halved->predictedRequiredBytes == 12 * (n / 2) + 512);
    CHECK(halved->fits);
    const auto required = [](std::int64_t v) { return static_cast<std::uint64_t>(12 * v + 512); };
    REQUIRE(d.largestFitting);
    CHECK(d.largestFitting->value == largestPowerOfTwo(n, 40960, required));
    CHECK(d.largestFitting->value == 2048);
}

TEST_CASE("2-D tiles: both dimensions are levers, the one carrying most bytes is searched", "[diagnosis]")
{
    // q: 16x2048 f16 twice, s: 16x2048 f32, m_i: 16 f32 (a row statistic: only the 16).
    const auto document = test::loadFixture("dumps/diagnosis/tile2d.json", capacityOf(196608));
    const Diagnosis d = diagnoseScope(*document, 0);
    CHECK(d.requiredBytes == 262144 + 64);
    CHECK(*d.criticalOp == 5);
    REQUIRE(d.dimensions.size() == 2);
    CHECK(d.dimensions[0].value == 16);
    CHECK(d.dimensions[0].bytes == 262144 + 64);
    CHECK(d.dimensions[1].value == 2048);
    CHECK(d.dimensions[1].bytes == 262144);

    const Lever* rows = findLever(d, LeverKind::ScaleDimension, 8);
    REQUIRE(rows);
    CHECK(rows->dimension == 16);
    CHECK(rows->predictedRequiredBytes == 131072 + 32); // m_i shrinks to 32 bytes too
    CHECK(rows->fits);
    const Lever* columns = findLever(d, LeverKind::ScaleDimension, 1024);
    REQUIRE(columns);
    CHECK(columns->dimension == 2048);
    CHECK(columns->predictedRequiredBytes == 131072 + 64);
    CHECK(columns->fits);
    CHECK(d.largestFitting->dimension == 16);
    CHECK(d.largestFitting->value == 8);
}

TEST_CASE("an overflow caused by holes rather than demand", "[diagnosis]")
{
    // b sits above a's space although a is dead by then; what is live at the peak fits.
    const auto document = test::loadFixture("dumps/diagnosis/holes.json", capacityOf(65536));
    const Diagnosis d = diagnoseScope(*document, 0);
    CHECK(d.requiredBytes == 65536 + 16384);
    CHECK(*d.criticalOp == 5);
    CHECK(d.liveBytes == 32768 + 16384);
    CHECK(d.holeBytes == 32768);
    CHECK(d.liveBytes <= d.capacityBytes);
    CHECK(d.cause == OverflowCause::Placement);
    CHECK(d.multiBufferBytes == 0);
    CHECK(findLever(d, LeverKind::SingleBuffer) == nullptr);
    // The hole below b is kept in the prediction: halving 8192 just fits.
    REQUIRE(d.largestFitting);
    CHECK(d.largestFitting->dimension == 8192);
    CHECK(d.largestFitting->value == 4096);
    CHECK(d.largestFitting->predictedRequiredBytes == 32768 + 16384 + 16384);
}

TEST_CASE("in-place storages count once, with the line of their first buffer", "[diagnosis][storage]")
{
    // acc (1 KB) and three 4 KB buffers merged in place (identical offset, size and Life) from lines 12, 13, 14.
    const auto document = test::loadFixture("dumps/in_place_triple.json", capacityOf(8192));
    const Diagnosis d = diagnoseScope(*document, 0);
    CHECK(*d.criticalOp == 2);
    CHECK(d.requiredBytes == 5120);
    CHECK(d.liveBytes == 1024 + 4096);
    CHECK(d.holeBytes == 0);
    REQUIRE(d.bySource.size() == 4);
    CHECK(d.bySource[0].python->line == 12);
    CHECK(d.bySource[0].bytes == 4096);
    CHECK(d.bySource[1].python->line == 10);
    CHECK(d.bySource[1].bytes == 1024);
    for (std::size_t i = 2; i < 4; ++i) {
        CHECK(d.bySource[i].bytes == 0);
        CHECK(d.bySource[i].inPlaceBytes == 4096);
        CHECK(d.bySource[i].blocks.size() == 1); // still selectable
    }
    std::uint64_t attributed = 0;
    for (const SourceShare& share : d.bySource)
        attributed += share.bytes;
    CHECK(attributed == d.liveBytes);
    // Halving 1024 halves the storage once: 2 KB saved, not 6 KB.
    REQUIRE(d.dimensions.size() == 1);
    CHECK(d.dimensions[0].value == 1024);
    CHECK(d.dimensions[0].bytes == 4096);
    const Lever* halved = findLever(d, LeverKind::ScaleDimension, 512);
    REQUIRE(halved);
    CHECK(halved->savesBytes == 2048);
    CHECK(halved->predictedRequiredBytes == 1024 + 2048);
}

TEST_CASE("multi-buffer copies merged in place count once", "[diagnosis][storage]")
{
    // a and b: two copies each, copy for copy in place; c lives from op 4 in between.
    const auto document = test::loadFixture("dumps/in_place_multibuffer.json", capacityOf(2560));
    const Diagnosis d = diagnoseScope(*document, 0);
    CHECK(*d.criticalOp == 3);
    CHECK(d.requiredBytes == 3072);
    CHECK(d.liveBytes == 2048);
    CHECK(d.holeBytes == 1024); // c's space, empty at op 3
    // But from op 4 on 3072 B are live at once, more than 2560: demand, although op 3 has holes.
    CHECK(d.cause == OverflowCause::Demand);
    CHECK(d.peakLiveBytes == 3072);
    CHECK(d.peakLiveAt == 4);
    CHECK(d.multiBufferBytes == 1024);
    const Lever* single = findLever(d, LeverKind::SingleBuffer);
    REQUIRE(single);
    CHECK(single->savesBytes == 1024);
    CHECK(single->predictedRequiredBytes == 2048); // c comes down onto the first copies
    CHECK(single->fits);
}

TEST_CASE("without a Python frame the IR line groups the blocks", "[diagnosis]")
{
    // Locations that point into the IR itself ("old.ttadapter":10:5), no IR loaded.
    const auto document = test::loadFixture("dumps/flat_layout.json");
    const Diagnosis d = diagnoseScope(*document, 0);
    CHECK(*d.criticalOp == 2);
    REQUIRE(d.bySource.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK_FALSE(d.bySource[i].python);
        REQUIRE(d.bySource[i].ir);
        CHECK(d.bySource[i].ir->line == 10 + static_cast<int>(i));
        CHECK(d.bySource[i].bytes == 256);
        CHECK(d.bySource[i].names.empty());
    }
}

TEST_CASE("a scope without tile dimensions has no lever and no largest fitting value", "[diagnosis]")
{
    // memref<f32> and memref<1xi32>: no dimension above 1 to scale.
    const auto document = test::loadFixture("dumps/diagnosis/scalars.json", capacityOf(48));
    const Diagnosis d = diagnoseScope(*document, 0);
    CHECK(d.requiredBytes == 36);
    CHECK(d.headroomBytes() == 12);
    CHECK(d.dimensions.empty());
    CHECK(d.levers.empty());
    CHECK_FALSE(d.largestFitting);
}

TEST_CASE("a scope without blocks has no critical op", "[diagnosis]")
{
    auto document = std::make_shared<PlanDocument>();
    document->dump.scopes.push_back(ScopePlan{"ub", std::string("success"), "", {}, {}});
    document->analyses.push_back(analyzePlan(document->dump.scopes[0], Capacity{196608, CapacitySource::Default, {}}));
    const Diagnosis d = diagnoseScope(*document, 0);
    CHECK_FALSE(d.criticalOp);
    CHECK(d.requiredBytes == 0);
    CHECK(d.bySource.empty());
    CHECK_FALSE(d.largestFitting);
}

TEST_CASE("scaling a buffer changes its size in proportion to one dimension", "[diagnosis]")
{
    Buffer buffer;
    buffer.setType("memref<16x2048xf16>");
    buffer.extentBits = 16 * 2048 * 16;
    CHECK(scaledBufferBytes(buffer, 2048, 1024) == 16 * 1024 * 2);
    CHECK(scaledBufferBytes(buffer, 16, 128) == 128 * 2048 * 2);
    buffer.setType("memref<3xi1>");
    buffer.extentBits = 3; // i1: 3 bits, 1 byte
    CHECK(scaledBufferBytes(buffer, 3, 6) == 1);
    CHECK(scaledBufferBytes(buffer, 3, 24) == 3);
}

TEST_CASE("every lever and the search predict what the plan predictor gives for the scaled sizes", "[diagnosis]")
{
    // 48 halves down to 3 (a shift) and is searched at 32, 16, 8, 4 (a division); %b, on
    // top, has 240 bits, which scaled are not whole bytes. Then again with %e made 2^56 bits
    // (more than a dump may say; a plan built otherwise may): past what the sweep packs beside
    // a block's flags, its extent is read from its buffer.
    const bool huge = GENERATE(false, true);
    INFO("with a buffer of 2^56 bits: " << huge);
    const std::string text = R"json({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "memory_info_array": [
        {"buffer": "%a = memref.alloc() : memref<6x48xf16>", "offset": [64], "extent": 4608, "life_time_in_ir": [0, 5]},
        {"buffer": "%b = memref.alloc() : memref<48x5xi1>", "offset": [1248], "extent": 240, "life_time_in_ir": [2, 8]},
        {"buffer": "%c = memref.alloc() : memref<48xf32>", "offset": [640], "extent": 1536, "life_time_in_ir": [1, 9]},
        {"buffer": "%d = memref.alloc() : memref<3x7xf16>", "offset": [0], "extent": 336, "life_time_in_ir": [0, 9]})json"
        + std::string(huge ? R"json(,
        {"buffer": "%e = memref.alloc() : memref<48x8xi8>", "offset": [4096], "extent": 3072, "life_time_in_ir": [3, 4]})json"
                           : "")
        + R"json(
    ]}]})json";
    LoadOptions options;
    options.capacity.all = 800;
    options.searchTritonCache = false;
    Dump dump = parseDumpText(text, "scaled.json");
    if (huge) {
        ScopePlan& edited = dump.scopes.edit()[0];
        edited.buffers[4].extentBits = std::uint64_t(1) << 56;
        edited.buffers[4].sizeBytes = std::uint64_t(1) << 53;
        for (Block& block : edited.blocks)
            if (block.bufferIndex == 4)
                block.size = edited.buffers[4].sizeBytes;
    }
    const PlanDocument document = buildPlanDocument(std::move(dump), "/nonexistent/scaled.json", options);
    const ScopePlan& scope = document.dump.scopes.at(0);
    const Diagnosis d = diagnoseScope(document, 0);
    REQUIRE_FALSE(d.dimensions.empty());
    CHECK(d.dimensions.front().value == 48);
    const PlanPredictor predictor(scope);
    const auto requiredAt = [&](std::int64_t from, std::int64_t to) {
        std::vector<std::optional<std::uint64_t>> sizes;
        for (const Block& block : scope.blocks) {
            const auto& shape = scope.bufferOf(block).shape();
            const bool has = std::find(shape.begin(), shape.end(), from) != shape.end();
            sizes.emplace_back(has ? scaledBufferBytes(scope.bufferOf(block), from, to) : block.size);
        }
        return predictor.predict(sizes).requiredBytes;
    };
    int scaled = 0;
    for (const Lever& lever : d.levers) {
        if (lever.kind != LeverKind::ScaleDimension)
            continue;
        INFO("lever " << lever.dimension << " -> " << lever.to);
        CHECK(lever.predictedRequiredBytes == requiredAt(lever.dimension, lever.to));
        ++scaled;
    }
    CHECK(scaled >= 3); // 48 -> 24 (a halving), 48 -> 12 (60 bits for %b), and the 6 of %a
    REQUIRE(d.largestFitting);
    for (const std::int64_t power : {4, 8, 16, 32})
        CHECK((requiredAt(48, power) <= d.capacityBytes)
            == (d.largestFitting->value && *d.largestFitting->value >= power));
    if (huge) {
        CHECK_FALSE(d.largestFitting->value); // nothing fits beside 2^53 bytes
        return;
    }
    const std::int64_t at = d.largestFitting->value.value_or(3);
    INFO("largest fitting at " << at);
    CHECK(d.largestFitting->predictedRequiredBytes == requiredAt(48, at));
    for (const std::int64_t power : {4, 8, 16, 32})
        CHECK((requiredAt(48, power) <= d.capacityBytes)
            == (d.largestFitting->value && *d.largestFitting->value >= power));
}

TEST_CASE("a lever over many buffers names the first few and counts the rest", "[diagnosis]")
{
    // 30,000 buffers of one tile dimension: the description lists twelve, in block order, and
    // says how many more (finding each name by a search over the names so far took minutes
    // at a million buffers, on the window's thread).
    std::string text = R"({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "memory_info_array": [)";
    for (int i = 0; i < 30000; ++i)
        text += std::string(i ? "," : "") + R"({"buffer": "%a)" + std::to_string(i)
            + R"( = memref.alloc() : memref<64x16xf16, #hivm.address_space<ub>>", "offset": [)"
            + std::to_string(2048 * (i % 90)) + R"(], "extent": 2048, "alloc_time_in_ir": )" + std::to_string(i)
            + R"(, "life_time_in_ir": [)" + std::to_string(i) + ", " + std::to_string(i + 3) + "]}";
    text += "]}]}";
    const Dump dump = parseDumpText(text, "many.json");
    Lever lever;
    lever.kind = LeverKind::ScaleDimension;
    lever.dimension = 64;
    lever.to = 32;
    const std::string description = leverDescription(dump.scopes[0], lever);
    CHECK(description.rfind("Scales %a0, %a1, %a2, ", 0) == 0);
    CHECK(description.find("%a11 and 29,988 more (every buffer whose shape holds 64)") != std::string::npos);
    CHECK(description.find("%a12,") == std::string::npos);
    CHECK(description.size() < 400);
}

TEST_CASE("a storage of two buffers in place names its one reuser", "[diagnosis][storage]")
{
    // %alloc and %alloc_0 share offset, size and Life (in place); %alloc_1 lies above them.
    test::TempDir dir;
    const auto record = [](const std::string& name, int offset) {
        return R"j({"buffer": ")j" + name
            + R"j( = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>", "offset": [)j" + std::to_string(offset)
            + R"j(], "extent": 8192, "alloc_time_in_ir": 1, "life_time_in_ir": [1, 4],
            "source_location": "loc(unknown)", "is_tmpbuf": false})j";
    };
    const auto path = dir.write("memory_info_aiv.json",
        R"j({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "status": "fail", "error_info": "",
        "memory_info_array": [)j"
            + record("%alloc", 0) + "," + record("%alloc_0", 0) + "," + record("%alloc_1", 1024) + "]}]}");
    const auto document = test::loadPath(path.string(), capacityOf(1536));
    const Diagnosis d = diagnoseScope(*document, 0);
    std::vector<InPlaceReuse> reuses;
    for (const SourceShare& share : d.bySource)
        reuses.insert(reuses.end(), share.reusedInPlace.begin(), share.reusedInPlace.end());
    REQUIRE(reuses.size() == 1);
    CHECK(reuses.front().buffer == "%alloc");
    CHECK(reuses.front().by == std::vector<std::string>{"%alloc_0"});
}
