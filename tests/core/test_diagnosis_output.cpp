// Where the diagnosis shows outside the window: the inspect "diagnosis" object,
// `memlens explain` and the "Why it overflows" section of summary.md.
#include "core/cli/command_line.hpp"
#include "core/cli/explain_command.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/cli/report_files.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace memlens;

namespace {

struct Run {
    int status;
    std::string out;
    std::string err;
};

Run run(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const CommandLine commandLine = parseCommandLine(args);
    const int status = commandLine.command == Command::Explain ? runExplain(commandLine, out, err)
                                                               : runInspect(commandLine, out, err);
    return {status, out.str(), err.str()};
}

} // namespace

TEST_CASE("inspect gives every scope a diagnosis object with the contract's keys", "[diagnosis][inspect]")
{
    const Run inspected = run({"inspect", test::exampleDump("block16384")});
    REQUIRE(inspected.status == kExitOverflow);
    const auto json = nlohmann::json::parse(inspected.out);
    const auto& d = json["scopes"][0]["diagnosis"];
    CHECK(d["critical_op"] == 41);
    CHECK(d["required_bytes"] == 328736);
    CHECK(d["capacity_bytes"] == 196608);
    CHECK(d["short_bytes"] == 132128);
    CHECK(d["live_bytes"] == 328736);
    CHECK(d["hole_bytes"] == 0);
    CHECK(d["multi_buffer_bytes"] == 65536);
    CHECK(d["tmp_bytes"] == 1024);
    CHECK(d["cause"] == "demand");

    const auto& top = d["by_source"][0];
    CHECK(top["python"] == "layer_norm.py:58");
    CHECK(top["python_file"].get<std::string>().find("layer_norm.py") != std::string::npos);
    CHECK(top["ir_line"] == 46);
    CHECK(top["name"] == "diff");
    CHECK(top["bytes"] == 131072);
    CHECK(top["in_place_bytes"] == 0); // %alloc_6 holds its storage: the earliest of it in IR order
    CHECK(top["reused_in_place"] == nlohmann::json::parse(R"([{"buffer": "%alloc_6", "by": [":62", ":68"]}])"));
    // [id, copy] of %alloc (id 0) and %alloc_6 (id 9: the dump lists its storage's %alloc_12 and
    // %alloc_9 before it, and the copies' second records fold)
    CHECK(top["blocks"] == nlohmann::json::parse("[[0, 0], [9, 0]]"));
    const auto& w = d["by_source"][1];
    CHECK(w["python"] == "layer_norm.py:53");
    CHECK(w["blocks"] == nlohmann::json::parse("[[2, 0], [2, 1]]"));
    CHECK(w["multi_buffer_bytes"] == 32768);

    REQUIRE(d["levers"].size() == 2);
    CHECK(d["levers"][0]["kind"] == "single_buffer");
    CHECK(d["levers"][0]["dim"].is_null());
    CHECK(d["levers"][0]["to"].is_null());
    CHECK(d["levers"][0]["saves_bytes"] == 65536);
    CHECK(d["levers"][0]["fits"] == false);
    CHECK(d["levers"][1]["kind"] == "scale_dim");
    CHECK(d["levers"][1]["dim"] == 16384);
    CHECK(d["levers"][1]["to"] == 8192);
    CHECK(d["levers"][1]["fits"] == true);
    CHECK(d["largest_fitting"]["dim"] == 16384);
    CHECK(d["largest_fitting"]["value"] == 8192);
    CHECK(d["largest_fitting"]["predicted_required_bytes"] == d["levers"][1]["predicted_required_bytes"]);
}

TEST_CASE(
    "inspect of a fitting plan: no shortfall, the headroom and how far it would still fit", "[diagnosis][inspect]")
{
    const Run inspected = run({"inspect", test::exampleDump("block8192")});
    REQUIRE(inspected.status == kExitFits);
    const auto d = nlohmann::json::parse(inspected.out)["scopes"][0]["diagnosis"];
    CHECK(d["short_bytes"] == 0);
    CHECK(d["headroom_bytes"] == 0); // it fits exactly
    CHECK(d["cause"] == "fits");
    CHECK(d["largest_fitting"]["value"] == 8192);
}

TEST_CASE("inspect: largest_fitting is null when no dimension explains the bytes", "[diagnosis][inspect]")
{
    const Run inspected = run({"inspect", test::data("dumps/diagnosis/scalars.json").string()});
    const auto d = nlohmann::json::parse(inspected.out)["scopes"][0]["diagnosis"];
    CHECK(d["largest_fitting"].is_null());
    CHECK(d["levers"].empty());
    CHECK(d["by_source"][0]["python"] == "scalars.py:3");
}

