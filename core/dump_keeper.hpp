#pragma once
// Keeping every version of a dump the compiler overwrites: each kernel of a
// core type rewrites memory_info_aiv.json in place, so a copy is taken under a
// name of its own, <kernel>-<time>-<core>.json.
#include "core/dump_model.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace memlens {

// A 64-bit digest of a dump's bytes, to tell versions apart within one run (it is never
// stored: another build of memlens may compute another value).
std::uint64_t contentDigest(std::string_view bytes);

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
// Throws std::filesystem::filesystem_error when `dir` cannot be written.
KeptDump keepDumpVersion(std::string_view text, const Dump& dump, std::chrono::system_clock::time_point time,
    const std::filesystem::path& dir);

struct DumpSnapshot {
    Dump dump;                                     // the version read
    KeptDump kept;                                 // its copy
    std::chrono::system_clock::time_point written; // when the compiler wrote it (the file's time)
};

// Reads and parses the dump at `path` and keeps a copy of exactly those bytes
// in `dir`. Throws DumpError for a dump that cannot be read, and
// std::filesystem::filesystem_error when `dir` cannot be written. Throws
// LoadCancelled soon after `*cancel` becomes true; `bytesRead` follows the parse
// (as loadDumpFile's does) when given.
DumpSnapshot snapshotDump(const std::string& path, const std::filesystem::path& dir,
    const std::atomic<bool>* cancel = nullptr, std::atomic<std::uint64_t>* bytesRead = nullptr);

} // namespace memlens
