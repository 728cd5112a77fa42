// The plan page's data (core/cli/plan_page): script-safe JSON, only the source lines the page shows,
// and the blocks it leaves out of a plan too large to hold whole.
#include "core/cli/plan_page.hpp"
#include "core/cli/plan_page_template.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace memlens;

TEST_CASE("page JSON escapes what could close the script element or end a line in script", "[plan_page][hostile]")
{
    std::string out;
    appendScriptSafeJson(out, "{\"k\":\"</script><img src=x onerror=alert(1)> & \xe2\x80\xa8 \xe2\x80\xa9\"}");
    CHECK(out == "{\"k\":\"\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e \\u0026 \\u2028 \\u2029\"}");
    // Still the same JSON.
    CHECK(nlohmann::json::parse(out)["k"] == "</script><img src=x onerror=alert(1)> & \xe2\x80\xa8 \xe2\x80\xa9");
}

TEST_CASE("the hostile fixture's page holds its strings only as escaped data", "[plan_page][hostile]")
{
    const auto document = test::loadFixture("html/hostile/memory_info_aiv.json");
    std::ostringstream page;
    writePlanPage(page, *document);
    const std::string html = page.str();
    REQUIRE(html.rfind(planPageBeforeData(), 0) == 0);
    const std::string data = html.substr(
        planPageBeforeData().size(), html.size() - planPageBeforeData().size() - planPageAfterData().size());
    CHECK(data.find('<') == std::string::npos);
    CHECK(data.find('>') == std::string::npos);
    CHECK(data.find('&') == std::string::npos);
    const auto json = nlohmann::json::parse(data);
    CHECK(json["title"] == "</script><img src=x onerror=alert(1)>");
    CHECK(json["documents"][0]["scopes"][0]["buffers"]["name"].size() == 2);
}

TEST_CASE("the page embeds only the lines around each block's IR and Python line", "[plan_page]")
{
    const auto document
        = test::loadPath(MEMLENS_SOURCE_DIR "/resources/examples/layer_norm/block16384/memory_info_aiv.json");
    const auto json = nlohmann::json::parse(planPageJson(*document));
    const auto& doc = json["documents"][0];
    const auto& scope = doc["scopes"][0];
    CHECK(scope["blocks"]["start"].size() == 17);
    CHECK(scope["block_count"] == 17);
    // %alloc_3: IR line 83, Python line 55, both embedded with their neighbours and nothing far away.
    bool found = false;
    for (const auto& [file, lines] : doc["lines"].items()) {
        if (file.ends_with("layer_norm.py")) {
            CHECK(lines.contains("55"));
            CHECK(lines["55"].get<std::string>().find("xf = x.to(tl.float32)") != std::string::npos);
            // Its neighbours, kPlanPageContextLines each side, for the details' context.
            CHECK(lines.contains(std::to_string(55 - kPlanPageContextLines)));
            CHECK(lines.contains(std::to_string(55 + kPlanPageContextLines)));
            CHECK(kPlanPageContextLines == 3);
            CHECK_FALSE(lines.contains("1"));
            found = true;
        }
        if (file.ends_with(".ttadapter")) {
            CHECK(lines.contains("83"));
            CHECK(lines.contains("80"));
            CHECK(lines.contains("86"));
            CHECK(lines.size() < 17 * 7);
        }
    }
    CHECK(found);
}

TEST_CASE("a scope larger than the page's limit keeps the blocks above capacity and the largest", "[plan_page]")
{
    const auto document
        = test::loadPath(MEMLENS_SOURCE_DIR "/resources/examples/layer_norm/block16384/memory_info_aiv.json");
    const auto json = nlohmann::json::parse(planPageJson(*document, 6));
    const auto& scope = json["documents"][0]["scopes"][0];
    CHECK(scope["block_count"] == 17);
    REQUIRE(scope["blocks"]["flags"].size() == 6);
    int above = 0;
    for (const auto& flags : scope["blocks"]["flags"])
        above += (flags.get<int>() & 2) == 2 ? 1 : 0;
    CHECK(above == 5); // the five blocks above capacity, and the largest of the rest
}

TEST_CASE("buffer names are written as the JSON library writes them, made script-safe", "[plan_page][hostile]")
{
    // The names column is written straight, without a tree (issue 67): quotes, backslashes, the
    // script-safe characters, control characters, UTF-8 and U+2028 as the library and
    // appendScriptSafeJson wrote them before.
    const std::vector<std::string> names
        = {"%plain_1", "%q\"uote", "%back\\slash", "%a<b>&c", "%ctl\x01x", "%caf\xc3\xa9", "%line\xe2\x80\xa8sep"};
    nlohmann::json buffers = nlohmann::json::array();
    for (std::size_t i = 0; i < names.size(); ++i)
        buffers.push_back({{"buffer", names[i] + " = memref.alloc() : memref<16xf16, #hivm.address_space<ub>>"},
            {"offset", {64 * i}}, {"extent", 256}, {"alloc_time_in_ir", 1}, {"life_time_in_ir", {1, 2}},
            {"source_location", "loc(unknown)"}, {"is_tmpbuf", false}});
    const nlohmann::json dump = {{"Header", {{"KernelName", "k"}}},
        {"Record", {{{"scope", "ub"}, {"status", "success"}, {"error_info", ""}, {"memory_info_array", buffers}}}}};
    const test::TempDir dir;
    const std::string file = (dir.path / "memory_info_aiv.json").string();
    std::ofstream(file) << dump.dump();
    const auto document = test::loadPath(file);
    const std::string data = planPageJson(*document);
    const auto json = nlohmann::json::parse(data);
    const nlohmann::ordered_json written = json["documents"][0]["scopes"][0]["buffers"]["name"];
    REQUIRE(written.size() == names.size());
    std::string expected = ",\"name\":";
    appendScriptSafeJson(expected, written.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
    CHECK(data.find(expected) != std::string::npos);
    for (const std::string& name : names) {
        INFO(name);
        CHECK(std::find(written.begin(), written.end(), name) != written.end());
    }
}

TEST_CASE("each distinct source's entry is the text the JSON library writes for it", "[plan_page][hostile]")
{
    // The entries are written straight (issue 67); read back and dumped by the library, each must
    // come out the same: IR and Python lines, frame names, notes, hostile texts.
    for (const auto& document : {test::loadFixture("html/hostile/memory_info_aiv.json"),
             test::loadPath(MEMLENS_SOURCE_DIR "/resources/examples/layer_norm/block16384/memory_info_aiv.json")}) {
        const std::string data = planPageJson(*document);
        const auto page = nlohmann::ordered_json::parse(data);
        const nlohmann::ordered_json& sources = page["documents"][0]["sources"];
        REQUIRE(!sources.empty());
        std::string expected = "\"sources\":";
        appendScriptSafeJson(expected, sources.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
        CHECK(data.find(expected) != std::string::npos);
    }
}
