// Buffer lists read by FastListReader (simdjson): it takes plain buffer objects and stops at the
// first that is not, and a dump read with it gives the plan, warnings and errors the streaming
// reader alone gives, whatever its windows cut through.
#include "core/dump/dump_parser.hpp"
#include "core/dump/fast_list_reader.hpp"
#include "support/cancel_after_bytes.hpp"
#include "support/dump_text.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

using namespace memlens;
using test::bufferList;
using test::bufferObject;
using test::dumpOfRecords;
using test::scope;

namespace {

constexpr std::uint64_t kNoFastLists = UINT64_MAX;

// Windows small enough to cut a list of a few objects many times, and the default.
const std::vector<std::size_t> kWindows = {256, 1000, 4096, kFastListWindowBytes};

std::string loadedWith(const std::filesystem::path& path, std::uint64_t fastFrom, std::size_t window)
{
    return test::loadOutcome([&] {
        return loadDumpFile(
            path.string(), nullptr, nullptr, kRelayedReadBytes, kSplitReadBytes, nullptr, fastFrom, window);
    });
}

// The load with FastListReader (every window size) against the streaming reader alone:
// the same plan or error, and the same warnings.
void checkSameAsStreaming(const std::filesystem::path& path)
{
    std::string streamed;
    std::vector<std::string> streamedWarnings;
    {
        test::CapturedLog log;
        streamed = loadedWith(path, kNoFastLists, kFastListWindowBytes);
        streamedWarnings = log.lines();
    }
    for (const std::size_t window : kWindows) {
        INFO(path.filename().string() << ", window " << window);
        test::CapturedLog log;
        const std::string fast = loadedWith(path, 0, window);
        CHECK(fast == streamed);
        if (streamed.rfind("DumpError", 0) != 0) // a failed load may say a warning twice (read again)
            CHECK(log.lines() == streamedWarnings);
    }
}

struct ListRead {
    std::size_t taken = 0;
    std::uint64_t from = 0;
    std::uint64_t resume = 0;
    std::vector<std::uint64_t> ends;
};

// FastListReader on the first buffer list of `text` (on two threads when `beside`).
ListRead readFirstList(const test::TempDir& dir, const std::string& text, std::size_t window, bool beside = false)
{
    const auto path = dir.write("list.json", text);
    ListRead read;
    read.from = text.find("\"memory_info_array\": [") + 22;
    FastListReader reader(path.string(), nullptr, nullptr, window);
    reader.setPipelinedFrom(beside ? 0 : kNoFastLists);
    BufferFields fields;
    read.resume = reader.read(read.from, fields, [&](BufferFields& taken, std::uint64_t end) {
        CHECK(taken.values[BufferFields::Extent].kind == FieldValue::Kind::Unsigned);
        ++read.taken;
        read.ends.push_back(end);
    });
    return read;
}

} // namespace

TEST_CASE("FastListReader takes a plain list whole and stops at its `]`", "[fastlists][dump]")
{
    const test::TempDir dir;
    const std::string text = dumpOfRecords(scope("ub", bufferList(0, 400)) + ", " + scope("cbuf", bufferList(400, 5)));
    for (const std::size_t window : kWindows) {
        INFO("window " << window);
        const ListRead read = readFirstList(dir, text, window);
        CHECK(read.taken == 400);
        CHECK(read.resume == text.find("]}, {\"scope\": \"cbuf\""));
        REQUIRE(read.ends.size() == 400);
        CHECK(text[read.ends.front() - 1] == '}');
        CHECK(read.ends.back() == read.resume);
    }
    SECTION("an empty list")
    {
        const std::string empty = dumpOfRecords(scope("ub", ""));
        const ListRead read = readFirstList(dir, empty, 4096);
        CHECK(read.taken == 0);
        CHECK(empty[read.resume] == ']');
    }
}

TEST_CASE("FastListReader on two threads takes the objects one thread takes", "[fastlists][dump]")
{
    const test::TempDir dir;
    std::string list = bufferList(0, 9000);
    const std::size_t odd = list.find("{\"buffer\": \"%a8000 ");
    list.insert(odd + 1, R"("colour": 1, )");
    const std::string text = dumpOfRecords(scope("ub", list));
    for (const std::size_t window : {std::size_t(1000), kFastListWindowBytes}) {
        INFO("window " << window);
        const ListRead here = readFirstList(dir, text, window);
        const ListRead beside = readFirstList(dir, text, window, true);
        CHECK(here.taken == 8000);
        CHECK(beside.taken == here.taken);
        CHECK(beside.ends == here.ends);
        CHECK(beside.resume == here.resume);
    }
    SECTION("what the taker throws stops the reading beside and reaches the caller")
    {
        const auto path = dir.write("throws.json", text);
        FastListReader reader(path.string(), nullptr, nullptr, 4096);
        reader.setPipelinedFrom(0);
        BufferFields fields;
        std::size_t taken = 0;
        CHECK_THROWS_WITH(reader.read(text.find("\"memory_info_array\": [") + 22, fields,
                              [&](BufferFields&, std::uint64_t) {
                                  if (++taken == 5000)
                                      throw DumpError("throws.json", "x", "taken enough");
                              }),
            Catch::Contains("taken enough"));
        CHECK(taken == 5000);
    }
}

