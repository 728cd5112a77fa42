#pragma once
// What the IR and Python highlighters share: light or dark colours, switched
// at run time (the views pick from the palette's base colour).
#include <QSyntaxHighlighter>

namespace memlens {

class ThemedHighlighter : public QSyntaxHighlighter {
public:
    using QSyntaxHighlighter::QSyntaxHighlighter;

    void setDarkTheme(bool dark)
    {
        if (dark == dark_)
            return;
        dark_ = dark;
        applyTheme();
        rehighlight();
    }
    bool isDarkTheme() const { return dark_; }

protected:
    // Sets the formats for isDarkTheme(); each highlighter calls it once from its constructor.
    virtual void applyTheme() = 0;

private:
    bool dark_ = false;
};

} // namespace memlens
