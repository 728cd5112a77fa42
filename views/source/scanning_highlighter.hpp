#pragma once
// The scan both source highlighters share: one pass over a line that finds, in this order, a
// line comment, a string, a run only the language has (a decorator, an SSA value, an
// attribute), an identifier and a number. The languages differ in small hooks and word tables,
// not in a loop of their own each.
#include "views/source/themed_highlighter.hpp"

#include <QStringView>
#include <QTextCharFormat>

#include <initializer_list>
#include <vector>

namespace memlens {

// A language's words of one role (keywords, builtins, type names).
class WordTable {
public:
    WordTable(std::initializer_list<QStringView> words)
        : words_(words)
    {
    }
    bool contains(QStringView word) const;

private:
    std::vector<QStringView> words_;
};

class ScanningHighlighter : public ThemedHighlighter {
public:
    using ThemedHighlighter::ThemedHighlighter;

protected:
    static constexpr qsizetype kNoRun = -1;

    void highlightBlock(const QString& text) final;

    // Where the scan of `text` starts: past a run carried over from the line before, or the
    // line's end when the language formatted all of it. Resets the language's per-line state.
    virtual qsizetype beginLine(const QString& text) = 0;
    virtual bool isIdentStart(QChar c) const = 0;
    virtual bool isIdentChar(QChar c) const = 0;
    virtual bool isCommentAt(const QString& text, qsizetype i) const = 0;
    // Each run hook formats the run starting at `i` and returns its end, or kNoRun when none starts there.
    virtual qsizetype stringRun(const QString& text, qsizetype i) = 0;
    virtual qsizetype markedRun(const QString& text, qsizetype i) = 0;
    // The identifier [i, end) (at a word start): returns where the scan goes on, `end` or past it.
    virtual qsizetype wordRun(const QString& text, qsizetype i, qsizetype end) = 0;
    // The end of a number starting at `i` (a word start), or kNoRun; the skeleton formats it.
    virtual qsizetype numberEnd(const QString& text, qsizetype i) const = 0;
    // Where that number's run begins (a sign before it belongs to it in MLIR).
    virtual qsizetype numberBegin(const QString& text, qsizetype i) const { return (void)text, i; }

    void set(qsizetype from, qsizetype to, const QTextCharFormat& format);
    bool atWordStart(const QString& text, qsizetype i) const { return i == 0 || !isIdentChar(text[i - 1]); }
    // The line's first non-space character (its length when blank).
    qsizetype indent() const { return indent_; }

    // The runs the skeleton names; each language's applyTheme sets them.
    QTextCharFormat string_;
    QTextCharFormat number_;
    QTextCharFormat comment_;

private:
    qsizetype indent_ = 0;
};

} // namespace memlens
