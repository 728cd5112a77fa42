// "The largest that fits" is one answer, the fit map's, on every capacity (issue 65):
// the sentence, explain and the JSON agree with the grid's stars, the capacity the
// user set included, and a search that ended at a fitting value says "at least".
#include "core/cli/command_line.hpp"
#include "core/cli/explain_command.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/diagnosis/fit_frontier.hpp"
#include "core/document/plan_document.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace memlens;

namespace {

std::string example16384()
{
    return (test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string();
}

std::optional<LargestFitting> largestOf(const std::string& dump, std::optional<std::uint64_t> capacity)
{
    LoadOptions options;
    options.capacity.all = capacity;
    const PlanDocument document = loadPlanDocument(dump, options);
    const Diagnosis diagnosis = diagnoseScope(document, 0);
    return largestFittingOf(diagnosis, buildFitMap(document, 0, diagnosis));
}

std::string explained(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    runExplain(parseCommandLine(args), out, err);
    INFO(err.str());
    return out.str();
}

} // namespace

TEST_CASE("the largest that fits follows the capacity the user set", "[fit_map][largest]")
{
    const auto usual = largestOf(example16384(), std::nullopt);
    REQUIRE(usual);
    REQUIRE(usual->value);
    CHECK(*usual->value == 8192);
    CHECK_FALSE(usual->searchEnded());

    const auto roomy = largestOf(example16384(), 400 * 1024);
    REQUIRE(roomy);
    REQUIRE(roomy->value);
    CHECK(*roomy->value == 16384);
    CHECK(largestFittingSentence(roomy).find("that fits: 16384,") != std::string::npos);

    const std::string text = explained({"explain", example16384(), "--capacity", "400K"});
    CHECK(text.find("Largest BLOCK_SIZE (today 16384) that fits: 16384,") != std::string::npos);
    CHECK(text.find("that fits: 8192") == std::string::npos);
    std::ostringstream out, err;
    REQUIRE(runInspect(parseCommandLine({"inspect", example16384(), "--capacity", "400K"}), out, err) == 0);
    const auto json = nlohmann::json::parse(out.str());
    CHECK(json["scopes"][0]["diagnosis"]["largest_fitting"]["value"] == 16384);
}

TEST_CASE("a fitting kernel whose search ended at its top value says at least", "[fit_map][largest]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const std::string dump = test::sample("fake_attn_fwd/memory_info_aiv.json").string();
    const auto largest = largestOf(dump, std::nullopt);
    REQUIRE(largest);
    REQUIRE(largest->value);
    CHECK(*largest->value == 128);
    CHECK(largest->searchEnded());
    const std::string sentence = largestFittingSentence(largest);
    CHECK(sentence.find("that fits: at least 128 (searched up to 8x)") != std::string::npos);
    CHECK(explained({"explain", dump}).find("at least 128 (searched up to 8x)") != std::string::npos);
}
