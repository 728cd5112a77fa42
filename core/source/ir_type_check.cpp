#include "core/source/ir_type_check.hpp"

#include "core/dump/dump_model.hpp"
#include "core/source/ir_index.hpp"

#include <set>
#include <string_view>

namespace memlens {

namespace {
// "8192xf32" of a buffer typed "memref<8192xf32, #hivm.address_space<ub>>", from the shape its
// type was read into; "" for a scalar, a dynamic shape or a type that is not a memref.
std::string staticShapeText(const Buffer& buffer)
{
    const std::vector<std::int64_t>& shape = buffer.shape();
    if (shape.empty() || buffer.elementType().empty() || !buffer.memrefType().starts_with("memref<"))
        return {};
    std::string text;
    for (const std::int64_t dimension : shape) {
        if (dimension < 0)
            return {};
        text += std::to_string(dimension) + 'x';
    }
    return text + buffer.elementType();
}
} // namespace

std::string irTypeMismatch(const Dump& dump, const IrIndex& ir)
{
    std::set<std::string> shapes;
    for (const auto& scope : dump.scopes)
        for (const auto& buffer : scope.buffers)
            if (std::string shape = staticShapeText(buffer); !shape.empty())
                shapes.insert(std::move(shape));
    if (shapes.empty())
        return {};
    for (const std::string& shape : shapes)
        if (ir.text().find('<' + shape) != std::string::npos)
            return {};
    std::string listed;
    std::size_t shown = 0;
    for (const std::string& shape : shapes) {
        if (shown++ == 3) {
            listed += ", ...";
            break;
        }
        listed += (listed.empty() ? "" : ", ") + shape;
    }
    return "none of the dump's buffer shapes (" + listed + ") appears in the IR " + ir.path()
        + ": it may be from another compile (another block size?)";
}

} // namespace memlens
