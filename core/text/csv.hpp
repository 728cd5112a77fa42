#pragma once
// RFC 4180 CSV: fields with commas, quotes or line breaks are quoted and their
// quotes doubled; lines end in CRLF. Numbers are written as plain digits.
// A field starting with =, +, -, @, tab or CR gets a leading ' so that a
// spreadsheet shows it as text instead of running it as a formula.
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

std::string csvField(std::string_view value);
void appendCsvField(std::string& out, std::string_view value); // csvField(value), appended to `out`
std::string csvRow(const std::vector<std::string>& fields);    // ends with "\r\n"

} // namespace memlens
