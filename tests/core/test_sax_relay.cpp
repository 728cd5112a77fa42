// Reading JSON on a second thread (big dumps): the handler sees exactly the
// events, errors and stops it would see from json::sax_parse, and a dump loads
// to the same plan, or fails with the same message, either way.
#include "core/base/cancellation.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/dump/sax_relay.hpp"
#include "support/cancel_after_bytes.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

using namespace memlens;

namespace {

using json = nlohmann::json;

// Writes down every event; stops (returns false) after `stopAfter` events when set.
class EventLog : public JsonSax {
public:
    std::ostringstream log;
    long stopAfter = -1;

    bool null() override { return note("null"); }
    bool boolean(bool value) override { return note(value ? "true" : "false"); }
    bool number_integer(number_integer_t value) override { return note("int " + std::to_string(value)); }
    bool number_unsigned(number_unsigned_t value) override { return note("uint " + std::to_string(value)); }
    bool number_float(number_float_t value, const string_t& raw) override
    {
        return note("float " + std::to_string(value) + " " + raw);
    }
    bool string(string_t& value) override { return note("string " + value); }
    bool binary(binary_t&) override { return note("binary"); }
    bool start_object(std::size_t) override { return note("{"); }
    bool start_array(std::size_t) override { return note("["); }
    bool key(string_t& name) override { return note("key " + name); }
    bool end_object() override { return note("}"); }
    bool end_array() override { return note("]"); }
    bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& error) override
    {
        note("error at " + std::to_string(position) + " '" + token + "' " + std::to_string(error.id) + " "
            + error.what());
        return false;
    }

private:
    bool note(const std::string& event)
    {
        log << event << '\n';
        return --stopAfter != -1;
    }
};

std::string directly(const std::string& text, long stopAfter = -1)
{
    EventLog log;
    log.stopAfter = stopAfter;
    json::sax_parse(text, &log);
    return log.log.str();
}

std::string relayed(const std::string& text, long stopAfter = -1)
{
    EventLog log;
    log.stopAfter = stopAfter;
    relaySaxEvents([&text](JsonSax& recorder) { json::sax_parse(text, &recorder); }, log);
    return log.log.str();
}

// A long document: many chunks of recorded events pass between the threads.
std::string longDocument()
{
    std::string text = "[";
    for (int i = 0; i < 40000; ++i)
        text += std::string(i ? "," : "") + R"({"n": )" + std::to_string(i - 20000) + R"(, "u": )"
            + std::to_string(18446744073709551615ull - static_cast<unsigned long long>(i)) + R"(, "f": )"
            + std::to_string(i) + ".25e-1" + R"(, "s": "caf\u00e9 \"q\" )" + std::to_string(i)
            + R"(", "b": [true, false, null], "o": {}})";
    return text + "]";
}

std::string loadOutcome(const std::filesystem::path& path, std::uint64_t relayFrom)
{
    try {
        const Dump dump = loadDumpFile(path.string(), nullptr, nullptr, relayFrom);
        std::ostringstream out;
        out << dump.kernel << ' ' << dump.scopes.size() << '\n';
        for (const ScopePlan& scope : dump.scopes) {
            out << scope.scope << ' ' << scope.status.value_or("-") << ' ' << scope.error << '\n';
            for (const memlens::Block& block : scope.blocks) {
                const Buffer& buffer = scope.bufferOf(block);
                out << buffer.ssaName << ' ' << buffer.memrefType() << ' ' << buffer.location() << ' ' << block.offset
                    << ' ' << block.size << ' ' << block.start << ' ' << block.end << ' ' << block.tmp << '\n';
            }
        }
        return out.str();
    } catch (const DumpError& error) {
        return std::string("DumpError: ") + error.what();
    }
}

} // namespace

TEST_CASE("relayed events are the JSON reader's own events, in order", "[relay]")
{
    const std::string text = longDocument();
    const std::string expected = directly(text);
    CHECK(expected.size() > 1000000);
    CHECK(relayed(text) == expected);
}

