// MainWindow: the History menu wired to the window, and showing an earlier version of the open
// dump (the VersionTrail keeps the versions; main_window.cpp holds the rest of the window).
#include "app/main_window.hpp"

#include "app/app_settings.hpp"
#include "app/document_loader.hpp"
#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "app/message_bar.hpp"
#include "app/version_trail.hpp"
#include "views/plan_session.hpp"
#include "views/title_bar.hpp"

#include <QFileInfo>
#include <QLabel>

namespace memlens {

void MainWindow::connectHistory()
{
    connect(historyMenu(), &HistoryMenu::versionChosen, this, &MainWindow::openVersion);
    connect(historyMenu(), &HistoryMenu::latestChosen, this, &MainWindow::reload);
    connect(historyMenu(), &HistoryMenu::compareWithCurrentChosen, this,
        [this](const DumpVersion& version) { compareFiles(version.snapshotPath, version.dumpPath); });
    connect(history(), &DumpHistory::versionAdded, this, [this](const DumpVersion& version) {
        if (version.dumpPath == QFileInfo(currentFile_).absoluteFilePath())
            historyMenu()->rebuild();
    });
}

void MainWindow::openVersion(const DumpVersion& version)
{
    loadingFile_ = version.snapshotPath;
    LoadOptions options = optionsFor(version.dumpPath);
    // The IR and the compile log it was shown with (their copies): not today's files beside the dump.
    if (!version.irFile.isEmpty())
        options.irFile = version.irFile.toStdString();
    if (!version.logFile.isEmpty())
        options.logFile = version.logFile.toStdString();
    // The copy is read with the context of its file: the IR, log and Python beside it, so the same capacity.
    options.copyOf = version.dumpPath.toStdString();
    views_.statusLabel->setText(
        tr("Loading the version of %1…").arg(version.written.toString(QStringLiteral("HH:mm:ss.zzz"))));
    loader_->load(version.snapshotPath, options, settings_->capacitiesByKernel());
}

void MainWindow::onVersionLoaded(std::shared_ptr<const PlanDocument> document)
{
    trail_->setShownVersion(loadingFile_);
    const QString shownVersion = loadingFile_;
    const DumpVersion* version = history()->versionAt(shownVersion);
    views_.titleBar->setVersionText(
        version ? tr("version of %1").arg(version->written.toString(QStringLiteral("HH:mm:ss.zzz"))) : QString());
    session_->setDocument(document);
    showDocumentMessage(*document, QString());
    if (version)
        historyMenu()->setDump(version->dumpPath, shownVersion);
    views_.statusLabel->setText(
        tr("Showing an earlier version (kept in %1); History > Show %2 as It Is Now returns to the file")
            .arg(shownVersion, QFileInfo(currentFile_).fileName()));
    updateWindowTitle();
    emit documentShown(shownVersion);
}

} // namespace memlens
