#pragma once
// Small text helpers every room uses (header-only: the planner links nothing else of core).
#include <cctype>
#include <string>
#include <string_view>

namespace memlens {

// `text` without the white space (std::isspace) at either end.
inline std::string_view trimmedView(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

inline std::string trimmed(std::string_view text) { return std::string(trimmedView(text)); }

} // namespace memlens
