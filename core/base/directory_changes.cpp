#include "core/base/directory_changes.hpp"

#include <cerrno>
#include <cstring>

#if defined(__linux__)
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>
#endif

namespace memlens {

#if defined(__linux__)

DirectoryChanges::DirectoryChanges(const std::filesystem::path& dir)
{
    fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd_ < 0) {
        reason_ = std::string("inotify: ") + std::strerror(errno);
        return;
    }
    // IN_MODIFY only separates two writes of one file: without it the system merges
    // two IN_CLOSE_WRITE reports of the same name that were not read yet.
    watch_ = ::inotify_add_watch(fd_, dir.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_ONLYDIR);
    if (watch_ < 0)
        reason_ = dir.string() + ": inotify: " + std::strerror(errno);
}

DirectoryChanges::~DirectoryChanges()
{
    if (fd_ >= 0)
        ::close(fd_);
}

DirectoryChanges::Batch DirectoryChanges::wait(std::chrono::milliseconds timeout)
{
    Batch batch;
    if (!available())
        return batch;
    pollfd ready{fd_, POLLIN, 0};
    if (::poll(&ready, 1, static_cast<int>(timeout.count())) <= 0)
        return batch;
    alignas(inotify_event) char buffer[64 * 1024];
    for (;;) {
        const ssize_t got = ::read(fd_, buffer, sizeof buffer);
        if (got <= 0)
            break; // EAGAIN: nothing more waiting
        for (ssize_t at = 0; at < got;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
            if (event->mask & IN_Q_OVERFLOW)
                batch.overflowed = true;
            else if ((event->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) && event->len > 0)
                batch.written.emplace_back(event->name);
            at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    return batch;
}

#else

DirectoryChanges::DirectoryChanges(const std::filesystem::path&) { reason_ = "no inotify on this system"; }
DirectoryChanges::~DirectoryChanges() = default;
DirectoryChanges::Batch DirectoryChanges::wait(std::chrono::milliseconds) { return {}; }

#endif

} // namespace memlens
