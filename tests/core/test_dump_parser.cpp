#include "core/base/cancellation.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"
#include "support/dump_text.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <spdlog/spdlog.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace memlens;
using memlens::test::data;

namespace {

// The message a dump error carries, or "" when the file loads.
std::string loadError(const std::string& relative)
{
    try {
        loadDumpFile(data(relative).string());
    } catch (const DumpError& error) {
        return error.what();
    }
    return {};
}

} // namespace

TEST_CASE("a dump in the real layout gives one block per offset with sizes in bytes", "[dump]")
{
    const Dump dump = loadDumpFile(data("dumps/two_scopes_multibuffer.json").string());
    REQUIRE(dump.kernel == "_softmax_kernel");
    REQUIRE(dump.scopes.size() == 2);
    const ScopePlan& ub = dump.scopes[0];
    CHECK(ub.scope == "ub");
    CHECK(ub.status == std::optional<std::string>("success"));
    REQUIRE(ub.buffers.size() == 3);
    REQUIRE(ub.blocks.size() == 4); // the double-buffered tile is two rectangles

    const Buffer& tile = ub.buffers[0];
    CHECK(tile.ssaName == "%x_tile");
    CHECK(tile.shape() == std::vector<std::int64_t>{4096});
    CHECK(tile.elementType() == "f16");
    CHECK(tile.memrefType() == "memref<4096xf16, #hivm.address_space<ub>>");
    CHECK(tile.extentBits == 65536);
    CHECK(tile.sizeBytes == 8192);
    CHECK(tile.location() == "loc(\"/work/kernels/softmax.py\":21:12)");
    CHECK(ub.blocks[0].offset == 0);
    CHECK(ub.blocks[1].offset == 8192);
    CHECK(ub.blocks[1].copy == 1);
    CHECK(ub.blocks[1].size == 8192);
    CHECK(ub.blocks[1].start == 2);
    CHECK(ub.blocks[1].end == 9);

    const Buffer& scratch = ub.buffers[2];
    CHECK(scratch.isTmp);
    CHECK(ub.blocks[3].tmp);
    CHECK(scratch.sizeBytes == 100);

    // Buffer ids count across scopes in file order.
    CHECK(dump.scopes[1].buffers[0].id == 3);
    CHECK(dump.scopes[1].buffers[0].shape() == std::vector<std::int64_t>{128, 256});
}

TEST_CASE("extent in bits rounds up to whole bytes", "[dump]")
{
    const Dump dump = loadDumpFile(data("dumps/reordered_extra_keys.json").string());
    CHECK(dump.scopes.at(0).buffers.at(0).extentBits == 257);
    CHECK(dump.scopes.at(0).buffers.at(0).sizeBytes == 33);
}

TEST_CASE("keys in any order and unknown keys are accepted", "[dump]")
{
    const Dump dump = loadDumpFile(data("dumps/reordered_extra_keys.json").string());
    CHECK(dump.kernel == "_reordered");
    REQUIRE(dump.scopes.size() == 1);
    CHECK(dump.scopes[0].scope == "ub");
    CHECK(dump.scopes[0].status == std::optional<std::string>("success"));
    CHECK(dump.scopes[0].buffers[0].ssaName == "%odd");
    CHECK(dump.scopes[0].blocks[0].start == 7);
}

TEST_CASE("the err_msg key is read as the error text", "[dump]")
{
    const Dump dump = loadDumpFile(data("dumps/err_msg_variant.json").string());
    CHECK(dump.scopes.at(0).error == "ub overflow, requires 1835008 bits while 1572864 bits available!");
}

