#pragma once
// Whether an IR can be the one a dump was planned from, by its types: the
// shapes of the dump's buffers ("8192xf32" of memref<8192xf32, ...>) appear in
// the IR it was compiled from (as tensor<8192xf32> or memref<8192xf32...>).
// An IR of the same kernel at another block size has the same locations but
// none of these shapes.
#include <string>

namespace memlens {

struct Dump;
class IrIndex;

// Why the IR's types do not fit the dump ("" when some shape appears, or when
// the dump has no static shape to check).
std::string irTypeMismatch(const Dump& dump, const IrIndex& ir);

} // namespace memlens
