#pragma once
// The memory plan as the compiler dumped it: scopes, buffers and the blocks
// (one per offset) that the chart draws. Plain data, no behaviour.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// One memref.alloc (or temp buffer) of the dump. Sizes are bytes; the dump's
// `extent` is bits and is kept for reference.
struct Buffer {
    int id = 0;                      // file order across the whole dump
    std::string bufferText;          // raw `buffer` string
    std::string ssaName;             // "%alloc_0", or the whole text when it has none
    std::vector<std::int64_t> shape; // -1 for a dynamic dimension
    std::string elementType;         // "f16", "" when unknown
    std::string memrefType;          // "memref<65536xf16, #hivm.address_space<ub>>"
    std::uint64_t extentBits = 0;
    std::uint64_t sizeBytes = 0; // ceil(extentBits / 8)
    std::vector<std::uint64_t> offsets;
    std::int64_t allocTime = 0;
    std::int64_t lifeStart = 0; // inclusive
    std::int64_t lifeEnd = 0;   // inclusive
    std::string location;       // raw `source_location`
    bool isTmp = false;
};

// One rectangle: a buffer at one of its offsets.
struct Block {
    int bufferIndex = 0; // index into ScopePlan::buffers
    int copy = 0;        // index into Buffer::offsets
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::int64_t start = 0; // Life, inclusive
    std::int64_t end = 0;
    bool tmp = false;

    std::uint64_t addressEnd() const { return offset + size; }
    bool liveAt(std::int64_t op) const { return start <= op && op <= end; }
};

struct ScopePlan {
    std::string scope;                 // "ub", "cbuf", "cc", ...
    std::optional<std::string> status; // "success" / "fail"; absent in the flat layout
    std::string error;                 // error_info (or err_msg)
    std::vector<Buffer> buffers;
    std::vector<Block> blocks; // buffers expanded per offset, in file order

    const Buffer& bufferOf(const Block& block) const { return buffers[static_cast<std::size_t>(block.bufferIndex)]; }
};

enum class CoreKind { Unknown, Vector, Cube };

struct Dump {
    std::string file;                  // path as opened
    std::string kernel;                // Header.KernelName, "" when absent
    CoreKind core = CoreKind::Unknown; // from the file name: memory_info_aiv / _aic
    bool flatLayout = false;           // old layout: Record is a list of buffers
    std::vector<ScopePlan> scopes;

    const ScopePlan* findScope(const std::string& name) const;
    std::size_t blockCount() const;
};

const char* coreKindName(CoreKind kind); // "aiv", "aic", nullptr for unknown

} // namespace memlens
