#pragma once
// The Run view in the window (File > Open Run…, a run folder dropped or named on the command line):
// the window shows either the plan (page 0, with its docks) or the run. Back (Alt+Left) returns to
// the run as it was left; a row says which plan it opens, the window opens it.
#include "core/document/plan_document.hpp"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QStackedWidget;
class QToolButton;

namespace memlens {

class MessageBar;
class RunView;
struct RunRow;

class RunPage : public QObject {
    Q_OBJECT
public:
    // Adds the Run view to `pages` (the plan is page 0), Back and the run's config commands to the
    // File menu under Open Run… (openRunAction), and Back beside the menus. The plan's `docks` and
    // its `statusLabel` hide while the run is on show; `messageBar` says why a run failed.
    RunPage(QMainWindow* window, QStackedWidget* pages, QList<QDockWidget*> docks, QLabel* statusLabel,
        MessageBar* messageBar);

    RunView* view() const { return view_; }
    QAction* backAction() const { return backAction_; }
    bool shown() const;
    // Reads the run at `path` (absolute) and shows it.
    void open(const QString& path, const LoadOptions& options);
    // The run on show (the plan's docks hidden), or the plan (its docks back).
    void show();
    void showPlan();
    // Back and the config commands follow the page on show and the run read.
    void updateActions();

    // The plan a row opens: its dump, or for a mix kernel's half the folder of both (`folder`, as
    // File > Open Folder… opens them). None for a row without a plan to show: the status bar says why.
    struct RowPlan {
        QString path; // absolute
        bool folder = false;
    };
    std::optional<RowPlan> planOf(const RunRow& row) const;

signals:
    void rowOpened(const memlens::RunRow& row);
    // The page on show changed, or the run on it (the window's title follows).
    void pageChanged();

private:
    void addActions();

    QMainWindow* window_;
    QStackedWidget* pages_;
    QList<QDockWidget*> docks_;
    QLabel* statusLabel_;
    RunView* view_;
    QAction* backAction_;
    QToolButton* backButton_;
    QList<QPointer<QDockWidget>> docksHidden_; // the plan's docks, back with the plan
};

} // namespace memlens
