// The fit map: the grid of configs, today's cell, the frontier, compiled cells
// from other dumps, the evaluator interface and the config list to paste.
#include "core/diagnosis/fit_map.hpp"
#include "core/diagnosis/fit_map_replan.hpp"
#include "core/diagnosis/fit_map_text.hpp"
#include "core/document/planner_check.hpp"
#include "core/planner/memory_planner.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> example(const std::string& folder)
{
    return memlens::test::loadPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string());
}

// Counts its calls and answers each config with the sum of its values.
class CountingEvaluator : public FitEvaluator {
public:
    std::vector<FitEvaluation> evaluate(const FitProblem&, const std::vector<FitConfig>& configs) override
    {
        ++calls;
        std::vector<FitEvaluation> out;
        for (const FitConfig& config : configs)
            out.push_back({static_cast<std::uint64_t>(config.values.at(0)) * 10 + (config.multibuffer ? 1 : 0),
                PlanMethod::Replanned, true, {}});
        return out;
    }
    int calls = 0;
};

} // namespace

TEST_CASE("the bundled example's fit map: BLOCK_SIZE from 1024 to 32768, multi-buffering on and off", "[fit_map]")
{
    const auto document = example("block16384");
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    const FitMap map = buildFitMap(*document, 0, diagnosis);
    REQUIRE(map.dims.size() == 1);
    CHECK(map.dims[0].configKey() == "BLOCK_SIZE");
    CHECK(map.dims[0].value == 16384);
    CHECK(map.dims[0].values == std::vector<std::int64_t>{1024, 2048, 4096, 8192, 16384, 32768});
    CHECK(map.multibuffer == std::vector<bool>{true, false});
    CHECK(map.cells.size() == 12);
    const FitCell* today = map.today();
    REQUIRE(today);
    CHECK(today->values == std::vector<std::int64_t>{16384});
    CHECK(today->requiredBytes == diagnosis.requiredBytes);
    CHECK_FALSE(today->fits);
    // Smaller tiles need less; the same as the lever's at 8192 (both re-planned: the compile log
    // beside the dump is the planner's IR, and memlens's plan of it is the dump's).
    const FitCell* half = map.find({8192}, true);
    REQUIRE(half);
    CHECK(half->fits);
    CHECK(half->how == PlanMethod::Replanned);
    for (const Lever& lever : diagnosis.levers)
        if (lever.kind == LeverKind::ScaleDimension && lever.to == 8192)
            CHECK(half->requiredBytes == lever.predictedRequiredBytes);
    CHECK(half->frontier); // 16384 does not fit with multi-buffering on
    CHECK_FALSE(map.find({4096}, true)->frontier);
    const FitCell* single = map.find({16384}, false);
    REQUIRE(single);
    CHECK(single->requiredBytes < today->requiredBytes);
    const std::string configs = frontierConfigs(map);
    CHECK_THAT(configs, Catch::Contains("triton.Config({'BLOCK_SIZE': 8192, 'multibuffer': True})"));
    CHECK_THAT(configs, Catch::Contains("the compiler"));
    // Its header says what the cells say: re-planned, not predicted.
    CHECK_THAT(configs, Catch::StartsWith("# The largest configs that fit, re-planned by memlens"));
    CHECK_THAT(configs, !Catch::Contains("predicted"));

    // The What if… box reads a lever's own wording as well as NAME=VALUE.
    std::string error;
    for (const char* text : {"BLOCK_SIZE 8192", "BLOCK_SIZE=8192", " BLOCK_SIZE = 8192 , multibuffer=True"}) {
        INFO(text);
        const auto config = parseConfigText(map, text, &error);
        REQUIRE(config);
        CHECK(config->values == std::vector<std::int64_t>{8192});
        CHECK(config->multibuffer);
    }
    CHECK_FALSE(parseConfigText(map, "BLOCK_SIZE", &error));
    CHECK_THAT(error, Catch::Contains("expected NAME=VALUE"));
    CHECK_FALSE(parseConfigText(map, "BLOCK_SIZE eight", &error));
    CHECK_THAT(error, Catch::Contains("expected a positive integer"));
}

