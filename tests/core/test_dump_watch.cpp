// Nothing lost to overwriting: keeping dump versions, and `memlens watch`.
#include "core/cli/command_line.hpp"
#include "core/cli/dump_watch.hpp"
#include "core/dump/dump_keeper.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/source/file_finder.hpp"

#include "support/triton_fixtures.hpp"

#include <catch2/catch.hpp>

#include <ctime>
#include <set>
#include <sstream>
#include <thread>

using namespace memlens;
using memlens::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string watchedDump(const std::string& kernel, int size = 64)
{
    return test::dumpPointingInto(kernel, "/tmp/gone/kernel.ttadapter.mlir", 5, {size});
}

std::string readAll(const fs::path& path) { return readTextFile(path).text; }

std::vector<fs::path> filesIn(const fs::path& dir)
{
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// The compiler rewrites the file: a new time each time, even within a clock tick.
void overwrite(const fs::path& path, const std::string& text, int secondsAgo)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    test::setAge(path, secondsAgo);
}

} // namespace

TEST_CASE("a kept version is named <kernel>-<time>-<core>.json in local time", "[watch]")
{
    const std::time_t seconds = 1796000000; // a fixed instant
    const auto time = std::chrono::system_clock::from_time_t(seconds) + std::chrono::milliseconds(42);
    std::tm local{};
    localtime_r(&seconds, &local);
    char expected[64];
    std::strftime(expected, sizeof expected, "%Y%m%d-%H%M%S", &local);
    CHECK(dumpVersionFileName("_attn_fwd", CoreKind::Vector, time)
        == "_attn_fwd-" + std::string(expected) + ".042-aiv.json");
    CHECK(dumpVersionFileName("a/b c", CoreKind::Cube, time) == "a_b_c-" + std::string(expected) + ".042-aic.json");
    CHECK(dumpVersionFileName("", CoreKind::Unknown, time) == "unnamed-" + std::string(expected) + ".042-unknown.json");
    CHECK(dumpVersionFileName("..", CoreKind::Unknown, time).rfind("unnamed-", 0) == 0);
}

TEST_CASE("a kept copy reads as the core type it was dumped for", "[watch]")
{
    TempDir dir("memlens_keep_");
    const std::string text = watchedDump("_k");
    const Dump dump = parseDumpText(text, "memory_info_aic.json");
    const KeptDump kept = keepDumpVersion(text, dump, std::chrono::system_clock::now(), dir.path);
    CHECK(kept.written);
    CHECK(loadDumpFile(kept.path.string()).core == CoreKind::Cube);
    CHECK(readAll(kept.path) == text);
}

TEST_CASE("keeping a version: same name and same bytes is one file, other bytes get a suffix", "[watch]")
{
    TempDir dir("memlens_keep_");
    const auto time = std::chrono::system_clock::now();
    const std::string first = watchedDump("_k", 64);
    const std::string second = watchedDump("_k", 128);
    const KeptDump a = keepDumpVersion(first, parseDumpText(first, "memory_info_aiv.json"), time, dir.path);
    const KeptDump again = keepDumpVersion(first, parseDumpText(first, "memory_info_aiv.json"), time, dir.path);
    const KeptDump b = keepDumpVersion(second, parseDumpText(second, "memory_info_aiv.json"), time, dir.path);
    CHECK(a.written);
    CHECK_FALSE(again.written);
    CHECK(again.path == a.path);
    CHECK(b.written);
    CHECK(b.path.filename().string() == a.path.stem().string() + "-2.json");
    CHECK(readAll(b.path) == second);
    CHECK(filesIn(dir.path).size() == 2); // no partial file left behind
    CHECK(a.digest == contentDigest(first));
    CHECK(a.digest != b.digest);
}

TEST_CASE("watch: ten kernels compiled in one run leave ten dumps", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    DumpWatcher watcher(run.path, history.path);
    const fs::path dump = run.path / "memory_info_aiv.json";
    std::set<std::string> keptKernels;
    for (int k = 0; k < 10; ++k) {
        overwrite(dump, watchedDump("_kernel_" + std::to_string(k), 32 * (k + 1)), 100 - k);
        const std::vector<WatchEvent> events = watcher.scan();
        REQUIRE(events.size() == 1);
        CHECK(events[0].kind == WatchEvent::Kind::Kept);
        CHECK(events[0].kernel == "_kernel_" + std::to_string(k));
        CHECK(watcher.scan().empty()); // unchanged: nothing more
    }
    CHECK(watcher.keptCount() == 10);
    const std::vector<fs::path> kept = filesIn(history.path);
    REQUIRE(kept.size() == 10);
    for (const fs::path& path : kept) {
        const Dump copy = loadDumpFile(path.string());
        keptKernels.insert(copy.kernel);
        CHECK(path.filename().string().rfind(copy.kernel + "-", 0) == 0);
        CHECK(path.filename().string().find("-aiv.json") != std::string::npos);
    }
    CHECK(keptKernels.size() == 10);
}

