// snapshotDump with a progress counter and a cancel flag (the window's load keeps a
// copy of every version, and its progress and Cancel must reach that parse too).
#include "core/base/cancellation.hpp"
#include "core/dump/dump_keeper.hpp"
#include "core/dump/dump_parser.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace memlens;
namespace fs = std::filesystem;

namespace {
std::string bytesOf(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}
} // namespace

TEST_CASE("a snapshot with a counter counts every byte and keeps exactly the bytes parsed", "[keeper][progress]")
{
    memlens::test::TempDir dir;
    const fs::path dump = memlens::test::data("dumps/two_scopes_multibuffer.json");
    std::atomic<std::uint64_t> read{0};
    const DumpSnapshot counted = snapshotDump(dump.string(), dir.path / "kept", nullptr, &read);
    CHECK(read.load() == fs::file_size(dump));
    CHECK(bytesOf(counted.kept.path) == bytesOf(dump));
    // The same dump as the plain snapshot's.
    const Dump plain = parseDumpText(bytesOf(dump), dump.string());
    REQUIRE(counted.dump.scopes.size() == plain.scopes.size());
    for (std::size_t i = 0; i < plain.scopes.size(); ++i)
        CHECK(counted.dump.scopes[i].blocks.size() == plain.scopes[i].blocks.size());
    CHECK(counted.dump.kernel == plain.kernel);
}

TEST_CASE("a cancelled snapshot throws LoadCancelled and keeps no copy", "[keeper][progress]")
{
    memlens::test::TempDir dir;
    const fs::path dump = memlens::test::data("dumps/two_scopes_multibuffer.json");
    const std::atomic<bool> cancel{true};
    std::atomic<std::uint64_t> read{0};
    CHECK_THROWS_AS(snapshotDump(dump.string(), dir.path / "kept", &cancel, &read), LoadCancelled);
    CHECK_THROWS_AS(snapshotDump(dump.string(), dir.path / "kept", &cancel), LoadCancelled);
    CHECK((!fs::exists(dir.path / "kept") || fs::is_empty(dir.path / "kept")));
}

TEST_CASE("a copy written beside the analysis is kept when taken, and removed when the load gives up", "[keeper]")
{
    memlens::test::TempDir dir;
    const fs::path dump = memlens::test::data("dumps/two_scopes_multibuffer.json");
    std::atomic<std::uint64_t> counted{0};
    {
        DumpRead read = readDumpKeepingBytes(dump.string(), nullptr, &counted);
        CHECK(read.text == bytesOf(dump));
        PendingDumpCopy copy(read, dir.path / "kept");
        const KeptDump kept = copy.take();
        CHECK(kept.written);
        CHECK(bytesOf(kept.path) == bytesOf(dump));
        CHECK(kept.path.filename().string().rfind(read.dump.kernel + "-", 0) == 0); // named after the dump's kernel
    }
    CHECK(std::distance(fs::directory_iterator(dir.path / "kept"), fs::directory_iterator()) == 1);

    // Not taken (the analysis failed or was cancelled): the copy it wrote is gone.
    {
        DumpRead read = readDumpKeepingBytes(dump.string());
        read.dump.kernel = "given_up";
        PendingDumpCopy copy(read, dir.path / "kept");
    }
    for (const auto& entry : fs::directory_iterator(dir.path / "kept"))
        CHECK(entry.path().filename().string().rfind("given_up", 0) == std::string::npos);
    CHECK(std::distance(fs::directory_iterator(dir.path / "kept"), fs::directory_iterator()) == 1);

    // A folder that cannot be written: take() says so.
    std::ofstream(dir.path / "a_file") << "x";
    DumpRead read = readDumpKeepingBytes(dump.string());
    PendingDumpCopy copy(read, dir.path / "a_file" / "kept");
    CHECK_THROWS_AS(copy.take(), fs::filesystem_error);
}
