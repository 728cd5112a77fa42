#pragma once
// Reads the SSA name, shape and element type out of a dump's `buffer` string:
// "%alloc_0 = memref.alloc() : memref<2x65536xf16, #hivm.address_space<ub>>".
#include "core/dump/dump_model.hpp"

#include <string_view>

namespace memlens {

// Views into the text.
struct BufferTextParts {
    std::string_view ssaName;  // "%alloc_0"; empty when the text has none
    std::string_view typeText; // "memref<2x65536xf16, #hivm.address_space<ub>>"; empty when none
};

BufferTextParts splitBufferText(std::string_view text);

// "memref<2x?x16xf16, ...>" -> {text, {2, -1, 16}, "f16"}.
BufferType describeMemrefType(std::string_view typeText);

} // namespace memlens
