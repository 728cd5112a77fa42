// The lines that list the buffers of an in-place storage (tooltips, Block Details): plain text, no Markdown.
#include "core/document/plan_document.hpp"
#include "support/temp_dir.hpp"
#include "views/storage_text.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace memlens;

TEST_CASE("a storage's member lines quote the Python name as the tables do, without Markdown", "[storage][text]")
{
    test::TempDir dir("memlens_storage_text_");
    std::ofstream(dir.path / "kernel.py") << "def kernel():\n    x = load()\n    y = load()\n";
    const std::string py = (dir.path / "kernel.py").string();
    // loc("x"("<py>":2:4)): the name and the place, escaped once for JSON.
    const auto location = [&py](const char* name, int line) {
        return std::string("loc(\\\"") + name + "\\\"(\\\"" + py + "\\\":" + std::to_string(line) + ":4))";
    };
    const auto buffer = [&location](const char* name, const char* variable, int line) {
        return std::string(R"x({"buffer": ")x") + name
            + R"x( = memref.alloc() : memref<16xf32>", "offset": [0], "extent": 512, "life_time_in_ir": [1, 3], )x"
            + R"x("source_location": ")x" + location(variable, line) + "\"}";
    };
    std::ofstream(dir.path / "memory_info_aiv.json")
        << R"x({"Header": {"KernelName": "_k"}, "Record": [{"scope": "ub", "memory_info_array": [)x"
        << buffer("%x", "x", 2) << "," << buffer("%y", "y", 3) << "]}]}";
    const PlanDocument document = loadPlanDocument((dir.path / "memory_info_aiv.json").string(), LoadOptions{});
    const std::vector<StorageMember> members
        = storageMembers(&document, 0, document.dump.scopes[0], document.analyses[0], 0);
    REQUIRE(members.size() == 2);
    const QStringList lines = storageMemberLines(members, false);
    REQUIRE(lines.size() == 2);
    INFO(lines.join('\n').toStdString());
    CHECK(lines[0].contains("kernel.py:2 \"x\""));
    CHECK(lines[1].contains("kernel.py:3 \"y\""));
    CHECK_FALSE(lines.join('\n').contains('`'));
}
