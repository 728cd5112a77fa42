#pragma once
// Where the launcher chooses a constexpr's value: the launch `kernel[grid](..., BLOCK_SIZE=...)`
// and, when the keyword's value is a call of a function of the same file (`block_size_for(n)`),
// that function's lines. And whether the kernel is autotuned (`@triton.autotune` above its
// `def`), in which case the configs choose the values. Read from the lines of the kernel's file,
// tolerant as the kernel scan is: any text gives an answer, possibly none.
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct ValueChoice {
    std::string constexprName;
    int keywordLine = 0;     // the line of `BLOCK_SIZE=...` in the launch
    std::string keywordText; // "BLOCK_SIZE=block_size_for(n)"
    std::string function;    // "block_size_for", "" when the value is not such a call
    int functionFirst = 0;   // its `def` line
    int functionLast = 0;    // the last line of its body

    // "BLOCK_SIZE is chosen by block_size_for (lines 71-77), at the launch on line 89
    // `BLOCK_SIZE=block_size_for(n)`"; without a function: "BLOCK_SIZE is chosen at the launch on line 89 `...`".
    std::string text() const;
    // For a lever's label: "chosen by block_size_for, lines 71-77", "chosen at line 89".
    std::string shortText() const;
    // The line to show first: the function's `def`, else the keyword's line.
    int firstLine() const { return function.empty() ? keywordLine : functionFirst; }
};

// `lines` are the file's lines (index line - 1); `kernel` the jit function's name.
std::optional<ValueChoice> findValueChoice(
    const std::vector<std::string>& lines, const std::string& kernel, const std::string& constexprName);

// True when a decorator line between the kernel's `def` and the code above it calls autotune.
bool kernelAutotuned(const std::vector<std::string>& lines, const std::string& kernel);

} // namespace memlens
