#include "views/source/mlir_highlighter.hpp"

#include "views/source/syntax_palette.hpp"

#include <QStringView>

namespace memlens {

namespace {

bool isHexDigit(QChar c) { return c.isDigit() || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F'); }
bool isIdentStart(QChar c) { return c.isLetter() || c == u'_'; }
bool isIdentChar(QChar c) { return c.isLetterOrNumber() || c == u'_' || c == u'$' || c == u'.'; }
bool isSsaChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'$' || c == u'.' || c == u'-' || c == u'#';
}

// End (exclusive) of a string starting at the quote `begin`; the line's end when unterminated.
qsizetype stringEnd(const QString& text, qsizetype begin)
{
    for (qsizetype i = begin + 1; i < text.size(); ++i) {
        if (text[i] == u'\\') {
            ++i;
            continue;
        }
        if (text[i] == u'"')
            return i + 1;
    }
    return text.size();
}

// End (exclusive) of the bracketed text whose opening bracket is at `open`;
// strings inside are skipped. The line's end when it is not closed there.
qsizetype matchingEnd(const QString& text, qsizetype open, QChar opening, QChar closing)
{
    int depth = 0;
    for (qsizetype i = open; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == u'"') {
            i = stringEnd(text, i) - 1;
            continue;
        }
        if (c == u'-' && i + 1 < text.size() && text[i + 1] == u'>') {
            ++i; // `->` inside a function type closes nothing
            continue;
        }
        if (c == opening)
            ++depth;
        else if (c == closing && --depth == 0)
            return i + 1;
    }
    return text.size();
}

bool isTypeKeyword(QStringView word)
{
    static const QStringView kinds[] = {u"memref", u"tensor", u"vector", u"tuple", u"complex", u"ptr"};
    for (QStringView kind : kinds)
        if (word == kind)
            return true;
    return false;
}

bool isScalarType(QStringView word)
{
    if (word == u"index" || word == u"none" || word == u"bf16" || word == u"tf32")
        return true;
    // i1, i8, i32, si32, ui8, f16, f32, f64, f8E4M3FN ...
    qsizetype i = 0;
    if (word.startsWith(u"si") || word.startsWith(u"ui"))
        i = 2;
    else if (word.startsWith(u'i') || word.startsWith(u'f'))
        i = 1;
    else
        return false;
    if (i >= word.size() || !word[i].isDigit())
        return false;
    if (word[0] == u'f')
        return true; // f8E4M3FN and friends
    for (; i < word.size(); ++i)
        if (!word[i].isDigit())
            return false;
    return true;
}

bool isKeyword(QStringView word)
{
    static const QStringView keywords[] = {u"module", u"attributes", u"to", u"step", u"iter_args", u"ins", u"outs",
        u"dense", u"true", u"false", u"unit", u"offset", u"sizes", u"strides", u"restrict", u"writable", u"else",
        u"private", u"public", u"unknown", u"callsite", u"at", u"fused", u"loc"};
    for (QStringView keyword : keywords)
        if (word == keyword)
            return true;
    return false;
}

} // namespace

MlirHighlighter::MlirHighlighter(QTextDocument* document)
    : ThemedHighlighter(document)
{
    applyTheme();
}

void MlirHighlighter::applyTheme()
{
    const bool dark = isDarkTheme();
    ssa_ = syntaxFormat(SyntaxRole::Variable, dark);
    op_ = syntaxFormat(SyntaxRole::Function, dark, true);
    type_ = syntaxFormat(SyntaxRole::Type, dark);
    attribute_ = syntaxFormat(SyntaxRole::Type, dark);
    keyword_ = syntaxFormat(SyntaxRole::Keyword, dark);
    string_ = syntaxFormat(SyntaxRole::String, dark);
    number_ = syntaxFormat(SyntaxRole::Number, dark);
    comment_ = syntaxFormat(SyntaxRole::Comment, dark);
    location_ = syntaxFormat(SyntaxRole::Location, dark);
    label_ = syntaxFormat(SyntaxRole::Control, dark);
}

