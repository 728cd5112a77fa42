// `--out FILE` (summary, plan): the file is replaced whole, and only the file the user named.
#include "core/cli/command_common.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;
using memlens::writeReplacing;
using memlens::test::TempDir;

namespace {

std::string readAll(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::size_t entriesIn(const fs::path& folder)
{
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

} // namespace

TEST_CASE("--out never writes through a link planted at the old temporary name")
{
    TempDir dir;
    const fs::path victim = dir.write("victim/.bashrc", "the user's own file\n");
    const fs::path out = dir.path / "o" / "s.txt";
    fs::create_directories(out.parent_path());
    fs::create_symlink(victim, out.string() + ".memlens-partial");

    REQUIRE(writeReplacing(out, "summary\n").empty());
    CHECK(readAll(out) == "summary\n");
    CHECK(readAll(victim) == "the user's own file\n");
    // The planted link is left as it was, and no temporary file of ours remains.
    CHECK(fs::is_symlink(out.string() + ".memlens-partial"));
    CHECK(entriesIn(out.parent_path()) == 2);
}

TEST_CASE("--out replaces a regular file whole and keeps its mode")
{
    TempDir dir;
    const fs::path out = dir.write("plan.json", "old text, longer than the new one\n");
    fs::permissions(out, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);

    REQUIRE(writeReplacing(out, "new\n").empty());
    CHECK(readAll(out) == "new\n");
    CHECK((fs::status(out).permissions() & fs::perms::all)
        == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
    CHECK(entriesIn(dir.path) == 1);
}

TEST_CASE("--out refuses a read-only file instead of replacing it")
{
    TempDir dir;
    const fs::path out = dir.write("summary.txt", "kept\n");
    fs::permissions(out, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);

    const std::string why = writeReplacing(out, "new\n");
    CHECK_THAT(why, Catch::Contains("read-only") && Catch::Contains(out.string()));
    CHECK(readAll(out) == "kept\n");
    CHECK(entriesIn(dir.path) == 1);
}

TEST_CASE("--out naming a device writes into it and never replaces it")
{
    struct stat before { };
    REQUIRE(::stat("/dev/null", &before) == 0);
    CHECK(writeReplacing("/dev/null", "summary\n").empty());
    struct stat after { };
    REQUIRE(::stat("/dev/null", &after) == 0);
    CHECK(S_ISCHR(after.st_mode));
    CHECK(after.st_ino == before.st_ino);
}

TEST_CASE("--out naming a FIFO writes into its reader, or says nobody reads it")
{
    TempDir dir;
    const fs::path fifo = dir.path / "pipe";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);

    // No reader: an error at once, not a hang, and the FIFO stays a FIFO.
    const std::string why = writeReplacing(fifo, "summary\n");
    CHECK_THAT(why, Catch::Contains("no reader"));
    CHECK(fs::is_fifo(fifo));

    // A reader: it gets the text.
    std::string received;
    std::thread reader([&] { received = readAll(fifo); });
    // The reader's open blocks until a writer comes; retry while it has not opened yet.
    std::string status = "start";
    for (int attempt = 0; attempt < 500 && !status.empty(); ++attempt) {
        status = writeReplacing(fifo, "summary\n");
        if (!status.empty())
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!status.empty())
        std::ofstream(fifo) << ""; // release the reader so that the test ends
    reader.join();
    CHECK(status.empty());
    CHECK(received == "summary\n");
    CHECK(fs::is_fifo(fifo));
}

TEST_CASE("--out naming a folder is refused")
{
    TempDir dir;
    fs::create_directories(dir.path / "folder");
    CHECK_THAT(writeReplacing(dir.path / "folder", "x"), Catch::Contains("not a regular file"));
    CHECK(fs::is_directory(dir.path / "folder"));
}

TEST_CASE("--out creates a new file with the usual mode, not the temporary file's", "[write]")
{
    TempDir dir;
    const mode_t previous = ::umask(022);
    const std::string why = writeReplacing(dir.path / "new.txt", "text\n");
    ::umask(previous);
    REQUIRE(why.empty());
    CHECK((fs::status(dir.path / "new.txt").permissions() & fs::perms::all)
        == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read));
}
