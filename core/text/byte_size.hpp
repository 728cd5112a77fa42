#pragma once
// Byte sizes as people write and read them: "192KB", "1MiB", "196608".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memlens {

// Bytes, or with K/KB/KiB, M/MB/MiB, G/GB/GiB (all powers of 1024), case-insensitive.
// nullopt when the text is not a size.
std::optional<std::uint64_t> parseByteSize(std::string_view text);

// "32 B", "192 KB", "1.5 MB": powers of 1024, at most one decimal, no locale.
std::string formatBytes(std::uint64_t bytes);

// Share of `part` in `whole` as "133%" (rounded); "-" when whole is 0. Never
// "100%" unless part == whole: 100.3 reads "100.3%", 99.96 reads "99.9%".
std::string formatPercent(std::uint64_t part, std::uint64_t whole);

} // namespace memlens
