// The diagnosis at its boundaries (found by a mutation run): a fit map cell needing
// exactly the capacity fits, and re-planning is used only where the planner's plan of
// the IR is the dump's.
#include "core/cli/plan_command.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace memlens;

namespace {

// Answers BLOCK_SIZE 8192 with exactly `capacity` bytes, every other config with one byte more.
class AtCapacityEvaluator : public FitEvaluator {
public:
    explicit AtCapacityEvaluator(std::uint64_t capacity)
        : capacity_(capacity)
    {
    }
    std::vector<FitEvaluation> evaluate(const FitProblem&, const std::vector<FitConfig>& configs) override
    {
        std::vector<FitEvaluation> out;
        for (const FitConfig& config : configs)
            out.push_back({config.values.at(0) == 8192 ? capacity_ : capacity_ + 1, PlanMethod::Replanned, true, {}});
        return out;
    }

private:
    std::uint64_t capacity_;
};

} // namespace

TEST_CASE("diagnosis boundaries: a fit map cell needing exactly the capacity fits", "[fit_map][boundaries]")
{
    const auto document = test::loadPath(
        (test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string());
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    const std::uint64_t capacity = buildFitMap(*document, 0, diagnosis).capacityBytes;
    REQUIRE(capacity == 196608);
    AtCapacityEvaluator evaluator(capacity);
    const FitMap map = buildFitMap(*document, 0, diagnosis, &evaluator);
    for (const bool multibuffer : {true, false}) {
        INFO("multi-buffering " << multibuffer);
        const FitCell* atCapacity = map.find({8192}, multibuffer);
        REQUIRE(atCapacity);
        CHECK(atCapacity->requiredBytes == capacity);
        CHECK(atCapacity->fits); // "requires N bits while N bits available" fits
        // The largest that does with multi-buffering on (off, turning it on still fits).
        CHECK(atCapacity->frontier == multibuffer);
        const FitCell* byteMore = map.find({4096}, multibuffer);
        REQUIRE(byteMore);
        CHECK_FALSE(byteMore->fits);
    }
}

TEST_CASE("diagnosis boundaries: the IR is re-planned only when the planner reproduces the dump",
    "[fit_map][replan][boundaries]")
{
    // The planner's own dump of our attention-like kernel, then the same dump with every block
    // 512 bytes higher: a plan the planner does not make of that IR. With the first the levers
    // and cells are re-planned; with the second they are predicted from the dump.
    test::TempDir folder;
    const std::string ir = test::data("kernels/attention_2d/m64_n128.ttadapter").string();
    PlanCommandLine commandLine;
    commandLine.input = ir;
    commandLine.outDir = (folder.path / "planned").string();
    std::ostringstream out, err;
    const int status = runPlan(commandLine, out, err);
    INFO(err.str());
    REQUIRE((status == 0 || status == 3));
    const std::string plannedDump = (folder.path / "planned" / "memory_info_aiv.json").string();
    auto json = nlohmann::json::parse(test::readText(plannedDump));
    for (auto& record : json["Record"])
        for (auto& item : record["memory_info_array"])
            for (auto& offset : item["offset"])
                offset = offset.get<std::uint64_t>() + 512;
    const std::string shiftedDump = folder.write("shifted/memory_info_aiv.json", json.dump()).string();

    LoadOptions options;
    options.sourceDirs = {test::data("kernels").string()};
    options.searchTritonCache = false;
    options.irFile = ir;
    options.irRequired = true;
    const PlanDocument same = loadPlanDocument(plannedDump, options);
    const PlanDocument shifted = loadPlanDocument(shiftedDump, options);
    REQUIRE(shifted.analyses[0].peakAddressBytes == same.analyses[0].peakAddressBytes + 512);

    const Diagnosis sameDiagnosis = diagnoseScope(same, 0);
    REQUIRE_FALSE(sameDiagnosis.levers.empty());
    CHECK(sameDiagnosis.levers.front().how == PlanMethod::Replanned);
    const FitMap sameMap = buildFitMap(same, 0, sameDiagnosis);
    REQUIRE_FALSE(sameMap.cells.empty());
    CHECK(sameMap.cells.front().how == PlanMethod::Replanned);

    const Diagnosis shiftedDiagnosis = diagnoseScope(shifted, 0);
    REQUIRE_FALSE(shiftedDiagnosis.levers.empty());
    for (const Lever& lever : shiftedDiagnosis.levers)
        CHECK(lever.how == PlanMethod::Predicted);
    for (const FitCell& cell : buildFitMap(shifted, 0, shiftedDiagnosis).cells)
        CHECK(cell.how == PlanMethod::Predicted);
}
