// A kernel's folder: a mix kernel's two dumps opened as one kernel (discovery, the pair's health,
// the folder's inspect object, the report's summary). Fixtures: tests/data/dumps/mix/.
#include "core/cli/command_common.hpp"
#include "core/cli/command_line.hpp"
#include "core/cli/folder_report.hpp"
#include "core/cli/inspect_json.hpp"
#include "core/cli/plan_page.hpp"
#include "core/document/kernel_folder.hpp"
#include "support/inspect_tree.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

using namespace memlens;
using memlens::test::folderInspectJson;
namespace fs = std::filesystem;

namespace {

std::string mixFolder(const std::string& name) { return test::data("dumps/mix/" + name).string(); }

// A copy of a fixture folder whose files can be given ages.
fs::path copyFolder(const test::TempDir& temp, const std::string& name)
{
    const fs::path to = temp.path / name;
    fs::copy(mixFolder(name), to, fs::copy_options::recursive);
    return to;
}

} // namespace

TEST_CASE("a kernel's folder lists its dumps, the cube core's first", "[kernel_folder]")
{
    test::TempDir temp;
    temp.write("memory_info.json", "{}");
    temp.write("memory_info_aiv.json", "{}");
    temp.write("memory_info_aic.json", "{}");
    temp.write("notes.json", "{}");
    temp.write("compile.log", "");
    fs::create_directories(temp.path / "memory_info_old.json"); // a folder of that name is no dump
    const auto files = dumpFilesInFolder(temp.path.string());
    REQUIRE(files.size() == 3);
    CHECK(fs::path(files[0]).filename() == "memory_info_aic.json");
    CHECK(fs::path(files[1]).filename() == "memory_info_aiv.json");
    CHECK(fs::path(files[2]).filename() == "memory_info.json");
    CHECK(isFolderPath(temp.path.string()));
    CHECK_FALSE(isFolderPath(files[0]));

    test::TempDir empty;
    empty.write("readme.txt", "");
    CHECK_THROWS_WITH(dumpFilesInFolder(empty.path.string()), Catch::Contains("no memory_info*.json in the folder"));
    CHECK_THROWS_WITH(dumpFilesInFolder((empty.path / "missing").string()), Catch::Contains("cannot read the folder"));
}

TEST_CASE("a pair that fits on the cube core and overflows on the vector core", "[kernel_folder]")
{
    const KernelFolder kernel = loadKernelFolder(mixFolder("fits_aic_overflows_aiv"), {});
    CHECK(kernel.kernel == "attn");
    CHECK(kernel.notes.empty());
    REQUIRE(kernel.documents.size() == 2);
    const PlanDocument* aic = kernel.documentOf("aic");
    const PlanDocument* aiv = kernel.documentOf("aiv");
    REQUIRE(aic);
    REQUIRE(aiv);
    CHECK(aic == &kernel.documents[0]);
    // Capacities per scope from the one rule: cbuf 512 KB and cc 128 KB on Ascend910B, ub 192 KB.
    CHECK(aic->analysisOf("cbuf")->capacity.bytes == 512 * 1024);
    CHECK(aic->analysisOf("cc")->capacity.bytes == 128 * 1024);
    CHECK(aiv->analysisOf("ub")->capacity.bytes == 192 * 1024);
    CHECK_FALSE(aic->analysisOf("cbuf")->overflow);
    CHECK_FALSE(aic->analysisOf("cc")->overflow);
    CHECK(aiv->analysisOf("ub")->overflow);
    CHECK(exitStatusFor(kernel, std::nullopt) == kExitOverflow);
    CHECK(exitStatusFor(kernel, std::string("cbuf")) == kExitFits);
    CHECK_NOTHROW(requireScope(kernel, std::string("cc")));
    CHECK_THROWS_WITH(requireScope(kernel, std::string("l0a")),
        Catch::Contains("no memory scope \"l0a\"") && Catch::Contains("aic cbuf, aic cc, aiv ub"));
}

