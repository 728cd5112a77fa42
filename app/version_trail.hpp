#pragma once
// The versions of the open dump the window has seen: History (every copy kept, and its menu), an
// earlier version opened from its copy and which copy is on show, the version a reload replaced
// (and the compare view of the two), and the bar saying what a reload changed (described off the
// GUI thread).
#include "core/document/plan_document.hpp"
#include "views/job_runner.hpp"

#include <QDateTime>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QMenuBar;
class QWidget;

namespace memlens {

class AppSettings;
class CompareWindow;
class DumpHistory;
class HistoryMenu;
class PlanSession;
struct DumpVersion;

// How the trail reads a kept copy: the options the window gives the dump it is a copy of, and the
// window's loader (its result comes back through VersionTrail::takeLoad).
struct VersionLoading {
    std::function<LoadOptions(const QString& dumpPath)> optionsFor;
    std::function<void(const QString& path, const LoadOptions& options)> load;
};

class VersionTrail : public QObject {
    Q_OBJECT
public:
    // Copies kept for this run only, or from one run to the next, as `settings` say. `session` holds
    // the document on show; `window` parents the dialogs History's commands and the compare view open.
    VersionTrail(AppSettings* settings, PlanSession* session, QWidget* window);
    void setLoading(VersionLoading loading) { loading_ = std::move(loading); }

    DumpHistory* history() const { return history_; }
    HistoryMenu* menu() const { return menu_; }
    // Adds History to `menuBar`, with its setting and its commands on the copies.
    void addMenuTo(QMenuBar* menuBar);

    // Reads an earlier version of a dump from its copy, with the IR and the log it was shown with.
    void openVersion(const DumpVersion& version);
    // A load of a kept copy: on show from now on (versionShown); false for any other load. `shownFile`
    // is the dump on show, the file History returns to.
    bool takeLoad(const QString& path, std::shared_ptr<const PlanDocument> document, const QString& shownFile);

    // After a load is shown: `before` is what a reload replaced (null for another dump). Keeps it
    // for the compare view, and describes what changed: reloadDescribed.
    void track(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after);
    // A compare view of the version before the last reload and the document on show; null without one.
    CompareWindow* compareWithPrevious();
    // The document on show before the last reload (null when there was none), and when each was shown.
    std::shared_ptr<const PlanDocument> previousVersion() const { return previousVersion_; }
    QDateTime previousShownAt() const { return previousShownAt_; }
    QDateTime shownAt() const { return shownAt_; }

    // The kept copy on show, "" when the dump itself is.
    QString shownVersion() const { return shownVersion_; }
    void setShownVersion(const QString& snapshotPath) { shownVersion_ = snapshotPath; }

signals:
    // What a reload changed, judged by one capacity as the compare view judges: `bar` is the message
    // bar's text (with what an attached compile log and another IR changed), `changed` false when the
    // plan is the same, `change` says how it changed.
    void reloadDescribed(const QString& bar, bool changed, const QString& change);
    // A kept copy's document to show, and the title bar's words for it ("version of 12:03:55.120").
    void versionShown(std::shared_ptr<const memlens::PlanDocument> document, const QString& versionText);
    // A line for the status bar (a command on the copies done, a setting taking effect later).
    void statusMessage(const QString& text);

private:
    DumpHistory* createHistory();
    // History > History Limit… and Clear History… (the second asks first).
    void chooseLimit();
    void clear();
    // The bar of a reload described off the GUI thread, for the document on show now.
    void describeShown(const PlanDocument& before, const QString& change, bool changed);

    AppSettings* settings_;
    PlanSession* session_;
    QWidget* window_;
    VersionLoading loading_;
    DumpHistory* history_;
    HistoryMenu* menu_ = nullptr;
    std::shared_ptr<const PlanDocument> previousVersion_; // kept for the compare view after a reload
    QDateTime previousShownAt_;
    QDateTime shownAt_;
    JobRunner deltaJobs_; // the reload delta of the latest reload only
    QString shownVersion_;
};

} // namespace memlens
