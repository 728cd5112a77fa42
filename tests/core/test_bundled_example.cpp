// The worked example that ships in resources/examples/layer_norm: its dumps
// point at Python, and every block must resolve to the line that allocated it.
#include "core/cli/command_line.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/cli/plan_command.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace memlens;

namespace {

std::filesystem::path exampleDir() { return memlens::test::sourceDir() / "resources/examples/layer_norm"; }

std::vector<std::string> pythonLines()
{
    std::ifstream in(exampleDir() / "layer_norm.py");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

struct Inspected {
    int status;
    nlohmann::json json;
};

Inspected inspectExample(const std::string& folder)
{
    std::ostringstream out;
    std::ostringstream err;
    const int status = runInspect(
        parseCommandLine({"inspect", (exampleDir() / folder / "memory_info_aiv.json").string()}), out, err);
    INFO(err.str());
    return {status, nlohmann::json::parse(out.str())};
}

// Every block names its IR line and a Python line of our kernel whose text
// really holds the allocating expression.
void checkEveryBlockResolves(const nlohmann::json& scope)
{
    const std::vector<std::string> source = pythonLines();
    REQUIRE(source.size() > 60);
    for (const auto& block : scope["blocks"]) {
        INFO("block " << block["id"] << " " << block["buffer"]);
        REQUIRE(block["ir"].is_object());
        CHECK(block["ir"]["file"].get<std::string>().find("_layer_norm_fwd_fused.ttadapter") != std::string::npos);
        REQUIRE(block["python"].is_object());
        CHECK(block["python"]["file"] == (exampleDir() / "layer_norm.py").string());
        const int line = block["python"]["line"];
        REQUIRE(line >= 1);
        REQUIRE(line <= static_cast<int>(source.size()));
        const std::string& text = source[static_cast<std::size_t>(line - 1)];
        if (block["python"]["name"].is_string())
            CHECK(text.find(block["python"]["name"].get<std::string>() + " = ") != std::string::npos);
        else
            CHECK(text.find("tl.store(") != std::string::npos);
        CHECK((text.find("tl.") != std::string::npos || text.find(".to(") != std::string::npos
            || text.find(" * ") != std::string::npos));
    }
}

} // namespace

TEST_CASE("the bundled BLOCK_SIZE 16384 dump overflows 192 KB and every block resolves to our kernel", "[example]")
{
    const Inspected run = inspectExample("block16384");
    CHECK(run.status == 3);
    const auto& scope = run.json["scopes"].at(0);
    CHECK(scope["status"] == "fail");
    CHECK(scope["capacity_bytes"] == 196608);
    CHECK(scope["overflow"] == true);
    CHECK(
        run.json["ir_file"].get<std::string>().find("block16384/_layer_norm_fwd_fused.ttadapter") != std::string::npos);
    // The error text's "requires N bits" agrees with the plan.
    const std::string error = scope["error"];
    CHECK(error.find("requires " + std::to_string(scope["peak_address_bytes"].get<std::uint64_t>() * 8) + " bits")
        != std::string::npos);
    checkEveryBlockResolves(scope);
}

TEST_CASE("the bundled BLOCK_SIZE 8192 dump fits and every block resolves to our kernel", "[example]")
{
    const Inspected run = inspectExample("block8192");
    CHECK(run.status == 0);
    const auto& scope = run.json["scopes"].at(0);
    CHECK(scope["status"] == "success");
    CHECK(scope["capacity_bytes"] == 196608);
    CHECK(scope["capacity_source"] == "target");
    CHECK(scope["overflow"] == false);
    checkEveryBlockResolves(scope);
}

TEST_CASE("a reduction's buffer resolves through Triton's library to the user's line", "[example]")
{
    const Inspected run = inspectExample("block16384");
    for (const auto& block : run.json["scopes"][0]["blocks"]) {
        if (block["buffer"] != "%alloc_4")
            continue;
        CHECK(block["python"]["name"] == "row_sum");
        CHECK(block["python"]["line"] == 56);
        CHECK(block["ir"]["line"] == 89);
        return;
    }
    FAIL("no %alloc_4 in the dump");
}

TEST_CASE("the bundled dumps are what memlens plans from the folders' compile logs", "[example][planner]")
{
    for (const char* folder : {"block8192", "block16384"}) {
        INFO(folder);
        const auto out = std::filesystem::temp_directory_path() / ("memlens_example_plan_" + std::string(folder));
        std::filesystem::remove_all(out);
        std::ostringstream table;
        std::ostringstream err;
        const int status
            = runPlan(parsePlanCommandLine({(exampleDir() / folder / "compile.log").string(), "--out", out.string()}),
                table, err);
        INFO(err.str());
        CHECK(status == (std::string(folder) == "block16384" ? 3 : 0));
        std::ifstream planned(out / "memory_info_aiv.json");
        std::ifstream shipped(exampleDir() / folder / "memory_info_aiv.json");
        REQUIRE(planned);
        REQUIRE(shipped);
        CHECK(nlohmann::json::parse(planned) == nlohmann::json::parse(shipped));
        std::filesystem::remove_all(out);
    }
}

TEST_CASE("the bundled example's logs name every op of a Life, with its Python line", "[example][log]")
{
    const Inspected overflow = inspectExample("block16384");
    const auto& log = overflow.json["log"];
    REQUIRE(log.is_object());
    CHECK(std::filesystem::path(log["file"].get<std::string>()).filename() == "compile.log");
    CHECK(log["function"] == "_layer_norm_fwd_fused");
    CHECK(log["ops"] == 65);
    CHECK(log["outcome"] == "failed");
    CHECK(log["retries"].empty());
    const auto& ops = overflow.json["ops"];
    REQUIRE(ops.size() == 65);
    CHECK(ops[41]["op"] == "hivm.hir.vreduce <sum>");
    CHECK(ops[41]["python"]["line"] == 60);
    CHECK(ops[63]["op"] == "scf.for (end)");
    for (const auto& block : overflow.json["scopes"][0]["blocks"]) {
        INFO(block["buffer"]);
        CHECK(block["start_op"].is_string());
        CHECK(block["end_op"].is_string());
        if (block["buffer"] == "%alloc_3") {
            CHECK(block["start_op"] == "hivm.hir.vcast");
            CHECK(block["end_op"] == "hivm.hir.vreduce <sum>");
        }
    }
    // The compile that fitted printed no verdict with --mlir-print-ir-before: the outcome is unknown.
    const Inspected fits = inspectExample("block8192");
    REQUIRE(fits.json["log"].is_object());
    CHECK(fits.json["log"]["outcome"].is_null());
}
