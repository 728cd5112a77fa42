// A command's answer that cannot be written says why: the reason of the write that failed
// reaches the message even when the stream went bad long before the final flush.
#include "core/base/fd_output_buffer.hpp"
#include "core/cli/command_common.hpp"
#include "core/cli/exit_status.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <ostream>
#include <sstream>
#include <string>

using memlens::FdOutputBuffer;
using memlens::finishOutput;

namespace {

struct OpenFd {
    int fd;
    explicit OpenFd(const char* path, int flags)
        : fd(::open(path, flags | O_CLOEXEC))
    {
        REQUIRE(fd >= 0);
    }
    ~OpenFd() { ::close(fd); }
};

} // namespace

TEST_CASE("an answer larger than the buffer into a full disk names the full disk")
{
    OpenFd full("/dev/full", O_WRONLY);
    FdOutputBuffer buffer(full.fd, 4096);
    std::ostream out(&buffer);
    const std::string chunk(1000, 'x');
    for (int i = 0; i < 100; ++i) // fails on the fifth chunk, long before the end
        out << chunk << '\n';
    CHECK_FALSE(out.good());
    CHECK(buffer.errorCode() == ENOSPC);
    std::ostringstream err;
    CHECK(finishOutput(out, err, 0) == memlens::kExitBadInput);
    CHECK(err.str().find("No space left on device") != std::string::npos);
    CHECK(err.str().find("incomplete") != std::string::npos);
}

TEST_CASE("a small answer fails at the final flush and is named too")
{
    OpenFd full("/dev/full", O_WRONLY);
    FdOutputBuffer buffer(full.fd);
    std::ostream out(&buffer);
    out << "{\"overflow\": false}\n";
    CHECK(out.good()); // still in the buffer
    std::ostringstream err;
    CHECK(finishOutput(out, err, 3) == memlens::kExitBadInput);
    CHECK(err.str().find("No space left on device") != std::string::npos);
}

TEST_CASE("a closed descriptor is named as such")
{
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    ::close(fds[0]);
    ::close(fds[1]);
    FdOutputBuffer buffer(fds[1], 16);
    std::ostream out(&buffer);
    out << std::string(64, 'y');
    std::ostringstream err;
    CHECK(finishOutput(out, err, 0) == memlens::kExitBadInput);
    CHECK(buffer.errorCode() == EBADF);
    CHECK(err.str().find("Bad file descriptor") != std::string::npos);
}

TEST_CASE("every byte reaches the file in order, across the buffer's edge and past it")
{
    memlens::test::TempDir dir;
    const auto path = dir.path / "answer.txt";
    std::string expected;
    {
        OpenFd file(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC);
        FdOutputBuffer buffer(file.fd, 8);
        std::ostream out(&buffer);
        for (int i = 0; i < 50; ++i) {
            const std::string piece = std::to_string(i) + std::string(static_cast<std::size_t>(i % 13), 'a' + i % 26);
            out << piece;
            out.put('|');
            expected += piece + '|';
        }
        std::ostringstream err;
        CHECK(finishOutput(out, err, 0) == 0);
        CHECK(err.str().empty());
        CHECK(buffer.errorCode() == 0);
    }
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str() == expected);
}
