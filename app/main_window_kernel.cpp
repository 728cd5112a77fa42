// The main window's part in a kernel's folder (docs/design.md, A kernel's folder): every dump of
// the folder loaded, one core on show, the core selector and the kernel strip to switch, F8 over
// every core, reload of every core, the other half of a pair offered when one file is opened.
#include "app/app_settings.hpp"
#include "app/document_loader.hpp"
#include "app/main_window.hpp"
#include "app/message_bar.hpp"
#include "core/cli/kernel_folder.hpp"
#include "core/dump/dump_error.hpp"
#include "core/source/sibling_dump.hpp"
#include "views/core_selector.hpp"
#include "views/kernel_cores.hpp"
#include "views/kernel_strip.hpp"
#include "views/plan_session.hpp"
#include "views/title_bar.hpp"

#include <QBoxLayout>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>

#include <algorithm>

namespace memlens {

void MainWindow::buildKernelWidgets()
{
    cores_ = new KernelCores(this);
    // The core selector lists every core's scopes: it takes the scope selector's place. One goes
    // before the other comes (showing a widget lays its parent out at once: both at a time would
    // widen the window for a moment, and it stays wider).
    const auto several = [this] { return cores_->cores().size() > 1; };
    connect(cores_, &KernelCores::changed, this, [this, several] {
        if (several())
            titleBar_->setScopeSelectorVisible(false);
    });
    coreSelector_ = new CoreSelector(cores_, session_, titleBar_);
    titleBar_->insertBeforeScope(coreSelector_);
    connect(cores_, &KernelCores::changed, this, [this, several] {
        if (!several())
            titleBar_->setScopeSelectorVisible(true);
    });
    QWidget* planPage = titleBar_->parentWidget(); // the plan's page of the central area (the run has the other)
    kernelStrip_ = new KernelStrip(cores_, session_, planPage);
    auto* layout = static_cast<QBoxLayout*>(planPage->layout());
    layout->insertWidget(layout->indexOf(titleBar_) + 1, kernelStrip_); // right under the title bar
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, [this](const QString& path) {
        if (cores_->contains(path) && !changedOnDisk_.contains(path))
            changedOnDisk_ << path;
    });
    connect(coreSelector_, &CoreSelector::chosen, this, &MainWindow::showCore);
    connect(kernelStrip_, &KernelStrip::chosen, this, &MainWindow::showCore);
}

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
    cores_->setFolder(QFileInfo(folder).absoluteFilePath(), files);
    settings_->setValue(SettingId::LastOpenDir, QFileInfo(folder).absoluteFilePath());
    kernelShowFirst_ = showFirst.isEmpty() ? QString() : QFileInfo(showFirst).absoluteFilePath();
    kernelPending_ = files;
    // The dump on show is one of them: kept as it is, not read again.
    const QString shownPath = QFileInfo(currentFile_).absoluteFilePath();
    if (const auto shown = session_->sharedDocument(); shown && shownVersion_.isEmpty() && files.contains(shownPath)) {
        cores_->setDocument(shownPath, shown);
        kernelPending_.removeAll(shownPath);
    }
    loadNextCore();
}

void MainWindow::reloadKernel()
{
    kernelShowFirst_ = currentFile_;
    kernelPending_.clear();
    for (const KernelCores::Core& core : cores_->cores())
        kernelPending_ << core.path;
    loadNextCore();
}

void MainWindow::loadNextCore()
{
    // The cores are loaded one after the other on the loader, then the one to show is shown.
    if (!kernelPending_.isEmpty()) {
        openDump(kernelPending_.front());
        return;
    }
    const QString show = cores_->documentOf(kernelShowFirst_) ? kernelShowFirst_ : cores_->worstCore();
    kernelShowFirst_.clear();
    if (!show.isEmpty())
        showCore(show, -1);
    if (const PlanDocument* shown = session_->document(); shown && !cores_->notes().isEmpty())
        showDocumentMessage(*shown, QString()); // says the kernel's notes first
}

bool MainWindow::takeCoreLoad(const QString& path, const std::shared_ptr<const PlanDocument>& document)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!kernelPending_.contains(absolute) || absolute == shownCorePath_)
        return false;
    cores_->setDocument(absolute, document);
    kernelPending_.removeAll(absolute);
    loadingFile_.clear();
    loadNextCore();
    return true;
}

void MainWindow::stopKernelLoad(const QString& failedPath)
{
    // A core that cannot be read stops the kernel's load; the cores read so far stay selectable.
    if (kernelPending_.contains(QFileInfo(failedPath).absoluteFilePath()))
        kernelPending_.clear();
}

void MainWindow::showCore(const QString& path, int scopeIndex)
{
    const auto document = cores_->documentOf(path);
    if (!document)
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute != QFileInfo(currentFile_).absoluteFilePath() || session_->document() != document.get()) {
        // Shown as a load of it is shown (history, watch, reload delta), without reading it again.
        shownCorePath_ = absolute;
        loadingFile_ = absolute;
        onLoaded(document);
        shownCorePath_.clear();
    }
    for (const KernelCores::Core& core : cores_->cores())
        watchFile(core.path); // every core's file, not only the one on show
    cores_->setCurrent(absolute);
    if (scopeIndex >= 0)
        session_->setScopeIndex(scopeIndex);
}

