// How far the fit map's predictions are from real plans: our 2-D attention-like
// kernel's IR at nine BLOCK_M x BLOCK_N configs (and today's with multi-buffering
// off) planned by memlens's planner, the map predicted from today's plan alone,
// every other config's plan attached as a compiled cell. The numbers are printed
// (the design notes quote them); the test holds the worst error to a bound.
#include "core/cli/plan_command.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "core/diagnosis/fit_map_text.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <sstream>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> planned(
    const std::string& config, bool multiBuffer, const std::filesystem::path& dir)
{
    PlanCommandLine commandLine;
    commandLine.input = memlens::test::data("kernels/attention_2d/" + config + ".ttadapter").string();
    commandLine.multiBuffer = multiBuffer;
    commandLine.outDir = (dir / (config + (multiBuffer ? "" : "_single"))).string();
    std::ostringstream out, err;
    const int status = runPlan(commandLine, out, err);
    INFO(err.str());
    REQUIRE((status == 0 || status == 3));
    LoadOptions options;
    options.sourceDirs = {memlens::test::data("kernels").string()};
    options.searchTritonCache = false;
    return std::make_shared<const PlanDocument>(
        loadPlanDocument((std::filesystem::path(commandLine.outDir) / "memory_info_aiv.json").string(), options));
}

} // namespace

TEST_CASE(
    "accuracy: the 2-D kernel's fit map predicted from one plan against the planner's plans", "[fit_map][accuracy]")
{
    const auto dir = std::filesystem::temp_directory_path() / "memlens_fit_map_accuracy";
    std::filesystem::remove_all(dir);
    const auto today = planned("m64_n128", true, dir);
    std::vector<std::shared_ptr<const PlanDocument>> others = {planned("m64_n128", false, dir)};
    for (const char* m : {"32", "64", "128"})
        for (const char* n : {"64", "128", "256"})
            if (std::string(m) != "64" || std::string(n) != "128")
                others.push_back(planned(std::string("m") + m + "_n" + n, true, dir));

    const Diagnosis diagnosis = diagnoseScope(*today, 0);
    // The map's own choice: the constexprs holding the most bytes at the critical op.
    const FitMap chosen = buildFitMap(*today, 0, diagnosis);
    REQUIRE(chosen.dims.size() == 2);
    CHECK(chosen.dims[0].configKey() == "BLOCK_M"); // in every tile but k and v
    CHECK(chosen.dims[1].configKey() == "HEAD_DIM");
    FitMap byBytes = chosen;
    attachCompiled(byBytes, *today, 0, others);
    int offTheMap = 0; // BLOCK_N is not on this map: only dumps of today's BLOCK_N may fill its cells
    for (const FitCell& cell : byBytes.cells)
        offTheMap += cell.compiled ? 1 : 0;
    CHECK(offTheMap == 3); // BLOCK_M 32 and 128 at BLOCK_N 128, and today's values single-buffered
    // The axes the fixtures vary.
    FitMap map = buildFitMap(*today, 0, diagnosis, fitDimensionsNamed(*today, 0, diagnosis, {"BLOCK_M", "BLOCK_N"}));
    REQUIRE(map.dims.size() == 2);
    CHECK(map.dims[1].value == 128);
    CHECK(map.multibuffer == std::vector<bool>{true, false});
    attachCompiled(map, *today, 0, others);
    int compiled = 0, verdictsAgree = 0;
    for (const FitCell& cell : map.cells) {
        if (!cell.compiled)
            continue;
        ++compiled;
        verdictsAgree += cell.fits == cell.compiled->fits ? 1 : 0;
        WARN(configText(map, cell) << ": predicted " << cell.requiredBytes << " B, planned "
                                   << cell.compiled->requiredBytes << " B ("
                                   << predictionErrorText(cell.requiredBytes, cell.compiled->requiredBytes) << ")"
                                   << (cell.fits == cell.compiled->fits ? "" : ", the fit verdict differs"));
    }
    CHECK(compiled == static_cast<int>(others.size()));
    // Removing copies keeps every other block where it was: the planner's plan of it exactly.
    const FitCell* single = map.find({64, 128}, false);
    REQUIRE(single->compiled);
    CHECK(single->requiredBytes == single->compiled->requiredBytes);
    WARN(verdictsAgree << " of " << compiled << " fit verdicts agree with the planner's");
}

TEST_CASE("with the planner's IR, the fit map and the levers are re-planned", "[fit_map][replan]")
{
    const auto dir = std::filesystem::temp_directory_path() / "memlens_fit_map_replan";
    std::filesystem::remove_all(dir);
    const auto planned64 = planned("m64_n128", true, dir);
    const auto planned64n64 = planned("m64_n64", true, dir);
    LoadOptions options;
    options.sourceDirs = {memlens::test::data("kernels").string()};
    options.searchTritonCache = false;
    options.irFile = memlens::test::data("kernels/attention_2d/m64_n128.ttadapter").string();
    options.irRequired = true;
    const PlanDocument today = loadPlanDocument(planned64->dump.file, options);
    const Diagnosis diagnosis = diagnoseScope(today, 0);
    REQUIRE_FALSE(diagnosis.levers.empty());
    for (const Lever& lever : diagnosis.levers)
        CHECK(lever.how == PlanMethod::Replanned);
    FitMap map = buildFitMap(today, 0, diagnosis, fitDimensionsNamed(today, 0, diagnosis, {"BLOCK_M", "BLOCK_N"}));
    attachCompiled(map, today, 0, {planned64n64});
    const FitCell* cell = map.find({64, 64}, true);
    REQUIRE(cell);
    CHECK(cell->how == PlanMethod::Replanned);
    REQUIRE(cell->compiled);
    CHECK(cell->requiredBytes == cell->compiled->requiredBytes); // the planner's own plan of that config
    // BLOCK_M and HEAD_DIM are both 64: the planner rewrites every 64, so a BLOCK_M cell is predicted.
    CHECK(map.find({32, 128}, true)->how == PlanMethod::Predicted);

    // The bundled example's IR file is Triton's, not the planner's form: without the compile log
    // (whose section is the planner's IR) its levers and cells stay predicted; with it, re-planned.
    LoadOptions noLog;
    noLog.searchCompileLog = false;
    const std::string exampleDump
        = (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string();
    const PlanDocument example = loadPlanDocument(exampleDump, noLog);
    REQUIRE_FALSE(example.irFile.empty());
    const Diagnosis predicted = diagnoseScope(example, 0);
    CHECK(predicted.levers.front().how == PlanMethod::Predicted);
    CHECK(buildFitMap(example, 0, predicted).find({8192}, true)->how == PlanMethod::Predicted);
    const PlanDocument withLog = loadPlanDocument(exampleDump, {});
    const Diagnosis replanned = diagnoseScope(withLog, 0);
    CHECK(replanned.levers.front().how == PlanMethod::Replanned);
    const FitMap replannedMap = buildFitMap(withLog, 0, replanned);
    const FitCell* half = replannedMap.find({8192}, true);
    REQUIRE(half);
    CHECK(half->how == PlanMethod::Replanned);
    CHECK(half->requiredBytes == 196608); // the block8192 dump's peak: every byte of the 192 KB
}