TEST_CASE("a cell of a config compiled elsewhere shows the compiled numbers", "[fit_map]")
{
    const auto document = example("block16384");
    const auto other = example("block8192");
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    FitMap map = buildFitMap(*document, 0, diagnosis);
    attachCompiled(map, *document, 0, {other, document});
    std::size_t compiled = 0;
    for (const FitCell& cell : map.cells)
        compiled += cell.compiled ? 1 : 0;
    CHECK(compiled == 1);
    const FitCell* half = map.find({8192}, true);
    REQUIRE(half->compiled);
    CHECK(half->compiled->requiredBytes == other->analyses[0].peakAddressBytes);
    CHECK(half->compiled->fits);
    const std::string text = fitMapText(map);
    CHECK_THAT(text, Catch::Contains("BLOCK_SIZE=8192, multibuffer=True: compiled"));
}

TEST_CASE("every cell goes through the evaluator, once for the whole map", "[fit_map]")
{
    const auto document = example("block16384");
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    CountingEvaluator evaluator;
    const FitMap map = buildFitMap(*document, 0, diagnosis, &evaluator);
    CHECK(evaluator.calls == 1);
    const FitCell* cell = map.find({1024}, false);
    REQUIRE(cell);
    CHECK(cell->requiredBytes == 10240);
    CHECK(cell->how == PlanMethod::Replanned);
    CHECK(map.today()->requiredBytes == diagnosis.requiredBytes); // today's is the dump's own
}

// Answers every config as CountingEvaluator does, but the re-plan of BLOCK_SIZE=32768 stops undecided.
class StoppingEvaluator : public FitEvaluator {
public:
    std::vector<FitEvaluation> evaluate(const FitProblem& problem, const std::vector<FitConfig>& configs) override
    {
        std::vector<FitEvaluation> out = CountingEvaluator().evaluate(problem, configs);
        for (std::size_t i = 0; i < configs.size(); ++i)
            if (configs[i].values.at(0) == 32768)
                out[i] = {out[i].requiredBytes, PlanMethod::Replanned, false,
                    "search stopped after 5 placements: not decided"};
        return out;
    }
};

TEST_CASE("a cell whose re-plan stopped says not decided, in the text, the markdown and the JSON", "[fit_map]")
{
    const auto document = example("block16384");
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    StoppingEvaluator evaluator;
    const FitMap map = buildFitMap(*document, 0, diagnosis, &evaluator);
    const FitCell* stopped = map.find({32768}, false);
    REQUIRE(stopped);
    CHECK_FALSE(stopped->decided);
    CHECK_FALSE(stopped->fits); // not claimed to fit
    CHECK(stopped->undecided == "search stopped after 5 placements: not decided");
    // 16384 without multi-buffering fits (163851 B), but its step up is not known: not claimed the largest.
    const FitCell* below = map.find({16384}, false);
    REQUIRE(below);
    CHECK(below->fits);
    CHECK_FALSE(below->frontier);
    const std::string text = fitMapText(map);
    CHECK_THAT(text, Catch::Contains("not decided ?"));
    CHECK_THAT(
        text, Catch::Contains("BLOCK_SIZE=32768, multibuffer=False: search stopped after 5 placements: not decided"));
    CHECK_THAT(fitMapMarkdown(map), Catch::Contains("not decided ?"));
    const auto json = fitMapJson(map);
    bool seen = false;
    for (const auto& cell : json["cells"])
        if (cell["values"] == std::vector<std::int64_t>{32768}) { // both multi-buffer settings stopped
            seen = true;
            CHECK(cell["decided"] == false);
            CHECK(cell["undecided"] == "search stopped after 5 placements: not decided");
            CHECK(cell["fits"] == false);
        } else {
            CHECK(cell["decided"] == true);
            CHECK(cell["undecided"].is_null());
        }
    CHECK(seen);
}

