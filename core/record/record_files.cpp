#include "core/record/record_files.hpp"

#include "core/base/fd_output_buffer.hpp"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace memlens {

namespace {

namespace fs = std::filesystem;

std::string errnoText(int code) { return std::strerror(code); }

} // namespace

std::string writeNewFile(const std::string& path, const std::string& text)
{
    const std::string temporary = path + ".memlens-partial";
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return "cannot write " + temporary + ": " + errnoText(errno);
    const int code = writeAllToFd(fd, text);
    const bool written = code == 0;
    if (::close(fd) != 0 || !written) {
        ::unlink(temporary.c_str());
        return "cannot write " + path + ": " + errnoText(written ? errno : code);
    }
    // link() fails when `path` exists: nothing is ever replaced.
    if (::link(temporary.c_str(), path.c_str()) != 0) {
        const int linkError = errno;
        ::unlink(temporary.c_str());
        return "cannot write " + path + ": " + errnoText(linkError);
    }
    ::unlink(temporary.c_str());
    return {};
}

std::string makeNumberedFolder(const std::string& base)
{
    for (int n = 1; n < 10000; ++n) {
        const std::string folder = n == 1 ? base : base + "-" + std::to_string(n);
        if (::mkdir(folder.c_str(), 0755) != 0) {
            if (errno == EEXIST)
                continue;
            throw std::runtime_error("cannot make the run folder " + folder + ": " + errnoText(errno));
        }
        // A folder made is not always one that can be written (a read-only bind mount of the parent).
        const std::string probe = folder + "/.memlens-probe";
        const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            const int code = errno;
            ::rmdir(folder.c_str());
            throw std::runtime_error("cannot write into the run folder " + folder + ": " + errnoText(code));
        }
        ::close(fd);
        ::unlink(probe.c_str());
        return folder;
    }
    throw std::runtime_error("cannot make the run folder " + base + ": " + base + "-2 to -9999 exist too");
}

std::string publishNumbered(const std::string& from, const std::string& parent)
{
    std::error_code error;
    fs::create_directories(parent, error);
    if (error)
        throw std::runtime_error("cannot make " + parent + ": " + error.message());
    for (int n = 1; n < 1000000; ++n) {
        const std::string to = parent + "/" + std::to_string(n);
        if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
            return to;
        if (errno != EEXIST && errno != ENOTEMPTY)
            throw std::runtime_error("cannot move " + from + " to " + to + ": " + errnoText(errno));
    }
    throw std::runtime_error("cannot move " + from + " into " + parent + ": too many compiles");
}

std::string safeFileName(const std::string& text)
{
    std::string name;
    for (const char c : text)
        name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ? c : '_';
    if (name.empty() || name == "." || name == "..")
        name = "kernel";
    return name.substr(0, 200);
}

} // namespace memlens
