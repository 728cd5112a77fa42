// libFuzzer target: location text and whole IR files never crash the parser,
// the resolver or the index, whatever their nesting or aliases.
#include "core/source/ir_index.hpp"
#include "core/source/mlir_location.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const memlens::LocationParseResult parsed = memlens::parseLocation(text);
    if (parsed.ok())
        memlens::LocationResolver().resolve(*parsed.location);
    const memlens::IrIndex index = memlens::IrIndex::build(text, "fuzz.ttadapter");
    for (int line = 1; line <= index.lineCount(); ++line)
        index.locationAt(line);
    return 0;
}
