#include "core/base/shaped_type.hpp"

#include <cctype>
#include <charconv>

namespace memlens {

std::vector<std::string> splitTopLevel(std::string_view text)
{
    std::vector<std::string> parts;
    int depth = 0;
    std::string current;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '<' || c == '[' || c == '(' || c == '{')
            ++depth;
        else if ((c == '>' && !(i > 0 && text[i - 1] == '-')) || c == ']' || c == ')' || c == '}')
            --depth;
        if (c == ',' && depth == 0) {
            parts.push_back(trimmed(current));
            current.clear();
        } else {
            current += c;
        }
    }
    if (!trimmed(current).empty())
        parts.push_back(trimmed(current));
    return parts;
}

std::optional<ShapedType> parseShapedType(std::string_view raw)
{
    const std::string text = trimmed(raw);
    const auto open = text.find('<');
    if (open == std::string::npos || open == 0 || text.back() != '>')
        return std::nullopt;
    ShapedType type;
    type.kind = text.substr(0, open);
    auto parts = splitTopLevel(std::string_view(text).substr(open + 1, text.size() - open - 2));
    if (parts.empty())
        return type;
    // "16x16x?xf16": dimensions while the piece before an 'x' is one, then the element type
    // (which may hold an 'x' itself).
    std::string_view body = parts.front();
    while (true) {
        const auto cross = body.find('x');
        if (cross == std::string_view::npos)
            break;
        const std::string_view piece = body.substr(0, cross);
        if (piece == "?") {
            type.shape.push_back(-1);
        } else {
            std::int64_t value = 0;
            const auto [end, ec] = std::from_chars(piece.data(), piece.data() + piece.size(), value);
            if (ec != std::errc() || end != piece.data() + piece.size() || value < 0)
                break;
            type.shape.push_back(value);
        }
        body.remove_prefix(cross + 1);
    }
    type.elementType = std::string(body);
    type.attributes.assign(parts.begin() + 1, parts.end());
    return type;
}

} // namespace memlens
