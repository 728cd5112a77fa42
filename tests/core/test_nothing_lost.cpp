// Nothing lost, nothing obeyed: long names, write errors, watch identity and
// reading, and dump text printed on a terminal.
#include "core/base/directory_changes.hpp"
#include "core/cli/command_line.hpp"
#include "core/cli/diff_command.hpp"
#include "core/cli/dump_watch.hpp"
#include "core/cli/explain_command.hpp"
#include "core/diff/diff_report.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_keeper.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/source/file_finder.hpp"
#include "core/text/terminal_text.hpp"

#include "support/file_size_limit.hpp"
#include "support/triton_fixtures.hpp"

#include <catch2/catch.hpp>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <sstream>
#include <thread>

using namespace memlens;
using memlens::test::FileSizeLimit;
using memlens::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string dumpOfSizes(const std::string& kernel, std::vector<int> sizes = {64})
{
    return test::dumpPointingInto(kernel, "/tmp/gone/kernel.ttadapter.mlir", 5, sizes);
}

std::size_t filesIn(const fs::path& dir)
{
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir))
        ++n;
    return n;
}

} // namespace

TEST_CASE("a kernel name past the file name limit is cut with a hash, and both copies are kept", "[watch]")
{
    TempDir dir("memlens_keep_");
    const std::string common(300, 'k');
    const std::string a = common + "_a";
    const std::string b = common + "_b";
    const auto time = std::chrono::system_clock::now();
    const KeptDump first
        = keepDumpVersion(dumpOfSizes(a), parseDumpText(dumpOfSizes(a), "memory_info_aiv.json"), time, dir.path);
    const KeptDump second
        = keepDumpVersion(dumpOfSizes(b), parseDumpText(dumpOfSizes(b), "memory_info_aiv.json"), time, dir.path);
    CHECK(first.written);
    CHECK(second.written);
    CHECK(first.path != second.path);
    CHECK(first.path.filename().string().size() <= 200);
    CHECK(first.path.filename().string().rfind(std::string(100, 'k'), 0) == 0);
    CHECK_THAT(first.path.filename().string(), Catch::EndsWith("-aiv.json") && Catch::Contains("~"));
    CHECK(loadDumpFile(second.path.string()).kernel == b);
    // The same name always gives the same file name: a restarted watch finds its copies.
    CHECK(dumpVersionFileName(a, CoreKind::Vector, time) == first.path.filename().string());
    CHECK(dumpVersionFileName(std::string(60000, 'x'), CoreKind::Cube, time).size() <= 200);
}

TEST_CASE("a copy that cannot be written says the system's reason and the watch goes on", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    DumpWatcher watcher(run.path, history.path);
    const std::string big = dumpOfSizes("_big", std::vector<int>(8, 64));
    const std::string small = dumpOfSizes("_small");
    REQUIRE(big.size() > 1536);
    REQUIRE(small.size() < 1024);
    run.write("memory_info_aiv.json", big);
    run.write("memory_info_aic.json", small);
    std::vector<WatchEvent> events;
    {
        const FileSizeLimit limit(1024);
        REQUIRE_NOTHROW(events = watcher.scan());
        CHECK_THROWS_WITH(keepDumpVersion(big, parseDumpText(big, "memory_info_aiv.json"),
                              std::chrono::system_clock::now(), history.path),
            Catch::Contains("File too large"));
    }
    REQUIRE(events.size() == 2);
    const auto of = [&](const std::string& name) {
        for (const WatchEvent& event : events)
            if (event.source.filename() == name)
                return event;
        FAIL("no event for " << name);
        return WatchEvent{};
    };
    CHECK(of("memory_info_aiv.json").kind == WatchEvent::Kind::NotKept);
    CHECK_THAT(of("memory_info_aiv.json").message,
        Catch::Contains("cannot keep memory_info_aiv.json") && Catch::Contains("File too large"));
    CHECK(of("memory_info_aic.json").kind == WatchEvent::Kind::Kept);
    CHECK(filesIn(history.path) == 1); // no partial file left behind
    // Tried again once the copy can be written.
    events = watcher.scan();
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == WatchEvent::Kind::Kept);
    CHECK(events[0].kernel == "_big");
}