TEST_CASE("an error text of 'none' (any case) or '' means no error", "[dump]")
{
    auto errorOf = [](const std::string& fields) {
        const std::string text
            = R"({"Record":[{"scope":"ub","status":"success",)" + fields + R"(,"memory_info_array":[]}]})";
        return parseDumpText(text, "e.json").scopes.at(0).error;
    };
    CHECK(errorOf(R"("err_msg":"none")") == "");
    CHECK(errorOf(R"("err_msg":"None")") == "");
    CHECK(errorOf(R"("error_info":"NONE")") == "");
    CHECK(errorOf(R"("error_info":"")") == "");
    CHECK(errorOf(R"("err_msg":"nonexistent buffer")") == "nonexistent buffer");
    CHECK(errorOf(R"("err_msg":"non")") == "non");
    // An empty or "none" error_info does not hide a real err_msg beside it.
    CHECK(errorOf(R"("error_info":"none","err_msg":"ub overflow")") == "ub overflow");
    CHECK(errorOf(R"("error_info":"cc overflow","err_msg":"none")") == "cc overflow");
}

TEST_CASE("the old flat layout is one ub scope with unknown status", "[dump]")
{
    const Dump dump = loadDumpFile(data("dumps/flat_layout.json").string());
    CHECK(dump.flatLayout);
    REQUIRE(dump.scopes.size() == 1);
    CHECK(dump.scopes[0].scope == "ub");
    CHECK_FALSE(dump.scopes[0].status.has_value());
    CHECK(dump.scopes[0].blocks.size() == 2);
    CHECK(dump.scopes[0].buffers[1].ssaName == "%alloc_1");
}

TEST_CASE("the file name decides nothing but the core kind", "[dump]")
{
    const std::string text = R"({"Header":{"KernelName":"k"},"Record":[{"scope":"ub","memory_info_array":[]}]})";
    CHECK(parseDumpText(text, "anything.txt").core == CoreKind::Unknown);
    CHECK(parseDumpText(text, "/x/memory_info_aiv.json").core == CoreKind::Vector);
    CHECK(parseDumpText(text, "/x/memory_info_aic.json").core == CoreKind::Cube);
}

TEST_CASE("a buffer string without an SSA name is its own name", "[dump]")
{
    const std::string text = R"({"Record":[{"scope":"ub","memory_info_array":[
        {"buffer":"tmp scratch","offset":[0],"extent":8,"life_time_in_ir":[0,0]}]}]})";
    const Dump dump = parseDumpText(text, "t.json");
    CHECK(dump.scopes[0].buffers[0].ssaName == "tmp scratch");
    CHECK(dump.scopes[0].buffers[0].elementType().empty());
}

