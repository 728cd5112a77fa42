#pragma once
// A tolerant tokenizer for Python source: names, numbers, strings, operators
// and brackets with their lines, and the logical lines they form (a statement
// may span several lines inside brackets or after a backslash). It never
// fails: text it does not understand becomes single-character operators.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

enum class PyTokenKind { Name, Number, String, Operator, Open, Close };

struct PyToken {
    PyTokenKind kind = PyTokenKind::Operator;
    std::string text; // a string token keeps its quotes off: its contents only
    int line = 0;     // 1-based
    int column = 0;   // 0-based
};

// One logical line: its tokens, its first line and its indentation (columns of leading blanks).
struct PyLogicalLine {
    std::vector<PyToken> tokens;
    int line = 0;
    int lastLine = 0;
    int indent = 0;
};

std::vector<PyLogicalLine> pythonLogicalLines(std::string_view text);

} // namespace memlens
