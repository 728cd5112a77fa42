#include "core/source/mlir_bytecode.hpp"

#include "core/source/file_finder.hpp"

#include <fstream>

namespace memlens {

namespace {
constexpr std::string_view kMagic("ML\xEFR", 4);
}

bool startsWithMlirBytecode(std::string_view bytes) { return bytes.substr(0, kMagic.size()) == kMagic; }

bool isMlirBytecodeFile(const std::filesystem::path& path)
{
    if (!isRegularFile(path)) // a FIFO would block the read
        return false;
    std::ifstream in(path, std::ios::binary);
    char head[4] = {};
    in.read(head, sizeof head);
    return in.gcount() == sizeof head && startsWithMlirBytecode(std::string_view(head, sizeof head));
}

std::filesystem::path mlirTextPathFor(const std::filesystem::path& bytecodePath)
{
    std::filesystem::path text = bytecodePath;
    return text.replace_extension(".mlir");
}

std::string mlirBytecodeAdvice(const std::filesystem::path& path)
{
    const std::string from = path.string();
    const std::string to = mlirTextPathFor(path).string();
    return from
        + " is MLIR bytecode, which memlens does not read (it reads MLIR text). "
          "Turn it into text with the bishengir-opt or mlir-opt of your toolchain: `bishengir-opt "
        + from + " -o " + to + "` (or `mlir-opt " + from + " -o " + to + "`), then open " + to
        + " with --ir or File > Open IR";
}

} // namespace memlens