TEST_CASE("bad dumps give an error naming file, JSON path and problem", "[dump][errors]")
{
    SECTION("empty file")
    {
        CHECK_THAT(loadError("dumps/bad/empty.json"), Catch::Contains("empty.json: the file is empty"));
    }
    SECTION("truncated file")
    {
        const std::string message = loadError("dumps/bad/truncated.json");
        CHECK_THAT(message, Catch::Contains("truncated.json: Record[0].memory_info_array[0]"));
        CHECK_THAT(message, Catch::Contains("invalid JSON at byte"));
        CHECK_THAT(message, Catch::Contains("it may be cut short, or the compiler may still be writing it"));
    }
    SECTION("binary garbage")
    {
        CHECK_THAT(loadError("dumps/bad/garbage.bin"), Catch::Contains("garbage.bin: invalid JSON at byte 1"));
    }
    SECTION("a string where an integer belongs")
    {
        CHECK_THAT(loadError("dumps/bad/extent_string.json"),
            Catch::EndsWith("extent_string.json: Record[0].memory_info_array[1].extent: expected an integer size in "
                            "bits, found a string (\"256\")"));
    }
    SECTION("a fraction where an integer belongs")
    {
        CHECK_THAT(loadError("dumps/bad/extent_fraction.json"),
            Catch::Contains("Record[0].memory_info_array[1].extent: expected an integer size in bits, found a number "
                            "with a fraction (25.5)"));
    }
    SECTION("a missing key")
    {
        CHECK_THAT(loadError("dumps/bad/missing_offset.json"),
            Catch::Contains("Record[0].memory_info_array[1]: missing key \"offset\""));
    }
    SECTION("a negative number")
    {
        CHECK_THAT(loadError("dumps/bad/negative_offset.json"),
            Catch::Contains("Record[0].memory_info_array[1].offset[1]: expected a non-negative byte offset, found a "
                            "negative number (-64)"));
    }
    SECTION("an absurd number")
    {
        CHECK_THAT(loadError("dumps/bad/absurd_extent.json"),
            Catch::Contains("Record[0].memory_info_array[1].extent: expected a size in bits of at most"));
    }
    SECTION("an inverted Life")
    {
        CHECK_THAT(loadError("dumps/bad/inverted_life.json"),
            Catch::Contains(
                "Record[0].memory_info_array[1].life_time_in_ir: inverted Life: ends at 2 before it starts at 9"));
    }
    SECTION("a Life that is not a pair")
    {
        CHECK_THAT(loadError("dumps/bad/life_three_items.json"),
            Catch::Contains("life_time_in_ir: expected a list of two op positions [first, last], found a list of 3"));
    }
    SECTION("a flag that is not a boolean")
    {
        CHECK_THAT(loadError("dumps/bad/tmp_not_bool.json"),
            Catch::Contains("Record[0].memory_info_array[1].is_tmpbuf: expected true or false, found a string"));
    }
    SECTION("a buffer that is not an object")
    {
        CHECK_THAT(loadError("dumps/bad/buffer_not_object.json"),
            Catch::Contains("Record[0].memory_info_array[1]: expected a buffer object, found an integer (42)"));
    }
    SECTION("a top level that is not an object")
    {
        CHECK_THAT(loadError("dumps/bad/top_level_array.json"),
            Catch::Contains("expected a JSON object with \"Header\" and \"Record\", found an array"));
    }
    SECTION("Record that is not a list")
    {
        CHECK_THAT(loadError("dumps/bad/record_not_list.json"),
            Catch::Contains("record_not_list.json: Record: expected a list of memory scopes, found an object"));
    }
    SECTION("no Record at all")
    {
        CHECK_THAT(loadError("dumps/bad/missing_record.json"), Catch::Contains("missing key \"Record\""));
    }
    SECTION("a kernel name that is not a string")
    {
        CHECK_THAT(loadError("dumps/bad/kernel_name_number.json"),
            Catch::Contains("Header.KernelName: expected a string, found an integer (7)"));
    }
    SECTION("a directory") { CHECK_THAT(loadError("dumps"), Catch::Contains("is a directory, not a memory dump")); }
    SECTION("a file that does not exist")
    {
        CHECK_THAT(loadError("dumps/nothing_here.json"), Catch::Contains("nothing_here.json: no such file"));
    }
    SECTION("a device file")
    {
        try {
            loadDumpFile("/dev/zero");
            FAIL("/dev/zero loaded");
        } catch (const DumpError& error) {
            CHECK_THAT(error.what(), Catch::Contains("/dev/zero: is a device, not a regular file"));
        }
    }
    SECTION("a loop of links says the system's reason, not 'no such file'")
    {
        const auto dir = std::filesystem::temp_directory_path() / ("memlens_loop_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        std::filesystem::remove(dir / "a.json");
        std::filesystem::remove(dir / "b.json");
        std::filesystem::create_symlink(dir / "b.json", dir / "a.json");
        std::filesystem::create_symlink(dir / "a.json", dir / "b.json");
        try {
            loadDumpFile((dir / "a.json").string());
            FAIL("a loop of links loaded");
        } catch (const DumpError& error) {
            CHECK_THAT(error.what(), Catch::Contains("cannot be read: Too many levels of symbolic links"));
        }
        std::filesystem::remove_all(dir);
    }
}

TEST_CASE("a key repeated in one object is refused rather than merged", "[dump][errors]")
{
    const std::string twoLists = R"({"Record":[{"scope":"ub","memory_info_array":[],"memory_info_array":[]}]})";
    CHECK_THROWS_WITH(parseDumpText(twoLists, "twice.json"),
        "twice.json: Record[0].memory_info_array: the key appears twice in one object");
    const std::string twoExtents = R"({"Record":[{"scope":"ub","memory_info_array":[
        {"buffer":"%a","offset":[0],"extent":8,"extent":16,"life_time_in_ir":[0,0]}]}]})";
    CHECK_THROWS_WITH(parseDumpText(twoExtents, "t.json"),
        Catch::Contains("Record[0].memory_info_array[0].extent: the key appears twice"));
    CHECK_THROWS_WITH(
        parseDumpText(R"({"Record":[],"Record":[]})", "t.json"), "t.json: Record: the key appears twice in one object");
}