void MlirHighlighter::highlightBlock(const QString& text)
{
    const qsizetype n = text.size();
    qsizetype first = 0;
    while (first < n && text[first].isSpace())
        ++first;
    // `#loc12 = loc(...)`: a whole line of location table, dimmed.
    if (QStringView(text).mid(first).startsWith(u"#loc")) {
        setFormat(0, static_cast<int>(n), location_);
        return;
    }

    auto set = [this](qsizetype from, qsizetype to, const QTextCharFormat& format) {
        if (to > from)
            setFormat(static_cast<int>(from), static_cast<int>(to - from), format);
    };
    // The last non-space character before `i` (or a null QChar at the line start).
    auto previousNonSpace = [&text](qsizetype i) {
        while (i > 0) {
            --i;
            if (!text[i].isSpace())
                return text[i];
        }
        return QChar();
    };

    qsizetype i = 0;
    while (i < n) {
        const QChar c = text[i];
        if (c == u'/' && i + 1 < n && text[i + 1] == u'/') {
            set(i, n, comment_);
            return;
        }
        if (c == u'"') {
            const qsizetype end = stringEnd(text, i);
            set(i, end, string_);
            i = end;
            continue;
        }
        if (c == u'%' && i + 1 < n && isSsaChar(text[i + 1])) {
            qsizetype end = i + 1;
            while (end < n && isSsaChar(text[end]))
                ++end;
            set(i, end, ssa_);
            i = end;
            continue;
        }
        if (c == u'^' && i + 1 < n && (text[i + 1].isLetterOrNumber() || text[i + 1] == u'_')) {
            qsizetype end = i + 1;
            while (end < n && (text[end].isLetterOrNumber() || text[end] == u'_'))
                ++end;
            set(i, end, label_);
            i = end;
            continue;
        }
        if (c == u'#' && i + 1 < n && isIdentStart(text[i + 1])) {
            qsizetype end = i + 1;
            while (end < n && isIdentChar(text[end]))
                ++end;
            const bool isLocation = QStringView(text).mid(i, end - i).startsWith(u"#loc");
            if (!isLocation && end < n && text[end] == u'<')
                end = matchingEnd(text, end, u'<', u'>');
            set(i, end, isLocation ? location_ : attribute_);
            i = end;
            continue;
        }
        if (isIdentStart(c) && (i == 0 || !isIdentChar(text[i - 1]))) {
            qsizetype end = i + 1;
            while (end < n && isIdentChar(text[end]))
                ++end;
            const QStringView word = QStringView(text).mid(i, end - i);
            if (word == u"loc" && end < n && text[end] == u'(') {
                const qsizetype close = matchingEnd(text, end, u'(', u')');
                set(i, close, location_);
                i = close;
                continue;
            }
            if (isTypeKeyword(word) && end < n && text[end] == u'<') {
                const qsizetype close = matchingEnd(text, end, u'<', u'>');
                set(i, close, type_);
                i = close;
                continue;
            }
            if (word.contains(u'.')) {
                // An op name starts its line or follows `=`; elsewhere a dotted
                // word is an attribute name (`{tt.divisibility = 16}`).
                const QChar before = previousNonSpace(i);
                if (before.isNull() || before == u'=')
                    set(i, end, op_);
            } else if (isScalarType(word)) {
                set(i, end, type_);
            } else if (isKeyword(word)) {
                set(i, end, keyword_);
            }
            i = end;
            continue;
        }
        if (c.isDigit() && (i == 0 || !isIdentChar(text[i - 1]))) {
            qsizetype end = i;
            if (c == u'0' && i + 1 < n && (text[i + 1] == u'x' || text[i + 1] == u'X')) {
                end = i + 2;
                while (end < n && isHexDigit(text[end]))
                    ++end;
            } else {
                while (end < n && text[end].isDigit())
                    ++end;
                if (end + 1 < n && text[end] == u'.' && text[end + 1].isDigit()) {
                    ++end;
                    while (end < n && text[end].isDigit())
                        ++end;
                }
                if (end < n && (text[end] == u'e' || text[end] == u'E')) {
                    qsizetype exp = end + 1;
                    if (exp < n && (text[exp] == u'+' || text[exp] == u'-'))
                        ++exp;
                    if (exp < n && text[exp].isDigit()) {
                        end = exp;
                        while (end < n && text[end].isDigit())
                            ++end;
                    }
                }
            }
            // A leading minus sign belongs to the number.
            const qsizetype begin = i > 0 && text[i - 1] == u'-' ? i - 1 : i;
            set(begin, end, number_);
            i = end;
            continue;
        }
        ++i;
    }
}

} // namespace memlens
