// FastListReader reads a big list on two threads: simdjson's reading on one, the objects taken
// on the other, batches handed between them. Built under ThreadSanitizer by scripts/test.sh:
// the handing over must be race-free, and a taker that stops must stop the reading beside it.
#include "core/dump/dump_error.hpp"
#include "core/dump/fast_list_reader.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace memlens;

namespace {

std::string listOf(int count)
{
    std::string text = R"({"Record": [{"memory_info_array": [)";
    for (int i = 0; i < count; ++i)
        text += std::string(i ? ",\n" : "") + R"({"buffer": "%b)" + std::to_string(i)
            + R"( = memref.alloc() : memref<16xf16, #hivm.address_space<ub>>", "offset": [)" + std::to_string(32 * i)
            + R"(], "extent": 256, "alloc_time_in_ir": 1, "life_time_in_ir": [1, 2], "is_tmpbuf": false})";
    return text + "]}]}";
}

struct ListFile {
    std::filesystem::path path
        = std::filesystem::temp_directory_path() / ("memlens_race_fast_list_" + std::to_string(::getpid()) + ".json");
    std::string text = listOf(20000);
    ListFile() { std::ofstream(path, std::ios::binary) << text; }
    ~ListFile() { std::filesystem::remove(path); }
    std::uint64_t from() const { return text.find("\"memory_info_array\": [") + 22; }
};

} // namespace

TEST_CASE("a list read on two threads hands every object over once, in order", "[race][fastlists]")
{
    const ListFile file;
    FastListReader reader(file.path.string(), nullptr, nullptr, 8192);
    reader.setPipelinedFrom(0);
    BufferFields fields;
    std::vector<std::uint64_t> offsets;
    const std::uint64_t resume = reader.read(file.from(), fields,
        [&](BufferFields& object, std::uint64_t) { offsets.push_back(object.offsetItems[0].number); });
    REQUIRE(offsets.size() == 20000);
    for (std::size_t i = 0; i < offsets.size(); ++i)
        REQUIRE(offsets[i] == 32 * i);
    CHECK(file.text[resume] == ']');
}

TEST_CASE("a taker that throws stops the reading beside it", "[race][fastlists]")
{
    const ListFile file;
    for (const int stopAt : {1, 3000, 19999}) {
        FastListReader reader(file.path.string(), nullptr, nullptr, 8192);
        reader.setPipelinedFrom(0);
        BufferFields fields;
        int taken = 0;
        CHECK_THROWS_AS(reader.read(file.from(), fields,
                            [&](BufferFields&, std::uint64_t) {
                                if (++taken == stopAt)
                                    throw DumpError("list.json", "", "stop");
                            }),
            DumpError);
        CHECK(taken == stopAt);
    }
}
