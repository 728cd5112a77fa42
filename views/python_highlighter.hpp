#pragma once
// Light syntax highlighting of Python for the Python pane: keywords, builtins,
// strings (triple-quoted ones across lines), comments, numbers, decorators
// such as @triton.jit, and Triton's `tl.` calls.
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace memlens {

class PythonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit PythonHighlighter(QTextDocument* document);

    void setDarkTheme(bool dark);
    bool isDarkTheme() const { return dark_; }

protected:
    void highlightBlock(const QString& text) override;

private:
    void applyTheme();

    bool dark_ = false;
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
