#include "core/dump/dump_keeper.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/run_beside.hpp"
#include "core/dump/dump_parser.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <functional>
#include <future>
#include <iomanip>
#include <iterator>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace memlens {

namespace {

// 64-bit FNV-1a: the same kernel name gives the same file name in every build.
std::uint64_t nameHash(std::string_view text)
{
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

std::string fileNameSafe(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        const bool keep
            = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
        out += keep ? c : '_';
    }
    if (out.empty() || out.find_first_not_of('.') == std::string::npos)
        return "unnamed";
    // A file name has at most 255 bytes (NAME_MAX), with the time, core and a writer's
    // suffix to come: a long kernel name is cut, and a hash of the whole keeps copies apart.
    if (out.size() > kMaxKernelNameInFileName) {
        char hash[17];
        std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(nameHash(text)));
        out = out.substr(0, kMaxKernelNameInFileName - 17) + "~" + hash;
    }
    return out;
}

// Writes `bytes` to a new file at `path`; throws with the system's reason (ENOSPC, EFBIG, ...).
void writeNewFile(const fs::path& path, std::string_view bytes)
{
    // A new file only: never through a link planted at the name, never into a file another
    // writer holds. A leftover of a killed run (or a link) is removed, not followed.
    constexpr int kFlags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    int fd = ::open(path.c_str(), kFlags, 0644);
    if (fd < 0 && errno == EEXIST && ::unlink(path.c_str()) == 0)
        fd = ::open(path.c_str(), kFlags, 0644);
    if (fd < 0)
        throw fs::filesystem_error("cannot write", path, std::error_code(errno, std::generic_category()));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0) {
            const int code = wrote < 0 ? errno : ENOSPC;
            ::close(fd);
            std::error_code ignored;
            fs::remove(path, ignored);
            throw fs::filesystem_error("cannot write", path, std::error_code(code, std::generic_category()));
        }
        done += static_cast<std::size_t>(wrote);
    }
    if (::close(fd) != 0) {
        const int code = errno;
        std::error_code ignored;
        fs::remove(path, ignored);
        throw fs::filesystem_error("cannot write", path, std::error_code(code, std::generic_category()));
    }
}

bool sameBytes(const fs::path& path, std::string_view text)
{
    std::error_code ec;
    if (fs::file_size(path, ec) != text.size() || ec)
        return false;
    std::ifstream in(path, std::ios::binary);
    std::string existing(text.size(), '\0');
    in.read(existing.data(), static_cast<std::streamsize>(existing.size()));
    return in.gcount() == static_cast<std::streamsize>(text.size()) && existing == text;
}

} // namespace

std::uint64_t contentDigest(std::string_view bytes)
{
    // The standard library's hash reads eight bytes at a time: a 250 MB dump in 0.05 s,
    // where a byte-at-a-time hash took 0.35 s on every open.
    return static_cast<std::uint64_t>(std::hash<std::string_view>()(bytes));
}

std::string dumpVersionFileName(const std::string& kernel, CoreKind core, std::chrono::system_clock::time_point time)
{
    using namespace std::chrono;
    const std::time_t seconds = system_clock::to_time_t(time);
    const auto millis = duration_cast<milliseconds>(time.time_since_epoch()).count() % 1000;
    std::tm local{};
    localtime_r(&seconds, &local);
    std::ostringstream out;
    out << fileNameSafe(kernel) << '-' << std::put_time(&local, "%Y%m%d-%H%M%S") << '.' << std::setw(3)
        << std::setfill('0') << (millis < 0 ? millis + 1000 : millis) << '-'
        << (coreKindName(core) ? coreKindName(core) : "unknown") << ".json";
    return out.str();
}

