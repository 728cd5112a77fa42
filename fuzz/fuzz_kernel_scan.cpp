// libFuzzer target: any text given as a kernel's Python source is scanned
// without a crash or a hang, and every derived constexpr can be evaluated.
#include "core/kernel_source/kernel_scan.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const memlens::KernelScan scan = memlens::scanKernel(text, "kernel");
    for (const auto& [name, derived] : scan.derived)
        derived.valueFor(64);
    for (const auto& [line, shape] : scan.shapeAtLine)
        scan.lineText(line);
    return 0;
}
