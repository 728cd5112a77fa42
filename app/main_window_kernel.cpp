// The main window's part in a kernel's folder (docs/design.md, A kernel's folder): the folder
// chosen, the core the KernelSession names shown, the other half of a pair offered when one file
// is opened. The KernelSession loads the cores and walks them (F8).
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
        watch_->watch(core.path); // every core's file, not only the one on show
    kernel_->cores()->setCurrent(absolute);
    if (scopeIndex >= 0)
        session_->setScopeIndex(scopeIndex);
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
