#include "core/text/byte_size.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace memlens {

std::optional<std::uint64_t> parseByteSize(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    std::uint64_t number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end == text.data())
        return std::nullopt;
    std::string unit(end, text.data() + text.size());
    unit.erase(std::remove_if(unit.begin(), unit.end(), [](unsigned char c) { return std::isspace(c); }), unit.end());
    std::transform(
        unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::uint64_t scale = 1;
    if (unit.empty() || unit == "b")
        scale = 1;
    else if (unit == "k" || unit == "kb" || unit == "kib")
        scale = 1ull << 10;
    else if (unit == "m" || unit == "mb" || unit == "mib")
        scale = 1ull << 20;
    else if (unit == "g" || unit == "gb" || unit == "gib")
        scale = 1ull << 30;
    else
        return std::nullopt;
    if (number > (UINT64_MAX / scale))
        return std::nullopt;
    return number * scale;
}

std::string formatBytes(std::uint64_t bytes)
{
    static const char* const units[] = {"B", "KB", "MB", "GB", "TB"};
    if (bytes < 1024)
        return std::to_string(bytes) + " B";
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    char text[32];
    const double rounded = std::round(value * 10.0) / 10.0;
    if (rounded == std::floor(rounded))
        std::snprintf(text, sizeof text, "%.0f %s", rounded, units[unit]);
    else
        std::snprintf(text, sizeof text, "%.1f %s", rounded, units[unit]);
    return text;
}

std::string formatPercent(std::uint64_t part, std::uint64_t whole)
{
    if (whole == 0)
        return "-";
    const double share = 100.0 * static_cast<double>(part) / static_cast<double>(whole);
    const long long rounded = std::llround(share);
    if (rounded == 0 && part > 0)
        return "<1%"; // never "0%" for a part above 0
    if (rounded != 100 || part == whole)
        return std::to_string(rounded) + "%";
    // Close to 100%: one decimal, and never 100.0 so that an overflow never reads as a fit.
    const double nearest = std::round(share * 10.0);
    const double tenths = part > whole ? std::max(1001.0, nearest) : std::min(999.0, nearest);
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", tenths / 10.0);
    return text;
}

} // namespace memlens
