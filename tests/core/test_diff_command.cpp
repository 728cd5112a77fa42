// `memlens diff A B`: options, exit status, the JSON contract and the tables.
#include "core/cli/command_line.hpp"
#include "core/cli/diff_command.hpp"
#include "core/diff/diff_report.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace memlens;

namespace {

std::string examplePath(const std::string& folder)
{
    return (test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string();
}

struct Ran {
    int status;
    std::string out;
    std::string err;
};

Ran runDiffWith(std::vector<std::string> args)
{
    args.insert(args.begin(), "diff");
    const CommandLine commandLine = parseCommandLine(args);
    REQUIRE(commandLine.command == Command::Diff);
    std::ostringstream out;
    std::ostringstream err;
    const int status = runDiff(commandLine.diff, out, err);
    return {status, out.str(), err.str()};
}

} // namespace

TEST_CASE("diff options: formats, one IR per side, shared capacity", "[diff_command]")
{
    const CommandLine parsed = parseCommandLine({"diff", "a.json", "b.json", "--format", "json", "--ir-a",
        "a.ttadapter", "--ir-b", "b.ttadapter", "--capacity", "192K", "--scope", "ub", "--source-dir", "/src"});
    REQUIRE(parsed.command == Command::Diff);
    const DiffCommandLine& diff = parsed.diff;
    CHECK(diff.dumpA == "a.json");
    CHECK(diff.dumpB == "b.json");
    CHECK(diff.format == DiffFormat::Json);
    CHECK(diff.loadA.irFile == "a.ttadapter");
    CHECK(diff.loadA.irRequired);
    CHECK(diff.loadB.irFile == "b.ttadapter");
    CHECK(diff.scope == std::optional<std::string>("ub"));
    CHECK(diff.loadA.capacity.settingFor("ub") == std::optional<std::uint64_t>(196608));
    CHECK(diff.loadB.capacity.settingFor("ub") == std::optional<std::uint64_t>(196608));
    CHECK(diff.loadB.sourceDirs == std::vector<std::string>{"/src"});
    CHECK(parseCommandLine({"diff", "a", "b", "--format", "md"}).diff.format == DiffFormat::Markdown);
    CHECK(parseCommandLine({"diff", "a", "b"}).diff.format == DiffFormat::Text);
    CHECK(parseCommandLine({"diff", "--help"}).command == Command::Help);
    CHECK(parseCommandLine({"diff", "--help"}).helpFor == Command::Diff);
    CHECK_THAT(usageText(Command::Diff), Catch::Contains("Exit status: 0 B fits, 3 B overflows"));

    CHECK_THROWS_WITH(parseCommandLine({"diff", "a.json"}), Catch::Contains("diff needs two dumps"));
    CHECK_THROWS_WITH(parseCommandLine({"diff", "a", "b", "c"}), Catch::Contains("unexpected argument \"c\""));
    CHECK_THROWS_WITH(
        parseCommandLine({"diff", "a", "b", "--format", "html"}), Catch::Contains("expected text, md or json"));
    CHECK_THROWS_WITH(parseCommandLine({"diff", "a", "b", "--ir", "x"}), Catch::Contains("--ir-a and --ir-b"));
    CHECK_THROWS_WITH(parseCommandLine({"diff", "a", "b", "--capacity", "lots"}), Catch::Contains("--capacity"));
}

TEST_CASE("the window takes a second dump to compare with", "[diff_command]")
{
    const CommandLine parsed = parseCommandLine({"a.json", "b.json"});
    CHECK(parsed.command == Command::Window);
    CHECK(parsed.dump == "a.json");
    CHECK(parsed.compareWith == "b.json");
    CHECK_THROWS(parseCommandLine({"a.json", "b.json", "c.json"}));
}

TEST_CASE("diff of the bundled pair: exit 3 toward 16384, 0 toward 8192", "[diff_command]")
{
    const Ran grow = runDiffWith({examplePath("block8192"), examplePath("block16384"), "--format", "json"});
    INFO(grow.err);
    CHECK(grow.status == kExitOverflow);
    CHECK(grow.err.empty());
    const auto json = nlohmann::json::parse(grow.out);
    CHECK(json["a"]["file"] == examplePath("block8192"));
    CHECK(json["b"]["kernel"] == "_layer_norm_fwd_fused");
    REQUIRE(json["scopes"].size() == 1);
    const auto& ub = json["scopes"][0];
    CHECK(ub["scope"] == "ub");
    CHECK(ub["a"]["peak_address_bytes"] == 196608);
    CHECK(ub["b"]["peak_address_bytes"] == 328736);
    CHECK(ub["a"]["capacity_bytes"] == 196608);
    CHECK(ub["b"]["capacity_bytes"] == 196608);
    CHECK(ub["a"]["overflow"] == false);
    CHECK(ub["b"]["overflow"] == true);
    CHECK(ub["a"].contains("peak_live_bytes"));
    REQUIRE(ub["buffers"].size() == 14);
    int doubled = 0;
    for (const auto& row : ub["buffers"]) {
        for (const char* key : {"id", "buffer", "size", "copies", "start", "end", "python"}) {
            CHECK(row["a"].contains(key));
            CHECK(row["b"].contains(key));
        }
        CHECK(row["matched_by"] == "python");
        CHECK(row["a"]["buffer"] == row["b"]["buffer"]);
        CHECK(row["a"]["python"]["line"] == row["b"]["python"]["line"]);
        const double ratio = row["size_ratio"];
        CHECK(ratio == Approx(row["b"]["size"].get<double>() / row["a"]["size"].get<double>()));
        if (ratio == 2.0) {
            ++doubled;
            // The reductions' scratch sits in x's double buffer at 8192 (two slots), alone at 16384.
            CHECK(row["change"] == (row["a"]["copies"] == row["b"]["copies"] ? "grown" : "moved"));
        } else {
            CHECK(ratio == 1.0);
            CHECK(row["change"] == "moved");
        }
    }
    CHECK(doubled == 12);

    const Ran shrink = runDiffWith({examplePath("block16384"), examplePath("block8192")});
    CHECK(shrink.status == kExitFits);
    CHECK_THAT(shrink.out, Catch::Contains("A: block16384/memory_info_aiv.json  (_layer_norm_fwd_fused)"));
    CHECK_THAT(shrink.out, Catch::Contains("ub: A overflows, B fits"));
    CHECK_THAT(shrink.out, Catch::Contains("peak address  321 KB \u2192 192 KB (\u00d70.6)"));
    CHECK_THAT(shrink.out, Catch::Contains("10 shrunk, 4 moved"));
}

TEST_CASE("diff text and Markdown list every buffer with its ratio", "[diff_command]")
{
    const Ran text = runDiffWith({examplePath("block8192"), examplePath("block16384")});
    CHECK_THAT(text.out, Catch::Contains("peak address  192 KB \u2192 321 KB (\u00d71.67)"));
    int rowsDoubled = 0;
    std::istringstream lines(text.out);
    for (std::string line; std::getline(lines, line);)
        rowsDoubled += line.find(" \u00d72 ") != std::string::npos && line.find("grown") != std::string::npos ? 1 : 0;
    CHECK(rowsDoubled == 10); // and the two scratch buffers, which lose a slot: "moved"
    CHECK_THAT(text.out, Catch::Contains("%alloc_3"));
    CHECK_THAT(text.out, Catch::Contains("layer_norm.py:55 \"xf\""));

    const Ran md = runDiffWith({examplePath("block8192"), examplePath("block16384"), "--format", "md"});
    CHECK_THAT(md.out, Catch::Contains("## `ub`: A fits, B overflows"));
    CHECK_THAT(md.out, Catch::Contains("| buffer | python | size A | size B | ratio |"));
    CHECK_THAT(md.out,
        Catch::Contains("| `%alloc_3` | layer_norm.py:55 \"xf\" | 32 KB | 64 KB | \u00d72 | 1 | \\[27, 41\\] | "
                        "\\[27, 41\\] | 163840 | 262144 | grown | python |"));
}

TEST_CASE("diff of the real samples: each buffer 4096 times larger", "[diff_command][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const Ran ran = runDiffWith({test::sample("fake_attn_fwd/memory_info_aiv.json").string(),
        test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string(), "--format", "json"});
    INFO(ran.err);
    CHECK(ran.status == kExitOverflow);
    const auto json = nlohmann::json::parse(ran.out);
    const auto& buffers = json["scopes"][0]["buffers"];
    REQUIRE(buffers.size() == 2);
    for (const auto& row : buffers) {
        CHECK(row["size_ratio"] == 4096.0);
        CHECK(row["matched_by"] == "ssa");
        CHECK(row["a"]["size"] == 32);
        CHECK(row["b"]["size"] == 131072);
    }
    CHECK(json["scopes"][0]["b"]["peak_address_bytes"] == 262144);
}

