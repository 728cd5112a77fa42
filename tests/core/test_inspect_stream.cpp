// `inspect` streams its JSON block by block; the text is byte for byte what the
// whole JSON tree dumps (the inspect keys and layout are a contract).
#include "core/cli/inspect_json.hpp"
#include "core/document/plan_document.hpp"
#include "support/inspect_tree.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace memlens;
using memlens::test::inspectJson;

namespace {

std::string treeText(const PlanDocument& document, const std::optional<std::string>& scope)
{
    return inspectJson(document, scope).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string streamedText(const PlanDocument& document, const std::optional<std::string>& scope,
    std::size_t diagnosisApartFrom = kDiagnosisApartFromBlocks)
{
    std::ostringstream out;
    writeInspectJson(out, document, scope, diagnosisApartFrom);
    return out.str();
}

PlanDocument load(const std::filesystem::path& dump, const std::string& ir = {})
{
    LoadOptions options;
    options.searchTritonCache = false;
    options.irFile = ir;
    return loadPlanDocument(dump.string(), options);
}

void checkSame(const PlanDocument& document)
{
    CHECK(streamedText(document, std::nullopt) == treeText(document, std::nullopt));
    // The diagnosis worked out on a second thread while the blocks are written (big scopes).
    CHECK(streamedText(document, std::nullopt, 0) == treeText(document, std::nullopt));
    for (const ScopePlan& scope : document.dump.scopes)
        CHECK(streamedText(document, scope.scope) == treeText(document, scope.scope));
    CHECK(streamedText(document, "nothing") == treeText(document, "nothing")); // no scope: "scopes": []
}

} // namespace

TEST_CASE("the streamed inspect JSON is the tree's text byte for byte on every test dump", "[inspect][stream]")
{
    std::size_t checked = 0;
    for (const auto& file : test::testDumpFiles()) {
        if (file.extension() != ".json" || file.parent_path().filename() == "bad")
            continue;
        INFO(file.string());
        checkSame(load(file));
        ++checked;
    }
    CHECK(checked >= 10);
}

TEST_CASE(
    "the streamed inspect JSON is the tree's text byte for byte on the real samples", "[inspect][stream][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    checkSame(load(test::sample("fake_attn_fwd/memory_info_aiv.json"),
        test::sample("fake_attn_fwd/fake_attn_fwd.ttadapter").string()));
    checkSame(load(test::sample("fake_attn_fwd_overflow/memory_info_aiv.json"),
        test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter").string()));
    checkSame(load(test::sample("fake_attn_fwd/memory_info_aiv.json"))); // IR not given
}

TEST_CASE("inspect says how many overlaps there are when it lists only the first ones", "[inspect][stream]")
{
    PlanDocument document = load(test::data("dumps/many_overlaps.json"));
    REQUIRE_FALSE(document.analyses.at(0).overlaps.empty());
    CHECK(inspectJson(document, std::nullopt)["scopes"][0].count("overlap_count") == 0);
    document.analyses[0].overlapCount = document.analyses[0].overlaps.size() + 5;
    const auto json = nlohmann::json::parse(streamedText(document, std::nullopt));
    CHECK(json["scopes"][0]["overlap_count"] == document.analyses[0].overlaps.size() + 5);
    checkSame(document);
}

TEST_CASE(
    "a generated scope with non-ASCII paths streams the same text, its diagnosis worked out apart", "[inspect][stream]")
{
    const test::TempDir dir;
    const auto dump = dir.path / "memory_info_aiv.json";
    {
        std::ofstream out(dump);
        out << R"json({"Header": {"KernelName": "big"}, "Record": [{"scope": "ub", "status": "fail",
            "error_info": "ub overflow", "memory_info_array": [)json";
        for (int i = 0; i < 3000; ++i) {
            const int start = (i * 7) % 500;
            out << (i ? ",\n" : "") << R"json({"buffer": "%alloc_)json" << i << R"json( = memref.alloc() : memref<)json"
                << (16 << (i % 6)) << R"json(x64xf16, #hivm.address_space<ub>>", "offset": [)json" << (i % 512) * 32
                << (i % 3 == 0 ? ", 40960" : "") << R"json(], "extent": )json" << (16 << (i % 6)) * 64 * 16
                << R"json(, "alloc_time_in_ir": )json" << start << R"json(, "life_time_in_ir": [)json" << start << ", "
                << start + i % 40 << R"json(], "source_location": "loc(\"/tmp/k\u00e9rnel.py\":)json" << 1 + i % 200
                << R"json(:8)", "is_tmpbuf": )json" << (i % 11 == 0 ? "true" : "false") << "}";
        }
        out << "]}]}\n";
    }
    const PlanDocument document = load(dump);
    REQUIRE(document.dump.blockCount() >= 3000);
    const std::string tree = treeText(document, std::nullopt);
    CHECK(tree.find("k\\u00e9rnel.py") == std::string::npos); // written as UTF-8, not escaped
    CHECK(tree.find("k\xc3\xa9rnel.py") != std::string::npos);
    CHECK(streamedText(document, std::nullopt) == tree);
    CHECK(streamedText(document, std::nullopt, 0) == tree);
}