TEST_CASE("a 2-D map names both constexprs and scales each axis alone", "[fit_map]")
{
    const auto document
        = memlens::test::loadPath(memlens::test::data("kernels/block_matmul/memory_info_aiv.json").string());
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    const FitMap map = buildFitMap(*document, 0, diagnosis);
    REQUIRE(map.dims.size() == 2);
    CHECK(map.dims[0].configKey() == "BLOCK_N"); // acc 64x128 f32 and b 32x128: the most bytes
    CHECK(map.dims[1].configKey() == "BLOCK_M");
    const FitProblem problem{*document, 0, diagnosis, map.dims};
    // acc (64x128 f32, 32 KB): BLOCK_N 64 halves it, BLOCK_M 32 too, both quarter it.
    CHECK(problem.bufferBytes(2, {{128, 64}, true}) == 32768);
    CHECK(problem.bufferBytes(2, {{64, 64}, true}) == 16384);
    CHECK(problem.bufferBytes(2, {{64, 32}, true}) == 8192);
    // a (BLOCK_M x BLOCK_K): BLOCK_N leaves it alone.
    CHECK(problem.bufferBytes(0, {{32, 64}, true}) == 4096);
    CHECK(problem.bufferBytes(0, {{32, 32}, true}) == 2048);
    const std::string configs = frontierConfigs(map);
    CHECK_THAT(configs, Catch::Contains("'BLOCK_N': "));
    CHECK_THAT(configs, Catch::Contains("'BLOCK_M': "));
}

TEST_CASE("a derived constexpr's axis follows its source in the map", "[fit_map]")
{
    const auto document
        = memlens::test::loadPath(memlens::test::data("kernels/derived_half/memory_info_aiv.json").string());
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    const FitMap map = buildFitMap(*document, 0, diagnosis);
    REQUIRE(map.dims.size() == 1);
    CHECK(map.dims[0].configKey() == "BLOCK_N");
    CHECK(map.dims[0].value == 128);
    const FitProblem problem{*document, 0, diagnosis, map.dims};
    // tile is BLOCK_N x BLOCK_K = 128 x 64 f16; BLOCK_N 64 makes it 64 x 32.
    CHECK(problem.bufferBytes(0, {{64}, true}) == 64 * 32 * 2);
}

TEST_CASE("the predicted plan of a cell is a document of its own", "[fit_map]")
{
    const auto document = example("block16384");
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    // Predicted from the dump: the document the predictor's cell describes.
    PredictedFitEvaluator predictor;
    const FitMap map = buildFitMap(*document, 0, diagnosis, &predictor);
    const FitCell* half = map.find({8192}, false);
    REQUIRE(half);
    CHECK(half->how == PlanMethod::Predicted);
    const PlanDocument predicted = predictedDocument(*document, 0, diagnosis, map, half->config());
    CHECK(predicted.analyses[0].peakAddressBytes == half->requiredBytes);
    // Re-planned (the example's IR reproduces its dump): the document the panel opens for the
    // cell is the planner's plan, with the same bytes the cell says.
    const FitMap replannedMap = buildFitMap(*document, 0, diagnosis);
    const FitCell* replannedHalf = replannedMap.find({8192}, false);
    REQUIRE(replannedHalf);
    CHECK(replannedHalf->how == PlanMethod::Replanned);
    const auto replanned = replannedDocument(*document, 0, diagnosis, replannedMap, replannedHalf->config());
    REQUIRE(replanned);
    CHECK(replanned->analyses[0].peakAddressBytes == replannedHalf->requiredBytes);
    for (const Block& block : predicted.dump.scopes[0].blocks)
        CHECK(block.copy == 0);
    CHECK(predicted.dump.scopes[0].buffers[0].memrefType().rfind("memref<8192xf32", 0) == 0);
}

TEST_CASE("a fitting plan's largest fitting value is searched as far as the fit map looks, 8x", "[fit_map][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    // fake_attn_fwd fits with dimension 16; its re-plans fit up to 8x (128), the end of the search.
    const auto document = test::loadPath(test::sample("fake_attn_fwd/memory_info_aiv.json").string());
    const Diagnosis d = diagnoseScope(*document, 0);
    REQUIRE(d.largestFitting);
    CHECK(d.largestFitting->dimension == 16);
    CHECK(d.largestFitting->how == PlanMethod::Replanned);
    CHECK(d.largestFitting->value == std::optional<std::int64_t>(128));
}