TEST_CASE("the pair's health names which file and why", "[kernel_folder][sibling]")
{
    test::TempDir temp;
    SECTION("names that do not pair")
    {
        const fs::path folder = copyFolder(temp, "unpaired");
        test::setAge(folder / "memory_info_aiv.json", 180);
        const KernelFolder kernel = loadKernelFolder(folder.string(), {});
        CHECK(kernel.kernel == "a + b");
        REQUIRE(kernel.notes.size() == 1);
        CHECK_THAT(kernel.notes[0],
            Catch::StartsWith("memory_info_aic.json (kernel a_mix_aic) and memory_info_aiv.json (kernel b_mix_aiv) "
                              "do not pair")
                && Catch::Contains("the older, memory_info_aiv.json, is the likelier"));
        CHECK(exitStatusFor(kernel, std::nullopt) == kExitFits);
    }
    SECTION("the aiv file older than the aic one")
    {
        const fs::path folder = copyFolder(temp, "stale");
        test::setAge(folder / "memory_info_aiv.json", 600);
        const KernelFolder kernel = loadKernelFolder(folder.string(), {});
        REQUIRE(kernel.notes.size() == 1);
        CHECK_THAT(kernel.notes[0],
            Catch::StartsWith("memory_info_aiv.json is 10 minutes older than memory_info_aic.json of the same mix "
                              "kernel attn"));
        // Each dump says it of itself too, as when opened alone.
        CHECK(kernel.documents[1].siblingWarning == kernel.notes[0]);
    }
    SECTION("the other way round")
    {
        const fs::path folder = copyFolder(temp, "stale");
        test::setAge(folder / "memory_info_aic.json", 7200);
        const KernelFolder kernel = loadKernelFolder(folder.string(), {});
        REQUIRE(kernel.notes.size() == 1);
        CHECK_THAT(
            kernel.notes[0], Catch::StartsWith("memory_info_aic.json is 2 hours older than memory_info_aiv.json"));
    }
    SECTION("one compile's pair says nothing")
    {
        const fs::path folder = copyFolder(temp, "stale");
        test::setAge(folder / "memory_info_aic.json", 10);
        CHECK(loadKernelFolder(folder.string(), {}).notes.empty());
    }
}

TEST_CASE("the folder's inspect object holds each dump's inspect object unchanged", "[kernel_folder][inspect]")
{
    const KernelFolder kernel = loadKernelFolder(mixFolder("fits_aic_overflows_aiv"), {});
    std::ostringstream streamed;
    writeFolderInspectJson(streamed, kernel, std::nullopt);
    CHECK(streamed.str() == folderInspectJson(kernel, std::nullopt).dump(2) + "\n");
    const auto json = nlohmann::ordered_json::parse(streamed.str());
    std::vector<std::string> keys;
    for (const auto& [key, value] : json.items())
        keys.push_back(key);
    CHECK(keys == std::vector<std::string>{"folder", "kernel", "dumps", "notes"});
    CHECK(json["kernel"] == "attn");
    REQUIRE(json["dumps"].size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        std::ostringstream single;
        writeInspectJson(single, kernel.documents[i], std::nullopt);
        CHECK(json["dumps"][i] == nlohmann::ordered_json::parse(single.str()));
    }
    CHECK(json["dumps"][0]["core"] == "aic");
    CHECK(json["dumps"][1]["scopes"][0]["overflow"] == true);
    CHECK(json["notes"].empty());

    std::ostringstream onlyUb;
    writeFolderInspectJson(onlyUb, kernel, std::string("ub"));
    const auto ub = nlohmann::json::parse(onlyUb.str());
    CHECK(ub["dumps"][0]["scopes"].empty());
    CHECK(ub["dumps"][1]["scopes"].size() == 1);
}

