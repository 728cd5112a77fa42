#pragma once
// The generated dump the scale benchmarks read: N buffers with random sizes,
// Lives and offsets, a quarter of them double-buffered, 300 distinct Python
// locations (the same style as bench_core's).
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace memlens::bench {

inline void writeGeneratedDump(const std::filesystem::path& file, long buffers)
{
    std::mt19937 random(42);
    std::ofstream out(file, std::ios::binary);
    out << "{\"Header\": {\"KernelName\": \"_generated\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"fail\", "
           "\"error_info\": \"ub overflow, requires 1 bits while 1572864 bits available!\", \"memory_info_array\": [\n";
    std::string line;
    for (long i = 0; i < buffers; ++i) {
        const long elements = 16l << (random() % 8);
        const long start = static_cast<long>(random() % 200000);
        const long end = start + static_cast<long>(random() % 500);
        const unsigned long offset = (random() % 8192) * 32;
        line.clear();
        line += i ? ",\n" : "";
        line += "{\"buffer\": \"%alloc_" + std::to_string(i) + " = memref.alloc() : memref<" + std::to_string(elements)
            + "xf16, #hivm.address_space<ub>>\", \"offset\": [" + std::to_string(offset);
        if (i % 4 == 0)
            line += ", " + std::to_string(offset + elements * 2);
        line += "], \"extent\": " + std::to_string(elements * 16) + ", \"alloc_time_in_ir\": " + std::to_string(start)
            + ", \"life_time_in_ir\": [" + std::to_string(start) + ", " + std::to_string(end)
            + "], \"source_location\": \"loc(\\\"/tmp/kernel.py\\\":" + std::to_string(i % 300)
            + ":8)\", \"is_tmpbuf\": " + (i % 17 == 0 ? "true" : "false") + "}";
        out << line;
    }
    out << "]}]}\n";
}

} // namespace memlens::bench
