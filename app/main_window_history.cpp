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

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>

namespace memlens {

DumpHistory* MainWindow::createHistory()
{
    if (settings_->value(SettingId::KeepHistory).toBool())
        return new DumpHistory(settings_->keptHistoryDir(), this);
    return new DumpHistory(this);
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
    historyMenu_->setKeepAction(keep);
    menuBar()->addMenu(historyMenu_);
    connect(historyMenu_, &HistoryMenu::versionChosen, this, &MainWindow::openVersion);
    connect(historyMenu_, &HistoryMenu::latestChosen, this, &MainWindow::reload);
    connect(historyMenu_, &HistoryMenu::compareWithCurrentChosen, this,
        [this](const DumpVersion& version) { compareFiles(version.snapshotPath, version.dumpPath); });
    connect(history_, &DumpHistory::versionAdded, this, [this](const DumpVersion& version) {
        if (version.dumpPath == QFileInfo(currentFile_).absoluteFilePath())
            historyMenu_->rebuild();
    });
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
