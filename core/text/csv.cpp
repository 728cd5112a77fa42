#include "core/text/csv.hpp"

#include <algorithm>

namespace memlens {

namespace {

// An optional sign, digits, at most one '.' with digits after it: nothing a spreadsheet runs.
bool isPlainNumber(std::string_view value)
{
    std::size_t i = value.front() == '-' || value.front() == '+' ? 1 : 0;
    bool digits = false;
    bool point = false;
    for (; i < value.size(); ++i) {
        const char c = value[i];
        if (c >= '0' && c <= '9') {
            digits = true;
        } else if (c == '.' && !point && digits) {
            point = true;
            digits = false; // a digit must follow the point
        } else {
            return false;
        }
    }
    return digits;
}

} // namespace

std::string csvField(std::string_view value)
{
    std::string field;
    appendCsvField(field, value);
    return field;
}

void appendCsvField(std::string& out, std::string_view value)
{
    // A spreadsheet runs a cell starting with one of these as a formula: a
    // leading ' makes it text (the dump's strings are not ours to trust).
    // A number ("-65536", "+3") is a number, not a formula: it stays one.
    const bool formula = !value.empty() && std::string_view("=+-@\t\r").find(value.front()) != std::string_view::npos
        && !isPlainNumber(value);
    // One pass over the bytes (a report of a million blocks writes 17 fields per block).
    const bool quoted = std::any_of(
        value.begin(), value.end(), [](char c) { return c == ',' || c == '"' || c == '\r' || c == '\n'; });
    if (quoted)
        out += '"';
    if (formula)
        out += '\'';
    if (!quoted) {
        out += value;
        return;
    }
    // Runs between quotes appended whole; each quote doubled.
    for (std::size_t from = 0; from < value.size();) {
        const std::size_t quote = value.find('"', from);
        const std::size_t to = quote == std::string_view::npos ? value.size() : quote + 1;
        out.append(value.data() + from, to - from);
        if (quote != std::string_view::npos)
            out += '"';
        from = to;
    }
    out += '"';
}

std::string csvRow(const std::vector<std::string>& fields)
{
    std::string row;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i)
            row += ',';
        appendCsvField(row, fields[i]);
    }
    row += "\r\n";
    return row;
}

} // namespace memlens