TEST_CASE("diff of a bad second file exits 2 and names it", "[diff_command]")
{
    const std::string bad = test::data("dumps/bad/inverted_life.json").string();
    const Ran ran = runDiffWith({examplePath("block8192"), bad});
    CHECK(ran.status == kExitBadInput);
    CHECK(ran.out.empty());
    CHECK_THAT(ran.err, Catch::StartsWith("memlens: " + bad + ": Record[0].memory_info_array[1].life_time_in_ir"));

    const Ran missing = runDiffWith({examplePath("block8192"), "/nonexistent/memory_info_aiv.json"});
    CHECK(missing.status == kExitBadInput);
    CHECK_THAT(missing.err, Catch::Contains("/nonexistent/memory_info_aiv.json"));

    const Ran scope = runDiffWith({examplePath("block8192"), examplePath("block16384"), "--scope", "cc"});
    CHECK(scope.status == kExitBadInput);
    CHECK_THAT(scope.err, Catch::Contains("no memory scope \"cc\""));
}

TEST_CASE("size ratios read short", "[diff_command]")
{
    CHECK(formatRatio(2.0) == "\u00d72");
    CHECK(formatRatio(4096.0) == "\u00d74096");
    CHECK(formatRatio(0.5) == "\u00d70.5");
    CHECK(formatRatio(4.0 / 3.0) == "\u00d71.33");
    CHECK(formatRatio(1.0 / 4096.0) == "\u00d70.000244");
}

TEST_CASE("diff names the capacity's source the same way in either order", "[diff_command][capacity]")
{
    const Ran forward = runDiffWith({examplePath("block8192"), examplePath("block16384")});
    const Ran backward = runDiffWith({examplePath("block16384"), examplePath("block8192")});
    const auto capacityLine = [](const std::string& text) {
        const std::size_t at = text.find("  capacity  ");
        return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
    };
    INFO(forward.out << "\n----\n" << backward.out);
    CHECK_FALSE(capacityLine(forward.out).empty());
    CHECK(capacityLine(forward.out) == capacityLine(backward.out));
    // The better-sourced of the two, as the guide says: the error message before the IR's target.
    CHECK(capacityLine(forward.out).find("from the error message") != std::string::npos);
}
