#include "core/dump/memref_type.hpp"

#include "core/base/shaped_type.hpp"
#include "core/base/text_util.hpp"

#include <cctype>
#include <charconv>

namespace memlens {

namespace {

// The text of `name<...>` starting at `open` (the position of the name), angle brackets balanced.
std::string_view balancedType(std::string_view text, std::size_t open)
{
    int depth = 0;
    for (std::size_t i = open; i < text.size(); ++i) {
        if (text[i] == '<') {
            ++depth;
        } else if (text[i] == '>') {
            if (--depth == 0)
                return text.substr(open, i - open + 1);
        }
    }
    return {};
}

} // namespace

BufferTextParts splitBufferText(std::string_view text)
{
    BufferTextParts out;
    const std::string_view trimmed = trimmedView(text);
    if (!trimmed.empty() && trimmed.front() == '%') {
        std::size_t end = 1;
        while (end < trimmed.size() && !std::isspace(static_cast<unsigned char>(trimmed[end])) && trimmed[end] != '='
            && trimmed[end] != ':')
            ++end;
        out.ssaName = trimmed.substr(0, end);
    }

    std::size_t typeStart = std::string_view::npos;
    for (const std::string_view keyword : {std::string_view("memref<"), std::string_view("tensor<")}) {
        const std::size_t colon = trimmed.rfind(" : ");
        const std::size_t from = colon == std::string_view::npos ? 0 : colon;
        const std::size_t found = trimmed.find(keyword, from);
        if (found != std::string_view::npos && found < typeStart)
            typeStart = found;
    }
    if (typeStart != std::string_view::npos)
        out.typeText = balancedType(trimmed, typeStart);
    return out;
}

BufferType describeMemrefType(std::string_view type)
{
    BufferType out;
    out.text = std::string(type);
    if (auto shaped = parseShapedType(type)) {
        out.shape = std::move(shaped->shape);
        out.elementType = std::move(shaped->elementType);
    }
    return out;
}

} // namespace memlens
