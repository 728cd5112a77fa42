#include "core/dump_watch.hpp"

#include "core/command_line.hpp"
#include "core/dump_error.hpp"
#include "core/dump_keeper.hpp"
#include "core/dump_parser.hpp"
#include "core/file_finder.hpp"

#include <ostream>
#include <thread>

namespace fs = std::filesystem;

namespace memlens {

namespace {

constexpr std::size_t kMaxKeptFilesRemembered = 10000;

std::chrono::system_clock::time_point toSystemTime(fs::file_time_type time)
{
    return std::chrono::time_point_cast<std::chrono::system_clock::duration>(std::chrono::file_clock::to_sys(time));
}

} // namespace

bool isDumpFileName(const std::string& name)
{
    const std::string prefix = "memory_info";
    const std::string suffix = ".json";
    return name.size() >= prefix.size() + suffix.size() && name.compare(0, prefix.size(), prefix) == 0
        && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

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
    std::vector<WatchEvent> events;
    std::error_code ec;
    std::vector<fs::path> dumps;
    for (fs::directory_iterator it(watchDir_, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::error_code typeEc;
        if (isDumpFileName(it->path().filename().string()) && it->is_regular_file(typeEc))
            dumps.push_back(it->path());
    }
    for (const fs::path& path : dumps)
        for (WatchEvent& event : scanFile(path))
            events.push_back(std::move(event));
    return events;
}

std::vector<WatchEvent> DumpWatcher::scanFile(const fs::path& path)
{
    std::error_code ec;
    const Seen before{fs::last_write_time(path, ec), fs::file_size(path, ec)};
    if (ec)
        return {};
    if (const auto it = seen_.find(path);
        it != seen_.end() && it->second.time == before.time && it->second.size == before.size)
        return {}; // unchanged since the last pass
    const ReadResult read = readTextFile(path, kMaxDumpFileBytes);
    const Seen after{fs::last_write_time(path, ec), fs::file_size(path, ec)};
    WatchEvent event;
    event.source = path;
    if (ec || after.time != before.time || after.size != before.size) {
        event.kind = WatchEvent::Kind::Incomplete;
        event.message = "still being written";
        return {event}; // not remembered: read again on the next pass
    }
    seen_[path] = after;
    if (!read.ok()) {
        event.kind = WatchEvent::Kind::Incomplete;
        event.message = read.error;
        return {event};
    }
    Dump dump;
    try {
        dump = parseDumpText(read.text, path.string());
    } catch (const DumpError& error) {
        event.kind = WatchEvent::Kind::Incomplete;
        event.message = error.what();
        return {event};
    }
    const std::uint64_t digest = contentDigest(read.text);
    if (keptDigests_.count(digest))
        return {};
    const KeptDump kept = keepDumpVersion(read.text, dump, toSystemTime(after.time), keepDir_);
    keptDigests_.insert(digest);
    ++kept_;
    event.kept = kept.path;
    event.kernel = dump.kernel;
    return {event};
}

int runWatch(const WatchOptions& options, std::ostream& out, std::ostream& err, const std::atomic<bool>& stop)
{
    std::error_code ec;
    if (!fs::is_directory(options.dir, ec)) {
        err << "memlens: " << options.dir.string()
            << ": not a folder (watch needs the folder where the compiler writes its dumps)\n";
        return kExitBadInput;
    }
    try {
        fs::create_directories(options.keepDir);
    } catch (const fs::filesystem_error& error) {
        err << "memlens: " << options.keepDir.string() << ": cannot create the folder: " << error.code().message()
            << '\n';
        return kExitBadInput;
    }
    DumpWatcher watcher(options.dir, options.keepDir);
    out << "memlens: watching " << options.dir.string() << " for memory_info*.json; keeping every version in "
        << options.keepDir.string() << " (Ctrl+C to stop)" << std::endl;
    std::set<fs::path> reportedIncomplete;
    while (!stop) {
        try {
            for (const WatchEvent& event : watcher.scan()) {
                if (event.kind == WatchEvent::Kind::Kept) {
                    reportedIncomplete.erase(event.source);
                    out << "kept " << event.source.filename().string() << " (kernel "
                        << (event.kernel.empty() ? "unnamed" : event.kernel) << ") as " << event.kept.string()
                        << std::endl;
                } else if (event.message != "still being written" && reportedIncomplete.insert(event.source).second) {
                    err << "memlens: not kept (yet): " << event.message << std::endl;
                }
            }
        } catch (const fs::filesystem_error& error) {
            err << "memlens: " << options.keepDir.string() << ": cannot keep a dump: " << error.code().message()
                << '\n';
            return kExitBadInput;
        }
        for (auto waited = std::chrono::milliseconds(0); waited < options.interval && !stop;
             waited += std::chrono::milliseconds(20))
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    out << "memlens: kept " << watcher.keptCount() << (watcher.keptCount() == 1 ? " dump" : " dumps") << " in "
        << options.keepDir.string() << std::endl;
    return 0;
}

} // namespace memlens