TEST_CASE("a Record entry that is not an object is refused", "[dump][errors]")
{
    CHECK_THROWS_WITH(parseDumpText(R"({"Record":[1,2]})", "r.json"),
        "r.json: Record[0]: expected a memory scope object, found an integer (1)");
}

TEST_CASE("deeply nested JSON is refused without recursion", "[dump][errors]")
{
    std::string text = R"({"Record":[{"scope":"ub","memory_info_array":[]}],"Header":)";
    text += std::string(100000, '[') + std::string(100000, ']') + "}";
    try {
        parseDumpText(text, "deep.json");
        FAIL("nested text parsed");
    } catch (const DumpError& error) {
        CHECK_THAT(error.what(), Catch::Contains("nesting deeper than 64 levels"));
    }
}

namespace {

using test::CapturedLog;

std::string scopesWithoutName(int count)
{
    std::string text = R"({"Header":{"KernelName":"k"},"Record":[)";
    for (int i = 0; i < count; ++i)
        text += std::string(i ? "," : "") + R"({"memory_info_array":[]})";
    return text + "]}";
}

} // namespace

TEST_CASE("an object with 200k keys is checked for repeats in one pass", "[dump][hostile]")
{
    // Speed is measured in bench/ (BM_ParseManyKeys); here: the result is right at this size.
    std::string text = R"({"Header":{"KernelName":"k")";
    for (int i = 0; i < 200000; ++i)
        text += ",\"k" + std::to_string(i) + "\":0";
    const std::string records = R"("Record":[{"scope":"ub","memory_info_array":[]}]})";
    std::string repeated = text + R"(,"k123456":1},)" + records;
    text += "}," + records;
    CHECK(parseDumpText(text, "keys.json").kernel == "k");
    CHECK_THROWS_WITH(
        parseDumpText(repeated, "keys.json"), "keys.json: Header.k123456: the key appears twice in one object");
}

TEST_CASE("a string longer than memlens reads is refused with its JSON path", "[dump][hostile]")
{
    const std::string huge(kMaxDumpStringBytes + 1, 'x');
    const std::string location
        = R"({"Record":[{"scope":"ub","memory_info_array":[{"buffer":"%a","offset":[0],"extent":8,
        "life_time_in_ir":[0,0],"source_location":")"
        + huge + R"("}]}]})";
    CHECK_THROWS_WITH(parseDumpText(location, "big.json"),
        "big.json: Record[0].memory_info_array[0].source_location: a string of 65,537 bytes, longer than "
        "the 65,536 bytes memlens reads");
    const std::string key = R"({"Header":{")" + huge + R"(":1},"Record":[]})";
    CHECK_THROWS_WITH(parseDumpText(key, "big.json"),
        Catch::StartsWith("big.json: Header.xxxxxxxx") && Catch::Contains("a key of 65,537 bytes"));
    // At the limit it is read.
    const std::string fits = R"({"Header":{"KernelName":")" + std::string(kMaxDumpStringBytes, 'k')
        + R"("},"Record":[{"scope":"ub","memory_info_array":[]}]})";
    CHECK(parseDumpText(fits, "ok.json").kernel.size() == kMaxDumpStringBytes);
}

