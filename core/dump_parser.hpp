#pragma once
// Reads a memory-plan dump (memory_info_aiv.json and friends) into a Dump.
// Streams the JSON: each buffer object is checked and converted as soon as it
// closes, so a dump of 100k buffers never exists as a whole JSON tree.
#include "core/dump_model.hpp"

#include <string>
#include <string_view>

namespace memlens {

// Throws DumpError naming the file, the JSON path and what was wrong.
Dump parseDumpText(std::string_view json, const std::string& fileLabel);

// Reads `path` (a regular file below the size limit) and parses it. Throws DumpError.
Dump loadDumpFile(const std::string& path);

// The bytes of `path` (a regular file below the size limit). Throws DumpError.
std::string readDumpText(const std::string& path);

inline constexpr std::uint64_t kMaxDumpFileBytes = 2ull << 30; // 2 GiB

} // namespace memlens
