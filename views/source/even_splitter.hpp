#pragma once
// A splitter that shares its length among the visible panes by their stretch factors (equally
// by default), as it is resized and as panes come and go (the compile log's pane, a Python
// pane the compare view hides), until the user drags a handle: from then on the user's sizes
// are kept. A plain QSplitter shares by size hints, and a pane with a long wrapped note took
// the code panes' room.
#include <QSplitter>

class EvenSplitter : public QSplitter {
    Q_OBJECT
public:
    explicit EvenSplitter(Qt::Orientation orientation, QWidget* parent = nullptr);

    // True once the user dragged a handle.
    bool userSized() const { return userSized_; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void childEvent(QChildEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void shareEvenly();

    bool userSized_ = false;
    bool sharePending_ = false;
};
