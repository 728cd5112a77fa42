#include "views/source/python_highlighter.hpp"

#include "views/source/syntax_palette.hpp"

#include <QStringView>

#include <algorithm>

namespace memlens {

namespace {

// Block states: inside a triple-quoted string that continues on the next line.
enum State { Normal = 0, InTripleDouble = 1, InTripleSingle = 2 };

const WordTable kPythonKeywords{u"and", u"as", u"assert", u"async", u"await", u"class", u"def", u"del", u"global",
    u"import", u"from", u"in", u"is", u"lambda", u"nonlocal", u"not", u"or", u"None", u"True", u"False"};

const WordTable kPythonControl{u"if", u"elif", u"else", u"for", u"while", u"return", u"break", u"continue", u"pass",
    u"try", u"except", u"finally", u"raise", u"with", u"yield", u"match", u"case"};

const WordTable kPythonBuiltins{u"range", u"len", u"print", u"int", u"float", u"str", u"bool", u"list", u"dict",
    u"tuple", u"set", u"min", u"max", u"abs", u"sum", u"isinstance", u"enumerate", u"zip", u"super", u"object", u"type",
    u"getattr", u"setattr", u"hasattr", u"sorted", u"reversed", u"map", u"filter", u"any", u"all", u"open", u"round",
    u"divmod", u"pow"};

// Length of a string prefix (r, b, f, u, rb, br, fr, rf; any case) at `i`
// when a quote follows it, else 0 (or -1 when there is no string at all).
int stringPrefixLength(const QString& text, qsizetype i)
{
    auto isPrefix = [](QChar c) {
        const QChar l = c.toLower();
        return l == u'r' || l == u'b' || l == u'f' || l == u'u';
    };
    qsizetype j = i;
    while (j < text.size() && j - i < 2 && isPrefix(text[j]))
        ++j;
    if (j < text.size() && (text[j] == u'"' || text[j] == u'\''))
        return static_cast<int>(j - i);
    return -1;
}

} // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document)
    : ScanningHighlighter(document)
{
    applyTheme();
}

void PythonHighlighter::applyTheme()
{
    const bool dark = isDarkTheme();
    keyword_ = syntaxFormat(SyntaxRole::Keyword, dark);
    control_ = syntaxFormat(SyntaxRole::Control, dark);
    builtin_ = syntaxFormat(SyntaxRole::Type, dark);
    string_ = syntaxFormat(SyntaxRole::String, dark);
    comment_ = syntaxFormat(SyntaxRole::Comment, dark);
    number_ = syntaxFormat(SyntaxRole::Number, dark);
    decorator_ = syntaxFormat(SyntaxRole::Function, dark);
    tlModule_ = syntaxFormat(SyntaxRole::Type, dark, true);
    function_ = syntaxFormat(SyntaxRole::Function, dark);
    self_ = syntaxFormat(SyntaxRole::Variable, dark);
}

qsizetype PythonHighlighter::beginLine(const QString& text)
{
    setCurrentBlockState(Normal);
    expectName_ = false;
    // A triple-quoted string opened on an earlier line.
    if (previousBlockState() != InTripleDouble && previousBlockState() != InTripleSingle)
        return 0;
    const QString delimiter = previousBlockState() == InTripleDouble ? QStringLiteral("\"\"\"") : QStringLiteral("'''");
    const qsizetype close = text.indexOf(delimiter);
    if (close < 0) {
        set(0, text.size(), string_);
        setCurrentBlockState(previousBlockState());
        return text.size();
    }
    set(0, close + 3, string_);
    return close + 3;
}

qsizetype PythonHighlighter::stringRun(const QString& text, qsizetype i)
{
    const qsizetype n = text.size();
    const QChar c = text[i];
    const int prefix = isIdentStart(c) || c == u'"' || c == u'\'' ? stringPrefixLength(text, i) : -1;
    if (prefix < 0 || !atWordStart(text, i))
        return kNoRun;
    const qsizetype quote = i + prefix;
    const QChar q = text[quote];
    if (quote + 2 < n && text[quote + 1] == q && text[quote + 2] == q) {
        const qsizetype close = text.indexOf(QString(3, q), quote + 3);
        if (close < 0) {
            set(i, n, string_);
            setCurrentBlockState(q == u'"' ? InTripleDouble : InTripleSingle);
            return n;
        }
        set(i, close + 3, string_);
        return close + 3;
    }
    qsizetype end = quote + 1;
    while (end < n) {
        if (text[end] == u'\\') {
            end += 2;
            continue;
        }
        if (text[end] == q) {
            ++end;
            break;
        }
        ++end;
    }
    end = std::min(end, n);
    set(i, end, string_);
    return end;
}

qsizetype PythonHighlighter::markedRun(const QString& text, qsizetype i)
{
    if (text[i] != u'@' || i != indent())
        return kNoRun;
    qsizetype end = i + 1;
    while (end < text.size() && (isIdentChar(text[end]) || text[end] == u'.'))
        ++end;
    set(i, end, decorator_);
    return end;
}

qsizetype PythonHighlighter::wordRun(const QString& text, qsizetype i, qsizetype end)
{
    const qsizetype n = text.size();
    const QStringView word = QStringView(text).mid(i, end - i);
    const bool afterDot = i > 0 && text[i - 1] == u'.';
    if (expectName_) {
        set(i, end, function_);
        expectName_ = false;
    } else if (!afterDot && word == u"tl" && end + 1 < n && text[end] == u'.' && isIdentStart(text[end + 1])) {
        // tl.load, tl.sum, tl.constexpr ...
        qsizetype member = end + 1;
        while (member < n && isIdentChar(text[member]))
            ++member;
        set(i, end + 1, tlModule_);
        set(end + 1, member, function_);
        end = member;
    } else if (!afterDot && kPythonKeywords.contains(word)) {
        set(i, end, keyword_);
        expectName_ = word == u"def" || word == u"class";
    } else if (!afterDot && kPythonControl.contains(word)) {
        set(i, end, control_);
    } else if (!afterDot && (word == u"self" || word == u"cls")) {
        set(i, end, self_);
    } else {
        qsizetype next = end;
        while (next < n && text[next] == u' ')
            ++next;
        const bool call = next < n && text[next] == u'(';
        if (!afterDot && kPythonBuiltins.contains(word))
            set(i, end, builtin_);
        else if (call)
            set(i, end, function_);
    }
    return end;
}

qsizetype PythonHighlighter::numberEnd(const QString& text, qsizetype i) const
{
    const qsizetype n = text.size();
    qsizetype end = i + 1;
    if (text[i].isDigit()) {
        while (end < n
            && (text[end].isLetterOrNumber() || text[end] == u'_' || text[end] == u'.'
                || ((text[end] == u'+' || text[end] == u'-') && (text[end - 1] == u'e' || text[end - 1] == u'E'))))
            ++end;
        return end;
    }
    if (text[i] != u'.' || i + 1 >= n || !text[i + 1].isDigit())
        return kNoRun;
    while (end < n && (text[end].isDigit() || text[end] == u'e' || text[end] == u'_'))
        ++end;
    return end;
}

} // namespace memlens