TEST_CASE("fit map: where single buffering needs more than double, the cell says why", "[fit_map]")
{
    // The A5 example at 8192: without the copies the planner's first fit puts %alloc_4 and
    // %alloc_5 in the gap above %alloc_3 and %alloc_6 above them: 209.1 KB against 192.5 KB.
    const std::string log = (test::sourceDir() / "resources/examples/layer_norm/a5/block8192/compile.log").string();
    const PlanDocument document = loadPlanDocument(log, {});
    const Diagnosis diagnosis = diagnoseScope(document, 0);
    const FitMap map = buildFitMap(document, 0, diagnosis);
    REQUIRE(map.dims.size() == 1);
    REQUIRE(map.multibuffer.size() == 2);
    const FitCell* single = map.find({8192}, false);
    const FitCell* doubled = map.find({8192}, true);
    REQUIRE(single);
    REQUIRE(doubled);
    REQUIRE(single->how == PlanMethod::Replanned);
    CHECK(single->requiredBytes == 214080);
    CHECK(doubled->requiredBytes == 197152);
    const std::string why = singleBufferingCostsMoreText(map, *single);
    CHECK(why.find("first fit") != std::string::npos);
    CHECK(why.find("16.5 KB more") != std::string::npos);
    // Not where single buffering needs less, nor on the multi-buffered cell itself.
    CHECK(singleBufferingCostsMoreText(map, *map.find({4096}, false)).empty());
    CHECK(singleBufferingCostsMoreText(map, *doubled).empty());
    const std::string text = fitMapText(map);
    CHECK(text.find("Single buffering costs more:\n  BLOCK_SIZE=8192, multibuffer=False: needs 16.5 KB more")
        != std::string::npos);
}

TEST_CASE("fit map: the example config offered names the map's own dimension", "[fit_map]")
{
    FitMap map;
    FitDimension dim;
    dim.value = 65536;
    dim.values = {16384, 32768, 65536, 131072};
    map.dims.push_back(dim);
    CHECK(exampleConfigText(map) == "dim 65536=32768");
    map.multibuffer = {true, false};
    CHECK(exampleConfigText(map) == "dim 65536=32768, multibuffer=False");
    map.dims.front().values = {65536}; // today's the only value: half of it
    CHECK(exampleConfigText(map) == "dim 65536=32768, multibuffer=False");
    map.dims.front().constexprs = {"N_COLS"};
    CHECK(exampleConfigText(map) == "N_COLS=32768, multibuffer=False");
    // What it offers parses back as the config it shows.
    std::string error;
    const auto parsed = parseConfigText(map, exampleConfigText(map), &error);
    REQUIRE(parsed);
    CHECK(parsed->values == std::vector<std::int64_t>{32768});
    CHECK_FALSE(parsed->multibuffer);
    CHECK(exampleConfigText(FitMap{}).empty());
}

TEST_CASE("fit map: the cells are planned on copies of the module the load read, not on the text again", "[fit_map]")
{
    const auto document = example("block16384");
    REQUIRE(document->plannerCheck);
    REQUIRE(document->plannerCheck->ir.module); // the check keeps the module it planned
    const FitMap expected = buildFitMap(*document, 0, diagnoseScope(*document, 0));
    // The same document with the planner's text gone: only the kept module can answer.
    PlanDocument withoutText = *document;
    auto check = std::make_shared<PlannerCheck>(*document->plannerCheck);
    check->ir.text = std::make_shared<const std::string>();
    withoutText.plannerCheck = check;
    const FitMap map = buildFitMap(withoutText, 0, diagnoseScope(withoutText, 0));
    REQUIRE(map.cells.size() == expected.cells.size());
    for (std::size_t i = 0; i < map.cells.size(); ++i) {
        INFO("cell " << i);
        CHECK(map.cells[i].how == PlanMethod::Replanned);
        CHECK(map.cells[i].requiredBytes == expected.cells[i].requiredBytes);
    }
}

TEST_CASE("fit map: a plan computed from a log keeps the module it planned, read once, for the re-plans", "[fit_map]")
{
    const auto document = memlens::test::loadPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/compile.log").string());
    REQUIRE(document->plannerCheck);
    REQUIRE(document->plannerCheck->ir.module);
    CHECK_FALSE(planner::deviceFunctions(*document->plannerCheck->ir.module).empty());
    // The log's section was read once: the compile log holds the module the plan was made of.
    REQUIRE(document->log);
    CHECK(document->log->plannerModule == document->plannerCheck->ir.module);
}
