#pragma once
// MLIR bytecode (newer Triton-Ascend caches the adapter IR as .bcmlir): memlens
// reads only MLIR text, so a bytecode file is recognised by its magic number,
// never parsed, and the user is told how to turn it into text.
#include <filesystem>
#include <string>
#include <string_view>

namespace memlens {

// True when `bytes` begins with the MLIR bytecode magic number "ML\xEFR".
bool startsWithMlirBytecode(std::string_view bytes);

// True when `path` is a regular file that begins with the magic number.
// Reads four bytes at most; never throws.
bool isMlirBytecodeFile(const std::filesystem::path& path);

// "X is MLIR bytecode, which memlens does not read: turn it into text with the
// bishengir-opt or mlir-opt of your toolchain: bishengir-opt X -o X.mlir ..."
std::string mlirBytecodeAdvice(const std::filesystem::path& path);

// Where the text produced by the command in mlirBytecodeAdvice() goes.
std::filesystem::path mlirTextPathFor(const std::filesystem::path& bytecodePath);

} // namespace memlens
