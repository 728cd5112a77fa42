#pragma once
// One pass over MLIR text (.ttadapter and friends): location aliases, the
// location of every op line, Python line -> IR lines, allocating ops, target.
#include "core/source/mlir_location.hpp"

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace memlens {

class IrIndex {
public:
    // Index IR text. `path` is where it was read from (may be empty); it is
    // used to recognise dump locations that point into the IR itself. Throws
    // LoadCancelled soon after `*cancel` becomes true (when given).
    static IrIndex build(std::string text, std::string path = {}, const std::atomic<bool>* cancel = nullptr);

    const std::string& path() const { return path_; }
    const std::string& text() const { return text_; }
    int lineCount() const { return static_cast<int>(lineStarts_.size()); }
    // The text of 1-based line `line` without its newline ("" when out of range).
    std::string_view lineText(int line) const;

    // `hacc.target = #hacc.target<"Ascend910B3">` -> "Ascend910B3".
    const std::optional<std::string>& target() const { return target_; }

    // The resolved location of the op on 1-based `line`, or null when that line
    // has none. A multi-line op's location applies to all its lines; a region
    // op's (`} loc(#x)`) to its closing line and to the lines that open it.
    const ResolvedLocation* locationAt(int line) const;
    // The raw `loc(...)` text that gave the location of `line` ("" when none).
    std::string_view rawLocationAt(int line) const;
    // True when `line` starts an allocating op (memref.alloc, memref.alloca,
    // bufferization.alloc_tensor, tensor.empty).
    bool isAllocLine(int line) const;
    // Every line that starts an allocating op, ascending.
    const std::vector<int>& allocLines() const { return allocLines_; }

    // IR lines whose location has a user frame at `file`:`line`. `file` matches
    // by full path when any frame has that exact path, else by file name.
    std::vector<int> linesFor(std::string_view file, int line) const;
    // The same, restricted to allocating ops.
    std::vector<int> allocLinesFor(std::string_view file, int line) const;

    // The IR's location aliases. A resolver memoises what it resolves, so each user (a linker,
    // a load) makes its own from these: an index shared by documents on several threads is
    // never written after it is built.
    const AliasTable& locationAliases() const;
    // A location from a dump resolved through those aliases (by a resolver of its own).
    ResolvedLocation resolve(std::string_view locationText) const;

    // Problems met while indexing (unparsable locations, undefined aliases);
    // indexing goes on regardless.
    const std::vector<std::string>& warnings() const { return warnings_; }
    // Number of lines that carry a location.
    std::size_t locatedLineCount() const;

private:
    struct OpLine {
        int resolved = -1;                    // index into resolved_
        std::size_t locBegin = 0, locEnd = 0; // raw loc text in text_
        bool alloc = false;
    };
    struct Key {
        std::string file;
        int line;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const noexcept
        {
            return std::hash<std::string>()(k.file) ^ (std::hash<int>()(k.line) * 0x9e3779b97f4a7c15ull);
        }
    };

    // The steps of build(), in order (ir_index.cpp).
    struct LocatedOp;
    class StatementScanner;
    class Warnings;
    void splitLines();
    std::vector<LocatedOp> scanStatements(AliasTable& aliases, Warnings& warnings, const std::atomic<bool>* cancel);
    void indexLocations(const std::vector<LocatedOp>& ops, AliasTable aliases, Warnings& warnings);
    void sortLookups();

    std::vector<int> lookup(std::string_view file, int line, bool allocOnly) const;

    std::string path_;
    std::string text_;
    std::vector<std::size_t> lineStarts_;
    std::vector<OpLine> lines_; // index 0 unused; 1-based
    std::vector<ResolvedLocation> resolved_;
    std::vector<int> allocLines_;
    std::optional<std::string> target_;
    std::shared_ptr<LocationResolver> resolver_;
    std::unordered_map<Key, std::vector<int>, KeyHash> byFullPath_;
    std::unordered_map<Key, std::vector<int>, KeyHash> byFileName_;
    std::vector<std::string> warnings_;
};

struct IrLoadResult {
    std::optional<IrIndex> index;
    std::string error; // "" on success
    bool ok() const { return index.has_value(); }
};

// The largest IR file read, wherever it comes from (--ir, beside the dump, the Triton cache).
inline constexpr std::uintmax_t kMaxIrFileBytes = 64ull * 1024 * 1024;

// Read (with readTextFile's checks, at most kMaxIrFileBytes) and index an IR file. Throws LoadCancelled
// soon after `*cancel` becomes true (when given).
IrLoadResult loadIrIndex(const std::filesystem::path& path, const std::atomic<bool>* cancel = nullptr);

// `hacc.target = #hacc.target<"Ascend910B3">` anywhere in IR text (the chip the kernel was compiled for) ->
// "Ascend910B3".
std::optional<std::string> targetInIrText(std::string_view irText);

} // namespace memlens