void MainWindow::selectNextOverCapacityInKernel()
{
    const KernelCores::Place from{cores_->indexOf(currentFile_), session_->scopeIndex(), session_->selectedBlock()};
    const auto next = cores_->nextOverCapacity(from);
    if (!next) {
        statusLabel_->setText(tr("No block of any core ends above capacity."));
        return;
    }
    const KernelCores::Core& core = cores_->cores()[static_cast<std::size_t>(next->core)];
    if (core.path != QFileInfo(currentFile_).absoluteFilePath() || next->scope != session_->scopeIndex())
        showCore(core.path, next->scope);
    session_->selectBlock(next->block);
}

void MainWindow::captureOtherCores(const std::vector<std::string>& writtenNames)
{
    // The core on show is kept by the window's own capture; the others here, as soon as they are written.
    const QString shown = QFileInfo(currentFile_).absoluteFilePath();
    for (const KernelCores::Core& core : cores_->cores())
        if (core.path != shown
            && std::find(writtenNames.begin(), writtenNames.end(), QFileInfo(core.path).fileName().toStdString())
                != writtenNames.end())
            history_->capture(core.path);
}

bool MainWindow::kernelChangedOnDisk()
{
    if (!cores_->active())
        return false;
    QStringList names;
    for (const QString& path : std::exchange(changedOnDisk_, {})) {
        if (QFileInfo::exists(path))
            watchFile(path); // rewritten by replacing the file: watch the new one
        if (!folderNotifier_)
            history_->capture(path);
        names << QFileInfo(path).fileName().toHtmlEscaped();
    }
    if (!names.isEmpty())
        messageBar_->showMessage(MessageBar::Kind::Warning,
            tr("%1 of the kernel changed on disk (the compiler rewrites them on every compile).")
                .arg(names.join(QStringLiteral(", "))),
            {{tr("Reload"), [this] { reload(); }}}); // every core
    return true;
}

bool MainWindow::showScopeOfKernel(const QString& scope)
{
    for (const KernelCores::Core& core : cores_->cores())
        for (std::size_t i = 0; core.document && i < core.document->dump.scopes.size(); ++i)
            if (QString::fromStdString(core.document->dump.scopes[i].scope) == scope) {
                showCore(core.path, static_cast<int>(i));
                return true;
            }
    return false;
}

void MainWindow::offerOtherHalf(const QString& path)
{
    if (cores_->contains(path))
        return;
    const auto sibling = siblingDumpPath(path.toStdString());
    if (!sibling || !QFileInfo::exists(QString::fromStdString(*sibling)))
        return;
    const QString folder = QFileInfo(path).absolutePath();
    if (settings_->value(SettingId::OpenBothOfPair).toBool()) {
        openFolder(folder, path);
        return;
    }
    if (!messageBar_->isHidden())
        return; // a warning about this dump comes first
    const QString other = QFileInfo(QString::fromStdString(*sibling)).fileName();
    messageBar_->showMessage(MessageBar::Kind::Info,
        tr("%1 beside this dump is the kernel's other core.").arg(other.toHtmlEscaped()),
        {{tr("Open Both"), [this, folder, path] { openFolder(folder, path); }},
            {tr("Always Open Both"), [this, folder, path] {
                 settings_->setValue(SettingId::OpenBothOfPair, true);
                 openFolder(folder, path);
             }}});
}

void MainWindow::chooseAndCompareFolder()
{
    const QString mine = cores_->active() ? cores_->folder() : QFileInfo(currentFile_).absolutePath();
    const QString other = QFileDialog::getExistingDirectory(
        this, tr("Compare the Kernel in %1 With the One in").arg(QFileInfo(mine).fileName()), mine);
    if (!other.isEmpty())
        compareFolders(mine, other);
}

CompareWindow* MainWindow::compareFolders(const QString& folderA, const QString& folderB)
{
    // Every core both folders have, each in its own compare view; a folder with a dump compares that core.
    const auto filesOf = [](const QString& path) {
        QStringList files;
        if (!QFileInfo(path).isDir())
            return QStringList{path};
        try {
            for (const std::string& file : dumpFilesInFolder(path.toStdString()))
                files << QString::fromStdString(file);
        } catch (const std::exception&) {
        }
        return files;
    };
    const QStringList a = filesOf(folderA);
    const QStringList b = filesOf(folderB);
    CompareWindow* first = nullptr;
    QStringList alone;
    for (const QString& fileA : a) {
        const QString name = QFileInfo(fileA).fileName();
        const auto match = std::find_if(
            b.begin(), b.end(), [&](const QString& fileB) { return QFileInfo(fileB).fileName() == name; });
        if (match == b.end()) {
            alone << name;
            continue;
        }
        CompareWindow* window = compareFiles(fileA, *match);
        first = first ? first : window;
    }
    if (!first)
        messageBar_->showMessage(MessageBar::Kind::Error,
            tr("<b>Nothing to compare:</b> %1 and %2 have no dump of the same core.")
                .arg(folderA.toHtmlEscaped(), folderB.toHtmlEscaped()));
    else if (!alone.isEmpty())
        statusLabel_->setText(
            tr("Compared core by core; only in %1: %2").arg(folderA, alone.join(QStringLiteral(", "))));
    return first;
}

} // namespace memlens