TEST_CASE("explain prints the diagnosis as text and exits like inspect", "[diagnosis][explain]")
{
    const Run failed = run({"explain", test::exampleDump("block16384")});
    CHECK(failed.status == kExitOverflow);
    CHECK(failed.err.empty());
    CHECK_THAT(failed.out, Catch::Contains("short by 129 KB (132128 B)"));
    CHECK_THAT(failed.out, Catch::Contains("Critical op 41 (hivm.hir.vreduce <sum>, layer_norm.py:60)"));
    CHECK_THAT(failed.out, Catch::Contains("layer_norm.py:58"));
    CHECK_THAT(failed.out, Catch::Contains("%alloc, %alloc_6"));
    CHECK_THAT(failed.out, Catch::Contains("Extra multi-buffer copies 64 KB (65536 B), temporaries 1 KB (1024 B)"));
    CHECK_THAT(failed.out, Catch::Contains("single buffer (multibuffer=False)"));
    CHECK_THAT(failed.out, Catch::Contains("does not fit"));
    CHECK_THAT(
        failed.out, Catch::Contains("BLOCK_SIZE 16384 -> 8192 (layer_norm.py:45 `cols = tl.arange(0, BLOCK_SIZE)`)"));
    CHECK_THAT(failed.out, Catch::Contains("Largest BLOCK_SIZE (today 16384) that fits: 8192"));
    // The compile log beside it is the planner's IR and memlens's plan of it is the dump's: re-planned.
    CHECK_THAT(failed.out, Catch::Contains("Fit map, re-planned (capacity 192 KB)"));
    CHECK_THAT(failed.out, !Catch::Contains("Predicted, not re-planned"));
    // The footer speaks for re-planned rows: no prediction method under them.
    CHECK_THAT(failed.out, Catch::Contains("Re-planned: memlens's planner plans the planner's IR again"));
    CHECK_THAT(failed.out, !Catch::Contains("Predictions scale every buffer"));
    CHECK_THAT(
        failed.out, Catch::Contains("Planner check: memlens plans this dump identically (14 buffers); planned from "));

    const Run fits = run({"explain", test::exampleDump("block8192")});
    CHECK(fits.status == kExitFits);
    CHECK_THAT(fits.out, Catch::Contains("headroom"));
    CHECK_THAT(fits.out, Catch::Contains("Largest BLOCK_SIZE (today 8192) that fits: 8192"));

    const Run placement = run({"explain", test::data("dumps/diagnosis/holes.json").string(), "--capacity", "64K"});
    CHECK(placement.status == kExitOverflow);
    CHECK_THAT(placement.out, Catch::Contains("plan_memory_strategy=\"largest-first\""));

    const Run bad = run({"explain", test::data("dumps/bad/inverted_life.json").string()});
    CHECK(bad.status == kExitBadInput);
    CHECK(bad.out.empty());
    CHECK_THAT(bad.err, Catch::Contains("inverted Life"));

    const Run noScope = run({"explain", test::exampleDump("block16384"), "--scope", "cbuf"});
    CHECK(noScope.status == kExitBadInput);
    CHECK_THAT(noScope.err, Catch::Contains("no memory scope \"cbuf\""));
}

TEST_CASE("explain has its own help", "[diagnosis][explain]")
{
    const CommandLine help = parseCommandLine({"explain", "--help"});
    CHECK(help.command == Command::Help);
    CHECK(help.helpFor == Command::Explain);
    CHECK_THAT(usageText(Command::Explain), Catch::Contains("memlens explain DUMP"));
    CHECK_THAT(usageText(Command::Window), Catch::Contains("memlens explain DUMP"));
    CHECK_THROWS_AS(parseCommandLine({"explain"}), CommandLineError);
}

TEST_CASE("summary.md explains why a scope overflows", "[diagnosis][report]")
{
    const auto failed = test::loadPath(test::exampleDump("block16384"));
    const std::string summary = summaryMarkdown(*failed, "chart.png");
    CHECK_THAT(summary, Catch::Contains("### Why it overflows"));
    CHECK_THAT(summary, Catch::Contains("Critical op **41** (hivm.hir.vreduce &lt;sum&gt;, layer_norm.py:60)"));
    CHECK_THAT(summary,
        Catch::Contains("| layer_norm.py:58 | diff | `%alloc, %alloc_6`; `%alloc_6` reused in place by :62 and :68 | "
                        "128 KB | 40% |"));
    CHECK_THAT(
        summary, Catch::Contains("| BLOCK_SIZE 16384 -> 8192 (layer_norm.py:45 `cols = tl.arange(0, BLOCK_SIZE)`) |"));
    CHECK_THAT(summary, Catch::Contains("#### Fit map"));
    CHECK_THAT(summary, Catch::Contains("| BLOCK_SIZE | needs |"));
    // The legend names the marks the tables use (today's cell in bold, ★ the frontier, ✗ does not fit).
    CHECK_THAT(summary,
        Catch::Contains("Fit map, re-planned (capacity 192 KB): **bold** today's config, ★ the largest that fit (the "
                        "frontier), ✗ does not fit."));
    CHECK_THAT(summary, !Catch::Contains("[..] today's config"));
    CHECK_THAT(summary, Catch::Contains("**321 KB** ✗"));
    CHECK_THAT(summary, Catch::Contains("192 KB ★"));
    // Before the table of blocks above capacity.
    CHECK(summary.find("### Why it overflows") < summary.find("### Blocks above capacity"));

    const auto fits = test::loadPath(test::exampleDump("block8192"));
    const std::string fitting = summaryMarkdown(*fits, "chart.png");
    CHECK(fitting.find("### Why it overflows") == std::string::npos);
    CHECK_THAT(fitting, Catch::Contains("### Headroom"));
}
