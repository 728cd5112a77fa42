#include "core/source/ir_type_check.hpp"

#include "core/dump/dump_model.hpp"
#include "core/source/ir_index.hpp"

#include <set>
#include <string_view>

namespace memlens {

namespace {
// "8192xf32" of "memref<8192xf32, #hivm.address_space<ub>>"; "" for a scalar or a dynamic shape.
std::string staticShapeOf(std::string_view type)
{
    constexpr std::string_view prefix = "memref<";
    const std::size_t at = type.find(prefix);
    if (at == std::string_view::npos)
        return {};
    std::string_view rest = type.substr(at + prefix.size());
    rest = rest.substr(0, rest.find_first_of(",>"));
    if (rest.find('x') == std::string_view::npos || rest.find('?') != std::string_view::npos)
        return {};
    return std::string(rest);
}
} // namespace

std::string irTypeMismatch(const Dump& dump, const IrIndex& ir)
{
    std::set<std::string> shapes;
    for (const auto& scope : dump.scopes)
        for (const auto& buffer : scope.buffers)
            if (std::string shape = staticShapeOf(buffer.memrefType()); !shape.empty())
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