TEST_CASE("repeated warnings are collapsed into one count", "[dump][hostile]")
{
    CapturedLog log;
    const Dump dump = parseDumpText(scopesWithoutName(100000), "many.json");
    CHECK(dump.scopes.size() == 100000);
    const std::vector<std::string> lines = log.lines();
    REQUIRE(lines.size() == 4);
    CHECK(lines[0] == "Record[0] has no \"scope\"; taking it as ub");
    CHECK(lines[2] == "Record[2] has no \"scope\"; taking it as ub");
    CHECK(lines[3] == "... and 99,997 more like it (record without scope)");
}

TEST_CASE("a dump with no memory records is an error, not a plan that fits", "[dump][hostile]")
{
    CHECK_THROWS_WITH(parseDumpText(R"({"Header":{"KernelName":"k"},"Record":[]})", "empty.json"),
        "empty.json: Record: the dump has no memory records");
    // A scope without buffers is still a record.
    CHECK(parseDumpText(R"({"Record":[{"scope":"cbuf","memory_info_array":[]}]})", "one.json").scopes.size() == 1);
}

TEST_CASE("messages name what was really found", "[dump][hostile]")
{
    const std::string big
        = R"({"Record":[{"scope":"ub","memory_info_array":[{"buffer":"%a","offset":[18446744073709551616],
        "extent":8,"life_time_in_ir":[0,0]}]}]})";
    CHECK_THROWS_WITH(parseDumpText(big, "b.json"),
        "b.json: Record[0].memory_info_array[0].offset[0]: a whole number too large to read (18446744073709551616)");
    const std::string fraction = R"({"Record":[{"scope":"ub","memory_info_array":[{"buffer":"%a","offset":[1.5],
        "extent":8,"life_time_in_ir":[0,0]}]}]})";
    CHECK_THROWS_WITH(parseDumpText(fraction, "f.json"), Catch::Contains("a number with a fraction (1.5)"));
    const std::string late = R"({"Record":[{"scope":"ub","memory_info_array":[{"buffer":"%a","offset":[0],
        "extent":8,"life_time_in_ir":[0,1099511627777]}]}]})";
    CHECK_THROWS_WITH(parseDumpText(late, "l.json"), Catch::Contains("expected an op position of at most"));

    const std::string ascii = R"({"Record":[]})";
    std::string utf16le = "\xff\xfe";
    for (const char c : ascii)
        utf16le += std::string(1, c) + '\0';
    CHECK_THROWS_WITH(parseDumpText(utf16le, "u.json"),
        "u.json: the file is UTF-16 text; memlens reads JSON in UTF-8 (save it as UTF-8)");
    std::string noBom;
    for (const char c : ascii)
        noBom += std::string(1, '\0') + c;
    CHECK_THROWS_WITH(parseDumpText(noBom, "u.json"), Catch::Contains("UTF-16"));

    const std::string withNul = std::string(R"({"Record":[{"scope":"ub","memory_info_array":[]}]})") + '\0' + "garbage";
    CHECK_THROWS_WITH(parseDumpText(withNul, "n.json"), "n.json: a NUL byte at offset 50; a JSON dump is text");
}

TEST_CASE("a file whose size says 0 is read to its end", "[dump][hostile]")
{
    // /proc files report a size of 0: they are read, not called empty.
    try {
        loadDumpFile("/proc/self/status");
        FAIL("a status file is not a dump");
    } catch (const DumpError& error) {
        CHECK_THAT(error.what(), !Catch::Contains("empty"));
        CHECK_THAT(error.what(), Catch::Contains("invalid JSON"));
    }
}

