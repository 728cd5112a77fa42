#pragma once
// The files of one folder closed after writing or moved into it, as the system
// reports them (inotify: IN_CLOSE_WRITE, IN_MOVED_TO), so that a dump that lives
// a few milliseconds before the compiler overwrites it is still seen. Where the
// system has no such reports (another system, a file system without them, the
// per-user watch limit reached), available() is false and the caller polls.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace memlens {

class DirectoryChanges {
public:
    explicit DirectoryChanges(const std::filesystem::path& dir);
    ~DirectoryChanges();
    DirectoryChanges(const DirectoryChanges&) = delete;
    DirectoryChanges& operator=(const DirectoryChanges&) = delete;

    bool available() const { return watch_ >= 0; }
    // Why not available ("" when it is): for the message that says the poll is used.
    const std::string& unavailableReason() const { return reason_; }
    // Readable when changes are waiting (for an event loop's notifier); -1 when not available.
    int descriptor() const { return available() ? fd_ : -1; }

    struct Batch {
        std::vector<std::string> written; // file names, one per write or move, in order
        bool overflowed = false;          // the system dropped reports: some writes are not in `written`
    };
    // The reports waiting, after waiting up to `timeout` for the first one.
    Batch wait(std::chrono::milliseconds timeout);

private:
    int fd_ = -1;
    int watch_ = -1;
    std::string reason_;
};

} // namespace memlens
