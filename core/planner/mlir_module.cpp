#include "core/planner/mlir_module.hpp"

#include <cctype>

namespace memlens::planner {

namespace {

std::optional<std::int64_t> parseInteger(const std::string& text)
{
    const std::string t = trimmed(text);
    if (t.empty() || t == "?")
        return std::nullopt;
    std::int64_t value = 0;
    std::size_t i = t[0] == '-' ? 1 : 0;
    if (i >= t.size())
        return std::nullopt;
    for (; i < t.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t[i])))
            return std::nullopt;
        if (value > (INT64_MAX - 9) / 10)
            return std::nullopt;
        value = value * 10 + (t[i] - '0');
    }
    return t[0] == '-' ? -value : value;
}

void parseStridedLayout(const std::string& part, MemrefType& type)
{
    // strided<[256, 16, 1], offset: 36>
    const auto open = part.find('[');
    const auto close = part.find(']', open == std::string::npos ? 0 : open);
    if (open == std::string::npos || close == std::string::npos)
        return;
    type.hasStrides = true;
    for (const auto& stride : splitTopLevel(part.substr(open + 1, close - open - 1)))
        type.strides.push_back(parseInteger(stride).value_or(-1));
    const auto offsetAt = part.find("offset:", close);
    if (offsetAt != std::string::npos) {
        std::string rest = part.substr(offsetAt + 7);
        if (!rest.empty() && rest.back() == '>')
            rest.pop_back();
        type.layoutOffset = parseInteger(rest);
    }
}

} // namespace

std::string trimmed(std::string_view text)
{
    std::size_t first = 0;
    std::size_t last = text.size();
    while (first < last && std::isspace(static_cast<unsigned char>(text[first])))
        ++first;
    while (last > first && std::isspace(static_cast<unsigned char>(text[last - 1])))
        --last;
    return std::string(text.substr(first, last - first));
}

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

int scalarTypeBits(const std::string& name)
{
    if (name == "index")
        return 64;
    if (name.size() >= 2 && (name[0] == 'i' || name[0] == 'f' || name[0] == 'u' || name[0] == 's')) {
        std::size_t start = 1;
        if (name.size() > 2 && (name.rfind("ui", 0) == 0 || name.rfind("si", 0) == 0))
            start = 2;
        const auto bits = parseInteger(name.substr(start));
        if (bits && *bits > 0 && *bits <= 4096)
            return static_cast<int>(*bits);
    }
    if (name == "bf16")
        return 16;
    if (name.rfind("f8", 0) == 0)
        return 8;
    return 0;
}

MemrefType parseMemrefType(const std::string& rawText)
{
    MemrefType type;
    const std::string text = trimmed(rawText);
    type.text = text;
    if (text.rfind("memref<", 0) != 0 || text.back() != '>')
        return type;
    const auto parts = splitTopLevel(text.substr(7, text.size() - 8));
    if (parts.empty())
        return type;
    // "16x16x?xf16": dimensions then the element type.
    const std::string& shapeAndElement = parts[0];
    std::size_t at = 0;
    while (true) {
        const auto x = shapeAndElement.find('x', at);
        if (x == std::string::npos)
            break;
        const std::string dim = shapeAndElement.substr(at, x - at);
        if (dim == "?") {
            type.shape.push_back(-1);
        } else if (const auto value = parseInteger(dim); value && *value >= 0) {
            type.shape.push_back(*value);
        } else {
            break;
        }
        at = x + 1;
    }
    type.elementType = shapeAndElement.substr(at);
    type.elementBits = scalarTypeBits(type.elementType);
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string& part = parts[i];
        if (part.rfind("strided<", 0) == 0) {
            parseStridedLayout(part, type);
        } else if (part.find("address_space<") != std::string::npos) {
            const auto open = part.find("address_space<") + 14;
            const auto close = part.find('>', open);
            if (close != std::string::npos)
                type.addressSpace = part.substr(open, close - open);
        } else if (parseInteger(part)) {
            type.addressSpace = part; // a numeric memory space
        }
    }
    type.valid = true;
    return type;
}

std::optional<std::int64_t> MemrefType::staticElementCount() const
{
    std::int64_t count = 1;
    for (const auto dim : shape) {
        if (dim < 0)
            return std::nullopt;
        if (dim != 0 && count > INT64_MAX / dim)
            return std::nullopt;
        count *= dim;
    }
    return count;
}

std::optional<std::int64_t> MemrefType::staticBits() const
{
    const auto count = staticElementCount();
    if (!count || elementBits <= 0 || (*count != 0 && *count > INT64_MAX / elementBits))
        return std::nullopt;
    return *count * elementBits;
}

bool MemrefType::lastDimContiguous() const
{
    if (!hasStrides || strides.empty())
        return true;
    return strides.back() == 1;
}

Op* Op::parentOp() const
{
    if (!block || !block->parent)
        return nullptr;
    return block->parent->parentOp;
}

bool Op::isAncestorOf(const Op* other) const
{
    for (const Op* op = other; op; op = op->parentOp())
        if (op == this)
            return true;
    return false;
}

const Op* ancestorInBlock(const Op* op, const Block* block)
{
    for (; op; op = op->parentOp())
        if (op->block == block)
            return op;
    return nullptr;
}

const Function* Module::findFunction(const std::string& name) const
{
    for (const auto& function : functions)
        if (function.name == name)
            return &function;
    return nullptr;
}

} // namespace memlens::planner
