#pragma once
// Which constexpr of the kernel sets each tile dimension of a scope's buffers:
// the kernel's Python file (found as the Python pane finds it) is scanned,
// each buffer's own Python line gives the tile shape of its value, and the
// shape's axes are paired with the memref shape's dimensions (size-1 ones
// apart, right-aligned). A constexpr's value is what its axes hold in the
// memref shapes; a dimension no line explains is named by value, and where
// two constexprs hold the same value and nothing decides, both are named.
#include "core/document/plan_document.hpp"
#include "core/kernel_source/kernel_scan.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct PythonLine {
    std::string file;      // as written in the locations
    std::string localPath; // where it was found on this machine
    int line = 0;
    std::string text; // the line without its indentation

    // "layer_norm.py:45 `cols = tl.arange(0, BLOCK_SIZE)`"
    std::string label() const;
};

// The constexprs that may set one dimension: one name, or several joined by " or ".
struct TileName {
    std::vector<std::string> constexprs; // roots (a derived constexpr names the one it follows), sorted
    std::vector<std::string> written;    // as the kernel writes them at that axis (BLOCK_K), sorted
    std::optional<PythonLine> python;    // the line that sized the axis
    bool byValue = false;                // named by its value only, not by the buffer's own line

    bool empty() const { return constexprs.empty(); }
    std::string text() const; // "BLOCK_SIZE", "BLOCK_SIZE or N_COLS"
};

struct KernelConstexpr {
    std::string name;
    std::optional<std::int64_t> value; // as the memref shapes hold it
    std::optional<PythonLine> python;  // the first line where it sizes a tile
    std::string derivedFrom;           // "" for a parameter
};

struct TileNames {
    std::string kernelFile; // the local path scanned; "" when none
    std::string note;       // why no names ("" when some were found)
    KernelScan scan;        // what the kernel says
    std::vector<KernelConstexpr> constexprs;
    // [buffer][position in the memref shape]: the name of that dimension (empty when unknown).
    std::vector<std::vector<TileName>> dims;

    bool any() const;
    const KernelConstexpr* constexprNamed(const std::string& name) const;
    // The name of dimension value `value` across `blocks` (those of the scope), the bytes
    // of each block's buffer deciding between names; empty when none names it.
    TileName nameOfValue(const ScopePlan& scope, const std::vector<int>& blocks, std::int64_t value) const;
};

TileNames nameTiles(const PlanDocument& document, std::size_t scopeIndex);

// The Python file most blocks of the scope point to (its local path), "" when none is found here.
std::string kernelFileOf(const PlanDocument& document, std::size_t scopeIndex, std::string* writtenAs = nullptr);

} // namespace memlens
