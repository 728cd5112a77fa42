#pragma once
// RFC 4180 CSV: fields with commas, quotes or line breaks are quoted and their
// quotes doubled; lines end in CRLF. Numbers are written as plain digits.
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

std::string csvField(std::string_view value);
std::string csvRow(const std::vector<std::string>& fields); // ends with "\r\n"

} // namespace memlens
