#pragma once
// Reads the SSA name, shape and element type out of a dump's `buffer` string:
// "%alloc_0 = memref.alloc() : memref<2x65536xf16, #hivm.address_space<ub>>".
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

struct MemrefDescription {
    std::string ssaName;             // "%alloc_0"; empty when the text has none
    std::string typeText;            // "memref<2x65536xf16, #hivm.address_space<ub>>"; empty when none
    std::vector<std::int64_t> shape; // {2, 65536}; -1 for '?'
    std::string elementType;         // "f16"
};

MemrefDescription describeBufferText(std::string_view text);

} // namespace memlens