TEST_CASE("a kernel's report charts every overflowing scope and has a section per core", "[kernel_folder][report]")
{
    const KernelFolder kernel = loadKernelFolder(mixFolder("fits_aic_overflows_aiv"), {});
    const auto charts = chartedScopes(kernel);
    REQUIRE(charts.size() == 1);
    CHECK(charts[0] == CoreScopeRef(1, 0));
    CHECK(coreScopeChartName(kernel.documents[1], 0) == "chart-aiv-ub.png");
    CHECK(coreScopeChartName(kernel.documents[0], 1) == "chart-aic-cc.png");
    const std::string summary = folderSummaryMarkdown(kernel, charts, {"chart-aiv-ub.png"});
    CHECK_THAT(summary, Catch::StartsWith("# memlens report: `attn`"));
    CHECK_THAT(summary, Catch::Contains("## Core `aic`: `attn_mix_aic`"));
    CHECK_THAT(summary, Catch::Contains("## Core `aiv`: `attn_mix_aiv`"));
    CHECK_THAT(summary, Catch::Contains("### Scope `cbuf`"));
    CHECK_THAT(summary, Catch::Contains("| `aiv` | `ub` | **overflows** | 256 KB | 192 KB |"));
    CHECK_THAT(summary, Catch::Contains("](chart-aiv-ub.png)"));
    CHECK(summary.find("\n# ", 1) == std::string::npos); // one title; the cores' are sections

    const KernelFolder fits = loadKernelFolder(mixFolder("unpaired"), {});
    CHECK(chartedScopes(fits) == std::vector<CoreScopeRef>{{0, 0}}); // nothing overflows: the first scope
    const std::string csv = folderBlocksCsv(kernel);
    CHECK(csv.rfind("scope,id,", 0) == 0);
    CHECK(csv.find("scope,id,", 1) == std::string::npos); // one header for every core's rows
    CHECK(csv.find("\ncbuf,") != std::string::npos);
    CHECK(csv.find("\nub,") != std::string::npos);
}

TEST_CASE("a kernel's summary.md and plan.html share one diagnosis per scope, the same texts (issue 67)",
    "[kernel_folder][report]")
{
    const KernelFolder kernel = loadKernelFolder(mixFolder("fits_aic_overflows_aiv"), {});
    const auto charts = chartedScopes(kernel);
    std::size_t planned = 0;
    for (const PlanDocument& document : kernel.documents)
        for (const PlanAnalysis& analysis : document.analyses)
            planned += analysis.planned ? 1 : 0;
    REQUIRE(planned >= 3);
    const std::string summary = folderSummaryMarkdown(kernel, charts, {"chart-aiv-ub.png"});
    std::ostringstream page;
    writePlanPage(page, kernel);

    const FolderDiagnoses diagnoses = folderDiagnoses(kernel);
    REQUIRE(diagnoses.size() == kernel.documents.size());
    const std::size_t before = diagnosesWorkedOut();
    const std::string sharedSummary = folderSummaryMarkdown(kernel, charts, {"chart-aiv-ub.png"}, diagnoses);
    std::ostringstream sharedPage;
    writePlanPage(sharedPage, kernel, diagnoses);
    CHECK(diagnosesWorkedOut() - before == planned); // each worked out its own: twice
    CHECK(sharedSummary == summary);
    CHECK(sharedPage.str() == page.str());
}

TEST_CASE("two kernels' folders pair core by core, a dump stands for its core alone", "[kernel_folder][compare]")
{
    const CorePairs both = pairCores(mixFolder("stale"), mixFolder("fits_aic_overflows_aiv"));
    REQUIRE(both.pairs.size() == 2);
    CHECK(fs::path(both.pairs[0].first).filename() == "memory_info_aic.json");
    CHECK(both.pairs[0].second == mixFolder("fits_aic_overflows_aiv") + "/memory_info_aic.json");
    CHECK(fs::path(both.pairs[1].second).filename() == "memory_info_aiv.json");
    CHECK(both.onlyInA.empty());

    const std::string aiv = mixFolder("fits_aic_overflows_aiv") + "/memory_info_aiv.json";
    const CorePairs one = pairCores(mixFolder("stale"), aiv);
    REQUIRE(one.pairs.size() == 1);
    CHECK(one.pairs[0] == std::pair{mixFolder("stale") + "/memory_info_aiv.json", aiv});
    CHECK(one.onlyInA == std::vector<std::string>{"memory_info_aic.json"});

    const CorePairs none = pairCores(mixFolder("stale"), mixFolder("no_such_folder"));
    CHECK(none.pairs.empty());
    CHECK(none.onlyInA.size() == 2);
}