TEST_CASE("watch: a new version with the old one's size and mtime (cp -p, touch -d) is kept", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    DumpWatcher watcher(run.path, history.path);
    const fs::path dump = run.write("memory_info_aiv.json", dumpOfSizes("_ka"));
    test::setAge(dump, 100);
    const fs::file_time_type time = fs::last_write_time(dump);
    REQUIRE(watcher.scan().size() == 1);
    const std::string next = dumpOfSizes("_kb");
    REQUIRE(next.size() == fs::file_size(dump));
    run.write("memory_info_aiv.json", next);
    fs::last_write_time(dump, time);
    const std::vector<WatchEvent> events = watcher.scan();
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == WatchEvent::Kind::Kept);
    CHECK(events[0].kernel == "_kb");
    CHECK(watcher.keptCount() == 2);
}

TEST_CASE(
    "watch applies the parser's checks while reading: a huge file of NULs is refused at its first chunk", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    const fs::path dump = run.write("memory_info_aiv.json", "{\"Header\": {");
    fs::resize_file(dump, 1ull << 30); // sparse: a gigabyte of NUL bytes after the first twelve
    DumpWatcher watcher(run.path, history.path);
    const std::vector<WatchEvent> events = watcher.scan();
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == WatchEvent::Kind::Incomplete);
    // The parser's own words, with the offset: the file was never read whole.
    CHECK_THAT(events[0].message, Catch::Contains("a NUL byte at offset 12"));
}

TEST_CASE("watch prints a long kernel name shortened and its control characters escaped", "[watch][terminal]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    const std::string kernel = "_k\\u001b]0;owned\\u0007" + std::string(5000, 'n');
    run.write("memory_info_aiv.json", dumpOfSizes(kernel));
    std::atomic<bool> stop{false};
    std::ostringstream out, err;
    std::thread watching([&] { runWatch({run.path, history.path, std::chrono::milliseconds(10)}, out, err, stop); });
    for (int i = 0; i < 500 && out.str().find("kept memory_info") == std::string::npos; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    stop = true;
    watching.join();
    const std::string text = out.str();
    CHECK_THAT(text, Catch::Contains("_k\\x1b]0;owned\\x07nnn") && Catch::Contains("(5012 bytes)"));
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.size() < 2000);
}

TEST_CASE("terminal text escapes C0, DEL and C1 controls and keeps the rest", "[terminal]")
{
    CHECK(terminalText("a\x1b[2Jb\tc\nd\x7f\r") == "a\\x1b[2Jb\tc\nd\\x7f\\x0d");
    CHECK(terminalText("x\xc2\x9b"
                       "31m \xc2\xa0 C:\\dir")
        == "x\\u009b31m \xc2\xa0 C:\\dir");
    CHECK(terminalText(std::string("nul\0", 4)) == "nul\\x00");
    CHECK(shortenedText("abcdef", 6) == "abcdef");
    CHECK(shortenedText("abcdef", 3) == "abc... (6 bytes)");
    CHECK(shortenedText("a\xc3\xa9z", 2) == "a... (4 bytes)"); // never half a character
}

TEST_CASE("explain, diff text and errors show a dump's control sequences instead of obeying them", "[terminal]")
{
    TempDir dir("memlens_terminal_");
    // ESC ]0; sets the terminal's title, ESC [2J clears the screen; CSI (U+009B) is C1.
    std::string text = dumpOfSizes("_k\\u001b]0;owned\\u0007", {64, 128});
    const std::string status = "\"error_info\": \"\"";
    text.replace(text.find(status), status.size(), "\"error_info\": \"ub overflow\\u001b[2J\\u009b0m\"");
    const fs::path a = dir.write("a/memory_info_aiv.json", text);
    const fs::path b = dir.write("b/memory_info_aiv.json", text);
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{{"explain", a.string()},
             {"diff", a.string(), b.string()}, {"diff", a.string(), b.string(), "--format", "md"}}) {
        const CommandLine commandLine = parseCommandLine(args);
        std::ostringstream out, err;
        if (commandLine.command == Command::Explain)
            runExplain(commandLine, out, err);
        else
            runDiff(commandLine.diff, out, err);
        INFO(args[0] << " " << args.back());
        CHECK(err.str().empty());
        CHECK_THAT(out.str(), Catch::Contains("\\x1b]0;owned\\x07"));
        CHECK(out.str().find('\x1b') == std::string::npos);
        CHECK(out.str().find('\x07') == std::string::npos);
        CHECK(out.str().find("\xc2\x9b") == std::string::npos);
    }
    // An error quoting the dump's text is escaped too.
    std::string broken = dumpOfSizes("_k");
    broken.replace(broken.find("\"offset\": [0"), 12, "\"offset\": [\"\\u001b[2J\"");
    const fs::path bad = dir.write("c/memory_info_aiv.json", broken);
    std::ostringstream out, err;
    CHECK(runExplain(parseCommandLine({"explain", bad.string()}), out, err) == kExitBadInput);
    CHECK_THAT(err.str(), Catch::Contains("\\x1b[2J"));
    CHECK(err.str().find('\x1b') == std::string::npos);
}

