#pragma once
// The versions of the open dump the window has seen: History (every copy kept, and its menu), the
// version a reload replaced (for the compare view, with when each was loaded), what a reload
// changed (described off the GUI thread), and which kept copy is on show.
#include "core/document/plan_document.hpp"
#include "views/job_runner.hpp"

#include <QDateTime>
#include <QObject>
#include <QString>

#include <memory>

class QMenuBar;
class QWidget;

namespace memlens {

class AppSettings;
class DumpHistory;
class HistoryMenu;

class VersionTrail : public QObject {
    Q_OBJECT
public:
    // Copies kept for this run only, or from one run to the next, as `settings` say. `window`
    // parents the dialogs History's commands open.
    VersionTrail(AppSettings* settings, QWidget* window);

    DumpHistory* history() const { return history_; }
    HistoryMenu* menu() const { return menu_; }
    // Adds History to `menuBar`, with its setting and its commands on the copies.
    void addMenuTo(QMenuBar* menuBar);

    // After a load is shown: `before` is what a reload replaced (null for another dump). Keeps it
    // for the compare view, and describes what changed: reloadDescribed.
    void track(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after);
    // The document on show before the last reload (null when there was none), and when each was shown.
    std::shared_ptr<const PlanDocument> previousVersion() const { return previousVersion_; }
    QDateTime previousShownAt() const { return previousShownAt_; }
    QDateTime shownAt() const { return shownAt_; }

    // The kept copy on show, "" when the dump itself is.
    QString shownVersion() const { return shownVersion_; }
    void setShownVersion(const QString& snapshotPath) { shownVersion_ = snapshotPath; }

signals:
    // What a reload changed, judged by one capacity as the compare view judges: `changed` false when
    // the plan is the same; `text` says how it changed.
    void reloadDescribed(std::shared_ptr<const memlens::PlanDocument> before, const QString& text, bool changed);
    // A line for the status bar (a command on the copies done, a setting taking effect later).
    void statusMessage(const QString& text);

private:
    DumpHistory* createHistory();
    // History > History Limit… and Clear History… (the second asks first).
    void chooseLimit();
    void clear();

    AppSettings* settings_;
    QWidget* window_;
    DumpHistory* history_;
    HistoryMenu* menu_ = nullptr;
    std::shared_ptr<const PlanDocument> previousVersion_; // kept for the compare view after a reload
    QDateTime previousShownAt_;
    QDateTime shownAt_;
    JobRunner deltaJobs_; // the reload delta of the latest reload only
    QString shownVersion_;
};

} // namespace memlens
