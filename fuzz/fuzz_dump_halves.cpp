// libFuzzer target: a dump read in two halves (the second read beside from a boundary near the
// middle) gives what one reader gives: the same buffers, or the same error text.
#include "core/dump/dump_parser.hpp"
#include "fuzz/dump_load_outcome.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string path = memlens::fuzz::inputFile(data, size, "memlens_fuzz_halves_");
    const auto outcome = [&path](std::uint64_t splitFrom) {
        return memlens::fuzz::loadOutcome(
            [&] { return memlens::loadDumpFile(path, nullptr, nullptr, UINT64_MAX, splitFrom, nullptr, UINT64_MAX); });
    };
    if (outcome(0) != outcome(UINT64_MAX))
        std::abort(); // the two-halves read differs from one reader's
    return 0;
}