TEST_CASE("a file of NUL bytes is called that, not UTF-16, and UTF-16LE without a BOM is UTF-16, not a NUL byte",
    "[parser][encoding]")
{
    TempDir dir("memlens_encoding_");
    const std::string nuls(4096, '\0');
    const std::string utf16le = std::string("{\0\"\0H\0\"\0:\0 \0{\0}\0}\0", 18);
    const std::string utf16be = std::string("\0{\0\"\0H\0\"\0:\0 \0{\0}\0}", 18);
    const fs::path nulFile = dir.write("nul/memory_info_aiv.json", nuls);
    const fs::path leFile = dir.write("le/memory_info_aiv.json", utf16le);
    const fs::path beFile = dir.write("be/memory_info_aiv.json", utf16be);
    CHECK_THROWS_WITH(
        parseDumpText(nuls, "x.json"), Catch::Contains("a NUL byte at offset 0") && !Catch::Contains("UTF-16"));
    CHECK_THROWS_WITH(
        loadDumpFile(nulFile.string()), Catch::Contains("a NUL byte at offset 0") && !Catch::Contains("UTF-16"));
    for (const std::string& text : {utf16le, utf16be})
        CHECK_THROWS_WITH(parseDumpText(text, "x.json"), Catch::Contains("UTF-16") && !Catch::Contains("NUL byte"));
    for (const fs::path& file : {leFile, beFile})
        CHECK_THROWS_WITH(loadDumpFile(file.string()), Catch::Contains("UTF-16") && !Catch::Contains("NUL byte"));
}

TEST_CASE("the system reports each file closed after writing or moved into the folder", "[watch]")
{
    TempDir dir("memlens_changes_");
    DirectoryChanges changes(dir.path);
    REQUIRE(changes.available()); // Linux has inotify
    CHECK(changes.wait(std::chrono::milliseconds(0)).written.empty());
    dir.write("memory_info_aiv.json", "one");
    dir.write("memory_info_aiv.json", "two");
    dir.write("elsewhere.tmp", "three");
    fs::rename(dir.path / "elsewhere.tmp", dir.path / "memory_info_aic.json");
    const DirectoryChanges::Batch batch = changes.wait(std::chrono::milliseconds(1000));
    CHECK(batch.written
        == std::vector<std::string>{
            "memory_info_aiv.json", "memory_info_aiv.json", "elsewhere.tmp", "memory_info_aic.json"});
    CHECK_FALSE(batch.overflowed);
    CHECK_FALSE(DirectoryChanges(dir.path / "missing").available());
}

namespace {

struct WatchRun {
    std::string out, err;
};

// runWatch over `run` while `write` runs, then `settle` more, then stopped.
template <typename Write>
WatchRun watchWhile(const TempDir& run, const TempDir& history, std::chrono::milliseconds interval, Write write)
{
    std::atomic<bool> stop{false};
    std::ostringstream out, err;
    std::thread watching([&] { runWatch({run.path, history.path, interval}, out, err, stop); });
    std::this_thread::sleep_for(std::chrono::milliseconds(300)); // its first pass is done
    write();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    stop = true;
    watching.join();
    return {out.str(), err.str()};
}

} // namespace

