#pragma once
// Light syntax highlighting of MLIR text (.ttadapter and friends) for the IR
// pane: SSA values, op names, types, attributes, strings, numbers, comments;
// location aliases and loc(...) are dimmed so the op itself stands out.
#include "views/source/scanning_highlighter.hpp"

#include <QTextCharFormat>

namespace memlens {

class MlirHighlighter : public ScanningHighlighter {
    Q_OBJECT
public:
    explicit MlirHighlighter(QTextDocument* document);

protected:
    void applyTheme() override;

    qsizetype beginLine(const QString& text) override;
    bool isIdentStart(QChar c) const override { return c.isLetter() || c == u'_'; }
    bool isIdentChar(QChar c) const override { return c.isLetterOrNumber() || c == u'_' || c == u'$' || c == u'.'; }
    bool isCommentAt(const QString& text, qsizetype i) const override
    {
        return text[i] == u'/' && i + 1 < text.size() && text[i + 1] == u'/';
    }
    qsizetype stringRun(const QString& text, qsizetype i) override;
    qsizetype markedRun(const QString& text, qsizetype i) override; // %value, ^label, #attribute
    qsizetype wordRun(const QString& text, qsizetype i, qsizetype end) override;
    qsizetype numberEnd(const QString& text, qsizetype i) const override;
    qsizetype numberBegin(const QString& text, qsizetype i) const override;

private:
    QTextCharFormat ssa_;
    QTextCharFormat op_;
    QTextCharFormat type_;
    QTextCharFormat attribute_;
    QTextCharFormat keyword_;
    QTextCharFormat location_;
    QTextCharFormat label_;
};

} // namespace memlens
