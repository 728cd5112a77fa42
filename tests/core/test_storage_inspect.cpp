// `memlens inspect` and blocks.csv carry the storage truth (issue 10).
#include "core/cli/command_line.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/cli/report_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace memlens;

namespace {

struct Inspected {
    int status = -1;
    nlohmann::json json;
};

Inspected inspectPath(const std::string& path, std::vector<std::string> extra = {})
{
    std::vector<std::string> args{"inspect", path};
    args.insert(args.end(), extra.begin(), extra.end());
    std::ostringstream out;
    std::ostringstream err;
    Inspected run;
    run.status = runInspect(parseCommandLine(args), out, err);
    INFO(err.str());
    run.json = nlohmann::json::parse(out.str());
    return run;
}

} // namespace

TEST_CASE("inspect: the in-place example peaks at 5120 live bytes and fits 6 KB", "[inspect][storage]")
{
    const Inspected run
        = inspectPath(memlens::test::data("dumps/in_place_triple.json").string(), {"--capacity", "6KB"});
    CHECK(run.status == 0);
    const auto& scope = run.json["scopes"].at(0);
    CHECK(scope["peak_live_bytes"] == 5120);
    CHECK(scope["peak_live_at"] == 2);
    CHECK(scope["overflow"] == false);
    std::vector<int> storages;
    for (const auto& block : scope["blocks"])
        storages.push_back(block["storage"]);
    CHECK(storages == std::vector<int>{0, 1, 1, 1});
    CHECK(scope["overlaps"] == nlohmann::json::array());
    CHECK(scope["fragmentation"]
        == nlohmann::json::parse(
            R"({"at": 2, "high_address_bytes": 5120, "live_bytes": 5120, "hole_bytes": 0, "largest_hole": null})"));
}

TEST_CASE("inspect: overlaps list (id, copy) pairs with Life and address intersections", "[inspect][storage]")
{
    const Inspected run = inspectPath(memlens::test::data("dumps/overlaps_and_holes.json").string());
    const auto& scope = run.json["scopes"].at(0);
    CHECK(scope["overlaps"] == nlohmann::json::parse(R"([
        {"a": [0, 0], "b": [1, 0], "from_op": 4, "to_op": 6, "bytes": 512},
        {"a": [0, 0], "b": [3, 0], "from_op": 1, "to_op": 3, "bytes": 1024}])"));
    CHECK(scope["fragmentation"]
        == nlohmann::json::parse(
            R"({"at": 2, "high_address_bytes": 3328, "live_bytes": 1280, "hole_bytes": 2048, "largest_hole": [1024, 3072]})"));
    CHECK(scope["peak_live_bytes"] == 1792);
}

TEST_CASE("inspect: multi-buffer copies in place share storages copy by copy", "[inspect][storage]")
{
    const Inspected run = inspectPath(memlens::test::data("dumps/in_place_multibuffer.json").string());
    const auto& blocks = run.json["scopes"].at(0)["blocks"];
    REQUIRE(blocks.size() == 5);
    CHECK(blocks[0]["storage"] == blocks[2]["storage"]); // %a copy 0, %b copy 0
    CHECK(blocks[1]["storage"] == blocks[3]["storage"]); // %a copy 1, %b copy 1
    CHECK(blocks[0]["storage"] != blocks[1]["storage"]);
    CHECK(blocks[4]["storage"] == 2);
}

TEST_CASE(
    "inspect: the bundled 8192 example reports the 32 KB hole under its top at op 27", "[inspect][storage][example]")
{
    // xf is placed at 163840, above the zero splat (131072) and diff's storage (98304), which is
    // not live yet at op 27: the plan reaches the capacity with 32 KB free below its top.
    const std::string dump
        = (memlens::test::sourceDir() / "resources/examples/layer_norm/block8192/memory_info_aiv.json").string();
    const Inspected run = inspectPath(dump);
    const auto& scope = run.json["scopes"].at(0);
    CHECK(scope["fragmentation"]
        == nlohmann::json::parse(
            R"({"at": 27, "high_address_bytes": 196608, "live_bytes": 163840, "hole_bytes": 32768, "largest_hole": [98304, 131072]})"));
    CHECK(scope["overlaps"].empty());
    // At 16384 the top of the plan is all demand.
    const Inspected overflow = inspectPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string());
    CHECK(overflow.json["scopes"].at(0)["fragmentation"]["hole_bytes"] == 0);
}

TEST_CASE("blocks.csv ends every row with the block's storage", "[csv][storage]")
{
    const PlanDocument document = loadPlanDocument(memlens::test::data("dumps/in_place_triple.json").string(), {});
    const std::string csv = blocksCsv(document);
    CHECK(csv.find(",name,storage\r\n") != std::string::npos);
    // Python lines come from the locations (the file is not here, so no IR and no name).
    CHECK(csv.find("in_place.py\"\":10:11)\",,,in_place.py,10,,0\r\n") != std::string::npos);
    CHECK(csv.find("in_place.py\"\":14:8)\",,,in_place.py,14,,1\r\n") != std::string::npos);
}

TEST_CASE("summary.md names the holes at the peak address and lists overlaps", "[report][storage]")
{
    const PlanDocument damaged = loadPlanDocument(memlens::test::data("dumps/overlaps_and_holes.json").string(), {});
    const std::string summary = summaryMarkdown(damaged, "");
    CHECK(summary.find("| Holes at peak address | 2 KB at op 2 (1.3 KB live below 3.3 KB), largest [1024, 3072) |")
        != std::string::npos);
    CHECK(summary.find("**Warning: 2 overlap(s)**") != std::string::npos);
    CHECK(summary.find("| `%p` copy 1 | `%q` copy 1 | [4, 6] | 512 B |") != std::string::npos);
    CHECK(summary.find("| Blocks | 5 (5 buffers, 5 storages) |") != std::string::npos);

    const PlanDocument fits = loadPlanDocument(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block8192/memory_info_aiv.json").string(), {});
    CHECK(summaryMarkdown(fits, "").find(
              "| Holes at peak address | 32 KB at op 27 (160 KB live below 192 KB), largest [98304, 131072) |")
        != std::string::npos);
    const PlanDocument example = loadPlanDocument(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string(), {});
    const std::string overflow = summaryMarkdown(example, "");
    CHECK(overflow.find("| Holes at peak address | 0 B at op 41 (321 KB live below 321 KB); **demand**")
        != std::string::npos);
    CHECK(overflow.find("overlap") == std::string::npos);
}
