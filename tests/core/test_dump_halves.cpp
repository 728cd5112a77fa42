// A big dump read in two halves at once: the same plan, errors and warnings as one reader's,
// whether the middle falls in a buffer list, in a string, in a nested list or in a later scope.
#include "core/base/cancellation.hpp"
#include "core/dump/dump_file_chunks.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/dump/list_split.hpp"
#include "support/cancel_after_bytes.hpp"
#include "support/dump_text.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>

using namespace memlens;
using test::bufferList;
using test::dumpOfRecords;
using test::scope;

namespace {

constexpr std::uint64_t kNever = UINT64_MAX;

// Everything a load gives (split from `splitFrom` on; FastListReader not used), or the error's text.
std::string outcome(const std::filesystem::path& path, std::uint64_t splitFrom, bool* inTwo = nullptr)
{
    return test::loadOutcome(
        [&] { return loadDumpFile(path.string(), nullptr, nullptr, kRelayedReadBytes, splitFrom, inTwo, kNever); });
}

std::string readAll(DumpFileChunks& chunks)
{
    std::string text;
    for (DumpFileChunks::Iterator at(&chunks), end; at != end; ++at)
        text += *at;
    return text;
}

} // namespace

TEST_CASE("a list boundary is found from bytes, past white space and a comma", "[halves]")
{
    const auto split = findListSplit(R"(xx"a": 1}  ,
 {"b")",
        100);
    REQUIRE(split);
    CHECK(split->objectEnd == 100 + 9);
    CHECK(split->nextStart == 100 + 14);
    CHECK_FALSE(findListSplit(R"(} ] {)", 0));
    CHECK_FALSE(findListSplit(R"(}, 1, {)", 0));
    CHECK(findListSplit(R"(}],{ }, {)", 0)->objectEnd == 6); // `}],{` is no boundary inside a list
}

TEST_CASE("chunks give `null` for the bytes another reader read, or read on when told to", "[halves]")
{
    const test::TempDir dir;
    std::string bytes;
    for (int i = 0; bytes.size() < (std::size_t(3) << 20); ++i)
        bytes += std::to_string(i) + ' ';
    const auto path = dir.write("bytes.txt", "[" + bytes);
    const std::string text = "[" + bytes;
    // Inside the first chunk, exactly at the second chunk's start, and in the last.
    for (const std::uint64_t at : {std::uint64_t(5), std::uint64_t(1) << 20, (std::uint64_t(2) << 20) + 7}) {
        INFO("splice at " << at);
        DumpFileChunks taken(path.string(), nullptr);
        taken.start();
        std::uint64_t positionThen = 0;
        taken.spliceAt(at, [&]() -> std::optional<std::uint64_t> {
            positionThen = taken.position();
            return at + 1000;
        });
        CHECK(readAll(taken) == text.substr(0, at) + "null" + text.substr(at + 1000));
        CHECK(positionThen == at);

        DumpFileChunks declined(path.string(), nullptr);
        declined.start();
        bool asked = false;
        declined.spliceAt(at, [&]() -> std::optional<std::uint64_t> {
            asked = true;
            return std::nullopt;
        });
        CHECK(readAll(declined) == text);
        CHECK(asked);
    }
    DumpFileChunks fromMiddle(path.string(), nullptr);
    fromMiddle.startAt(1500000, "<>");
    CHECK(readAll(fromMiddle) == "<>" + text.substr(1500000));
}

TEST_CASE("a dump read in two halves is the dump read by one reader", "[halves][dump]")
{
    const test::TempDir dir;
    SECTION("one big scope")
    {
        const auto path = dir.write("one.json", dumpOfRecords(scope("ub", bufferList(0, 6000))));
        bool inTwo = false;
        const std::string halves = outcome(path, 0, &inTwo);
        CHECK(inTwo);
        CHECK(halves == outcome(path, kNever));
        CHECK(halves.find("DumpError") == std::string::npos);
    }
    SECTION("the middle in the second of three scopes, ids counted on after it")
    {
        const auto path = dir.write("three.json",
            dumpOfRecords(scope("cbuf", bufferList(0, 50)) + ", " + scope("ub", bufferList(50, 6000)) + ", "
                + scope("cc", bufferList(6050, 40))));
        bool inTwo = false;
        const std::string halves = outcome(path, 0, &inTwo);
        CHECK(inTwo);
        CHECK(halves == outcome(path, kNever));
        CHECK(halves.find("6089 %a6089") != std::string::npos);
    }
    SECTION("a list reserved for the rest of the file keeps no more room than it needs when it ends early")
    {
        // The first list, 8,000 buffers of 48,000, is reserved at its density for the whole file.
        const auto path = dir.write("early.json",
            dumpOfRecords(scope("cbuf", bufferList(0, 8000)) + ", " + scope("ub", bufferList(8000, 40000))));
        bool inTwo = false;
        const Dump dump = loadDumpFile(path.string(), nullptr, nullptr, kRelayedReadBytes, 0, &inTwo, kNever);
        CHECK(inTwo);
        REQUIRE(dump.scopes.size() == 2);
        for (const ScopePlan& plan : dump.scopes) {
            INFO(plan.scope);
            CHECK(plan.buffers.capacity() <= 2 * plan.buffers.size() + 4096);
        }
        CHECK(dump.scopes[1].buffers.size() == 40000);
        // Reserved for the whole file and given back: exactly its size (grown by doubling it would hold 8,192).
        CHECK(dump.scopes[0].buffers.capacity() == 8000);
        CHECK(outcome(path, 0) == outcome(path, kNever));
    }
    SECTION("minified, no white space between objects")
    {
        std::string list = bufferList(0, 5000);
        for (std::size_t at = list.find(",\n"); at != std::string::npos; at = list.find(",\n", at))
            list.erase(at + 1, 1);
        const auto path = dir.write("tight.json", dumpOfRecords(scope("ub", list)));
        bool inTwo = false;
        CHECK(outcome(path, 0, &inTwo) == outcome(path, kNever));
        CHECK(inTwo);
    }
}