TEST_CASE("watch reads each version as it is closed: versions living 100 ms under a 3 s poll are all kept", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    const WatchRun ran = watchWhile(run, history, std::chrono::milliseconds(3000), [&] {
        for (int k = 0; k < 8; ++k) {
            run.write("memory_info_aiv.json", dumpOfSizes("_k" + std::to_string(k)));
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    });
    INFO(ran.out << ran.err);
    CHECK(filesIn(history.path) == 8);
    CHECK_THAT(ran.out, Catch::Contains("kept 8 dumps in") && !Catch::Contains("overwritten"));
}

TEST_CASE("watch counts the versions overwritten before they could be read, and says so", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    constexpr int kVersions = 300;
    const WatchRun ran = watchWhile(run, history, std::chrono::milliseconds(200), [&] {
        for (int k = 0; k < kVersions; ++k)
            run.write("memory_info_aiv.json", dumpOfSizes("_k" + std::to_string(k)));
    });
    INFO(ran.out << ran.err);
    const std::size_t kept = filesIn(history.path);
    std::size_t missed = 0;
    const std::string said = "; ";
    if (const std::size_t at = ran.out.rfind(" versions were overwritten"); at != std::string::npos)
        missed = std::stoul(ran.out.substr(ran.out.rfind(said, at) + said.size()));
    else if (ran.out.find(" version was overwritten") != std::string::npos)
        missed = 1;
    CHECK(kept + missed == kVersions); // every write is kept or counted
    if (missed > 0)
        CHECK_THAT(ran.err, Catch::Contains("overwritten before memlens could read it"));
}

TEST_CASE("watch counts a version that is no dump apart, never as overwritten", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    const WatchRun ran = watchWhile(run, history, std::chrono::milliseconds(3000), [&] {
        run.write("memory_info_aiv.json", "{\"Record\": [ this is not JSON");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        run.write("memory_info_aiv.json", dumpOfSizes("_k"));
    });
    INFO(ran.out << ran.err);
    CHECK(filesIn(history.path) == 1);
    CHECK_THAT(ran.out, Catch::Contains("kept 1 dump in") && Catch::Contains("1 version was not a dump memlens reads"));
    CHECK_THAT(ran.out + ran.err, !Catch::Contains("overwritten before memlens could read it"));
}

TEST_CASE("watch told to poll says that a shorter-lived version is missed uncounted", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    std::atomic<bool> stop{true};
    std::ostringstream out, err;
    WatchOptions options{run.path, history.path, std::chrono::milliseconds(20)};
    options.systemReports = false;
    CHECK(runWatch(options, out, err, stop) == 0);
    CHECK_THAT(out.str(), Catch::Contains("looking every 20 ms instead: a version overwritten sooner is missed"));
}

TEST_CASE("diff of two different kernels says so, in text, Markdown and JSON", "[diff_command]")
{
    TempDir dir("memlens_diff_");
    const fs::path a = dir.write("a/memory_info_aiv.json", dumpOfSizes("_softmax"));
    const fs::path b = dir.write("b/memory_info_aiv.json", dumpOfSizes("_layer_norm"));
    const fs::path same = dir.write("c/memory_info_aiv.json", dumpOfSizes("_softmax", {128}));
    const auto diffOut = [](const fs::path& x, const fs::path& y, const char* format) {
        std::ostringstream out, err;
        runDiff(parseCommandLine({"diff", x.string(), y.string(), "--format", format}).diff, out, err);
        return out.str();
    };
    CHECK_THAT(diffOut(a, b, "text"), Catch::Contains("Note: A and B are different kernels"));
    CHECK_THAT(diffOut(a, b, "md"), Catch::Contains("- Note: A and B are different kernels"));
    CHECK_THAT(diffOut(a, b, "json"), Catch::Contains("\"kernels_differ\": true"));
    CHECK_THAT(diffOut(a, same, "text"), !Catch::Contains("different kernels"));
    CHECK_THAT(diffOut(a, same, "json"), Catch::Contains("\"kernels_differ\": false"));
}

TEST_CASE("records that share a scope name are said, once per name", "[dump][hostile]")
{
    TempDir dir("memlens_scopes_");
    std::string records;
    for (int i = 0; i < 5000; ++i)
        records += std::string(i ? "," : "")
            + R"({"scope": "ub", "memory_info_array": [{"buffer": "%a = memref.alloc() : memref<16xf16>", )"
              R"("offset": [0], "extent": 256, "life_time_in_ir": [1, 2]}]})";
    records += R"(, {"scope": "cbuf", "memory_info_array": [{"buffer": "%b = memref.alloc() : memref<16xf16>", )"
               R"("offset": [0], "extent": 256, "life_time_in_ir": [1, 2]}]})";
    const fs::path path
        = dir.write("memory_info_aiv.json", R"({"Header": {"KernelName": "_k"}, "Record": [)" + records + "]}");
    std::ostringstream log;
    const auto previous = spdlog::default_logger();
    auto logger = std::make_shared<spdlog::logger>("captured", std::make_shared<spdlog::sinks::ostream_sink_st>(log));
    logger->set_pattern("%v");
    logger->set_level(spdlog::level::warn);
    spdlog::set_default_logger(logger);
    const PlanDocument document = loadPlanDocument(path.string(), {});
    spdlog::set_default_logger(previous);
    CHECK(document.dump.scopes.size() == 5001);
    CHECK_THAT(log.str(),
        Catch::Contains("5000 records share the scope name \"ub\"") && Catch::Contains("--scope ub takes the first"));
    CHECK_THAT(log.str(), !Catch::Contains("\"cbuf\""));
}
