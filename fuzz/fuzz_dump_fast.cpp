// libFuzzer target: a dump whose buffer lists FastListReader (simdjson) reads, in windows small
// enough to cut them many times, gives what the streaming reader alone gives: the same buffers,
// or the same error text.
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string outcome(const std::string& path, std::uint64_t fastFrom, std::size_t window)
{
    try {
        const memlens::Dump dump
            = memlens::loadDumpFile(path, nullptr, nullptr, UINT64_MAX, UINT64_MAX, nullptr, fastFrom, window);
        std::ostringstream out;
        out << dump.kernel << '\n';
        for (const auto& scope : dump.scopes) {
            out << scope.scope << ' ' << scope.status.value_or("-") << ' ' << scope.error << ' ' << scope.buffers.size()
                << '\n';
            for (const auto& buffer : scope.buffers) {
                out << buffer.id << ' ' << buffer.bufferText() << ' ' << buffer.location() << ' ' << buffer.extentBits
                    << ' ' << buffer.allocTime << ' ' << buffer.lifeStart << ' ' << buffer.lifeEnd << ' '
                    << buffer.isTmp;
                for (const std::uint64_t offset : buffer.offsets)
                    out << ' ' << offset;
                out << '\n';
            }
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
        = (std::filesystem::temp_directory_path() / ("memlens_fuzz_fast_" + std::to_string(::getpid()) + ".json"))
              .string();
    {
        std::ofstream file(path, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    const std::string streamed = outcome(path, UINT64_MAX, 0);
    for (const std::size_t window : {std::size_t(200), std::size_t(4096)})
        if (outcome(path, 0, window) != streamed)
            std::abort(); // FastListReader read something the streaming reader reads otherwise
    return 0;
}
