#include "core/base/input_file.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace memlens {

std::string errnoText(int code) { return std::generic_category().message(code); }

InputFileCheck checkInputFile(const std::string& path)
{
    InputFileCheck check;
    struct stat status { };
    if (path.empty()) {
        check.problem = "no file named";
        return check;
    }
    if (::stat(path.c_str(), &status) != 0) {
        const int code = errno;
        check.problem = code == ENOENT ? std::string("no such file") : "cannot be read: " + errnoText(code);
        return check;
    }
    if (S_ISDIR(status.st_mode)) {
        check.problem = "is a directory, not a file";
        return check;
    }
    if (!S_ISREG(status.st_mode)) {
        const char* kind = S_ISFIFO(status.st_mode)              ? "a FIFO"
            : S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode) ? "a device"
            : S_ISSOCK(status.st_mode)                           ? "a socket"
                                                                 : "a special file";
        check.problem = std::string("is ") + kind + ", not a regular file";
        return check;
    }
    // O_NONBLOCK: should the path become a FIFO after the stat, the open still returns.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        check.problem = "cannot be read: " + errnoText(errno);
        return check;
    }
    struct stat opened { };
    const bool regular = ::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode);
    ::close(fd);
    if (!regular) {
        check.problem = "is not a regular file";
        return check;
    }
    check.bytes = static_cast<std::uint64_t>(opened.st_size);
    return check;
}

} // namespace memlens
