#pragma once
// The memory plan as the compiler dumped it: scopes, buffers and the blocks
// (one per offset) that the chart draws. Data with small accessors; the one rule
// it applies itself is the buffer's text: a buffer rebuilds its `buffer` text from
// its parts, and reads a type's shape and element type when it is given one.
#include "core/base/shared_const.hpp"
#include "core/base/shared_vector.hpp"
#include "core/base/small_vector.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// A buffer's type as its `buffer` text writes it. Buffers of one type share one.
struct BufferType {
    std::string text;                // "memref<65536xf16, #hivm.address_space<ub>>"
    std::vector<std::int64_t> shape; // -1 for a dynamic dimension
    std::string elementType;         // "f16", "" when unknown
};

// One memref.alloc (or temp buffer) of the dump. Sizes are bytes; the dump's
// `extent` is bits and is kept for reference. Texts that many buffers repeat
// (type, location) are shared, so a million buffers stay small.
struct Buffer {
    std::string ssaName;          // "%alloc_0", or the whole text when it has none
    SharedConst<BufferType> type; // null when the text names no type; shared by the buffers of one type
    std::uint64_t extentBits = 0;
    std::uint64_t sizeBytes = 0;           // ceil(extentBits / 8)
    SmallVector<std::uint64_t, 2> offsets; // one per copy: two kept inline, no heap block per buffer
    std::int64_t allocTime = 0;
    std::int64_t lifeStart = 0;                        // inclusive
    std::int64_t lifeEnd = 0;                          // inclusive
    std::shared_ptr<const std::string> sourceLocation; // raw `source_location`; null when absent
    int id = 0; // file order across the whole dump; beside the flags, so the three share 8 bytes
    bool isTmp = false;
    bool bufferTextRebuilt = false; // bufferText() is rebuilt, irregularText is null
    // The raw `buffer` text when it is not rebuilt: a pointer, not a string, because a million
    // buffers nearly all rebuild theirs.
    SharedConst<std::string> irregularText;

    // The raw `buffer` string. Most read "<ssaName> = memref.alloc() : <type>" and are
    // rebuilt from those when asked for; only the others keep their own text.
    std::string bufferText() const;
    void setBufferText(std::string text); // kept as it is; ssaName and type stay as they are
    // After ssaName and type are set: keeps `text` only if they do not rebuild it exactly.
    void keepBufferTextIfIrregular(std::string_view text);

    const std::string& memrefType() const;          // "" when unknown
    const std::vector<std::int64_t>& shape() const; // empty when unknown
    const std::string& elementType() const;         // "" when unknown
    const std::string& location() const;            // "" when the dump gives none
    void setLocation(std::string text);
    void setType(std::string_view typeText); // reads the shape and element type out of it
};

// The most offsets (copies) a buffer may have: a block keeps its copy's index in 31 bits.
inline constexpr std::size_t kMaxBufferCopies = std::size_t(1) << 30;

// One rectangle: a buffer at one of its offsets.
struct Block {
    Block() = default;
    // In the order a block reads: which buffer and copy, where, how large, its Life, the flag.
    Block(int bufferIndex_, int copy_, std::uint64_t offset_ = 0, std::uint64_t size_ = 0, std::int64_t start_ = 0,
        std::int64_t end_ = 0, bool tmp_ = false)
        : bufferIndex(bufferIndex_)
        , copy(copy_)
        , tmp(tmp_)
        , offset(offset_)
        , size(size_)
        , start(start_)
        , end(end_)
    {
    }

    int bufferIndex = 0; // index into ScopePlan::buffers
    // Index into Buffer::offsets; beside it the flag, in one word: 40 bytes a block, not 48 (a
    // million blocks: 10 MB). A dump whose buffer has more than kMaxBufferCopies is refused.
    int copy : 31 = 0;
    bool tmp : 1 = false;
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::int64_t start = 0; // Life, inclusive
    std::int64_t end = 0;

    std::uint64_t addressEnd() const { return offset + size; }
    bool liveAt(std::int64_t op) const { return start <= op && op <= end; }
};

struct ScopePlan {
    std::string scope;                 // "ub", "cbuf", "cc", ...
    std::optional<std::string> status; // "success" / "fail"; absent in the flat layout
    std::string error;                 // error_info (or err_msg)
    std::vector<Buffer> buffers;
    std::vector<Block> blocks;     // buffers expanded per offset, in file order
    std::size_t foldedRecords = 0; // records that listed a buffer again, one per extra copy (core/record_folding)

    const Buffer& bufferOf(const Block& block) const { return buffers[static_cast<std::size_t>(block.bufferIndex)]; }
};

enum class CoreKind { Unknown, Vector, Cube };

struct Dump {
    std::string file;                  // path as opened
    std::string kernel;                // Header.KernelName, "" when absent
    CoreKind core = CoreKind::Unknown; // from the file name: memory_info_aiv / _aic
    bool flatLayout = false;           // old layout: Record is a list of buffers
    SharedVector<ScopePlan> scopes;    // copies of a dump share its scopes until one is changed

    const ScopePlan* findScope(const std::string& name) const;
    std::size_t blockCount() const;
};

const char* coreKindName(CoreKind kind); // "aiv", "aic", nullptr for unknown

} // namespace memlens