TEST_CASE("a parse stops soon after it is cancelled", "[dump][hostile]")
{
    std::string text = R"({"Record":[{"scope":"ub","memory_info_array":[)";
    for (int i = 0; i < 20000; ++i)
        text += std::string(i ? "," : "") + R"({"buffer":"%a","offset":[0],"extent":8,"life_time_in_ir":[0,0]})";
    text += "]}]}";
    std::atomic<bool> cancel{false};
    CHECK(parseDumpText(text, "c.json", &cancel).scopes.at(0).buffers.size() == 20000);
    cancel = true;
    CHECK_THROWS_AS(parseDumpText(text, "c.json", &cancel), LoadCancelled);
}

TEST_CASE("the load reports how many bytes of the dump it has read", "[dump][progress]")
{
    const auto path = data("dumps/two_scopes_multibuffer.json");
    std::atomic<std::uint64_t> bytesRead{0};
    const Dump dump = loadDumpFile(path.string(), nullptr, &bytesRead);
    CHECK(dump.scopes.size() == 2);
    CHECK(bytesRead.load() == std::filesystem::file_size(path));
}

TEST_CASE("a dump read in chunks is checked as it is read", "[dump][hostile]")
{
    // Past the first chunk (1 MiB): white space, then JSON, then a NUL byte far from the start.
    const auto dir = std::filesystem::temp_directory_path() / ("memlens_chunks_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string json = R"({"Record":[{"scope":"ub","memory_info_array":[]}]})";
    {
        std::ofstream(dir / "spaces.json") << std::string(3 << 20, ' ') << json;
        std::ofstream(dir / "blank.json") << std::string(3 << 20, '\n');
        std::ofstream out(dir / "nul.json", std::ios::binary);
        out << json << std::string(2 << 20, ' ') << '\0' << "tail";
    }
    CHECK(loadDumpFile((dir / "spaces.json").string()).scopes.size() == 1);
    CHECK_THROWS_WITH(loadDumpFile((dir / "blank.json").string()), Catch::Contains("the file is empty"));
    CHECK_THROWS_WITH(loadDumpFile((dir / "nul.json").string()),
        Catch::Contains("a NUL byte at offset " + std::to_string(json.size() + (2 << 20))));
    std::filesystem::remove_all(dir);
}

TEST_CASE("a dump of 8 MiB or more is read a chunk ahead and reads in order", "[dump][hostile]")
{
    const auto dir = std::filesystem::temp_directory_path() / ("memlens_ahead_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    // Every buffer differs (id, offset, Life, location), so a chunk out of order or read twice shows.
    const auto locationOf = [](int i) {
        return "loc(\"/work/kernels/a_long_kernel_path_to_fill_the_chunks_with_bytes.py\":" + std::to_string(i) + ":8)";
    };
    std::string text = R"x({"Header": {"KernelName": "ahead"}, "Record": [{"scope": "ub", "memory_info_array": [)x";
    constexpr int kBuffers = 34000;
    for (int i = 0; i < kBuffers; ++i)
        text += (i ? ",\n" : "") + std::string(R"x({"buffer": "%alloc_)x") + std::to_string(i)
            + R"x( = memref.alloc() : memref<64xf16, #hivm.address_space<ub>>", "offset": [)x" + std::to_string(i * 32)
            + R"x(], "extent": 1024, "life_time_in_ir": [)x" + std::to_string(i) + ", " + std::to_string(i + 7)
            + R"x(], "source_location": ")x" + nlohmann::json(locationOf(i)).dump().substr(1) + "}";
    text += "]}]}\n";
    REQUIRE(text.size() > (std::size_t(8) << 20));
    {
        std::ofstream(dir / "big.json", std::ios::binary) << text;
        std::ofstream(dir / "blank.json", std::ios::binary) << std::string(9 << 20, ' ');
        // Past 8 MiB of white space, a NUL byte: found in a chunk that was read ahead.
        std::ofstream out(dir / "nul.json", std::ios::binary);
        out << std::string(9 << 20, ' ') << std::string("{\"Record\": [\0]}", 15);
    }
    std::atomic<std::uint64_t> bytesRead{0};
    const Dump read = loadDumpFile((dir / "big.json").string(), nullptr, &bytesRead);
    CHECK(bytesRead.load() == text.size());
    REQUIRE(read.scopes.size() == 1);
    REQUIRE(read.scopes[0].buffers.size() == kBuffers);
    std::size_t differing = 0;
    for (int i = 0; i < kBuffers; ++i) {
        const Buffer& buffer = read.scopes[0].buffers[static_cast<std::size_t>(i)];
        const bool same = buffer.id == i && buffer.offsets == std::vector<std::uint64_t>{std::uint64_t(i) * 32}
            && buffer.location() == locationOf(i) && buffer.lifeEnd == i + 7;
        differing += same ? 0 : 1;
    }
    CHECK(differing == 0);
    CHECK_THROWS_WITH(loadDumpFile((dir / "blank.json").string()), Catch::Contains("the file is empty"));
    CHECK_THROWS_WITH(loadDumpFile((dir / "nul.json").string()),
        Catch::Contains("a NUL byte at offset " + std::to_string((9 << 20) + 12)));
    std::filesystem::remove_all(dir);
}

