#pragma once
// Light syntax highlighting of Python for the Python pane: keywords, builtins,
// strings (triple-quoted ones across lines), comments, numbers, decorators
// such as @triton.jit, and Triton's `tl.` calls.
#include "views/source/scanning_highlighter.hpp"

#include <QTextCharFormat>

namespace memlens {

class PythonHighlighter : public ScanningHighlighter {
    Q_OBJECT
public:
    explicit PythonHighlighter(QTextDocument* document);

protected:
    void applyTheme() override;

    qsizetype beginLine(const QString& text) override;
    bool isIdentStart(QChar c) const override { return c.isLetter() || c == u'_'; }
    bool isIdentChar(QChar c) const override { return c.isLetterOrNumber() || c == u'_'; }
    bool isCommentAt(const QString& text, qsizetype i) const override { return text[i] == u'#'; }
    qsizetype stringRun(const QString& text, qsizetype i) override;
    qsizetype markedRun(const QString& text, qsizetype i) override; // @decorator
    qsizetype wordRun(const QString& text, qsizetype i, qsizetype end) override;
    qsizetype numberEnd(const QString& text, qsizetype i) const override;

private:
    QTextCharFormat keyword_;
    QTextCharFormat control_;
    QTextCharFormat builtin_;
    QTextCharFormat decorator_;
    QTextCharFormat tlModule_;
    QTextCharFormat function_;
    QTextCharFormat self_;
    bool expectName_ = false; // after `def` / `class`
};

} // namespace memlens
