#include "core/text/markdown_text.hpp"

#include <algorithm>
#include <cctype>

namespace memlens {

std::string oneLine(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c == '\n' || c == '\r')
            c = ' ';
    return out;
}

std::string markdownText(std::string_view text)
{
    auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '\n':
        case '\r': out += ' '; break;
        case '_':
            // Inside a word "_" emphasises nothing: keep file names readable.
            if (i > 0 && i + 1 < text.size() && isWordChar(text[i - 1]) && isWordChar(text[i + 1]))
                out += c;
            else
                out += "\\_";
            break;
        case '\\':
        case '`':
        case '*':
        case '[':
        case ']':
        case '|':
        case '~':
        case '#':
            // ("!" needs nothing: "[" is escaped, so no image can start.)
            out += '\\';
            out += c;
            break;
        default:
            // A terminal runs an escape sequence a file's name brings: written as text instead.
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) {
                static constexpr char kHex[] = "0123456789abcdef";
                out += "\\x";
                out += kHex[(static_cast<unsigned char>(c) >> 4) & 0xf];
                out += kHex[static_cast<unsigned char>(c) & 0xf];
            } else {
                out += c;
            }
        }
    }
    return out;
}

std::string codeSpan(std::string_view raw)
{
    const std::string text = oneLine(raw);
    std::size_t longest = 0, run = 0;
    for (const char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`' || text.front() == ' ');
    return fence + (pad ? " " : "") + text + (pad ? " " : "") + fence;
}

std::string markdownTableCell(const std::string& text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size()) {
            out += c;
            out += text[++i];
        } else if (c == '|') {
            out += "\\|";
        } else if (c == '\n') {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace memlens
