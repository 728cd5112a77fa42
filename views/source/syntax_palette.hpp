#pragma once
// The colours of source text, one set for the IR and the Python pane: a role
// looks the same on both sides (a keyword, a string, a name), light or dark.
#include <QColor>
#include <QTextCharFormat>

namespace memlens {

enum class SyntaxRole {
    Keyword,  // `func`, `def`, `for`
    Control,  // `return`, `if`; block labels in MLIR
    Type,     // memref<...>, attributes, builtins, the `tl` module
    String,   // "..."
    Number,   // 42, 0x1f, 1.5e3
    Comment,  // // and #
    Variable, // %alloc_3, self
    Function, // ops, calls, decorators
    Location, // loc(...), dimmed
};

QColor syntaxColor(SyntaxRole role, bool dark);
// The role's colour, bold or italic as asked; comments are always italic.
QTextCharFormat syntaxFormat(SyntaxRole role, bool dark, bool bold = false);

} // namespace memlens