TEST_CASE("FastListReader stops at the first object that is not plain", "[fastlists][dump]")
{
    const test::TempDir dir;
    const std::string usual = R"("offset": [0], "alloc_time_in_ir": 1, "is_tmpbuf": false)";
    const std::vector<std::pair<const char*, std::string>> unusual = {
        {"an unknown key", usual + R"(, "colour": 1)"},
        {"a repeated key", usual + R"(, "alloc_time_in_ir": 1)"},
        {"a \\u escape", usual + R"j(, "source_location": "loc(\u0022k.py\u0022:1:1)")j"},
        {"a control byte in a string", usual + ", \"source_location\": \"a\x01b\""},
        {"a fraction", R"("offset": [0], "alloc_time_in_ir": 1.5, "is_tmpbuf": false)"},
        {"a number past 64 bits", R"("offset": [0], "alloc_time_in_ir": 18446744073709551616, "is_tmpbuf": false)"},
        {"an object for a scalar field", R"("offset": [0], "alloc_time_in_ir": {"at": 1}, "is_tmpbuf": false)"},
        {"a list for a scalar field", R"("offset": [0], "alloc_time_in_ir": [1], "is_tmpbuf": false)"},
        {"a list in the offsets", R"("offset": [[0]], "alloc_time_in_ir": 1, "is_tmpbuf": false)"},
        {"an escaped key", R"("offset": [0], "alloc_time_in_ir": 1, "is_tmp\u0062uf": false)"},
        {"a string past the length limit", usual + R"(, "source_location": ")" + std::string(70000, 'x') + "\""},
    };
    for (const auto& [what, odder] : unusual) {
        INFO(what);
        const std::string odd = R"({"buffer": "%odd = memref.alloc() : memref<16xf16, #hivm.address_space<ub>>", )"
                                R"("extent": 256, "life_time_in_ir": [1, 2], )"
            + odder + "}";
        const std::string text
            = dumpOfRecords(scope("ub", bufferList(0, 30) + ",\n" + odd + ",\n" + bufferList(31, 30)));
        for (const std::size_t window : {std::size_t(300), kFastListWindowBytes}) {
            const ListRead read = readFirstList(dir, text, window);
            INFO("resumed at: " << text.substr(read.resume, 40));
            CHECK(read.taken == 30);
            CHECK(text.find_first_not_of(" \n", read.resume) == text.find(odd)); // white space may come first
        }
        checkSameAsStreaming(dir.write("unusual.json", text));
    }
}