TEST_CASE("a middle that only looks like a boundary is read by one reader", "[halves][dump]")
{
    const test::TempDir dir;
    SECTION("inside a string")
    {
        // A location of `}, {` repeated fills the middle of the file.
        std::string location;
        while (location.size() < 60000)
            location += "}, {x";
        const std::string odd = R"json(, "note": ")json" + location + "\"";
        const auto path = dir.write("string.json", dumpOfRecords(scope("ub", bufferList(0, 3, odd, 1))));
        bool inTwo = true;
        const std::string halves = outcome(path, 0, &inTwo);
        CHECK_FALSE(inTwo);
        CHECK(halves == outcome(path, kNever));
    }
    SECTION("a list of buffer-like objects nested in a buffer")
    {
        // The second reader reads the nested list as buffers, to its end; the first finds that
        // it stands inside a buffer, not after one, and reads on itself.
        const std::string nested = R"(, "copies": [)" + bufferList(100, 3000) + "]";
        const auto path = dir.write("nested.json", dumpOfRecords(scope("ub", bufferList(0, 3, nested, 1))));
        bool inTwo = true;
        const std::string halves = outcome(path, 0, &inTwo);
        CHECK_FALSE(inTwo);
        CHECK(halves == outcome(path, kNever));
        CHECK(halves.find(" 3\n") != std::string::npos); // three buffers, not three thousand
    }
}

TEST_CASE("a problem in the second half is said as one reader says it", "[halves][dump]")
{
    const test::TempDir dir;
    SECTION("a buffer without its extent, past the middle")
    {
        std::string list = bufferList(0, 6000);
        const std::size_t at = list.find(R"("extent")", list.size() * 3 / 4);
        list.replace(at, 8, R"("extant")");
        const auto path = dir.write("field.json", dumpOfRecords(scope("ub", list)));
        const std::string halves = outcome(path, 0);
        CHECK(halves.find("DumpError") == 0);
        CHECK(halves.find("memory_info_array[4") != std::string::npos);
        CHECK(halves == outcome(path, kNever));
    }
    SECTION("broken JSON in a later scope: read again by one reader, the byte is the file's")
    {
        const auto path = dir.write("broken.json",
            R"({"Header": {"KernelName": "halves"}, "Record": [)" + scope("ub", bufferList(0, 6000))
                + R"(, {"scope": "cbuf",, "memory_info_array": []}]})");
        const std::string halves = outcome(path, 0);
        INFO(halves.substr(0, 300));
        CHECK(halves.find("invalid JSON at byte") != std::string::npos);
        CHECK(halves == outcome(path, kNever));
    }
    SECTION("broken JSON right after the list the second half read: the bytes near it are the file's")
    {
        // The reader's last-read text would hold the `null` given in place of the second half.
        const auto path = dir.write("right_after.json",
            R"({"Header": {"KernelName": "halves"}, "Record": [{"scope": "ub", "memory_info_array": [)"
                + bufferList(0, 6000) + R"(],= "status": "fail"}]})");
        const std::string halves = outcome(path, 0);
        CHECK(halves.find("invalid JSON at byte") != std::string::npos);
        CHECK(halves.find("null") == std::string::npos);
        CHECK(halves == outcome(path, kNever));
    }
    SECTION("an unknown key past the middle: a warning, so one reader reads it")
    {
        const auto path
            = dir.write("warn.json", dumpOfRecords(scope("ub", bufferList(0, 6000, R"(, "colour": 1)", 5000))));
        bool inTwo = true;
        CHECK(outcome(path, 0, &inTwo) == outcome(path, kNever));
        CHECK_FALSE(inTwo);
    }
}

TEST_CASE("every test dump loads the same read in two halves", "[halves][dump]")
{
    const auto files = test::testDumpFiles();
    for (const auto& file : files) {
        INFO(file.string());
        CHECK(outcome(file, 0) == outcome(file, kNever));
    }
    CHECK(files.size() >= 25);
}

TEST_CASE("a load read in two halves stops when cancelled", "[halves][dump]")
{
    const test::TempDir dir;
    const auto path = dir.write("big.json", dumpOfRecords(scope("ub", bufferList(0, 120000))));
    const test::CancelOutcome outcome = test::cancelAfterBytes(
        std::uint64_t(2) << 20, [&](const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead) {
            loadDumpFile(path.string(), cancel, bytesRead, kRelayedReadBytes, 0, nullptr, kNever);
        });
    CHECK(outcome.cancelled);
    CHECK(outcome.bytesRead < std::filesystem::file_size(path) / 2); // neither half read on to its end
}
