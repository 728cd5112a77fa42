#pragma once
// For the fuzz targets that read a dump two ways and compare: the input as a file, and
// everything a load gives (buffers in order) or its error's text, as one string.
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_model.hpp"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace memlens::fuzz {

// The input written to a file of this process's own (`stem` names the target).
inline std::string inputFile(const std::uint8_t* data, std::size_t size, const char* stem)
{
    static const std::string path
        = (std::filesystem::temp_directory_path() / (std::string(stem) + std::to_string(::getpid()) + ".json"))
              .string();
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}

template <typename Load> std::string loadOutcome(Load load)
{
    try {
        const Dump dump = load();
        std::ostringstream out;
        out << dump.kernel << '\n';
        for (const auto& scope : dump.scopes) {
            out << scope.scope << ' ' << scope.status.value_or("-") << ' ' << scope.error << ' ' << scope.buffers.size()
                << '\n';
            for (const auto& buffer : scope.buffers) {
                out << buffer.id << ' ' << buffer.bufferText() << ' ' << buffer.location() << ' ' << buffer.extentBits
                    << ' ' << buffer.sizeBytes << ' ' << buffer.allocTime << ' ' << buffer.lifeStart << ' '
                    << buffer.lifeEnd << ' ' << buffer.isTmp;
                for (const std::uint64_t offset : buffer.offsets)
                    out << ' ' << offset;
                out << '\n';
            }
        }
        return out.str();
    } catch (const DumpError& error) {
        return std::string("error: ") + error.what();
    }
}

} // namespace memlens::fuzz
