#pragma once
// The adapter IR of a dump from Triton's cache. Triton-Ascend compiles the IR
// from a temporary folder that it deletes, so the dump's locations name a path
// that is gone and nothing sits beside the dump; the copy that survives is
// $TRITON_CACHE_DIR (default ~/.triton/cache)/<hash>/<kernel>.ttadapter.
// A cached file is taken only when it matches the dump.
#include "core/dump/dump_model.hpp"
#include "core/source/ir_index.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// Reads an environment variable (nullopt when unset). Injectable so that tests
// never read the real ~/.triton.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;

struct TritonCacheSearch {
    std::string cacheDir;                           // --triton-cache or the window's setting; "" = from the environment
    EnvironmentLookup environment;                  // null: the process environment
    std::size_t maxFiles = 32;                      // IR files read at most
    std::uintmax_t maxBytes = 256ull * 1024 * 1024; // bytes read at most, all files together
    std::uintmax_t maxFileBytes = kMaxIrFileBytes;  // a larger file is passed over (and named)
    std::size_t maxEntries = 20000;                 // cache entries (hash folders) looked into, the newest
};

// The folder searched: cacheDir; else $TRITON_CACHE_DIR; else $HOME/.triton/cache
// (empty when none of them is known).
std::filesystem::path tritonCacheDir(const TritonCacheSearch& search);

struct IrDumpMatch {
    bool matches = false;    // the IR's ops sit where the dump says (or, without positions, its types agree)
    bool typesAgree = false; // every buffer type of the dump occurs in the IR
    std::string reason;      // why it matches or not, for the user
};

// Does `ir` belong to `dump`? Where the dump's locations point into an IR file,
// an op must start at each line:column; where they point at Python, an IR op
// must carry each Python line; with no positions, the dump's buffer types
// (shape and element type) must all occur in the IR.
IrDumpMatch matchIrToDump(const IrIndex& ir, const Dump& dump);

struct TritonCacheResult {
    std::filesystem::path cacheDir;                // the folder searched ("" when unknown)
    std::optional<std::filesystem::path> taken;    // the IR that matches the dump
    std::optional<IrIndex> index;                  // its index (the file is read once)
    std::optional<std::filesystem::path> bytecode; // the newest candidate in MLIR bytecode, if any
    std::size_t candidates = 0;                    // files named like the kernel's adapter IR
    std::string reason;                            // why `taken` matches the dump
    std::vector<std::string> tried;                // "path: why it was not taken", newest first
    std::string note;                              // budget or listing problems ("" when none)

    // Which file was taken and why, or what was tried: for the document's irNote.
    std::string message() const;
};

// Looks for the adapter IR of `dump.kernel` (<kernel>.ttadapter,
// <kernel>.ttadapter.mlir, kernel.ttadapter.mlir, *.bcmlir of those names) in
// the newest search.maxEntries folders of the cache (by folder time, over all
// of them) and in the cache folder itself (one hash folder passed as the cache),
// newest file first, and takes the first that matches the dump. Reads at most
// search.maxFiles files and search.maxBytes bytes; a file over
// search.maxFileBytes, or past what is left of the bytes, is passed over and named.
TritonCacheResult findIrInTritonCache(const Dump& dump, const TritonCacheSearch& search);

} // namespace memlens
