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
    type.text = trimmed(rawText);
    const auto shaped = parseShapedType(type.text);
    if (!shaped || shaped->kind != "memref")
        return type;
    type.shape = shaped->shape;
    type.elementType = shaped->elementType;
    type.elementBits = scalarTypeBits(type.elementType);
    for (const std::string& part : shaped->attributes) {
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
