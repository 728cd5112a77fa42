#pragma once
// Light syntax highlighting of MLIR text (.ttadapter and friends) for the IR
// pane: SSA values, op names, types, attributes, strings, numbers, comments;
// location aliases and loc(...) are dimmed so the op itself stands out.
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace memlens {

class MlirHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit MlirHighlighter(QTextDocument* document);

    // Light or dark colours (the views pick from the palette's base colour).
    void setDarkTheme(bool dark);
    bool isDarkTheme() const { return dark_; }

protected:
    void highlightBlock(const QString& text) override;

private:
    void applyTheme();

    bool dark_ = false;
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