TEST_CASE("watch: an incomplete dump is not kept until it is whole, other files are ignored", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    DumpWatcher watcher(run.path, history.path);
    const std::string whole = watchedDump("_cube_kernel");
    const fs::path dump = run.path / "memory_info_aic.json";
    overwrite(dump, whole.substr(0, whole.size() / 2), 20);
    run.write("notes.json", "{}");
    run.write("memory_info_aic.json.bak", whole);
    std::vector<WatchEvent> events = watcher.scan();
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == WatchEvent::Kind::Incomplete);
    CHECK(events[0].source == dump);
    CHECK(filesIn(history.path).empty());
    CHECK(watcher.scan().empty()); // not read again while unchanged

    overwrite(dump, whole, 10);
    events = watcher.scan();
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == WatchEvent::Kind::Kept);
    CHECK(readAll(events[0].kept) == whole);
    CHECK(events[0].kept.filename().string().find("-aic.json") != std::string::npos);
}

TEST_CASE("watch: what the history folder already holds is not copied again", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    overwrite(run.path / "memory_info_aiv.json", watchedDump("_k"), 5);
    REQUIRE(DumpWatcher(run.path, history.path).scan().size() == 1);
    DumpWatcher restarted(run.path, history.path);
    CHECK(restarted.scan().empty());
    CHECK(filesIn(history.path).size() == 1);
    // The same bytes written again (a cached kernel recompiled the same) are one version.
    overwrite(run.path / "memory_info_aiv.json", watchedDump("_k"), 1);
    CHECK(restarted.scan().empty());
}

TEST_CASE("runWatch keeps what appears until stopped, and refuses a folder that is not there", "[watch]")
{
    TempDir run("memlens_run_");
    TempDir history("memlens_history_");
    WatchOptions options{run.path, history.path / "kept", std::chrono::milliseconds(20)};
    std::atomic<bool> stop{false};
    std::ostringstream out;
    std::ostringstream err;
    int status = -1;
    std::thread watching([&] { status = runWatch(options, out, err, stop); });
    overwrite(run.path / "memory_info_aiv.json", watchedDump("_first"), 3);
    for (int i = 0; i < 250 && (!fs::is_directory(options.keepDir) || filesIn(options.keepDir).empty()); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    stop = true;
    watching.join();
    CHECK(status == 0);
    REQUIRE(filesIn(options.keepDir).size() == 1);
    CHECK_THAT(out.str(),
        Catch::Contains("kept memory_info_aiv.json (kernel _first) as ") && Catch::Contains("kept 1 dump in"));

    std::ostringstream out2;
    std::ostringstream err2;
    CHECK(runWatch(WatchOptions{run.path / "missing", history.path, std::chrono::milliseconds(20)}, out2, err2, stop)
        == kExitBadInput);
    CHECK_THAT(err2.str(), Catch::Contains("missing: not a folder"));
}

TEST_CASE("the watch command line: DIR and --keep are required, --interval is checked", "[watch][cli]")
{
    const CommandLine line = parseCommandLine({"watch", "run", "--keep", "history", "--interval", "50"});
    CHECK(line.command == Command::Watch);
    CHECK(line.dump == "run");
    CHECK(line.keepDir == "history");
    CHECK(line.watchIntervalMs == 50);
    CHECK_THROWS_WITH(parseCommandLine({"watch", "run"}), Catch::Contains("missing --keep HISTORY_DIR"));
    CHECK_THROWS_WITH(parseCommandLine({"watch", "--keep", "h"}), Catch::Contains("missing DIR"));
    CHECK_THROWS_WITH(
        parseCommandLine({"watch", "run", "--keep", "h", "--interval", "5"}), Catch::Contains("--interval"));
    CHECK_THROWS_WITH(parseCommandLine({"inspect", "d.json", "--keep", "h"}), Catch::Contains("unknown option --keep"));
    CHECK(parseCommandLine({"watch", "--help"}).helpFor == Command::Watch);
    CHECK_THAT(usageText(Command::Watch), Catch::Contains("<kernel>-<time>-<core>.json"));
    CHECK_THAT(usageText(Command::Window), Catch::Contains("memlens watch DIR --keep HISTORY_DIR"));
    CHECK(parseCommandLine({"inspect", "d.json", "--triton-cache", "/tc"}).load.tritonCache.cacheDir == "/tc");
}

TEST_CASE(
    "a kept copy is written as a new file: a link planted at its temporary name is not followed", "[watch][hostile]")
{
    // The keep folder may be shared: a link at <copy>.partial-<writer> to a user's file must
    // neither truncate that file nor become the kept copy.
    TempDir dir;
    const fs::path keep = dir.path / "keep";
    fs::create_directories(keep);
    const fs::path victim = dir.path / "precious.txt";
    {
        std::ofstream out(victim);
        out << "precious\n";
    }
    const std::string text = watchedDump("_k");
    const Dump dump = parseDumpText(text, "memory_info_aiv.json");
    const auto time = std::chrono::system_clock::now();
    fs::path partial = keep / dumpVersionFileName(dump.kernel, dump.core, time);
    partial += ".partial-" + std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()));
    fs::create_symlink(victim, partial);

    const KeptDump kept = keepDumpVersion(text, dump, time, keep);
    CHECK(readAll(victim) == "precious\n");
    CHECK_FALSE(fs::is_symlink(kept.path));
    CHECK(readAll(kept.path) == text);
}
