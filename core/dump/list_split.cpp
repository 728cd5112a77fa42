#include "core/dump/list_split.hpp"

#include <cstdio>
#include <memory>
#include <vector>

namespace memlens {

namespace {

bool isJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

} // namespace

std::optional<ListSplit> findListSplit(std::string_view bytes, std::uint64_t base)
{
    for (std::size_t close = bytes.find('}'); close != std::string_view::npos; close = bytes.find('}', close + 1)) {
        std::size_t at = close + 1;
        while (at < bytes.size() && isJsonSpace(bytes[at]))
            ++at;
        if (at == bytes.size() || bytes[at] != ',')
            continue;
        ++at;
        while (at < bytes.size() && isJsonSpace(bytes[at]))
            ++at;
        if (at < bytes.size() && bytes[at] == '{')
            return ListSplit{base + close + 1, base + at};
    }
    return std::nullopt;
}

std::optional<ListSplit> findListSplitInFile(const std::string& path, std::uint64_t from)
{
    constexpr std::size_t kLookBytes = std::size_t(1) << 20;
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file || std::fseek(file.get(), static_cast<long>(from), SEEK_SET) != 0)
        return std::nullopt;
    std::vector<char> bytes(kLookBytes);
    const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), file.get());
    return findListSplit(std::string_view(bytes.data(), got), from);
}

} // namespace memlens