TEST_CASE("a dump read with FastListReader is the dump the streaming reader reads", "[fastlists][dump]")
{
    const test::TempDir dir;
    SECTION("every test dump")
    {
        const auto files = test::testDumpFiles();
        for (const auto& file : files)
            checkSameAsStreaming(file);
        CHECK(files.size() >= 25);
    }
    SECTION("the real samples")
    {
        MEMLENS_REQUIRE_SAMPLES();
        checkSameAsStreaming(test::sample("fake_attn_fwd/memory_info_aiv.json"));
        checkSameAsStreaming(test::sample("fake_attn_fwd_overflow/memory_info_aiv.json"));
    }
    SECTION("three scopes, ids counted across them")
    {
        checkSameAsStreaming(dir.write("three.json",
            dumpOfRecords(scope("cbuf", bufferList(0, 50)) + ", " + scope("ub", bufferList(50, 600)) + ", "
                + scope("cc", bufferList(650, 40)))));
    }
    SECTION("minified, and one object a line with the keys reordered")
    {
        std::string list = bufferList(0, 500);
        for (std::size_t at = list.find(",\n"); at != std::string::npos; at = list.find(",\n", at))
            list.erase(at + 1, 1);
        checkSameAsStreaming(dir.write("tight.json", dumpOfRecords(scope("ub", list))));
        checkSameAsStreaming(dir.write("sorted.json",
            R"({"Header": {"KernelName": "k"}, "Record": [{"error_info": "ub overflow", "memory_info_array": [)"
                + bufferList(0, 200) + R"(], "scope": "ub", "status": "fail"}]})"));
    }
    SECTION("warnings the buffers give (a single number as offset, a Life that starts late)")
    {
        std::string list = bufferList(0, 300);
        for (int i = 0; i < 6; ++i) {
            const std::size_t at = list.find("\"offset\": [", list.size() / 7 * i);
            const std::size_t close = list.find(']', at);
            list.replace(close, 1, "");
            list.replace(at + 10, 1, "");
        }
        checkSameAsStreaming(dir.write("warned.json", dumpOfRecords(scope("ub", list))));
    }
    SECTION("strings that look like boundaries everywhere")
    {
        std::string list;
        for (int i = 0; i < 300; ++i)
            list += std::string(i ? ",\n" : "")
                + bufferObject(i).replace(bufferObject(i).find("k.py"), 4, i % 3 ? "}, {" : "}  ,\n {\"");
        checkSameAsStreaming(dir.write("boundaries.json", dumpOfRecords(scope("ub", list))));
        // After the list, in the scope's error text.
        checkSameAsStreaming(dir.write("after.json",
            R"({"Header": {"KernelName": "k"}, "Record": [{"memory_info_array": [)" + bufferList(0, 100)
                + R"(], "error_info": "}, {\"x\": 1}, {", "scope": "ub"}]})"));
    }
    SECTION("problems inside a list and after it: the streaming reader's words and byte offsets")
    {
        std::string missing = bufferList(0, 400);
        missing.replace(missing.find(R"("extent")", missing.size() * 3 / 4), 8, R"("extant")");
        checkSameAsStreaming(dir.write("field.json", dumpOfRecords(scope("ub", missing))));
        std::string negative = bufferList(0, 400);
        negative.replace(negative.find(R"("extent": )", negative.size() / 2) + 10, 0, "-");
        checkSameAsStreaming(dir.write("negative.json", dumpOfRecords(scope("ub", negative))));
        std::string noComma = bufferList(0, 400);
        noComma.erase(noComma.find(",\n", noComma.size() / 2), 1);
        checkSameAsStreaming(dir.write("comma.json", dumpOfRecords(scope("ub", noComma))));
        checkSameAsStreaming(dir.write("trailing.json", dumpOfRecords(scope("ub", bufferList(0, 400) + ","))));
        checkSameAsStreaming(dir.write("after_list.json",
            R"({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "memory_info_array": [)" + bufferList(0, 400)
                + R"(],= "status": "fail"}]})"));
        std::string nul = bufferList(0, 400);
        nul[nul.size() / 2] = '\0';
        checkSameAsStreaming(dir.write("nul.json", dumpOfRecords(scope("ub", nul))));
        checkSameAsStreaming(
            dir.write("truncated.json", dumpOfRecords(scope("ub", bufferList(0, 400))).substr(0, 30000)));
        std::string badUtf8 = bufferList(0, 400);
        badUtf8.replace(badUtf8.find("k.py", badUtf8.size() / 3), 1, "\xC3\x28");
        checkSameAsStreaming(dir.write("utf8.json", dumpOfRecords(scope("ub", badUtf8))));
    }
}

TEST_CASE("a load with FastListReader follows the read and stops when cancelled", "[fastlists][dump]")
{
    const test::TempDir dir;
    const auto path = dir.write("big.json", dumpOfRecords(scope("ub", bufferList(0, 120000))));
    std::atomic<std::uint64_t> bytesRead{0};
    bool inTwo = true;
    const Dump dump = loadDumpFile(path.string(), nullptr, &bytesRead, kRelayedReadBytes, kSplitReadBytes, &inTwo);
    CHECK(dump.blockCount() == 150000);
    CHECK_FALSE(inTwo); // by default FastListReader reads it, not the streaming reader's two halves
    CHECK(bytesRead.load() == std::filesystem::file_size(path));
    // Past kPipelinedListBytes: read on two threads, the dump the streaming reader reads.
    CHECK(std::filesystem::file_size(path) > kPipelinedListBytes);
    CHECK(loadedWith(path, 0, kFastListWindowBytes) == loadedWith(path, kNoFastLists, kFastListWindowBytes));
    const test::CancelOutcome outcome = test::cancelAfterBytes(
        std::uint64_t(2) << 20, [&](const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* progress) {
            loadDumpFile(path.string(), cancel, progress);
        });
    CHECK(outcome.cancelled);
    CHECK(outcome.bytesRead < std::filesystem::file_size(path) / 2);
}
