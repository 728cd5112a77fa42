#pragma once
// Light syntax highlighting of Python for the Python pane: keywords, builtins,
// strings (triple-quoted ones across lines), comments, numbers, decorators
// such as @triton.jit, and Triton's `tl.` calls.
#include "views/source/themed_highlighter.hpp"

#include <QTextCharFormat>

namespace memlens {

class PythonHighlighter : public ThemedHighlighter {
    Q_OBJECT
public:
    explicit PythonHighlighter(QTextDocument* document);

protected:
    void highlightBlock(const QString& text) override;

    void applyTheme() override;

private:
    QTextCharFormat keyword_;
    QTextCharFormat control_;
    QTextCharFormat builtin_;
    QTextCharFormat string_;
    QTextCharFormat comment_;
    QTextCharFormat number_;
    QTextCharFormat decorator_;
    QTextCharFormat tlModule_;
    QTextCharFormat function_;
    QTextCharFormat self_;
};

} // namespace memlens
