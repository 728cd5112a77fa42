#pragma once
// What a Triton-Ascend run leaves behind, built by tests: adapter IR (with or
// without Python locations), dumps whose locations name a deleted temporary
// folder, and a Triton cache of several hashes (header-only).
#include "support/temp_dir.hpp"

#include <string>
#include <vector>

namespace memlens::test {

// "%ub00", "%ub01", ...: as wide as the sample's "%q_ub", so each alloc token is at column 13.
inline std::string bufferName(std::size_t i) { return std::string("%ub") + (i < 10 ? "0" : "") + std::to_string(i); }

// Adapter IR of `kernel` without Python locations: `padding` comment lines,
// then the function; the allocs of `sizes` (f16 elements) start at lines
// padding + 3, padding + 4, ..., column 13 (the `memref.alloc` token).
inline std::string adapterIr(const std::string& kernel, int padding, const std::vector<int>& sizes)
{
    std::string ir;
    for (int i = 0; i < padding; ++i)
        ir += "// generated\n";
    ir += "module attributes {hacc.target = #hacc.target<\"Ascend910B3\">} {\n";
    ir += "  func.func @" + kernel + "(%in: memref<1024xf16, #hivm.address_space<gm>>) {\n";
    for (std::size_t i = 0; i < sizes.size(); ++i)
        ir += "    " + bufferName(i) + " = memref.alloc() : memref<" + std::to_string(sizes[i])
            + "xf16, #hivm.address_space<ub>>\n";
    ir += "    hivm.hir.load ins(%in : memref<1024xf16, #hivm.address_space<gm>>) outs(%ub00 : memref<"
        + std::to_string(sizes.empty() ? 1 : sizes[0]) + "xf16, #hivm.address_space<ub>>)\n";
    ir += "    return\n  }\n}\n";
    return ir;
}

// A dump of `kernel` whose buffers (f16 elements `sizes`, stacked from 0)
// were allocated at `irFile`:<line>:13 for line = firstLine, firstLine + 1, ...
inline std::string dumpPointingInto(
    const std::string& kernel, const std::string& irFile, int firstLine, const std::vector<int>& sizes)
{
    std::string buffers;
    long long offset = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const int bytes = sizes[i] * 2;
        buffers += std::string(i ? ",\n" : "") + "{\"buffer\": \"" + bufferName(i) + " = memref.alloc() : memref<"
            + std::to_string(sizes[i]) + "xf16, #hivm.address_space<ub>>\", \"offset\": [" + std::to_string(offset)
            + "], \"extent\": " + std::to_string(bytes * 8) + ", \"alloc_time_in_ir\": " + std::to_string(i + 1)
            + ", \"life_time_in_ir\": [" + std::to_string(i + 1) + ", 9]" + ", \"source_location\": \"loc(\\\"" + irFile
            + "\\\":" + std::to_string(firstLine + static_cast<int>(i)) + ":13)\", \"is_tmpbuf\": false}";
        offset += (bytes + 31) / 32 * 32;
    }
    return "{\"Header\": {\"KernelName\": \"" + kernel
        + "\"}, \"Record\": [{\"scope\": \"ub\", \"status\": \"success\", \"error_info\": \"\", "
          "\"memory_info_array\": [\n"
        + buffers + "\n]}]}\n";
}

// The first bytes of an MLIR bytecode file, then binary.
inline std::string mlirBytecode() { return std::string("ML\xEFR\x00\x06\x01\x02\x00\x03", 10) + "\x7f\x01 not text"; }

// A temporary folder that existed once: Triton-Ascend's, deleted after the compile.
inline std::string deletedTemporaryIrPath()
{
    std::string path;
    {
        TempDir gone("tmp_triton_");
        path = (gone.path / "kernel.ttadapter.mlir").string();
    }
    return path;
}

// The Triton cache of one run: the matching IR in an older hash, a newer hash
// whose IR of the same kernel does not match (allocs elsewhere), the newest as
// bytecode, and another kernel's IR. `kernel`'s dump has `sizes` buffers at
// lines 5, 6, ... (padding 2).
struct TritonCache {
    TempDir root{"memlens_triton_cache_"};
    std::filesystem::path matching, notMatching, bytecode, otherKernel;

    TritonCache(const std::string& kernel, const std::vector<int>& sizes)
    {
        matching = root.write("3f2a9c/" + kernel + ".ttadapter", adapterIr(kernel, 2, sizes));
        notMatching = root.write("8b17d0/" + kernel + ".ttadapter", adapterIr(kernel, 9, sizes));
        bytecode = root.write("c40e55/" + kernel + ".bcmlir", mlirBytecode());
        otherKernel = root.write("d9e1f2/_other_kernel.ttadapter", adapterIr("_other_kernel", 2, sizes));
        root.write("3f2a9c/" + kernel + ".json", "{\"name\": \"" + kernel + "\"}");
        setAge(matching, 600);
        setAge(notMatching, 300);
        setAge(bytecode, 10);
        setAge(otherKernel, 5);
    }
};

} // namespace memlens::test
