// Conformance with real compiler output in ../shared/samples.
#include "core/cli/command_line.hpp"
#include "core/cli/inspect_command.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace memlens;
using memlens::test::sample;

namespace {

struct InspectRun {
    int exitStatus = -1;
    nlohmann::json output;
    std::string errors;
};

InspectRun inspect(std::vector<std::string> args)
{
    args.insert(args.begin(), "inspect");
    std::ostringstream out;
    std::ostringstream err;
    InspectRun run;
    run.exitStatus = runInspect(parseCommandLine(args), out, err);
    run.errors = err.str();
    if (!out.str().empty())
        run.output = nlohmann::json::parse(out.str());
    return run;
}

} // namespace

TEST_CASE("inspect of the real success dump: two 32 B blocks, capacity from the target, fits", "[inspect][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const std::string dump = sample("fake_attn_fwd/memory_info_aiv.json").string();
    const InspectRun run = inspect({dump, "--ir", sample("fake_attn_fwd/fake_attn_fwd.ttadapter").string()});
    REQUIRE(run.exitStatus == 0);
    CHECK(run.output["kernel"] == "_attn_fwd");
    CHECK(run.output["core"] == "aiv");
    const auto& scope = run.output["scopes"].at(0);
    CHECK(scope["scope"] == "ub");
    CHECK(scope["status"] == "success");
    CHECK(scope["capacity_bytes"] == 196608);
    CHECK(scope["capacity_source"] == "target");
    CHECK(scope["overflow"] == false);
    CHECK(scope["first_overflow_at"].is_null());
    const auto& blocks = scope["blocks"];
    REQUIRE(blocks.size() == 2);
    CHECK(blocks[0]["size"] == 32);
    CHECK(blocks[0]["offset"] == 0);
    CHECK(blocks[0]["start"] == 3);
    CHECK(blocks[0]["end"] == 6);
    CHECK(blocks[0]["buffer"] == "%alloc");
    CHECK(blocks[1]["size"] == 32);
    CHECK(blocks[1]["offset"] == 32);
    CHECK(blocks[1]["start"] == 4);
    CHECK(blocks[1]["end"] == 5);
    CHECK(blocks[1]["id"] == 1);
    CHECK(blocks[1]["copy"] == 0);
}

TEST_CASE("inspect of the real overflow dump: fail, 192 KB from error_info, the second block over, exit 3",
    "[inspect][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const InspectRun run = inspect({sample("fake_attn_fwd_overflow/memory_info_aiv.json").string()});
    REQUIRE(run.exitStatus == 3);
    const auto& scope = run.output["scopes"].at(0);
    CHECK(scope["status"] == "fail");
    CHECK(scope["capacity_bytes"] == 196608);
    CHECK(scope["capacity_source"] == "error_info");
    CHECK(scope["peak_address_bytes"] == 262144);
    CHECK(scope["peak_live_bytes"] == 262144);
    CHECK(scope["peak_live_at"] == 4);
    CHECK(scope["first_overflow_at"] == 4);
    CHECK(scope["overflow"] == true);
    CHECK_THAT(scope["error"].get<std::string>(),
        Catch::StartsWith("ub overflow, requires 2097152 bits while 1572864 bits available!"));
    const auto& blocks = scope["blocks"];
    REQUIRE(blocks.size() == 2);
    CHECK(blocks[0]["size"] == 131072);
    CHECK(blocks[0]["offset"] == 0);
    CHECK(blocks[0]["over_capacity"] == false);
    CHECK(blocks[1]["size"] == 131072);
    CHECK(blocks[1]["offset"] == 131072);
    CHECK(blocks[1]["over_capacity"] == true);
}

TEST_CASE("inspect honours --capacity and --scope", "[inspect][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const std::string dump = sample("fake_attn_fwd_overflow/memory_info_aiv.json").string();
    const InspectRun roomy = inspect({dump, "--capacity", "512K", "--scope", "ub"});
    CHECK(roomy.exitStatus == 0);
    CHECK(roomy.output["scopes"][0]["capacity_bytes"] == 524288);
    CHECK(roomy.output["scopes"][0]["capacity_source"] == "setting");

    const InspectRun wrongScope = inspect({dump, "--scope", "cc"});
    CHECK(wrongScope.exitStatus == 2);
    CHECK_THAT(
        wrongScope.errors, Catch::Contains("memlens: " + dump + ": Record: no memory scope \"cc\" (the dump has: ub)"));
    CHECK(wrongScope.output.is_null());
}
