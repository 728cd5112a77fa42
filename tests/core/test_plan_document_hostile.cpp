#include "core/base/cancellation.hpp"
#include "core/document/plan_document.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>

#include <unistd.h>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

struct Folder {
    fs::path path;
    Folder()
    {
        std::random_device rd;
        path = fs::temp_directory_path() / ("memlens_doc_" + std::to_string(::getpid()) + "_" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~Folder()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    fs::path write(const std::string& name, const std::string& text) const
    {
        std::ofstream(path / name, std::ios::binary) << text;
        return path / name;
    }
};

// A dump whose one buffer was allocated at line `line` of k.ttadapter (IR compiled without locations).
std::string dumpPointingAt(int line)
{
    return R"({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "status": "success", "error_info": "",
        "memory_info_array": [{"buffer": "%a = memref.alloc() : memref<16xf16>", "offset": [0], "extent": 256,
        "life_time_in_ir": [0, 1], "source_location": "loc(\"/far/k.ttadapter\":)"
        + std::to_string(line) + R"x(:5)"}]}]})x";
}

} // namespace

TEST_CASE("an IR beside the dump that does not match it is not used, and the note says why", "[document][hostile]")
{
    Folder folder;
    folder.write("k.ttadapter", "module {\n  %c = arith.constant 0 : i32\n  %a = memref.alloc() : memref<16xf16>\n}\n");
    // Line 3 allocates: this IR is the dump's.
    const fs::path matching = folder.write("memory_info_aiv.json", dumpPointingAt(3));
    const PlanDocument good = loadPlanDocument(matching.string(), LoadOptions());
    CHECK(good.ir);
    CHECK(good.irNote.empty());

    // Line 2 allocates nothing: an unrelated IR that happens to be in the folder.
    const fs::path other = folder.write("memory_info_aiv.json", dumpPointingAt(2));
    const PlanDocument bad = loadPlanDocument(other.string(), LoadOptions());
    CHECK_FALSE(bad.ir);
    CHECK(bad.irFile.empty());
    CHECK_THAT(bad.irNote, Catch::Contains("does not match it") && Catch::Contains("k.ttadapter"));

    // Named with --ir, it is used as asked.
    LoadOptions chosen;
    chosen.irFile = (folder.path / "k.ttadapter").string();
    CHECK(loadPlanDocument(other.string(), chosen).ir);
}

TEST_CASE("a cancelled load stops with LoadCancelled", "[document][hostile]")
{
    Folder folder;
    const fs::path dump = folder.write("memory_info_aiv.json", dumpPointingAt(3));
    LoadOptions options;
    auto cancel = std::make_shared<std::atomic<bool>>(true);
    options.cancel = cancel;
    CHECK_THROWS_AS(loadPlanDocument(dump.string(), options), LoadCancelled);
    cancel->store(false);
    CHECK(loadPlanDocument(dump.string(), options).dump.scopes.size() == 1);
}
