#include "core/cli/command_line.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/cli/plan_command.hpp"
#include "core/cli/subcommands.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace memlens;

TEST_CASE("the command line reads every option of the contract", "[cli]")
{
    const CommandLine line = parseCommandLine({"report", "d.json", "--out", "r", "--ir", "k.ttadapter", "--scope", "ub",
        "--capacity", "192KiB", "--source-dir", "a", "--source-dir", "b", "--substitute", "/old=/new", "--verbose"});
    CHECK(line.command == Command::Report);
    CHECK(line.dump == "d.json");
    CHECK(line.outDir == "r");
    CHECK(line.load.irFile == "k.ttadapter");
    CHECK(line.scope == std::optional<std::string>("ub"));
    CHECK(line.load.capacity.settingFor("ub") == std::optional<std::uint64_t>(196608));
    CHECK(line.load.sourceDirs == std::vector<std::string>{"a", "b"});
    REQUIRE(line.load.substitutions.size() == 1);
    CHECK(line.load.substitutions[0].first == "/old");
    CHECK(line.load.substitutions[0].second == "/new");
    CHECK(line.verbose);
}

TEST_CASE("a capacity belongs to the scope named, or to every scope", "[cli]")
{
    const CommandLine everyScope = parseCommandLine({"inspect", "d.json", "--capacity", "192K"});
    CHECK(everyScope.load.capacity.settingFor("cbuf") == std::optional<std::uint64_t>(196608));
    const CommandLine oneScope = parseCommandLine({"inspect", "d.json", "--capacity", "192K", "--scope", "ub"});
    CHECK(oneScope.load.capacity.settingFor("ub") == std::optional<std::uint64_t>(196608));
    CHECK_FALSE(oneScope.load.capacity.settingFor("cbuf").has_value());
    const CommandLine perScope
        = parseCommandLine({"inspect", "d.json", "--capacity", "ub=192K", "--capacity", "cbuf=1M"});
    CHECK(perScope.load.capacity.settingFor("ub") == std::optional<std::uint64_t>(196608));
    CHECK(perScope.load.capacity.settingFor("cbuf") == std::optional<std::uint64_t>(1048576));
    CHECK_FALSE(perScope.load.capacity.settingFor("cc").has_value());
    CHECK_THROWS_WITH(parseCommandLine({"inspect", "d.json", "--capacity", "=5"}), Catch::Contains("SCOPE=SIZE"));
}

TEST_CASE("the command line without a command opens the window", "[cli]")
{
    CHECK(parseCommandLine({}).command == Command::Window);
    const CommandLine line = parseCommandLine({"memory_info_aiv.json"});
    CHECK(line.command == Command::Window);
    CHECK(line.dump == "memory_info_aiv.json");
}

TEST_CASE("help is per command", "[cli]")
{
    const CommandLine help = parseCommandLine({"report", "--help"});
    CHECK(help.command == Command::Help);
    CHECK(help.helpFor == Command::Report);
    CHECK_THAT(usageText(Command::Report), Catch::Contains("--out DIR"));
    CHECK_THAT(usageText(Command::Window), Catch::Contains("memlens inspect DUMP"));
}

TEST_CASE("each subcommand is found by its word, with its own help and its own options", "[cli]")
{
    for (const std::string name : {"inspect", "report", "explain", "watch", "diff", "plan"}) {
        INFO(name);
        const Subcommand* subcommand = findSubcommand(name);
        REQUIRE(subcommand);
        CHECK(subcommandOf(subcommand->command) == subcommand);
        CHECK_THAT(usageText(subcommand->command), Catch::StartsWith("Usage: memlens " + name + " "));
        const CommandLine help = parseCommandLine({name, "--help"});
        CHECK(help.command == Command::Help);
        CHECK(help.helpFor == subcommand->command);
    }
    CHECK_FALSE(findSubcommand("memory_info_aiv.json"));
    CHECK_FALSE(subcommandOf(Command::Window));
    CHECK(parseCommandLine({"memory_info_aiv.json"}).command == Command::Window);
    // An option is its command's only: --out belongs to report, --configs to explain, --keep to watch.
    CHECK(
        parseCommandLine({"explain", "d.json", "--configs", "--others", "o"}).others == std::vector<std::string>{"o"});
    CHECK_THROWS_WITH(parseCommandLine({"inspect", "d.json", "--out", "r"}), Catch::Contains("unknown option --out"));
    CHECK_THROWS_WITH(parseCommandLine({"report", "d.json", "--configs"}), Catch::Contains("unknown option --configs"));
    CHECK_THROWS_WITH(parseCommandLine({"explain", "d.json", "--keep", "k"}), Catch::Contains("unknown option --keep"));
}

