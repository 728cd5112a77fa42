#pragma once
// `memlens watch DIR --keep HISTORY_DIR`: every new or changed
// memory_info*.json in DIR is copied into HISTORY_DIR as it appears, so a run
// that compiles ten kernels leaves ten dumps. Polls (a few stats per pass);
// a file is copied only once it is complete: unchanged while read, and it parses.
// A file counts as changed when its inode, size, mtime or ctime changed (`cp -p`
// and `touch -d` keep the mtime), and one changed within the last seconds is
// compared by content too (a same-size rewrite within one clock tick).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace memlens {

struct WatchEvent {
    enum class Kind {
        Kept,       // copied to `kept`
        Incomplete, // being written or not a complete dump (yet): tried again when it changes
        NotKept,    // a complete dump whose copy could not be written (`message` says why): tried again
    };
    Kind kind = Kind::Kept;
    std::filesystem::path source;
    std::filesystem::path kept;
    std::string kernel;
    std::string message; // for Incomplete: why
};

class DumpWatcher {
public:
    // Versions already in `keepDir` (identical bytes) are not copied again.
    DumpWatcher(std::filesystem::path watchDir, std::filesystem::path keepDir);

    // One pass over the folder. A copy that cannot be written is a NotKept event,
    // never the end of the watch.
    std::vector<WatchEvent> scan();
    // The same for the files of `names` (file names in the folder) only; other names are ignored.
    std::vector<WatchEvent> scan(const std::vector<std::string>& names);

    // How many new versions of `path` were read whole as dumps (kept, known already, or not
    // kept for a write error): against the writes the system reported, what was overwritten
    // unread (a broken dump, said as such, counts there too).
    std::size_t versionsRead(const std::filesystem::path& path) const;

    std::size_t keptCount() const { return kept_; }
    const std::filesystem::path& watchDir() const { return watchDir_; }
    const std::filesystem::path& keepDir() const { return keepDir_; }

private:
    struct FileState {
        std::uint64_t device = 0, inode = 0, size = 0;
        std::int64_t modifiedNs = 0, changedNs = 0;
        bool operator==(const FileState&) const = default;
    };
    struct Seen {
        FileState state;
        std::uint64_t digest = 0;    // of the bytes last read
        bool compareContent = false; // changed so recently that the same state may hide a rewrite
    };
    static bool stateOf(const std::filesystem::path& path, FileState& state);
    void rememberKeptVersions();
    std::vector<WatchEvent> scanFile(const std::filesystem::path& path);

    std::filesystem::path watchDir_;
    std::filesystem::path keepDir_;
    std::map<std::filesystem::path, Seen> seen_;
    std::set<std::uint64_t> keptDigests_;
    std::map<std::filesystem::path, std::size_t> versionsRead_;
    std::size_t kept_ = 0;
};

struct WatchOptions {
    std::filesystem::path dir;
    std::filesystem::path keepDir;
    std::chrono::milliseconds interval{200}; // how often the folder is polled without the system's reports
    bool systemReports = true;               // false: poll even where the system reports writes
};

// Scans until `stop` is set; a line on `out` per kept dump. Where the system reports
// each write (inotify), a file is read as soon as it is closed, and versions
// overwritten before they could be read are counted and said; else the folder is
// polled every `interval`, and a version that lives shorter may be missed unseen.
// Returns the exit status (2 when DIR is not a folder or HISTORY_DIR cannot be made).
int runWatch(const WatchOptions& options, std::ostream& out, std::ostream& err, const std::atomic<bool>& stop);

} // namespace memlens
