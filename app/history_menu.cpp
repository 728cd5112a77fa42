#include "app/history_menu.hpp"

#include "core/text/terminal_text.hpp"
#include "views/view_text.hpp"

#include <QFileInfo>

namespace memlens {

namespace {
constexpr std::size_t kMaxMenuKernelBytes = 80;
} // namespace

HistoryMenu::HistoryMenu(DumpHistory* history, QWidget* parent)
    : QMenu(tr("H&istory"), parent)
    , history_(history)
{
    connect(this, &QMenu::aboutToShow, this, &HistoryMenu::rebuild);
    rebuild();
}

void HistoryMenu::setDump(const QString& dumpPath, const QString& shownSnapshot)
{
    dumpPath_ = dumpPath;
    shownSnapshot_ = shownSnapshot;
    rebuild();
}

QString HistoryMenu::label(const DumpVersion& version)
{
    // A menu entry as wide as a 60,000-character kernel name would pass every screen.
    const QString kernel = version.kernel.isEmpty()
        ? tr("(unnamed kernel)")
        : QString::fromStdString(shortenedText(version.kernel.toStdString(), kMaxMenuKernelBytes));
    const QString core = version.core.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(version.core);
    const QString summary = version.summary.isEmpty() ? QString() : QStringLiteral("  \u00b7  ") + version.summary;
    return QStringLiteral("%1  %2%3%4")
        .arg(version.written.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")), kernel, core, summary);
}

QAction* HistoryMenu::actionForVersion(int index) const
{
    return index >= 0 && index < versionActions_.size() ? versionActions_[index] : nullptr;
}

void HistoryMenu::setKeepingActions(const QList<QAction*>& actions)
{
    keepingActions_ = actions;
    rebuild();
}

QString HistoryMenu::keepingText() const
{
    return history_->keepsCopies() ? tr("Copies stay in %1 from one run to the next").arg(history_->directory())
                                   : tr("Copies are removed when memlens exits");
}

QString HistoryMenu::limitText() const
{
    const QString now = bytesText(static_cast<std::uint64_t>(history_->totalBytes()));
    if (history_->maxBytes() <= 0)
        return tr("Copies are kept without a limit (now %1)").arg(now);
    return tr("At most %1 of copies (now %2): the oldest go first")
        .arg(bytesText(static_cast<std::uint64_t>(history_->maxBytes())), now);
}

void HistoryMenu::addKeepingItems()
{
    addSeparator();
    addAction(keepingText())->setEnabled(false);
    addAction(limitText())->setEnabled(false);
    addActions(keepingActions_);
}

void HistoryMenu::rebuild()
{
    // clear() deletes the actions the menu owns; the window's are kept.
    for (QAction* action : keepingActions_)
        removeAction(action);
    clear();
    versionActions_.clear();
    const QList<DumpVersion> versions = dumpPath_.isEmpty() ? QList<DumpVersion>() : history_->versionsOf(dumpPath_);
    if (versions.isEmpty()) {
        addAction(tr("No Versions Yet"))->setEnabled(false);
        addSeparator();
        addAction(tr("Every version of the open dump that memlens reads is kept here"))->setEnabled(false);
        addKeepingItems();
        return;
    }
    QAction* latest
        = addAction(tr("Show %1 as It Is Now").arg(QFileInfo(dumpPath_).fileName()), this, &HistoryMenu::latestChosen);
    latest->setCheckable(true);
    latest->setChecked(shownSnapshot_.isEmpty());
    for (const DumpVersion& version : versions)
        if (version.snapshotPath == shownSnapshot_) {
            QAction* compare
                = addAction(tr("Compare This Version with %1 as It Is Now").arg(QFileInfo(dumpPath_).fileName()), this,
                    [this, version] { emit compareWithCurrentChosen(version); });
            compare->setObjectName(QStringLiteral("compareVersionWithCurrent"));
        }
    addSeparator();
    for (const DumpVersion& version : versions) {
        QAction* action = new QAction(label(version), this);
        action->setCheckable(true);
        action->setChecked(version.snapshotPath == shownSnapshot_);
        action->setToolTip(tr("Copy kept in %1").arg(version.snapshotPath));
        connect(action, &QAction::triggered, this, [this, version] { emit versionChosen(version); });
        versionActions_.append(action);
    }
    // Newest first in the menu.
    for (auto it = versionActions_.crbegin(); it != versionActions_.crend(); ++it)
        addAction(*it);
    addKeepingItems();
}

} // namespace memlens
