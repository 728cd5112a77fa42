#pragma once
// The status bar's view of a load under way: a bar with the share of the dump
// parsed so far ("37% · 105 MB of 287 MB") and a Cancel button that stops the
// parse itself. Follows a DocumentLoader; hidden while it is idle.
#include "core/base/cancellation.hpp"

#include <QWidget>

class QProgressBar;
class QToolButton;

namespace memlens {

class DocumentLoader;

class LoadProgress : public QWidget {
    Q_OBJECT
public:
    explicit LoadProgress(DocumentLoader* loader, QWidget* parent = nullptr);

    QProgressBar* bar() const { return bar_; }
    QToolButton* cancelButton() const { return cancel_; }

signals:
    // The user pressed Cancel (the owner cancels the load and says so).
    void cancelRequested();

private:
    void onStarted();
    void onProgress(qint64 read, qint64 total);

    QProgressBar* bar_;
    QToolButton* cancel_;
};

} // namespace memlens
