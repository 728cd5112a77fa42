#pragma once
// Which blocks of one scope each source line allocates: IR line -> blocks and
// (Python file, line) -> blocks, built once per document and scope from the
// blocks' sources (docs/design.md, Locations). The source panes ask it which
// blocks a clicked line allocates and which lines to mark in the gutter.
#include <cstddef>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace memlens {

struct PlanDocument;
struct ScopePlan;

class BlockLineIndex {
public:
    BlockLineIndex() = default; // empty: no line allocates anything
    // The index of scope `scopeIndex` of `document` (empty when out of range).
    static BlockLineIndex build(const PlanDocument& document, std::size_t scopeIndex);

    // Blocks (indexes into the scope's blocks, ascending, each once) whose
    // candidate IR lines include `line`.
    const std::vector<int>& blocksAtIrLine(int line) const;
    // Blocks with a user frame at `file`:`line` (the file as the IR or dump names it).
    const std::vector<int>& blocksAtPythonLine(const std::string& file, int line) const;
    // Every IR line that allocates a block of the scope, ascending.
    const std::vector<int>& irLines() const { return irLines_; }
    // Every line of `file` that allocates a block of the scope, ascending.
    const std::vector<int>& pythonLines(const std::string& file) const;

private:
    std::unordered_map<int, std::vector<int>> byIrLine_;
    std::map<std::pair<std::string, int>, std::vector<int>> byPythonLine_;
    std::unordered_map<std::string, std::vector<int>> pythonLinesByFile_;
    std::vector<int> irLines_;
};

// What a source line allocates, for the status bar: "line 60 allocates %alloc_7,
// %alloc_8: 1 KB" (each buffer named once, the sizes of all `blocks` summed), or
// "line 60 allocates nothing".
std::string describeLineAllocation(const ScopePlan& scope, const std::vector<int>& blocks, int line);

} // namespace memlens
