#include "views/source/python_highlighter.hpp"

#include "views/source/syntax_palette.hpp"

#include <QStringView>

#include <algorithm>
#include <initializer_list>

namespace memlens {

namespace {

// Block states: inside a triple-quoted string that continues on the next line.
enum State { Normal = 0, InTripleDouble = 1, InTripleSingle = 2 };

bool isPythonIdentStart(QChar c) { return c.isLetter() || c == u'_'; }
bool isPythonIdentChar(QChar c) { return c.isLetterOrNumber() || c == u'_'; }

bool inList(QStringView word, std::initializer_list<QStringView> list)
{
    for (QStringView item : list)
        if (word == item)
            return true;
    return false;
}

bool isPythonKeyword(QStringView word)
{
    return inList(word,
        {u"and", u"as", u"assert", u"async", u"await", u"class", u"def", u"del", u"global", u"import", u"from", u"in",
            u"is", u"lambda", u"nonlocal", u"not", u"or", u"None", u"True", u"False"});
}

bool isControl(QStringView word)
{
    return inList(word,
        {u"if", u"elif", u"else", u"for", u"while", u"return", u"break", u"continue", u"pass", u"try", u"except",
            u"finally", u"raise", u"with", u"yield", u"match", u"case"});
}

bool isBuiltin(QStringView word)
{
    return inList(word,
        {u"range", u"len", u"print", u"int", u"float", u"str", u"bool", u"list", u"dict", u"tuple", u"set", u"min",
            u"max", u"abs", u"sum", u"isinstance", u"enumerate", u"zip", u"super", u"object", u"type", u"getattr",
            u"setattr", u"hasattr", u"sorted", u"reversed", u"map", u"filter", u"any", u"all", u"open", u"round",
            u"divmod", u"pow"});
}

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
    : ThemedHighlighter(document)
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

void PythonHighlighter::highlightBlock(const QString& text)
{
    const qsizetype n = text.size();
    auto set = [this](qsizetype from, qsizetype to, const QTextCharFormat& format) {
        if (to > from)
            setFormat(static_cast<int>(from), static_cast<int>(to - from), format);
    };
    setCurrentBlockState(Normal);

    qsizetype i = 0;
    // A triple-quoted string opened on an earlier line.
    if (previousBlockState() == InTripleDouble || previousBlockState() == InTripleSingle) {
        const QString delimiter
            = previousBlockState() == InTripleDouble ? QStringLiteral("\"\"\"") : QStringLiteral("'''");
        const qsizetype close = text.indexOf(delimiter);
        if (close < 0) {
            set(0, n, string_);
            setCurrentBlockState(previousBlockState());
            return;
        }
        set(0, close + 3, string_);
        i = close + 3;
    }

    qsizetype first = 0;
    while (first < n && text[first].isSpace())
        ++first;
    bool expectName = false; // after `def` / `class`

    while (i < n) {
        const QChar c = text[i];
        if (c == u'#') {
            set(i, n, comment_);
            return;
        }
        const int prefix = isPythonIdentStart(c) || c == u'"' || c == u'\'' ? stringPrefixLength(text, i) : -1;
        if (prefix >= 0 && (i == 0 || !isPythonIdentChar(text[i - 1]))) {
            const qsizetype quote = i + prefix;
            const QChar q = text[quote];
            const bool triple = quote + 2 < n && text[quote + 1] == q && text[quote + 2] == q;
            if (triple) {
                const QString delimiter(3, q);
                const qsizetype close = text.indexOf(delimiter, quote + 3);
                if (close < 0) {
                    set(i, n, string_);
                    setCurrentBlockState(q == u'"' ? InTripleDouble : InTripleSingle);
                    return;
                }
                set(i, close + 3, string_);
                i = close + 3;
                continue;
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
            i = end;
            continue;
        }
        if (c == u'@' && i == first) {
            qsizetype end = i + 1;
            while (end < n && (isPythonIdentChar(text[end]) || text[end] == u'.'))
                ++end;
            set(i, end, decorator_);
            i = end;
            continue;
        }
        if (isPythonIdentStart(c) && (i == 0 || !isPythonIdentChar(text[i - 1]))) {
            qsizetype end = i + 1;
            while (end < n && isPythonIdentChar(text[end]))
                ++end;
            const QStringView word = QStringView(text).mid(i, end - i);
            const bool afterDot = i > 0 && text[i - 1] == u'.';
            if (expectName) {
                set(i, end, function_);
                expectName = false;
            } else if (!afterDot && word == u"tl" && end + 1 < n && text[end] == u'.'
                && isPythonIdentStart(text[end + 1])) {
                // tl.load, tl.sum, tl.constexpr ...
                qsizetype member = end + 1;
                while (member < n && isPythonIdentChar(text[member]))
                    ++member;
                set(i, end + 1, tlModule_);
                set(end + 1, member, function_);
                end = member;
            } else if (!afterDot && isPythonKeyword(word)) {
                set(i, end, keyword_);
                expectName = word == u"def" || word == u"class";
            } else if (!afterDot && isControl(word)) {
                set(i, end, control_);
            } else if (!afterDot && (word == u"self" || word == u"cls")) {
                set(i, end, self_);
            } else {
                qsizetype next = end;
                while (next < n && text[next] == u' ')
                    ++next;
                const bool call = next < n && text[next] == u'(';
                if (!afterDot && isBuiltin(word))
                    set(i, end, builtin_);
                else if (call)
                    set(i, end, function_);
            }
            i = end;
            continue;
        }
        if (c.isDigit() && (i == 0 || !isPythonIdentChar(text[i - 1]))) {
            qsizetype end = i + 1;
            while (end < n
                && (text[end].isLetterOrNumber() || text[end] == u'_' || text[end] == u'.'
                    || ((text[end] == u'+' || text[end] == u'-') && (text[end - 1] == u'e' || text[end - 1] == u'E'))))
                ++end;
            set(i, end, number_);
            i = end;
            continue;
        }
        if (c == u'.' && i + 1 < n && text[i + 1].isDigit() && (i == 0 || !isPythonIdentChar(text[i - 1]))) {
            qsizetype end = i + 1;
            while (end < n && (text[end].isDigit() || text[end] == u'e' || text[end] == u'_'))
                ++end;
            set(i, end, number_);
            i = end;
            continue;
        }
        ++i;
    }
}

} // namespace memlens
