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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Every picture at most as wide as the page (narrower ones keep their size): the guide's
    // screenshots are 1400 px wide and forced horizontal scrolling.
    void fitPictures();

    QTextBrowser* browser_;
};

} // namespace memlens