TEST_CASE("usage mistakes are refused with a reason", "[cli]")
{
    CHECK_THROWS_WITH(parseCommandLine({"inspect"}), Catch::Contains("missing DUMP"));
    CHECK_THROWS_WITH(parseCommandLine({"report", "d.json"}), Catch::Contains("missing --out DIR"));
    CHECK_THROWS_WITH(
        parseCommandLine({"inspect", "d.json", "--capacity", "huge"}), Catch::Contains("--capacity: expected a size"));
    CHECK_THROWS_WITH(
        parseCommandLine({"inspect", "d.json", "--substitute", "nothing"}), Catch::Contains("expected FROM=TO"));
    CHECK_THROWS_WITH(
        parseCommandLine({"inspect", "d.json", "--frobnicate"}), Catch::Contains("unknown option --frobnicate"));
    CHECK_THROWS_WITH(parseCommandLine({"inspect", "a.json", "b.json"}), Catch::Contains("one dump at a time"));
    CHECK_THROWS_WITH(parseCommandLine({"inspect", "a.json", "--ir"}), Catch::Contains("--ir needs a value"));
}

TEST_CASE("inspect of a bad dump exits 2 with the message on stderr and nothing on stdout", "[cli]")
{
    std::ostringstream out;
    std::ostringstream err;
    const std::string dump = memlens::test::data("dumps/bad/extent_string.json").string();
    const int status = runInspect(parseCommandLine({"inspect", dump}), out, err);
    CHECK(status == 2);
    CHECK(out.str().empty());
    CHECK(err.str()
        == "memlens: " + dump
            + ": Record[0].memory_info_array[1].extent: expected an integer size in bits, found a string (\"256\")\n");
}

TEST_CASE("inspect exits 3 when the plan overflows although status says success", "[cli]")
{
    std::ostringstream out;
    std::ostringstream err;
    const int status = runInspect(
        parseCommandLine({"inspect", memlens::test::data("dumps/success_but_overflow.json").string()}), out, err);
    CHECK(status == 3);
    const auto json = nlohmann::json::parse(out.str());
    CHECK(json["scopes"][0]["status"] == "success");
    CHECK(json["scopes"][0]["overflow"] == true);
    CHECK(json["scopes"][0]["capacity_source"] == "default");
    CHECK(json["core"].is_null());
}

TEST_CASE("an --ir that cannot be read is bad input, not a silent loss of the source links", "[cli]")
{
    std::ostringstream out;
    std::ostringstream err;
    const std::string dump = memlens::test::data("dumps/flat_layout.json").string();
    CHECK(runInspect(parseCommandLine({"inspect", dump, "--ir", "/dev/zero"}), out, err) == 2);
    CHECK_THAT(err.str(), Catch::StartsWith("memlens: /dev/zero: cannot read the IR:"));
    CHECK(out.str().empty());
}

TEST_CASE("plan searches a bounded number of placements by default; --budget 0 lifts the bound", "[cli]")
{
    CHECK(parsePlanCommandLine({"k.mlir"}).budget == kPlanDefaultBudget);
    CHECK(kPlanDefaultBudget > 0);
    CHECK(parsePlanCommandLine({"k.mlir", "--budget", "0"}).budget == 0);
    CHECK_THAT(planUsageText(), Catch::Contains("default 5000000"));
}