TEST_CASE("buffers of one type and one location share them, the buffer text reads back exactly", "[dump]")
{
    const std::string text = R"json({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "memory_info_array": [
        {"buffer": "%alloc_0 = memref.alloc() : memref<64xf16, #hivm.address_space<ub>>", "offset": [0],
         "extent": 1024, "life_time_in_ir": [1, 2], "source_location": "loc(\"k.py\":3:4)"},
        {"buffer": "%alloc_1 = memref.alloc() : memref<64xf16, #hivm.address_space<ub>>", "offset": [128],
         "extent": 1024, "life_time_in_ir": [1, 2], "source_location": "loc(\"k.py\":3:4)"},
        {"buffer": "%alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<8xi32, #hivm.address_space<ub>>",
         "offset": [256], "extent": 256, "life_time_in_ir": [2, 3], "source_location": "loc(\"k.py\":5:4)"},
        {"buffer": "tmp buffer", "offset": [512], "extent": 8, "life_time_in_ir": [2, 3]}
    ]}]})json";
    const Dump dump = parseDumpText(text, "memory_info_aiv.json");
    const auto& buffers = dump.scopes.at(0).buffers;
    REQUIRE(buffers.size() == 4);
    // One BufferType and one location string for the two buffers that repeat them.
    REQUIRE(buffers[0].type);
    CHECK(buffers[0].type.get() == buffers[1].type.get());
    CHECK(buffers[0].sourceLocation.get() == buffers[1].sourceLocation.get());
    CHECK(buffers[2].type.get() != buffers[0].type.get());
    CHECK(buffers[2].sourceLocation.get() != buffers[0].sourceLocation.get());
    CHECK(buffers[2].shape() == std::vector<std::int64_t>{8});
    CHECK(buffers[2].elementType() == "i32");
    CHECK_FALSE(buffers[3].type);
    CHECK(buffers[3].location().empty());
    // The usual text is rebuilt from its name and type; any other is kept as it was.
    CHECK(buffers[0].bufferTextRebuilt);
    CHECK_FALSE(buffers[0].irregularText);
    CHECK_FALSE(buffers[2].bufferTextRebuilt);
    CHECK(buffers[0].bufferText() == "%alloc_0 = memref.alloc() : memref<64xf16, #hivm.address_space<ub>>");
    CHECK(buffers[1].bufferText() == "%alloc_1 = memref.alloc() : memref<64xf16, #hivm.address_space<ub>>");
    CHECK(buffers[2].bufferText()
        == "%alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<8xi32, #hivm.address_space<ub>>");
    CHECK(buffers[3].bufferText() == "tmp buffer");
    CHECK(buffers[3].ssaName == "tmp buffer");
}
