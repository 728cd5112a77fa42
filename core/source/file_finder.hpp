#pragma once
// Finding files named by dumps and IR (paths of the machine where the compiler
// ran) on this machine, and reading them safely (docs/design.md, Locations).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memlens {

// The last part of a path written with '/' or '\\' (the compiler's machine may use
// either): "/k/a.py" -> "a.py"; trailing separators are ignored.
std::string_view fileNameOf(std::string_view path);

inline constexpr std::uintmax_t kDefaultMaxReadBytes = 64ull * 1024 * 1024;

struct ReadResult {
    std::string text;
    std::string error; // "" on success
    bool ok() const { return error.empty(); }
};

// Read a regular text file. The type is checked (following symlinks) before the
// file is opened, so a FIFO, device (/dev/zero), directory or socket fails at
// once without blocking; so do files larger than maxBytes and binary files
// (containing NUL bytes). Never throws.
ReadResult readTextFile(const std::filesystem::path& path, std::uintmax_t maxBytes = kDefaultMaxReadBytes);

// True when `path` names (after symlinks) an existing regular file. Never throws.
bool isRegularFile(const std::filesystem::path& path);

struct FindResult {
    std::optional<std::filesystem::path> found;
    std::vector<std::filesystem::path> tried; // every candidate looked at, in order
    std::string note;                         // extra explanation ("" when none)

    // "found at X" or "not found; tried: a, b, c" for a UI message.
    std::string message() const;
};

class FileFinder {
public:
    // A prefix rewrite, as gdb's `set substitute-path FROM TO`. The prefix must
    // end at a path-component boundary ("/a/b" rewrites "/a/b/c" but not "/a/bc").
    void addSubstitution(std::string from, std::string to);
    // A folder searched by file name; recursive up to maxDepth levels below it.
    void addSourceDir(std::filesystem::path dir, bool recursive = true, int maxDepth = 6);
    // The folder of the dump being viewed: it and its parents are searched by file name.
    void setDumpDir(std::filesystem::path dir);
    void setParentLevels(int levels) { parentLevels_ = levels; }
    // The user's answer to "Locate...": used first for `original` from now on.
    void remember(std::string original, std::filesystem::path located);

    const std::vector<std::pair<std::string, std::string>>& substitutions() const { return substitutions_; }
    const std::optional<std::filesystem::path>& dumpDir() const { return dumpDir_; }

    // Look for `path`: remembered answers; the path itself (a relative one also
    // beside the dump); substitutions, the first-defined matching one first;
    // the dump's folder and up to parentLevels() parents by file name; source
    // folders by file name (in a recursive folder, the match sharing the
    // longest path tail with `path` wins; between equally good ones, the first
    // in path order, so the choice does not depend on the file system).
    FindResult find(std::string_view path) const;

    int parentLevels() const { return parentLevels_; }

    // The recursive source folders are walked once, on the first find() that
    // needs them, into an index of file names; the walk stops after this many
    // entries over all folders together (copies of the finder share the index).
    void setSourceIndexBudget(std::size_t entries);
    static constexpr std::size_t kDefaultSourceIndexBudget = 200000;

private:
    struct SourceDir {
        std::filesystem::path dir;
        bool recursive = true;
        int maxDepth = 6;
    };
    struct SourceIndex;
    const SourceIndex& sourceIndex() const;

    std::vector<std::pair<std::string, std::string>> substitutions_;
    std::vector<SourceDir> sourceDirs_;
    std::size_t sourceIndexBudget_ = kDefaultSourceIndexBudget;
    mutable std::shared_ptr<SourceIndex> sourceIndex_; // built lazily, then shared and read-only
    std::vector<std::pair<std::string, std::filesystem::path>> remembered_;
    std::optional<std::filesystem::path> dumpDir_;
    int parentLevels_ = 4;
};

// Find the IR a dump was compiled from, beside the dump: a file with the name
// used in the dump's locations (`locationFile`, looked up through `finder`
// when it names an IR file), then in the dump's folder *.ttadapter,
// *.ttadapter.mlir, *.bcmlir (several of a kind: <kernelName>.ttadapter, or
// the one whose name contains the kernel name, else the first by name).
FindResult discoverIrFile(const std::filesystem::path& dumpPath, std::string_view locationFile,
    std::string_view kernelName, const FileFinder& finder);

// The endings of IR file names: .ttadapter, .mlir, .bcmlir, .ttir, .ttgir.
const std::vector<std::string_view>& irFileSuffixes();
// True for names that end with one of irFileSuffixes().
bool looksLikeIrFile(std::string_view path);

} // namespace memlens
