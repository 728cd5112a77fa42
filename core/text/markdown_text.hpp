#pragma once
// Text from a dump is data, never markup: these make it render as text in any
// Markdown viewer (CommonMark / GitHub), whatever it holds (summary.md).
#include <string>
#include <string_view>

namespace memlens {

// `text` on one line (line breaks become spaces).
std::string oneLine(std::string_view text);
// Plain Markdown text: emphasis, links, code, headings and HTML neutralised.
std::string markdownText(std::string_view text);
// An inline code span that no backtick in `text` can close; HTML inside a code
// span is shown as text.
std::string codeSpan(std::string_view text);
// A table cell: pipes escaped (also inside code spans, as tables require);
// backslash escapes already in `text` are kept.
std::string markdownTableCell(const std::string& text);

} // namespace memlens
