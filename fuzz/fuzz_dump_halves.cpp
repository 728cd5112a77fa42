// libFuzzer target: a dump read in two halves (the second read beside from a boundary near the
// middle) gives what one reader gives: the same buffers, or the same error text.
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string outcome(const std::string& path, std::uint64_t splitFrom)
{
    try {
        const memlens::Dump dump
            = memlens::loadDumpFile(path, nullptr, nullptr, UINT64_MAX, splitFrom, nullptr, UINT64_MAX);
        std::ostringstream out;
        out << dump.kernel << '\n';
        for (const auto& scope : dump.scopes) {
            out << scope.scope << ' ' << scope.error << ' ' << scope.buffers.size() << '\n';
            for (const auto& buffer : scope.buffers)
                out << buffer.id << ' ' << buffer.bufferText() << ' ' << buffer.location() << ' ' << buffer.sizeBytes
                    << ' ' << buffer.lifeStart << ' ' << buffer.lifeEnd << ' ' << buffer.offsets.size() << '\n';
        }
        return out.str();
    } catch (const memlens::DumpError& error) {
        return std::string("error: ") + error.what();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string path
        = (std::filesystem::temp_directory_path() / ("memlens_fuzz_halves_" + std::to_string(::getpid()) + ".json"))
              .string();
    {
        std::ofstream file(path, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    if (outcome(path, 0) != outcome(path, UINT64_MAX))
        std::abort(); // the two-halves read differs from one reader's
    return 0;
}
