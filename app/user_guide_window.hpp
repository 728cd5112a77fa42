#pragma once
// Help > User Guide: docs/user-guide.md with its pictures, read from where the build and the
// package put it beside the program (share/doc/memlens) and shown in a window of its own.
#include <QMainWindow>

class QTextBrowser;

namespace memlens {

class UserGuideWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit UserGuideWindow(QWidget* parent = nullptr);

    // The guide beside the program (the build tree and the package lay it out alike); "" when missing.
    static QString guidePath();
    // Where guidePath() looks, for the message when it is missing.
    static QString expectedPath();

    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_;
};

} // namespace memlens
