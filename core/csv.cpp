#include "core/csv.hpp"

namespace memlens {

std::string csvField(std::string_view value)
{
    // A spreadsheet runs a cell starting with one of these as a formula: a
    // leading ' makes it text (the dump's strings are not ours to trust).
    std::string neutral;
    if (!value.empty() && std::string_view("=+-@\t\r").find(value.front()) != std::string_view::npos) {
        neutral = "'" + std::string(value);
        value = neutral;
    }
    if (value.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(value);
    std::string quoted = "\"";
    for (const char c : value) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    quoted += '"';
    return quoted;
}

std::string csvRow(const std::vector<std::string>& fields)
{
    std::string row;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i)
            row += ',';
        row += csvField(fields[i]);
    }
    row += "\r\n";
    return row;
}

} // namespace memlens