TEST_CASE("strings with quotes, backslashes and control characters stream as the tree escapes them",
    "[inspect][stream][hostile]")
{
    const test::TempDir dir;
    const auto dump = dir.path / "memory_info_aiv.json";
    std::ofstream(dump) << R"json({"Header": {"KernelName": "k\\\"q\"\t\u0001\u007f"}, "Record": [{"scope": "ub",
        "error_info": "path C:\\tmp\\k.py \"quoted\" tab\there", "memory_info_array": [
        {"buffer": "%a\\b\"c = memref.alloc() : memref<16xf16>", "offset": [0], "extent": 256,
         "life_time_in_ir": [0, 1], "source_location": "loc(\"C:\\\\w\\\\k\\\"x.py\":3:4)"},
        {"buffer": "%d\u0002 = memref.alloc() : memref<16xf16>", "offset": [64], "extent": 256,
         "life_time_in_ir": [0, 1], "source_location": "loc(\"/w/\u00e9\\\\\".py\":5:6)"}]}]})json";
    const PlanDocument document = load(dump);
    const std::string tree = treeText(document, std::nullopt);
    CHECK(tree.find(R"(%a\\b\"c)") != std::string::npos); // escaped by the tree as expected
    CHECK(tree.find(R"(\u0002)") != std::string::npos);
    CHECK(streamedText(document, std::nullopt) == tree);
    CHECK(streamedText(document, std::nullopt, 0) == tree);
}

TEST_CASE(
    "a scope with more distinct locations than the writer keeps as text streams the same text", "[inspect][stream]")
{
    // The members a block's location gives are written once per distinct location and
    // copied after; past a few thousand distinct ones the rest are written each time, but for
    // the copies of one buffer, which follow each other (every third buffer is double-buffered).
    const test::TempDir dir;
    const auto dump = dir.path / "memory_info_aiv.json";
    {
        std::ofstream out(dump);
        out << R"json({"Header": {"KernelName": "wide"}, "Record": [{"scope": "ub", "memory_info_array": [)json";
        for (int i = 0; i < 12000; ++i)
            out << (i ? ",\n" : "") << R"json({"buffer": "%alloc_)json" << i
                << R"json( = memref.alloc() : memref<16xf16>", "offset": [)json" << (i % 64) * 32
                << (i % 3 == 0 ? ", 8192" : "") << R"json(], "extent": 256, "life_time_in_ir": [)json" << i % 90 << ", "
                << i % 90 + 3 << R"json(], "source_location": "loc(\"/tmp/wide.py\":)json" << 1 + i % 11000
                << R"json(:4)"})json";
        out << "]}]}\n";
    }
    const PlanDocument document = load(dump);
    REQUIRE(document.dump.blockCount() == 12000 + 4000);
    const std::string tree = treeText(document, std::nullopt);
    CHECK(tree.find("\"line\": 11000,") != std::string::npos);
    CHECK(tree.size() > (std::size_t(8) << 20)); // the writer hands its text on many times meanwhile
    CHECK(streamedText(document, std::nullopt) == tree);
}
