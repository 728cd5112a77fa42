// Compiled without line info (Triton-Ascend's default): detected once in the
// core and said by inspect, the report and (views) the Python pane.
#include "core/cli/command_line.hpp"
#include "core/cli/explain_command.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/cli/inspect_json.hpp"
#include "core/cli/report_files.hpp"
#include "core/source/line_info.hpp"
#include "support/inspect_tree.hpp"

#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "support/triton_fixtures.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace memlens;
using memlens::test::inspectJson;
namespace fs = std::filesystem;

namespace {

const fs::path kLayerNorm = "resources/examples/layer_norm/block16384/memory_info_aiv.json";

LoadOptions withoutCache()
{
    LoadOptions options;
    options.searchTritonCache = false;
    return options;
}

nlohmann::json inspectOf(const std::string& dump)
{
    std::ostringstream out;
    std::ostringstream err;
    runInspect(parseCommandLine({"inspect", dump, "--triton-cache", "/nonexistent/memlens/cache"}), out, err);
    INFO(err.str());
    return nlohmann::json::parse(out.str());
}

} // namespace

TEST_CASE("the real sample: the dump points into an IR without Python locations, so line info is missing",
    "[lineinfo][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const auto document = test::loadOverflowSample();
    REQUIRE(document->ir);
    CHECK_FALSE(irHasSourceLocations(*document->ir));
    CHECK(document->lineInfo == LineInfo::Missing);

    const nlohmann::json json = inspectOf(test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string());
    CHECK(json["line_info"] == false);
    REQUIRE(json["scopes"][0]["notes"].size() == 1);
    CHECK_THAT(json["scopes"][0]["notes"][0].get<std::string>(),
        Catch::Contains("compiled without line info") && Catch::Contains("TRITON_DISABLE_LINE_INFO=0"));
    CHECK_THAT(summaryMarkdown(*document, ""),
        Catch::Contains("**No Python lines**") && Catch::Contains("TRITON_DISABLE_LINE_INFO=0"));

    std::ostringstream out;
    std::ostringstream err;
    runExplain(
        parseCommandLine({"explain", test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string()}), out, err);
    CHECK_THAT(out.str(),
        Catch::Contains("Python lines: none: the kernel was compiled without line info")
            && Catch::Contains("TRITON_DISABLE_LINE_INFO=0"));
}

TEST_CASE("an IR with Python locations: line info is present and nothing is said", "[lineinfo]")
{
    const auto document = test::loadPath((test::sourceDir() / kLayerNorm).string());
    REQUIRE(document->ir);
    CHECK(irHasSourceLocations(*document->ir));
    CHECK(document->lineInfo == LineInfo::Present);
    const nlohmann::json json = inspectOf((test::sourceDir() / kLayerNorm).string());
    CHECK(json["line_info"] == true);
    for (const auto& note : json["scopes"][0]["notes"]) // only the copies listed twice are noted
        CHECK_THAT(note.get<std::string>(), Catch::Contains("listed a buffer again"));
    CHECK_THAT(summaryMarkdown(*document, ""), !Catch::Contains("TRITON_DISABLE_LINE_INFO"));
    std::ostringstream out;
    std::ostringstream err;
    runExplain(parseCommandLine({"explain", (test::sourceDir() / kLayerNorm).string()}), out, err);
    CHECK_THAT(out.str(), !Catch::Contains("TRITON_DISABLE_LINE_INFO"));
}

TEST_CASE("a dump pointing into an IR that cannot be found: compiled without line info", "[lineinfo]")
{
    test::TempDir run("memlens_run_");
    const fs::path dumpPath
        = run.write("memory_info_aiv.json", test::dumpPointingInto("_k", test::deletedTemporaryIrPath(), 5, {64}));
    LoadOptions options;
    options.searchTritonCache = false;
    const PlanDocument document = loadPlanDocument(dumpPath.string(), options);
    CHECK_FALSE(document.ir);
    CHECK(document.lineInfo == LineInfo::Missing);
    const nlohmann::json json = inspectJson(document, std::nullopt);
    CHECK(json["line_info"] == false);
    CHECK(json["ir_file"].is_null());
    CHECK_THAT(json["ir_note"].get<std::string>(), Catch::Contains("no IR file beside the dump"));
}

TEST_CASE("locations that name no file tell nothing about line info", "[lineinfo]")
{
    const Dump dump = [] {
        test::TempDir run("memlens_run_");
        std::string json = test::dumpPointingInto("_k", "/x/kernel.ttadapter.mlir", 5, {64});
        json.replace(json.find("loc(\\\""), json.find(":13)") + 4 - json.find("loc(\\\""), "loc(unknown)");
        return loadPlanDocument(run.write("memory_info_aiv.json", json).string(), withoutCache()).dump;
    }();
    REQUIRE(dump.scopes.at(0).buffers.at(0).location() == "loc(unknown)");
    CHECK(detectLineInfo(dump, nullptr, {}) == LineInfo::Unknown);
    CHECK(std::string(lineInfoKey(LineInfo::Unknown)) == "unknown");
}

TEST_CASE("an IR with Python locations that the dump does not reach is not called 'without line info'", "[lineinfo]")
{
    // The dump points into the IR, but the IR's ops carry Python locations.
    const IrIndex ir = test::loadOk(test::data("mlir/small_kernel.ttadapter"));
    test::TempDir run("memlens_run_");
    const std::string json = test::dumpPointingInto("softmax_kernel", "/x/small_kernel.ttadapter", 1, {64});
    const Dump dump = loadPlanDocument(run.write("memory_info_aiv.json", json).string(), withoutCache()).dump;
    CHECK(detectLineInfo(dump, &ir, {}) == LineInfo::Unknown);
    CHECK(detectLineInfo(dump, nullptr, {}) == LineInfo::Missing);
}
