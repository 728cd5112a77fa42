#pragma once
// The sources of a document's distinct locations, each kept once and small.
// Most locations resolve to one Python frame and nothing else (their chain and
// user frames are that frame; at most one IR line): those are kept as a record
// of 36 bytes whose texts (file, name, note, local path, IR file) are shared,
// and made into a BlockSource only when one is asked for. The others are kept
// whole. A plan of 400,000 distinct locations would otherwise hold 400,000
// BlockSources of about 570 bytes each.
#include "core/base/text_interner.hpp"
#include "core/source/source_linker.hpp"

#include <cstdint>
#include <deque>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace memlens {

class DistinctSources {
public:
    std::uint32_t add(BlockSource source); // its index (0, 1, ...)
    bool isRecord(std::uint32_t index) const { return (entries_[index] & 1u) != 0; }
    // A source equal to the record at `like` but for its frame's line and column.
    std::uint32_t addLike(std::uint32_t like, int line, int column);
    std::size_t size() const { return entries_.size(); }
    std::size_t compactCount() const { return compact_.size(); } // kept as a record, not whole

    // The source at `index`: one object per index for the table's lifetime (a record is
    // made whole the first time it is asked for). Thread-safe.
    const BlockSource& at(std::uint32_t index) const;
    // The same source without keeping it: a record is made whole into `scratch` (its
    // strings and vectors reused) and `scratch` is returned. For a walk over every block.
    const BlockSource& into(std::uint32_t index, BlockSource& scratch) const;

private:
    struct Compact {
        std::uint32_t file = 0; // texts_ indexes
        std::uint32_t name = 0;
        std::uint32_t note = 0;
        std::uint32_t localPath = 0;
        std::uint32_t irFile = 0;
        int line = 0;
        int column = 0;
        int irLine = 0;
        bool library = false;
        bool hasIr = false;
    };
    // Low bit set: an index into compact_; clear: into whole_.
    static std::uint32_t compactEntry(std::size_t i) { return static_cast<std::uint32_t>(i << 1 | 1u); }

    static bool isCompactable(const BlockSource& source);
    void fill(const Compact& compact, BlockSource& out) const;

    std::vector<std::uint32_t> entries_;
    std::vector<Compact> compact_;
    std::deque<BlockSource> whole_;
    TextInterner texts_; // the few distinct texts the records name

    mutable std::mutex builtMutex_;
    mutable std::unordered_map<std::uint32_t, BlockSource> built_; // records asked for by at()
};

} // namespace memlens
