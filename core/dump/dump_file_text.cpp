// A dump file's bytes read whole (a copy kept of them, a watch comparing them), apart from
// the streaming reader in dump_parser.cpp.
#include "core/base/cancellation.hpp"
#include "core/base/input_file.hpp"
#include "core/dump/dump_parser.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>

namespace memlens {

void checkDumpFile(const std::string& path)
{
    // Asked before opening (a FIFO would block the open), with errno's reason when it cannot
    // be read (permission, a loop of links).
    const InputFileCheck check = checkInputFile(path);
    if (check.problem == "is a directory, not a file")
        throw DumpError(path, "", "is a directory, not a memory dump");
    if (!check.ok())
        throw DumpError(path, "", check.problem);
    if (check.bytes > kMaxDumpFileBytes)
        throw DumpError(path, "", "is " + std::to_string(check.bytes) + " bytes, larger than memlens reads (2 GiB)");
}

std::string readDumpText(const std::string& path, const std::atomic<bool>* cancel)
{
    checkDumpFile(path);
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DumpError(path, "", "cannot be opened for reading");
    std::string text(size, '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    // The size can be wrong: files under /proc say 0, a growing file says too little.
    char chunk[65536];
    while (in) {
        in.read(chunk, sizeof chunk);
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        if (text.size() + got > kMaxDumpFileBytes)
            throw DumpError(path, "",
                "grew past " + std::to_string(kMaxDumpFileBytes)
                    + " bytes while being read, larger than memlens reads (2 GiB)");
        text.append(chunk, got);
        throwIfCancelled(cancel);
    }
    spdlog::debug("{}: read {} bytes", path, text.size());
    return text;
}

} // namespace memlens
