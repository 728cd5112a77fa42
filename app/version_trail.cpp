#include "app/version_trail.hpp"

#include "app/app_settings.hpp"
#include "app/compare_window.hpp"
#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "core/diff/plan_diff.hpp"
#include "core/document/planner_check.hpp"
#include "core/dump/dump_display_name.hpp"
#include "views/plan_session.hpp"
#include "views/scope_text.hpp"
#include "views/view_text.hpp"

#include <QAction>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>

namespace memlens {

namespace {

constexpr qint64 kMegabyte = 1024 * 1024;

struct ReloadDelta {
    QString text;
    bool changed = false;
};

// Off the GUI thread: judged by one capacity, as the compare view judges them.
ReloadDelta describeReload(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after)
{
    PlanDocument was = *before;
    PlanDocument now = *after;
    shareCapacities(was, now);
    const PlanDiff diff = diffPlans(was, now);
    ReloadDelta delta;
    for (const ScopeDiff& scope : diff.scopes) {
        if (scope.a < 0 || scope.b < 0) {
            delta.changed = true;
            continue;
        }
        const PlanAnalysis& a = was.analyses[static_cast<std::size_t>(scope.a)];
        const PlanAnalysis& b = now.analyses[static_cast<std::size_t>(scope.b)];
        delta.changed |= a.peakAddressBytes != b.peakAddressBytes || a.overflow != b.overflow
            || a.peakLiveBytes != b.peakLiveBytes;
        for (const BufferPair& pair : scope.pairs)
            delta.changed |= pair.change != BufferChange::Same;
    }
    delta.text = QString::fromStdString(describePlanChange(was, now));
    return delta;
}

QString timeText(const QDateTime& at)
{
    return at.isValid() ? at.toString(QStringLiteral("HH:mm:ss")) : QStringLiteral("?");
}

QString writtenText(const DumpVersion& version) { return version.written.toString(QStringLiteral("HH:mm:ss.zzz")); }

} // namespace

VersionTrail::VersionTrail(AppSettings* settings, PlanSession* session, QWidget* window)
    : QObject(window)
    , settings_(settings)
    , session_(session)
    , window_(window)
    , history_(createHistory())
{
}

DumpHistory* VersionTrail::createHistory()
{
    auto* history = settings_->value(SettingId::KeepHistory).toBool()
        ? new DumpHistory(settings_->keptHistoryDir(), this)
        : new DumpHistory(this);
    history->setMaxBytes(settings_->value(SettingId::HistoryMaxMegabytes).toLongLong() * kMegabyte);
    return history;
}

void VersionTrail::addMenuTo(QMenuBar* menuBar)
{
    menu_ = new HistoryMenu(history_, window_);
    auto* keep = new QAction(tr("Keep Versions for the Next Run"), menu_);
    keep->setObjectName(QStringLiteral("keepHistoryBetweenRuns"));
    keep->setCheckable(true);
    keep->setChecked(settings_->value(SettingId::KeepHistory).toBool());
    keep->setToolTip(tr("Takes effect at the next start: the copies then stay in %1").arg(settings_->keptHistoryDir()));
    connect(keep, &QAction::toggled, this, [this](bool on) {
        settings_->setValue(SettingId::KeepHistory, on);
        emit statusMessage(on ? tr("From the next start, History keeps its versions in %1 from one run to the next")
                                    .arg(settings_->keptHistoryDir())
                              : tr("From the next start, History's versions are removed when memlens exits"));
    });
    auto* limit = new QAction(tr("History &Limit…"), menu_);
    limit->setObjectName(QStringLiteral("historyLimit"));
    connect(limit, &QAction::triggered, this, &VersionTrail::chooseLimit);
    auto* clear = new QAction(tr("&Clear History…"), menu_);
    clear->setObjectName(QStringLiteral("clearHistory"));
    connect(clear, &QAction::triggered, this, &VersionTrail::clear);
    connect(menu_, &QMenu::aboutToShow, clear, [this, clear] { clear->setEnabled(history_->size() > 0); });
    menu_->setKeepingActions({keep, limit, clear});
    menuBar->addMenu(menu_);
    connect(history_, &DumpHistory::versionsRemoved, menu_, &HistoryMenu::rebuild);
}

void VersionTrail::chooseLimit()
{
    bool ok = false;
    const int megabytes = QInputDialog::getInt(window_, tr("History Limit"),
        tr("History keeps at most this many megabytes of copies (0: no limit);\nthe oldest versions go first, "
           "the newest always stays:"),
        settings_->value(SettingId::HistoryMaxMegabytes).toInt(), 0, 1 << 20, 64, &ok);
    if (!ok)
        return;
    settings_->setValue(SettingId::HistoryMaxMegabytes, megabytes);
    history_->setMaxBytes(megabytes * kMegabyte);
}

void VersionTrail::clear()
{
    const int count = history_->size();
    if (count == 0)
        return;
    if (QMessageBox::question(window_, tr("Clear History"),
            tr("Remove the %n kept version(s) of every dump (%1)? The compiler may have overwritten the files "
               "they are copies of.",
                "", count)
                .arg(bytesText(static_cast<std::uint64_t>(history_->totalBytes()))),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    history_->clear();
    emit statusMessage(tr("History cleared: %n version(s) removed", "", count));
}

void VersionTrail::openVersion(const DumpVersion& version)
{
    LoadOptions options = loading_.optionsFor(version.dumpPath);
    // The IR and the compile log it was shown with (their copies): not today's files beside the dump.
    if (!version.irFile.isEmpty())
        options.irFile = version.irFile.toStdString();
    if (!version.logFile.isEmpty())
        options.logFile = version.logFile.toStdString();
    // The copy is read with the context of its file: the IR, log and Python beside it, so the same capacity.
    options.copyOf = version.dumpPath.toStdString();
    emit statusMessage(tr("Loading the version of %1…").arg(writtenText(version)));
    loading_.load(version.snapshotPath, options);
}

bool VersionTrail::takeLoad(const QString& path, std::shared_ptr<const PlanDocument> document, const QString& shownFile)
{
    if (!history_->isSnapshot(path))
        return false;
    shownVersion_ = path;
    const DumpVersion* version = history_->versionAt(path);
    emit versionShown(std::move(document), version ? tr("version of %1").arg(writtenText(*version)) : QString());
    if (version)
        menu_->setDump(version->dumpPath, path);
    emit statusMessage(tr("Showing an earlier version (kept in %1); History > Show %2 as It Is Now returns to the file")
                           .arg(path, QFileInfo(shownFile).fileName()));
    return true;
}

CompareWindow* VersionTrail::compareWithPrevious()
{
    const auto now = session_->sharedDocument();
    if (!previousVersion_ || !now)
        return nullptr;
    const QString name = QString::fromStdString(dumpDisplayName(now->dump.file));
    auto* compare = new CompareWindow(window_);
    compare->setAttribute(Qt::WA_DeleteOnClose);
    compare->setWindowFlag(Qt::Window);
    compare->show();
    compare->preferSelectionOf(*session_, true); // the plan on show is B, now
    compare->compareDocuments(previousVersion_,
        tr("%1 before the reload (loaded %2)").arg(name, timeText(previousShownAt_)), now,
        tr("%1 now (loaded %2)").arg(name, timeText(shownAt_)));
    return compare;
}

void VersionTrail::describeShown(const PlanDocument& before, const QString& change, bool changed)
{
    const PlanDocument* now = session_->document();
    if (!now)
        return;
    QString bar = changed ? tr("<b>Reloaded:</b> %1").arg(change.toHtmlEscaped())
                          : tr("Reloaded: the memory plan did not change.");
    // A compile log attached (File > Open Compile Log…, a drop): what it changed for the what-ifs.
    if (const std::string log = attachedLogText(before, *now); !log.empty())
        bar += QStringLiteral("<br>") + QString::fromStdString(log).toHtmlEscaped();
    if (const QString ir = irChangeText(before, *now); !ir.isEmpty())
        bar += QStringLiteral("<br>") + ir.toHtmlEscaped();
    emit reloadDescribed(bar, changed, change);
}

void VersionTrail::track(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after)
{
    previousShownAt_ = std::exchange(shownAt_, QDateTime::currentDateTime());
    if (!before) { // another dump: no before and after to compare
        deltaJobs_.cancelAll();
        previousVersion_.reset();
        return;
    }
    previousVersion_ = before;
    deltaJobs_.start([before, after](const JobCancel&) { return describeReload(before, after); },
        [this, before](ReloadDelta delta) { describeShown(*before, delta.text, delta.changed); });
}

} // namespace memlens
