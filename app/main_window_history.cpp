// MainWindow: the History menu and showing an earlier version of the open dump
// (kept apart from main_window.cpp, which holds the rest of the window).
#include "app/main_window.hpp"

#include "app/app_settings.hpp"
#include "app/document_loader.hpp"
#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "app/message_bar.hpp"
#include "views/plan_session.hpp"
#include "views/title_bar.hpp"
#include "views/view_text.hpp"

#include <QAction>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>

namespace memlens {

namespace {
constexpr qint64 kMegabyte = 1024 * 1024;
} // namespace

DumpHistory* MainWindow::createHistory()
{
    auto* history = settings_->value(SettingId::KeepHistory).toBool()
        ? new DumpHistory(settings_->keptHistoryDir(), this)
        : new DumpHistory(this);
    history->setMaxBytes(settings_->value(SettingId::HistoryMaxMegabytes).toLongLong() * kMegabyte);
    return history;
}

void MainWindow::chooseHistoryLimit()
{
    bool ok = false;
    const int megabytes = QInputDialog::getInt(this, tr("History Limit"),
        tr("History keeps at most this many megabytes of copies (0: no limit);\nthe oldest versions go first, "
           "the newest always stays:"),
        settings_->value(SettingId::HistoryMaxMegabytes).toInt(), 0, 1 << 20, 64, &ok);
    if (!ok)
        return;
    settings_->setValue(SettingId::HistoryMaxMegabytes, megabytes);
    history_->setMaxBytes(megabytes * kMegabyte);
}

void MainWindow::clearHistory()
{
    const int count = history_->size();
    if (count == 0)
        return;
    if (QMessageBox::question(this, tr("Clear History"),
            tr("Remove the %n kept version(s) of every dump (%1)? The compiler may have overwritten the files "
               "they are copies of.",
                "", count)
                .arg(bytesText(static_cast<std::uint64_t>(history_->totalBytes()))),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    history_->clear();
    statusLabel_->setText(tr("History cleared: %n version(s) removed", "", count));
}

void MainWindow::buildHistoryMenu()
{
    historyMenu_ = new HistoryMenu(history_, this);
    auto* keep = new QAction(tr("Keep Versions for the Next Run"), historyMenu_);
    keep->setObjectName(QStringLiteral("keepHistoryBetweenRuns"));
    keep->setCheckable(true);
    keep->setChecked(settings_->value(SettingId::KeepHistory).toBool());
    keep->setToolTip(tr("Takes effect at the next start: the copies then stay in %1").arg(settings_->keptHistoryDir()));
    connect(keep, &QAction::toggled, this, [this](bool on) {
        settings_->setValue(SettingId::KeepHistory, on);
        statusLabel_->setText(on ? tr("From the next start, History keeps its versions in %1 from one run to the next")
                                       .arg(settings_->keptHistoryDir())
                                 : tr("From the next start, History's versions are removed when memlens exits"));
    });
    auto* limit = new QAction(tr("History &Limit…"), historyMenu_);
    limit->setObjectName(QStringLiteral("historyLimit"));
    connect(limit, &QAction::triggered, this, &MainWindow::chooseHistoryLimit);
    auto* clear = new QAction(tr("&Clear History…"), historyMenu_);
    clear->setObjectName(QStringLiteral("clearHistory"));
    connect(clear, &QAction::triggered, this, &MainWindow::clearHistory);
    connect(historyMenu_, &QMenu::aboutToShow, clear, [this, clear] { clear->setEnabled(history_->size() > 0); });
    historyMenu_->setKeepingActions({keep, limit, clear});
    menuBar()->addMenu(historyMenu_);
    connect(historyMenu_, &HistoryMenu::versionChosen, this, &MainWindow::openVersion);
    connect(historyMenu_, &HistoryMenu::latestChosen, this, &MainWindow::reload);
    connect(historyMenu_, &HistoryMenu::compareWithCurrentChosen, this,
        [this](const DumpVersion& version) { compareFiles(version.snapshotPath, version.dumpPath); });
    connect(history_, &DumpHistory::versionAdded, this, [this](const DumpVersion& version) {
        if (version.dumpPath == QFileInfo(currentFile_).absoluteFilePath())
            historyMenu_->rebuild();
    });
    connect(history_, &DumpHistory::versionsRemoved, historyMenu_, &HistoryMenu::rebuild);
}

void MainWindow::openVersion(const DumpVersion& version)
{
    loadingFile_ = version.snapshotPath;
    LoadOptions options = optionsFor(version.dumpPath);
    if (!version.irFile.isEmpty())
        options.irFile = version.irFile.toStdString(); // the IR it was shown with
    // The copy is read with the context of its file: the IR, log and Python beside it, so the same capacity.
    options.copyOf = version.dumpPath.toStdString();
    statusLabel_->setText(
        tr("Loading the version of %1…").arg(version.written.toString(QStringLiteral("HH:mm:ss.zzz"))));
    loader_->load(version.snapshotPath, options, settings_->capacitiesByKernel());
}

void MainWindow::onVersionLoaded(std::shared_ptr<const PlanDocument> document)
{
    shownVersion_ = loadingFile_;
    const DumpVersion* version = history_->versionAt(shownVersion_);
    titleBar_->setVersionText(
        version ? tr("version of %1").arg(version->written.toString(QStringLiteral("HH:mm:ss.zzz"))) : QString());
    session_->setDocument(document);
    showDocumentMessage(*document, QString());
    if (version)
        historyMenu_->setDump(version->dumpPath, shownVersion_);
    statusLabel_->setText(
        tr("Showing an earlier version (kept in %1); History > Show %2 as It Is Now returns to the file")
            .arg(shownVersion_, QFileInfo(currentFile_).fileName()));
    updateWindowTitle();
    emit documentShown(shownVersion_);
}

} // namespace memlens
