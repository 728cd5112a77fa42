#include "app/version_trail.hpp"

#include "app/app_settings.hpp"
#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "core/diff/plan_diff.hpp"
#include "views/view_text.hpp"

#include <QAction>
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

} // namespace

VersionTrail::VersionTrail(AppSettings* settings, QWidget* window)
    : QObject(window)
    , settings_(settings)
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
        [this, before](ReloadDelta delta) { emit reloadDescribed(before, delta.text, delta.changed); });
}

} // namespace memlens
