#pragma once
// Reads a memory-plan dump (memory_info_aiv.json and friends) into a Dump.
// Streams the JSON: each buffer object is checked and converted as soon as it
// closes, so a dump of 100k buffers never exists as a whole JSON tree.
#include "core/base/work_thresholds.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_model.hpp"
#include "core/dump/fast_list_reader.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>

#include <string>
#include <string_view>

namespace memlens {

// Files from this size on are read by two threads (below it a thread costs more than it saves).

// Throws DumpError naming the file, the JSON path and what was wrong; throws
// LoadCancelled soon after `*cancel` becomes true (when given).
Dump parseDumpText(std::string_view json, const std::string& fileLabel, const std::atomic<bool>* cancel = nullptr);

// Reads `path` (a regular file below the size limit) in chunks and parses it. Throws DumpError (or LoadCancelled).
// `bytesRead`, when given, follows the read (compare with the file's size for a percentage).
// From kRelayedReadBytes on (and with a second core), the JSON is read on a second thread
// while this one makes the plan of it (see sax_relay.hpp); `relayFrom` changes that size.
// From kSplitReadBytes on, the file's second half is read beside its first when its middle falls
// in a buffer list (the same Dump and warnings; a problem past the split is found again by one
// reader, so its message is one reader's); `splitFrom` changes that size and `readInTwo`, when
// given, tells whether the Dump was read so.
// From kFastListReadBytes on (`fastFrom`), buffer lists are read by FastListReader (simdjson, a
// window of `fastWindowBytes` at a time) as far as they are plain, on this thread, and the rest
// by the JSON reader; a problem after it took buffers reads the file again without it. The same
// Dump, warnings and errors either way.
Dump loadDumpFile(const std::string& path, const std::atomic<bool>* cancel = nullptr,
    std::atomic<std::uint64_t>* bytesRead = nullptr, std::uint64_t relayFrom = kRelayedReadBytes,
    std::uint64_t splitFrom = kSplitReadBytes, bool* readInTwo = nullptr, std::uint64_t fastFrom = kFastListReadBytes,
    std::size_t fastWindowBytes = kFastListWindowBytes);

// The bytes of `path` (a regular file below the size limit). Throws DumpError (or LoadCancelled).
std::string readDumpText(const std::string& path, const std::atomic<bool>* cancel = nullptr);

// Throws DumpError unless `path` is a regular file below the size limit.
void checkDumpFile(const std::string& path);

inline constexpr std::uint64_t kMaxDumpFileBytes = 2ull << 30; // 2 GiB
// Longest string or key read from a dump; longer ones are an error naming their JSON path.
inline constexpr std::size_t kMaxDumpStringBytes = 64 * 1024;

} // namespace memlens
