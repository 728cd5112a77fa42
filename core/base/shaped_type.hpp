#pragma once
// The one reader of MLIR shaped types, "memref<2x?x16xf16, strided<[32, 16, 1], offset: 4>,
// #hivm.address_space<ub>>": its kind, shape, element type and the attributes after them.
// The planner reads memrefs with it, the dump its buffers' types.
#include "core/base/text_util.hpp" // trimmed, which every includer of this used to find here

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

struct ShapedType {
    std::string kind;                    // "memref", "tensor", ...
    std::vector<std::int64_t> shape;     // -1 for '?'
    std::string elementType;             // "f16"
    std::vector<std::string> attributes; // the top-level parts after the shape, trimmed
};

// nullopt for text that is not `kind<...>`.
std::optional<ShapedType> parseShapedType(std::string_view text);

// Splits at commas that are not inside <>, [], () or {} ("->" is no bracket); parts trimmed.
std::vector<std::string> splitTopLevel(std::string_view text);

} // namespace memlens
