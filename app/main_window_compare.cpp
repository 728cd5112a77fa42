// The main window's part in comparing: File > Compare With…, `memlens A B`, two kernel folders
// core by core. (The VersionTrail compares a reload's two versions.)
#include "app/app_settings.hpp"
#include "app/compare_window.hpp"
#include "app/document_loader.hpp"
#include "app/kernel_session.hpp"
#include "app/main_window.hpp"
#include "app/message_bar.hpp"
#include "app/version_trail.hpp"
#include "core/document/kernel_folder.hpp"
#include "core/document/planner_check.hpp"
#include "core/dump/dump_display_name.hpp"
#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"
#include "views/scope_text.hpp"

#include <QLabel>

#include <QFileDialog>
#include <QFileInfo>

namespace memlens {

void MainWindow::chooseAndCompare()
{
    if (currentFile_.isEmpty())
        return;
    const QString path = QFileDialog::getOpenFileName(this,
        tr("Compare %1 With").arg(QString::fromStdString(dumpDisplayName(currentFile_.toStdString()))),
        QFileInfo(currentFile_).absolutePath(), tr("Memory dumps (*.json);;All files (*)"));
    if (!path.isEmpty())
        compareFiles(currentFile_, path);
}

CompareWindow* MainWindow::compareFiles(const QString& pathA, const QString& pathB)
{
    if (QFileInfo(pathA).isDir() || QFileInfo(pathB).isDir())
        return compareFolders(pathA, pathB); // kernel folders: core by core
    auto* window = new CompareWindow(this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowFlag(Qt::Window);
    window->show();
    const QString shown = QFileInfo(currentFile_).absoluteFilePath();
    if (QFileInfo(pathA).absoluteFilePath() == shown || QFileInfo(pathB).absoluteFilePath() == shown)
        window->preferSelectionOf(*session_, QFileInfo(pathB).absoluteFilePath() == shown);
    window->compareFiles(
        pathA, loadOptions_.optionsFor(pathA), pathB, loadOptions_.optionsFor(pathB), settings_->capacitiesByKernel());
    return window;
}

void MainWindow::chooseAndCompareFolder()
{
    const QString mine
        = kernel_->cores()->active() ? kernel_->cores()->folder() : QFileInfo(currentFile_).absolutePath();
    const QString other = QFileDialog::getExistingDirectory(
        this, tr("Compare the Kernel in %1 With the One in").arg(QFileInfo(mine).fileName()), mine);
    if (!other.isEmpty())
        compareFolders(mine, other);
}

CompareWindow* MainWindow::compareFolders(const QString& folderA, const QString& folderB)
{
    // Every core both folders have, each in its own compare view; a folder with a dump compares that core.
    const CorePairs cores = pairCores(folderA.toStdString(), folderB.toStdString());
    CompareWindow* first = nullptr;
    for (const auto& [a, b] : cores.pairs) {
        CompareWindow* window = compareFiles(QString::fromStdString(a), QString::fromStdString(b));
        first = first ? first : window;
    }
    QStringList alone;
    for (const std::string& name : cores.onlyInA)
        alone << QString::fromStdString(name);
    if (!first)
        views_.messageBar->showMessage(MessageBar::Kind::Error,
            tr("<b>Nothing to compare:</b> %1 and %2 have no dump of the same core.")
                .arg(folderA.toHtmlEscaped(), folderB.toHtmlEscaped()));
    else if (!alone.isEmpty())
        views_.statusLabel->setText(
            tr("Compared core by core; only in %1: %2").arg(folderA, alone.join(QStringLiteral(", "))));
    return first;
}

} // namespace memlens
