#pragma once
// Light syntax highlighting of MLIR text (.ttadapter and friends) for the IR
// pane: SSA values, op names, types, attributes, strings, numbers, comments;
// location aliases and loc(...) are dimmed so the op itself stands out.
#include "views/source/themed_highlighter.hpp"

#include <QTextCharFormat>

namespace memlens {

class MlirHighlighter : public ThemedHighlighter {
    Q_OBJECT
public:
    explicit MlirHighlighter(QTextDocument* document);

protected:
    void highlightBlock(const QString& text) override;

    void applyTheme() override;

private:
    QTextCharFormat ssa_;
    QTextCharFormat op_;
    QTextCharFormat type_;
    QTextCharFormat attribute_;
    QTextCharFormat keyword_;
    QTextCharFormat string_;
    QTextCharFormat number_;
    QTextCharFormat comment_;
    QTextCharFormat location_;
    QTextCharFormat label_;
};

} // namespace memlens
