#pragma once
// From a block's `source_location` to the IR line that allocated it and the
// Python line that caused it (docs/design.md, Locations).
#include "core/source/file_finder.hpp"
#include "core/source/ir_index.hpp"
#include "core/source/mlir_location.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace memlens {

class DistinctSources;

struct IrRef {
    std::string file; // the local IR file when indexed, else the path in the location
    int line = 0;
    bool operator==(const IrRef&) const = default;
};

struct BlockSource {
    std::optional<IrRef> ir;               // the best IR line
    std::vector<int> irLines;              // every candidate IR line, ascending
    std::optional<SourceFrame> python;     // the user-facing Python frame (file as written in the IR/dump)
    std::vector<SourceFrame> pythonFrames; // every user frame, primary first
    std::vector<SourceFrame> chain;        // every frame innermost first, library frames included
    std::string pythonLocalPath;           // where python->file was found on this machine ("" if not)
    std::string note;                      // why something is missing ("" when all found)
};

// Resolves dump locations; memoised by location string, so resolving many
// blocks that share locations is cheap. Not thread-safe. The index and finder
// must outlive the linker.
class SourceLinker {
public:
    SourceLinker(const IrIndex* index, const FileFinder* finder);

    // The result stays valid for the linker's lifetime.
    const BlockSource& link(std::string_view sourceLocation);
    // The same, not memoised: for a caller that keeps each distinct location once itself.
    BlockSource linkOnce(std::string_view sourceLocation) { return compute(sourceLocation); }
    // linkOnce() added to `table`: its index there. Without an IR, plain locations of one
    // file differ only in their frame's line and column, so each after the first of its
    // file is the first's record with its own line and column (nothing resolved again).
    std::uint32_t linkInto(std::string_view sourceLocation, DistinctSources& table);

    std::size_t cacheSize() const { return cache_.size(); }

    // Files that locations name but that are the indexed IR under another name
    // (Triton-Ascend's deleted /tmp/.../kernel.ttadapter.mlir for a cached copy).
    void setIrAliases(std::vector<std::string> files) { irAliases_ = std::move(files); }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>()(s); }
    };
    BlockSource compute(std::string_view sourceLocation);
    bool isIndexedIrFile(const std::string& file);
    std::string localPathFor(const std::string& file);

    const IrIndex* index_;
    const FileFinder* finder_;
    LocationResolver resolver_; // its own: the index may be shared with another thread's linker
    std::unordered_map<std::string, BlockSource, Hash, std::equal_to<>> cache_;
    std::unordered_map<std::string, std::string> localPaths_;
    std::unordered_map<std::string, bool> isIrFile_;
    std::vector<std::string> irAliases_;
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> plainOfFile_; // file -> its first record
};

// One-shot helper (no memo).
BlockSource linkBlockSource(std::string_view sourceLocation, const IrIndex* index, const FileFinder* finder);

} // namespace memlens
