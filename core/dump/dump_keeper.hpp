#pragma once
// Keeping every version of a dump the compiler overwrites: each kernel of a
// core type rewrites memory_info_aiv.json in place, so a copy is taken under a
// name of its own, <kernel>-<time>-<core>.json.
#include "core/dump/dump_model.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <future>
#include <string>
#include <string_view>

namespace memlens {

// A 64-bit digest of a dump's bytes, to tell versions apart within one run (it is never
// stored: another build of memlens may compute another value).
std::uint64_t contentDigest(std::string_view bytes);

// The longest kernel name a copy's file name holds; a longer one is cut and ends in
// "~" and a hash of the whole name.
inline constexpr std::size_t kMaxKernelNameInFileName = 120;

// "<kernel>-<YYYYMMDD-HHMMSS.mmm>-<core>.json" in local time; core is aiv, aic
// or unknown. Characters that do not belong in a file name become '_'.
std::string dumpVersionFileName(const std::string& kernel, CoreKind core, std::chrono::system_clock::time_point time);

struct KeptDump {
    std::filesystem::path path; // the copy
    std::uint64_t digest = 0;
    bool written = false; // false: an identical copy of that name was there already
};

// Writes `text` (a complete dump, parsed as `dump`) into `dir` under
// dumpVersionFileName(); a different file already of that name gets a "-2",
// "-3", ... suffix. The copy appears whole (written aside, then renamed).
// Throws std::filesystem::filesystem_error with the system's reason (its code: ENOSPC,
// EFBIG, ...) when `dir` cannot be written.
KeptDump keepDumpVersion(std::string_view text, const Dump& dump, std::chrono::system_clock::time_point time,
    const std::filesystem::path& dir);

// A file a version was read with (its IR, its compile log), copied into `dir` so that the version
// is read with it again after the compiler overwrote it: "<stem>-<digest><extension>", one copy
// per content, so versions of one compile share theirs. Returns the copy. Throws
// std::filesystem::filesystem_error when `file` cannot be read or `dir` cannot be written.
std::filesystem::path keepCompanionFile(const std::filesystem::path& file, const std::filesystem::path& dir);

// A dump read once, with the bytes that were parsed: the copy of a version can then be
// written while the plan is analysed.
struct DumpRead {
    Dump dump;
    std::string text;                              // the bytes parsed
    std::chrono::system_clock::time_point written; // when the compiler wrote it (the file's time)
};

// Reads and parses the dump at `path`, keeping its bytes. Throws DumpError for a dump
// that cannot be read, and LoadCancelled soon after `*cancel` becomes true; `bytesRead`
// follows the parse (as loadDumpFile's does) when given.
DumpRead readDumpKeepingBytes(const std::string& path, const std::atomic<bool>* cancel = nullptr,
    std::atomic<std::uint64_t>* bytesRead = nullptr);

// The copy of a version written on a second thread (keepDumpVersion() of a read's
// bytes), while the plan is analysed: a 250 MB dump takes half a second to write.
// Destroyed before take(), it waits and removes what it wrote: a load that failed or
// was cancelled keeps no copy.
class PendingDumpCopy {
public:
    // Takes `read.text` (the bytes are freed once written); the name needs only the dump's kernel and core.
    PendingDumpCopy(DumpRead& read, const std::filesystem::path& dir);
    ~PendingDumpCopy();
    PendingDumpCopy(const PendingDumpCopy&) = delete;
    PendingDumpCopy& operator=(const PendingDumpCopy&) = delete;

    // The copy, once written. Throws std::filesystem::filesystem_error when `dir` cannot be written.
    KeptDump take();

private:
    std::future<KeptDump> written_;
};

struct DumpSnapshot {
    Dump dump;                                     // the version read
    KeptDump kept;                                 // its copy
    std::chrono::system_clock::time_point written; // when the compiler wrote it (the file's time)
};

// readDumpKeepingBytes(), then keepDumpVersion() of those bytes in `dir`. Throws as
// the first does, and std::filesystem::filesystem_error when `dir` cannot be written.
DumpSnapshot snapshotDump(const std::string& path, const std::filesystem::path& dir,
    const std::atomic<bool>* cancel = nullptr, std::atomic<std::uint64_t>* bytesRead = nullptr);

} // namespace memlens
