#pragma once
// The generated dump the scale benchmarks read: N buffers with random sizes,
// Lives and offsets, some double-buffered, at Python locations of one file. Its
// shape varies along the axes a real plan does: how many distinct locations,
// how far the addresses spread, how large a buffer gets, how many are double-buffered.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace memlens::bench {

struct DumpShape {
    long locationLines = 300;               // distinct Python lines
    long locationColumns = 1;               // distinct columns on each line (distinct locations: lines x columns)
    std::uint64_t addressSpan = 256 * 1024; // offsets fall in [0, span)
    int sizeSteps = 8;                      // sizes 32 B << (0 .. steps - 1): 8 steps reach 4 KB, 16 reach 1 MB
    int doubleBufferEvery = 4;              // every n-th buffer has two copies

    // The packed plan of the first benchmarks: 300 locations, 256 KB of addresses, up to 4 KB.
    static DumpShape packed() { return {}; }
    // 400,000 distinct locations (5,000 lines x 80 columns), 32 MB of addresses, up to 1 MB, every fifth doubled.
    static DumpShape spread() { return {5000, 80, 32ull << 20, 16, 5}; }
    // The spread plan with the packed plan's 300 locations: what the locations alone cost.
    static DumpShape spreadFewLocations() { return {300, 1, 32ull << 20, 16, 5}; }
    long distinctLocations() const { return locationLines * locationColumns; }
};

inline void writeGeneratedDump(const std::filesystem::path& file, long buffers, const DumpShape& shape = {})
{
    std::mt19937 random(42);
    std::ofstream out(file, std::ios::binary);
    out << "{\"Header\": {\"KernelName\": \"_generated\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"fail\", "
           "\"error_info\": \"ub overflow, requires 1 bits while 1572864 bits available!\", \"memory_info_array\": [\n";
    std::string line;
    const std::uint64_t addressSlots = std::max<std::uint64_t>(1, shape.addressSpan / 32);
    for (long i = 0; i < buffers; ++i) {
        const long elements = 16l << (random() % static_cast<unsigned>(shape.sizeSteps));
        const long start = static_cast<long>(random() % 200000);
        const long end = start + static_cast<long>(random() % 500);
        const unsigned long offset = (random() % addressSlots) * 32;
        const long location = i % shape.distinctLocations();
        line.clear();
        line += i ? ",\n" : "";
        line += "{\"buffer\": \"%alloc_" + std::to_string(i) + " = memref.alloc() : memref<" + std::to_string(elements)
            + "xf16, #hivm.address_space<ub>>\", \"offset\": [" + std::to_string(offset);
        if (i % shape.doubleBufferEvery == 0)
            line += ", " + std::to_string(offset + elements * 2);
        line += "], \"extent\": " + std::to_string(elements * 16) + ", \"alloc_time_in_ir\": " + std::to_string(start)
            + ", \"life_time_in_ir\": [" + std::to_string(start) + ", " + std::to_string(end)
            + "], \"source_location\": \"loc(\\\"/tmp/kernel.py\\\":" + std::to_string(location / shape.locationColumns)
            + ":" + std::to_string(shape.locationColumns == 1 ? 8 : 1 + location % shape.locationColumns)
            + ")\", \"is_tmpbuf\": " + (i % 17 == 0 ? "true" : "false") + "}";
        out << line;
    }
    out << "]}]}\n";
}

} // namespace memlens::bench
