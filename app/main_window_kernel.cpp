// The main window's part in a kernel's folder (docs/design.md, A kernel's folder): every dump of
// the folder loaded (the KernelSession keeps which are still to load), one core on show, F8 over
// every core, reload of every core, the other half of a pair offered when one file is opened.
#include "app/app_settings.hpp"
#include "app/document_loader.hpp"
#include "app/dump_history.hpp"
#include "app/kernel_session.hpp"
#include "app/main_window.hpp"
#include "app/message_bar.hpp"
#include "app/open_file_watch.hpp"
#include "app/version_trail.hpp"
#include "core/document/kernel_folder.hpp"
#include "core/dump/dump_error.hpp"
#include "core/source/sibling_dump.hpp"
#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>

#include <algorithm>

namespace memlens {

void MainWindow::chooseAndOpenFolder()
{
    const QString start = settings_->value(SettingId::LastOpenDir).toString();
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open a Kernel's Folder"), start);
    if (!folder.isEmpty())
        openFolder(folder);
}

void MainWindow::openFolder(const QString& folder, const QString& showFirst)
{
    showPlanPage();
    QStringList files;
    try {
        for (const std::string& file : dumpFilesInFolder(folder.toStdString()))
            files << QFileInfo(QString::fromStdString(file)).absoluteFilePath();
    } catch (const std::exception& error) {
        onLoadFailed(folder, QString::fromStdString(errorMessage(error, folder.toStdString())));
        return;
    }
    settings_->setValue(SettingId::LastOpenDir, QFileInfo(folder).absoluteFilePath());
    // The dump on show is one of them: kept as it is, not read again.
    kernel_->startFolder(QFileInfo(folder).absoluteFilePath(), files,
        showFirst.isEmpty() ? QString() : QFileInfo(showFirst).absoluteFilePath(),
        QFileInfo(currentFile_).absoluteFilePath(),
        trail_->shownVersion().isEmpty() ? session_->sharedDocument() : nullptr);
    loadNextCore();
}

void MainWindow::reloadKernel()
{
    kernel_->startReload(currentFile_);
    loadNextCore();
}

void MainWindow::loadNextCore()
{
    // The cores are loaded one after the other on the loader, then the one to show is shown.
    if (const QString next = kernel_->nextToLoad(); !next.isEmpty()) {
        openDump(next);
        return;
    }
    if (const QString show = kernel_->takeCoreToShow(); !show.isEmpty())
        showCore(show, -1);
    if (const PlanDocument* shown = session_->document(); shown && !kernel_->cores()->notes().isEmpty())
        showDocumentMessage(*shown, QString()); // says the kernel's notes first
}

bool MainWindow::takeCoreLoad(const QString& path, const std::shared_ptr<const PlanDocument>& document)
{
    if (!kernel_->takeLoad(path, document))
        return false;
    loadingFile_.clear();
    loadNextCore();
    return true;
}

void MainWindow::showCore(const QString& path, int scopeIndex)
{
    const auto document = kernel_->cores()->documentOf(path);
    if (!document)
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute != QFileInfo(currentFile_).absoluteFilePath() || session_->document() != document.get()) {
        // Shown as a load of it is shown (history, watch, reload delta), without reading it again.
        kernel_->setShowing(absolute);
        loadingFile_ = absolute;
        onLoaded(document);
        kernel_->setShowing(QString());
    }
    for (const KernelCores::Core& core : kernel_->cores()->cores())
        watchFile(core.path); // every core's file, not only the one on show
    kernel_->cores()->setCurrent(absolute);
    if (scopeIndex >= 0)
        session_->setScopeIndex(scopeIndex);
}

void MainWindow::selectNextOverCapacityInKernel()
{
    const KernelCores::Place from{
        kernel_->cores()->indexOf(currentFile_), session_->scopeIndex(), session_->selectedBlock()};
    const auto next = kernel_->cores()->nextOverCapacity(from);
    if (!next) {
        views_.statusLabel->setText(tr("No block of any core ends above capacity."));
        return;
    }
    const KernelCores::Core& core = kernel_->cores()->cores()[static_cast<std::size_t>(next->core)];
    if (core.path != QFileInfo(currentFile_).absoluteFilePath() || next->scope != session_->scopeIndex())
        showCore(core.path, next->scope);
    session_->selectBlock(next->block);
}

void MainWindow::captureOtherCores(const std::vector<std::string>& writtenNames)
{
    // The core on show is kept by the window's own capture; the others here, as soon as they are written.
    for (const QString& path : kernel_->coresWritten(writtenNames, QFileInfo(currentFile_).absoluteFilePath()))
        trail_->history()->capture(path);
}

bool MainWindow::kernelChangedOnDisk()
{
    if (!kernel_->cores()->active())
        return false;
    QStringList names;
    for (const QString& path : kernel_->takeChangedOnDisk()) {
        if (QFileInfo::exists(path))
            watchFile(path); // rewritten by replacing the file: watch the new one
        if (!watch_->hearsFolder())
            trail_->history()->capture(path);
        names << QFileInfo(path).fileName().toHtmlEscaped();
    }
    if (!names.isEmpty())
        views_.messageBar->showMessage(MessageBar::Kind::Warning,
            tr("%1 of the kernel changed on disk (the compiler rewrites them on every compile).")
                .arg(names.join(QStringLiteral(", "))),
            {{tr("Reload"), [this] { reload(); }}}); // every core
    return true;
}

bool MainWindow::showScopeOfKernel(const QString& scope)
{
    const auto core = kernel_->coreWithScope(scope);
    if (core)
        showCore(core->first, core->second);
    return core.has_value();
}

void MainWindow::offerOtherHalf(const QString& path)
{
    if (kernel_->cores()->contains(path))
        return;
    const auto sibling = siblingDumpPath(path.toStdString());
    if (!sibling || !QFileInfo::exists(QString::fromStdString(*sibling)))
        return;
    const QString folder = QFileInfo(path).absolutePath();
    if (settings_->value(SettingId::OpenBothOfPair).toBool()) {
        openFolder(folder, path);
        return;
    }
    if (!views_.messageBar->isHidden())
        return; // a warning about this dump comes first
    const QString other = QFileInfo(QString::fromStdString(*sibling)).fileName();
    views_.messageBar->showMessage(MessageBar::Kind::Info,
        tr("%1 beside this dump is the kernel's other core.").arg(other.toHtmlEscaped()),
        {{tr("Open Both"), [this, folder, path] { openFolder(folder, path); }},
            {tr("Always Open Both"), [this, folder, path] {
                 settings_->setValue(SettingId::OpenBothOfPair, true);
                 openFolder(folder, path);
             }}});
}

} // namespace memlens
