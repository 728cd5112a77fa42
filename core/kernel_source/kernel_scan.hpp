#pragma once
// What a `@triton.jit` kernel's source says about its tiles: the parameters
// annotated `tl.constexpr`, constexprs derived from them (`BLOCK_K = BLOCK_N // 2`),
// and for each statement of the kernel the tile shape its value has, each axis
// named by the constexpr(s) that size it and the line where that happened
// (`tl.arange(0, BLOCK_N)`, `tl.zeros((BLOCK_M, BLOCK_N), ...)`,
// `block_shape=(...)`, reshapes, `[:, None]` broadcasting). Dataflow is by
// variable name inside the function, following assignment chains. Tolerant:
// any text gives an answer (possibly empty), never an error.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// One axis of a tile: the constexprs that may size it (more than one when two were broadcast
// together, or none when unknown), where it was sized, or a broadcast axis of size 1.
struct TileAxis {
    std::vector<std::string> constexprs; // sorted, unique
    int line = 0;                        // the line that sized it (0 when unknown)
    bool one = false;                    // `None` in a subscript, `1` in a shape
    bool operator==(const TileAxis&) const = default;
};

struct TileShape {
    std::vector<TileAxis> axes; // outermost first
    bool operator==(const TileShape&) const = default;
};

// A constexpr computed from another one inside the kernel or at module level.
struct DerivedConstexpr {
    std::string name;
    std::string source;              // the constexpr it follows (a parameter, after chains)
    std::vector<std::string> tokens; // the expression, to evaluate for other values of `source`
    int line = 0;

    // Its value for a value of its source; nullopt when the expression cannot be evaluated.
    std::optional<std::int64_t> valueFor(std::int64_t sourceValue) const;
};

struct KernelScan {
    std::string function; // the kernel's name; "" when none was found
    int defLine = 0;
    std::vector<std::string> constexprs; // parameters annotated tl.constexpr, in order
    std::map<std::string, DerivedConstexpr> derived;
    std::map<int, TileShape> shapeAtLine; // every line of a statement whose value is a tile
    std::vector<std::string> lines;       // the file's lines, for quoting (index line - 1)

    bool found() const { return !function.empty(); }
    // The constexpr a name follows: itself for a parameter, its source for a derived one.
    std::string rootOf(const std::string& name) const;
    // The line's text without its indentation ("" past the end).
    std::string lineText(int line) const;
};

// Scans `text` for the jit kernel named `function` (the first jit kernel when empty or not found).
KernelScan scanKernel(std::string_view text, const std::string& function = std::string());

} // namespace memlens
