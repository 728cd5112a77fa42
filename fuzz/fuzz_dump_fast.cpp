// libFuzzer target: a dump whose buffer lists FastListReader (simdjson) reads, in windows small
// enough to cut them many times, gives what the streaming reader alone gives: the same buffers,
// or the same error text.
#include "core/dump/dump_parser.hpp"
#include "fuzz/dump_load_outcome.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string path = memlens::fuzz::inputFile(data, size, "memlens_fuzz_fast_");
    const auto outcome = [&path](std::uint64_t fastFrom, std::size_t window) {
        return memlens::fuzz::loadOutcome([&] {
            return memlens::loadDumpFile(path, nullptr, nullptr, UINT64_MAX, UINT64_MAX, nullptr, fastFrom, window);
        });
    };
    const std::string streamed = outcome(UINT64_MAX, 0);
    for (const std::size_t window : {std::size_t(200), std::size_t(4096)})
        if (outcome(0, window) != streamed)
            std::abort(); // FastListReader read something the streaming reader reads otherwise
    return 0;
}
