#include "core/cli/dump_watch.hpp"

#include "core/base/directory_changes.hpp"
#include "core/cli/exit_status.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_keeper.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/source/file_finder.hpp"
#include "core/text/terminal_text.hpp"

#include <sys/stat.h>

#include <ostream>
#include <thread>

namespace fs = std::filesystem;

namespace memlens {

namespace {

constexpr std::size_t kMaxKeptFilesRemembered = 10000;
// Coarse file system clocks tick once a second (or every two): a file changed more
// recently than this is compared by content on the next pass as well.
constexpr std::int64_t kCompareContentForNs = 3'000'000'000;

std::chrono::system_clock::time_point toSystemTime(fs::file_time_type time)
{
    return std::chrono::time_point_cast<std::chrono::system_clock::duration>(std::chrono::file_clock::to_sys(time));
}

} // namespace

DumpWatcher::DumpWatcher(fs::path watchDir, fs::path keepDir)
    : watchDir_(std::move(watchDir))
    , keepDir_(std::move(keepDir))
{
    rememberKeptVersions();
}

void DumpWatcher::rememberKeptVersions()
{
    // A restarted watch does not copy again what an earlier one kept.
    std::error_code ec;
    std::size_t n = 0;
    for (fs::directory_iterator it(keepDir_, ec); !ec && it != fs::directory_iterator() && n < kMaxKeptFilesRemembered;
         it.increment(ec), ++n) {
        if (it->path().extension() != ".json")
            continue;
        const ReadResult read = readTextFile(it->path(), kMaxDumpFileBytes);
        if (read.ok())
            keptDigests_.insert(contentDigest(read.text));
    }
}

std::vector<WatchEvent> DumpWatcher::scan()
{
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(watchDir_, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::error_code typeEc;
        if (isDumpFileName(it->path().filename().string()) && it->is_regular_file(typeEc))
            names.push_back(it->path().filename().string());
    }
    return scan(names);
}

std::vector<WatchEvent> DumpWatcher::scan(const std::vector<std::string>& names)
{
    std::vector<WatchEvent> events;
    for (const std::string& name : names) {
        std::error_code typeEc;
        const fs::path path = watchDir_ / name;
        if (!isDumpFileName(name) || !fs::is_regular_file(path, typeEc))
            continue;
        for (WatchEvent& event : scanFile(path))
            events.push_back(std::move(event));
    }
    return events;
}

std::size_t DumpWatcher::versionsRead(const fs::path& path) const
{
    const auto it = versionsRead_.find(path);
    return it == versionsRead_.end() ? 0 : it->second;
}

bool DumpWatcher::stateOf(const fs::path& path, FileState& state)
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0)
        return false;
    state.device = static_cast<std::uint64_t>(st.st_dev);
    state.inode = static_cast<std::uint64_t>(st.st_ino);
    state.size = static_cast<std::uint64_t>(st.st_size);
    state.modifiedNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    state.changedNs = static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
    return true;
}

std::vector<WatchEvent> DumpWatcher::scanFile(const fs::path& path)
{
    FileState before;
    if (!stateOf(path, before))
        return {};
    const auto previous = seen_.find(path);
    if (previous != seen_.end() && previous->second.state == before && !previous->second.compareContent)
        return {}; // unchanged since the last pass
    WatchEvent event;
    event.source = path;
    event.kind = WatchEvent::Kind::Incomplete;
    if (before.size == 0) {
        event.message = "still being written"; // the compiler truncates the file, then writes it
        return {event};
    }
    // The parser's checks (size, type, encoding, NUL bytes, JSON) as the file is read in
    // chunks: a file that is no dump costs a chunk, not its size in memory.
    Dump dump;
    std::string parseError;
    try {
        dump = loadDumpFile(path.string());
    } catch (const DumpError& error) {
        parseError = error.what();
    }
    const ReadResult read = parseError.empty() ? readTextFile(path, kMaxDumpFileBytes) : ReadResult{};
    FileState after;
    if (!stateOf(path, after) || !(after == before)) {
        event.message = "still being written";
        return {event}; // not remembered: read again on the next pass
    }
    Seen& seen = seen_[path];
    const std::uint64_t digest = parseError.empty() && read.ok() ? contentDigest(read.text) : 0;
    const bool sameAsLastRead = previous != seen_.end() && seen.state == after && seen.digest == digest;
    seen.state = after;
    seen.digest = digest;
    // A rewrite within the file system's clock tick keeps every field of the state.
    const auto now
        = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
              .count();
    seen.compareContent = now - after.changedNs < kCompareContentForNs;
    if (sameAsLastRead)
        return {};
    if (!parseError.empty() || !read.ok()) {
        event.message = parseError.empty() ? read.error : parseError;
        return {event};
    }
    ++versionsRead_[path];
    if (keptDigests_.count(digest))
        return {};
    std::error_code ec;
    const fs::file_time_type written = fs::last_write_time(path, ec);
    KeptDump kept;
    try {
        kept
            = keepDumpVersion(read.text, dump, ec ? std::chrono::system_clock::now() : toSystemTime(written), keepDir_);
    } catch (const fs::filesystem_error& error) {
        seen_.erase(path); // tried again on the next pass
        event.kind = WatchEvent::Kind::NotKept;
        event.kernel = dump.kernel;
        event.message = keepDir_.string() + ": cannot keep " + path.filename().string() + ": " + error.code().message();
        return {event};
    }
    keptDigests_.insert(digest);
    ++kept_;
    event.kind = WatchEvent::Kind::Kept;
    event.kept = kept.path;
    event.kernel = dump.kernel;
    return {event};
}

