#pragma once
// `memlens watch DIR --keep HISTORY_DIR`: every new or changed
// memory_info*.json in DIR is copied into HISTORY_DIR as it appears, so a run
// that compiles ten kernels leaves ten dumps. Polls (a few stats per pass);
// a file is copied only once it is complete: unchanged while read, and it parses.
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

    // One pass over the folder. Throws std::filesystem::filesystem_error when
    // `keepDir` cannot be written.
    std::vector<WatchEvent> scan();

    std::size_t keptCount() const { return kept_; }
    const std::filesystem::path& watchDir() const { return watchDir_; }
    const std::filesystem::path& keepDir() const { return keepDir_; }

private:
    struct Seen {
        std::filesystem::file_time_type time;
        std::uintmax_t size = 0;
    };
    void rememberKeptVersions();
    std::vector<WatchEvent> scanFile(const std::filesystem::path& path);

    std::filesystem::path watchDir_;
    std::filesystem::path keepDir_;
    std::map<std::filesystem::path, Seen> seen_;
    std::set<std::uint64_t> keptDigests_;
    std::size_t kept_ = 0;
};

// True for the names the compiler gives its dumps: memory_info*.json.
bool isDumpFileName(const std::string& name);

struct WatchOptions {
    std::filesystem::path dir;
    std::filesystem::path keepDir;
    std::chrono::milliseconds interval{200};
};

// Scans until `stop` is set; a line on `out` per kept dump. Returns the exit status
// (2 when DIR is not a folder or HISTORY_DIR cannot be written).
int runWatch(const WatchOptions& options, std::ostream& out, std::ostream& err, const std::atomic<bool>& stop);

} // namespace memlens