TEST_CASE("a syntax error reaches the handler as the JSON reader reports it", "[relay]")
{
    for (const std::string& text : {longDocument().substr(0, 1500000), std::string(R"({"a": [1, 2,, 3]})"),
             std::string(R"({"a": 1} trailing)"), std::string("{\"a\": \"unterminated")}) {
        const std::string expected = directly(text);
        CHECK(expected.find("error at") != std::string::npos);
        CHECK(relayed(text) == expected);
    }
}

TEST_CASE("a handler that stops the parse stops the reader", "[relay]")
{
    const std::string text = longDocument();
    for (const long stopAfter : {1L, 5L, 100000L}) {
        INFO("stop after " << stopAfter);
        const std::string expected = directly(text, stopAfter);
        CHECK(relayed(text, stopAfter) == expected);
        bool went = true;
        EventLog log;
        log.stopAfter = stopAfter;
        went = relaySaxEvents([&text](JsonSax& recorder) { json::sax_parse(text, &recorder); }, log);
        CHECK_FALSE(went);
    }
}

TEST_CASE("what the reader throws reaches the caller after the events before it", "[relay]")
{
    struct ReadFailed : std::runtime_error {
        ReadFailed()
            : std::runtime_error("read failed")
        {
        }
    };
    EventLog log;
    CHECK_THROWS_AS(relaySaxEvents(
                        [](JsonSax& recorder) {
                            recorder.start_array(1);
                            recorder.boolean(true);
                            throw ReadFailed();
                        },
                        log),
        ReadFailed);
    CHECK(log.log.str() == "[\ntrue\n");
}

TEST_CASE("every kind of event is passed on, a binary value too", "[relay]")
{
    EventLog log;
    relaySaxEvents(
        [](JsonSax& recorder) {
            json::binary_t bytes;
            recorder.start_array(2);
            recorder.binary(bytes);
            recorder.null();
            recorder.end_array();
        },
        log);
    CHECK(log.log.str() == "[\nbinary\nnull\n]\n");
}

TEST_CASE("what the handler throws stops the reader and reaches the caller", "[relay]")
{
    struct Thrower : EventLog {
        bool key(string_t&) override { throw std::runtime_error("bad key"); }
    } handler;
    const std::string text = longDocument();
    CHECK_THROWS_WITH(
        relaySaxEvents([&text](JsonSax& recorder) { json::sax_parse(text, &recorder); }, handler), "bad key");
}

TEST_CASE("every test dump loads to the same plan, or the same error, read by one thread or two", "[relay][dump]")
{
    const auto files = test::testDumpFiles();
    for (const auto& file : files) {
        INFO(file.string());
        const std::string alone = loadOutcome(file, UINT64_MAX);
        CHECK(loadOutcome(file, 0) == alone);
    }
    CHECK(files.size() >= 25);
}

TEST_CASE("a load read by two threads stops midway when cancelled", "[relay][dump]")
{
    // About 20 MB: told to stop once the reader is past its second chunk, long before the end.
    const test::TempDir dir;
    std::string text = R"({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "memory_info_array": [)";
    for (int i = 0; i < 120000; ++i)
        text += std::string(i ? ",\n" : "") + R"({"buffer": "%a)" + std::to_string(i)
            + R"( = memref.alloc() : memref<16xf16, #hivm.address_space<ub>>", "offset": [0], "extent": 256,)"
            + R"json( "alloc_time_in_ir": 0, "life_time_in_ir": [0, 1], "source_location": "loc(\"k.py\":3:1)"})json";
    text += "]}]}";
    const auto path = dir.write("dump.json", text);
    const test::CancelOutcome outcome = test::cancelAfterBytes(
        std::uint64_t(2) << 20, [&](const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead) {
            loadDumpFile(path.string(), cancel, bytesRead, 0);
        });
    CHECK(outcome.cancelled);
    CHECK(outcome.bytesRead < text.size()); // the reader stopped too: the rest of the file was never read
}
