#pragma once
// While alive, files this process writes are limited to `bytes`, and going past it
// fails the write (EFBIG, "File too large") instead of killing the process with
// SIGXFSZ: a full disk, as a test can make one (header-only).
#include <sys/resource.h>

#include <csignal>

namespace memlens::test {

struct FileSizeLimit {
    rlimit before{};
    void (*handler)(int) = nullptr;
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &before);
        handler = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limited{bytes, before.rlim_max};
        setrlimit(RLIMIT_FSIZE, &limited);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &before);
        std::signal(SIGXFSZ, handler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;
};

} // namespace memlens::test