int runWatch(const WatchOptions& options, std::ostream& out, std::ostream& err, const std::atomic<bool>& stop)
{
    std::error_code ec;
    if (!fs::is_directory(options.dir, ec)) {
        err << "memlens: " << terminalText(options.dir.string())
            << ": not a folder (watch needs the folder where the compiler writes its dumps)\n";
        return kExitBadInput;
    }
    try {
        fs::create_directories(options.keepDir);
    } catch (const fs::filesystem_error& error) {
        err << "memlens: " << terminalText(options.keepDir.string())
            << ": cannot create the folder: " << error.code().message() << '\n';
        return kExitBadInput;
    }
    DumpWatcher watcher(options.dir, options.keepDir);
    DirectoryChanges changes(options.systemReports ? options.dir : fs::path());
    out << "memlens: watching " << terminalText(options.dir.string())
        << " for memory_info*.json; keeping every version in " << terminalText(options.keepDir.string())
        << " (Ctrl+C to stop)" << std::endl;
    if (!changes.available())
        out << "memlens: " << (options.systemReports ? changes.unavailableReason() : std::string("asked to poll"))
            << "; looking every " << options.interval.count()
            << " ms instead: a version overwritten sooner is missed, and not counted" << std::endl;
    std::set<fs::path> reportedIncomplete;
    std::set<std::string> reportedNotKept; // said once each, however often tried again
    std::size_t missed = 0;
    std::size_t unreadable = 0; // versions read whole that were no dump memlens reads
    std::size_t notKept = 0;    // dumps read whose copy could not be written (a full keep folder)
    bool overflowSaid = false;
    bool first = true;
    while (!stop) {
        // With the system's reports, a file is read as soon as it is closed after writing.
        DirectoryChanges::Batch batch;
        if (!first && changes.available())
            batch = changes.wait(std::chrono::milliseconds(50));
        std::map<std::string, std::size_t> writes;
        for (const std::string& name : batch.written)
            ++writes[name];
        std::map<fs::path, std::size_t> readBefore;
        for (const auto& [name, n] : writes)
            readBefore[options.dir / name] = watcher.versionsRead(options.dir / name);
        std::vector<std::string> names;
        for (const auto& [name, n] : writes)
            names.push_back(name);
        const bool pollAll = first || !changes.available() || batch.overflowed;
        first = false;
        std::map<fs::path, std::size_t> readButLost; // versions read this batch, yet not kept
        for (const WatchEvent& event : pollAll ? watcher.scan() : watcher.scan(names)) {
            if (event.kind == WatchEvent::Kind::NotKept) {
                ++notKept;
                ++readButLost[event.source];
            } else if (event.kind == WatchEvent::Kind::Incomplete && event.message != "still being written") {
                ++unreadable;
                ++readButLost[event.source];
            }
            if (event.kind == WatchEvent::Kind::Kept) {
                reportedIncomplete.erase(event.source);
                out << "kept " << terminalText(event.source.filename().string()) << " (kernel "
                    << printableName(event.kernel.empty() ? "unnamed" : event.kernel) << ") as "
                    << terminalText(event.kept.string()) << std::endl;
            } else if (event.kind == WatchEvent::Kind::NotKept) {
                if (reportedNotKept.insert(event.message).second)
                    err << "memlens: " << terminalText(event.message)
                        << " (watching on; tried again on the next change)" << std::endl;
            } else if (event.message != "still being written" && reportedIncomplete.insert(event.source).second) {
                err << "memlens: not kept (yet): " << terminalText(event.message) << std::endl;
            }
        }
        // Each write the system reported is a version; one not read whole was overwritten first.
        for (const auto& [name, n] : writes) {
            if (!isDumpFileName(name))
                continue;
            const fs::path path = options.dir / name;
            // A version read but not a dump, or not kept, was not overwritten: it is counted apart.
            const std::size_t read = watcher.versionsRead(path) - readBefore[path] + readButLost[path];
            if (n > read) {
                missed += n - read;
                err << "memlens: " << n - read << (n - read == 1 ? " version" : " versions") << " of "
                    << terminalText(name) << " overwritten before memlens could read it (" << missed << " in all)"
                    << std::endl;
            }
        }
        if (batch.overflowed && !overflowSaid) {
            overflowSaid = true;
            err << "memlens: the system dropped reports of writes: versions may have been missed uncounted"
                << std::endl;
        }
        if (!changes.available())
            for (auto waited = std::chrono::milliseconds(0); waited < options.interval && !stop;
                 waited += std::chrono::milliseconds(20))
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    out << "memlens: kept " << watcher.keptCount() << (watcher.keptCount() == 1 ? " dump" : " dumps") << " in "
        << terminalText(options.keepDir.string());
    if (missed > 0)
        out << "; " << missed << (missed == 1 ? " version was" : " versions were")
            << " overwritten before memlens could read it";
    if (notKept > 0)
        out << "; " << notKept << (notKept == 1 ? " dump was" : " dumps were") << " read but could not be kept";
    if (unreadable > 0)
        out << "; " << unreadable << (unreadable == 1 ? " version was" : " versions were")
            << " not a dump memlens reads";
    out << std::endl;
    return 0;
}

} // namespace memlens
