#include "views/source/mlir_highlighter.hpp"

#include "views/source/syntax_palette.hpp"

#include <QStringView>

namespace memlens {

namespace {

const WordTable kMlirTypeKinds{u"memref", u"tensor", u"vector", u"tuple", u"complex", u"ptr"};

const WordTable kMlirKeywords{u"module", u"attributes", u"to", u"step", u"iter_args", u"ins", u"outs", u"dense",
    u"true", u"false", u"unit", u"offset", u"sizes", u"strides", u"restrict", u"writable", u"else", u"private",
    u"public", u"unknown", u"callsite", u"at", u"fused", u"loc"};

bool isHexDigit(QChar c) { return c.isDigit() || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F'); }
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

// The last non-space character before `i` (or a null QChar at the line start).
QChar previousNonSpace(const QString& text, qsizetype i)
{
    while (i > 0) {
        --i;
        if (!text[i].isSpace())
            return text[i];
    }
    return QChar();
}

} // namespace

MlirHighlighter::MlirHighlighter(QTextDocument* document)
    : ScanningHighlighter(document)
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

qsizetype MlirHighlighter::beginLine(const QString& text)
{
    // `#loc12 = loc(...)`: a whole line of location table, dimmed.
    if (!QStringView(text).mid(indent()).startsWith(u"#loc"))
        return 0;
    set(0, text.size(), location_);
    return text.size();
}

qsizetype MlirHighlighter::stringRun(const QString& text, qsizetype i)
{
    if (text[i] != u'"')
        return kNoRun;
    const qsizetype end = stringEnd(text, i);
    set(i, end, string_);
    return end;
}

qsizetype MlirHighlighter::markedRun(const QString& text, qsizetype i)
{
    const qsizetype n = text.size();
    const QChar c = text[i];
    if (i + 1 >= n)
        return kNoRun;
    qsizetype end = i + 1;
    if (c == u'%' && isSsaChar(text[i + 1])) {
        while (end < n && isSsaChar(text[end]))
            ++end;
        set(i, end, ssa_);
        return end;
    }
    if (c == u'^' && (text[i + 1].isLetterOrNumber() || text[i + 1] == u'_')) {
        while (end < n && (text[end].isLetterOrNumber() || text[end] == u'_'))
            ++end;
        set(i, end, label_);
        return end;
    }
    if (c == u'#' && isIdentStart(text[i + 1])) {
        while (end < n && isIdentChar(text[end]))
            ++end;
        const bool isLocation = QStringView(text).mid(i, end - i).startsWith(u"#loc");
        if (!isLocation && end < n && text[end] == u'<')
            end = matchingEnd(text, end, u'<', u'>');
        set(i, end, isLocation ? location_ : attribute_);
        return end;
    }
    return kNoRun;
}

qsizetype MlirHighlighter::wordRun(const QString& text, qsizetype i, qsizetype end)
{
    const qsizetype n = text.size();
    const QStringView word = QStringView(text).mid(i, end - i);
    if (word == u"loc" && end < n && text[end] == u'(') {
        const qsizetype close = matchingEnd(text, end, u'(', u')');
        set(i, close, location_);
        return close;
    }
    if (kMlirTypeKinds.contains(word) && end < n && text[end] == u'<') {
        const qsizetype close = matchingEnd(text, end, u'<', u'>');
        set(i, close, type_);
        return close;
    }
    if (word.contains(u'.')) {
        // An op name starts its line or follows `=`; elsewhere a dotted
        // word is an attribute name (`{tt.divisibility = 16}`).
        const QChar before = previousNonSpace(text, i);
        if (before.isNull() || before == u'=')
            set(i, end, op_);
    } else if (isScalarType(word)) {
        set(i, end, type_);
    } else if (kMlirKeywords.contains(word)) {
        set(i, end, keyword_);
    }
    return end;
}

qsizetype MlirHighlighter::numberEnd(const QString& text, qsizetype i) const
{
    const qsizetype n = text.size();
    if (!text[i].isDigit())
        return kNoRun;
    qsizetype end = i;
    if (text[i] == u'0' && i + 1 < n && (text[i + 1] == u'x' || text[i + 1] == u'X')) {
        end = i + 2;
        while (end < n && isHexDigit(text[end]))
            ++end;
        return end;
    }
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
    return end;
}

// A leading minus sign belongs to the number.
qsizetype MlirHighlighter::numberBegin(const QString& text, qsizetype i) const
{
    return i > 0 && text[i - 1] == u'-' ? i - 1 : i;
}

} // namespace memlens