KeptDump keepDumpVersion(
    std::string_view text, const Dump& dump, std::chrono::system_clock::time_point time, const fs::path& dir)
{
    KeptDump kept;
    kept.digest = contentDigest(text);
    fs::create_directories(dir);
    const std::string name = dumpVersionFileName(dump.kernel, dump.core, time);
    const std::string stem = name.substr(0, name.size() - 5); // without ".json"
    for (int n = 1;; ++n) {
        kept.path = dir / (n == 1 ? name : stem + "-" + std::to_string(n) + ".json");
        std::error_code ec;
        if (!fs::exists(kept.path, ec))
            break;
        if (sameBytes(kept.path, text))
            return kept;
    }
    fs::path partial = kept.path;
    partial += ".partial-" + std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id())); // one per writer
    writeNewFile(partial, text);
    fs::rename(partial, kept.path);
    kept.written = true;
    return kept;
}

fs::path keepCompanionFile(const fs::path& file, const fs::path& dir)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw fs::filesystem_error("cannot read", file, std::error_code(errno, std::generic_category()));
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    char digest[17];
    std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(contentDigest(text)));
    fs::create_directories(dir);
    const fs::path kept = dir / (fileNameSafe(file.stem().string()) + "-" + digest + file.extension().string());
    std::error_code ec;
    if (fs::exists(kept, ec) && sameBytes(kept, text))
        return kept; // an earlier version was read with the same file
    fs::path partial = kept;
    partial += ".partial-" + std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()));
    writeNewFile(partial, text);
    fs::rename(partial, kept);
    return kept;
}

DumpRead readDumpKeepingBytes(
    const std::string& path, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead)
{
    DumpRead read;
    std::error_code ec;
    const fs::file_time_type before = fs::last_write_time(path, ec);
    read.written = ec
        ? std::chrono::system_clock::now()
        : std::chrono::time_point_cast<std::chrono::system_clock::duration>(std::chrono::file_clock::to_sys(before));
    if (!bytesRead) {
        read.text = readDumpText(path, cancel);
        read.dump = parseDumpText(read.text, path, cancel);
        return read;
    }
    // Parsed from the file in chunks, so that bytesRead follows the parse, while a
    // second thread reads the bytes for the copy. When the compiler rewrote the file
    // meanwhile, the copy's bytes are parsed instead: the dump is always the copy's.
    std::error_code sizeError;
    const std::uintmax_t sizeBefore = fs::file_size(path, sizeError);
    std::future<std::string> copy = runBeside([&path, cancel] { return readDumpText(path, cancel); });
    read.dump = loadDumpFile(path, cancel, bytesRead);
    read.text = copy.get();
    std::error_code after;
    if (ec || sizeError || fs::last_write_time(path, after) != before || after || read.text.size() != sizeBefore)
        read.dump = parseDumpText(read.text, path, cancel);
    return read;
}

PendingDumpCopy::PendingDumpCopy(DumpRead& read, const fs::path& dir)
{
    Dump named;
    named.kernel = read.dump.kernel;
    named.core = read.dump.core;
    written_ = runBeside([text = std::move(read.text), named = std::move(named), time = read.written, dir]() mutable {
        const std::string bytes = std::move(text); // freed once written, not with the future
        return keepDumpVersion(bytes, named, time, dir);
    });
}

PendingDumpCopy::~PendingDumpCopy()
{
    if (!written_.valid())
        return;
    try {
        const KeptDump kept = written_.get();
        std::error_code ec;
        if (kept.written)
            fs::remove(kept.path, ec);
    } catch (const std::exception&) { // nothing was written
    }
}

KeptDump PendingDumpCopy::take() { return written_.get(); }

DumpSnapshot snapshotDump(const std::string& path, const fs::path& dir, const std::atomic<bool>* cancel,
    std::atomic<std::uint64_t>* bytesRead)
{
    DumpRead read = readDumpKeepingBytes(path, cancel, bytesRead);
    throwIfCancelled(cancel);
    DumpSnapshot snapshot;
    snapshot.kept = keepDumpVersion(read.text, read.dump, read.written, dir);
    snapshot.dump = std::move(read.dump);
    snapshot.written = read.written;
    return snapshot;
}

} // namespace memlens
