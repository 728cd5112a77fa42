#include "views/source/scanning_highlighter.hpp"

#include <algorithm>

namespace memlens {

bool WordTable::contains(QStringView word) const
{
    return std::find(words_.begin(), words_.end(), word) != words_.end();
}

void ScanningHighlighter::set(qsizetype from, qsizetype to, const QTextCharFormat& format)
{
    if (to > from)
        setFormat(static_cast<int>(from), static_cast<int>(to - from), format);
}

void ScanningHighlighter::highlightBlock(const QString& text)
{
    const qsizetype n = text.size();
    indent_ = 0;
    while (indent_ < n && text[indent_].isSpace())
        ++indent_;
    qsizetype i = beginLine(text);
    while (i < n) {
        if (isCommentAt(text, i)) {
            set(i, n, comment_);
            return;
        }
        qsizetype end = stringRun(text, i);
        if (end == kNoRun)
            end = markedRun(text, i);
        if (end == kNoRun && isIdentStart(text[i]) && atWordStart(text, i)) {
            qsizetype wordEnd = i + 1;
            while (wordEnd < n && isIdentChar(text[wordEnd]))
                ++wordEnd;
            end = wordRun(text, i, wordEnd);
        }
        if (end == kNoRun && atWordStart(text, i) && (end = numberEnd(text, i)) != kNoRun)
            set(numberBegin(text, i), end, number_);
        i = end == kNoRun ? i + 1 : end;
    }
}

} // namespace memlens
