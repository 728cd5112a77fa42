#pragma once
// Where a big dump can be read in two halves at once: a place in its middle that looks like
// the boundary between two objects of a list, `}` then white space, a comma, white space and
// `{`. Found from the bytes alone, it is only a guess (the same bytes can sit in a string);
// the reader of the first half confirms it when it gets there (see loadDumpFile).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memlens {

struct ListSplit {
    std::uint64_t objectEnd = 0; // just past the `}` of the object before
    std::uint64_t nextStart = 0; // the `{` of the object after
};

// The first boundary in `bytes`, which start at file offset `base`.
std::optional<ListSplit> findListSplit(std::string_view bytes, std::uint64_t base);

// The first boundary within 1 MiB from byte `from` of `path`; nullopt when there is none or the
// file cannot be read there (the dump is then read in one piece).
std::optional<ListSplit> findListSplitInFile(const std::string& path, std::uint64_t from);

} // namespace memlens
