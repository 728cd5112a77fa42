#pragma once
// What a highlighter made of some lines, as text a test can pin: per line, each formatted run as
// `text=role` (`+b` when bold, `+i` when italic), the role found by the run's colour (views/source/syntax_palette).
#include "views/source/syntax_palette.hpp"

#include <QStringList>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include <algorithm>
#include <utility>

namespace memlens::test {

inline QString roleOfFormat(const QTextCharFormat& format, bool dark)
{
    static const std::pair<SyntaxRole, const char*> roles[]
        = {{SyntaxRole::Keyword, "keyword"}, {SyntaxRole::Control, "control"}, {SyntaxRole::Type, "type"},
            {SyntaxRole::String, "string"}, {SyntaxRole::Number, "number"}, {SyntaxRole::Comment, "comment"},
            {SyntaxRole::Variable, "variable"}, {SyntaxRole::Function, "function"}, {SyntaxRole::Location, "location"}};
    QString name = QStringLiteral("?");
    for (const auto& [role, text] : roles)
        if (format.foreground().color() == syntaxColor(role, dark)) {
            name = QString::fromLatin1(text);
            break;
        }
    if (format.fontWeight() > QFont::Normal)
        name += QStringLiteral("+b");
    if (format.fontItalic())
        name += QStringLiteral("+i");
    return name;
}

// One entry per line: "def=keyword layer_norm=function ..." in the order of the runs.
template <class Highlighter> QStringList highlightRuns(const QString& lines, bool dark = false)
{
    QTextDocument document(lines);
    Highlighter highlighter(&document);
    highlighter.setDarkTheme(dark);
    highlighter.rehighlight();
    QStringList out;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        auto ranges = block.layout()->formats();
        std::sort(ranges.begin(), ranges.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
        QStringList runs;
        for (const QTextLayout::FormatRange& range : ranges)
            runs << block.text().mid(range.start, range.length) + u'=' + roleOfFormat(range.format, dark);
        out << runs.join(u' ');
    }
    return out;
}

} // namespace memlens::test
