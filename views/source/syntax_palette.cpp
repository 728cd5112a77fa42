#include "views/source/syntax_palette.hpp"

#include "views/view_text.hpp"

namespace memlens {

QColor syntaxColor(SyntaxRole role, bool dark)
{
    switch (role) {
    case SyntaxRole::Keyword: return dark ? QColor(0x56, 0x9c, 0xd6) : QColor(0x00, 0x00, 0xc8);
    case SyntaxRole::Control: return dark ? QColor(0xc5, 0x86, 0xc0) : QColor(0xaf, 0x00, 0xdb);
    case SyntaxRole::Type: return dark ? QColor(0x4e, 0xc9, 0xb0) : QColor(0x26, 0x7f, 0x99);
    case SyntaxRole::String: return dark ? QColor(0xce, 0x91, 0x78) : QColor(0xa3, 0x15, 0x15);
    case SyntaxRole::Number: return dark ? QColor(0xb5, 0xce, 0xa8) : QColor(0x09, 0x86, 0x58);
    case SyntaxRole::Comment: return dark ? QColor(0x6a, 0x99, 0x55) : QColor(0x00, 0x80, 0x00);
    case SyntaxRole::Variable: return dark ? QColor(0x9c, 0xdc, 0xfe) : QColor(0x00, 0x10, 0x80);
    case SyntaxRole::Function: return dark ? QColor(0xdc, 0xdc, 0xaa) : QColor(0x79, 0x5e, 0x26);
    case SyntaxRole::Location: return dark ? QColor(0x6e, 0x73, 0x7a) : QColor(0xa0, 0xa4, 0xaa);
    }
    return {};
}

QTextCharFormat syntaxFormat(SyntaxRole role, bool dark, bool bold)
{
    return textFormat(syntaxColor(role, dark), bold, role == SyntaxRole::Comment);
}

} // namespace memlens
