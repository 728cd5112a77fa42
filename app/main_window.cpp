#include "app/main_window.hpp"
#include "core/run/run_inputs.hpp"
#include "views/run/run_view.hpp"

#include "app/app_settings.hpp"
#include "app/diagnosis_dock.hpp"
#include "app/document_loader.hpp"
#include "app/dump_history.hpp"
#include "app/export_controller.hpp"
#include "app/history_menu.hpp"
#include "app/kernel_session.hpp"
#include "app/load_progress.hpp"
#include "app/message_bar.hpp"
#include "app/open_file_watch.hpp"
#include "app/version_trail.hpp"
#include "core/base/cancellation.hpp"
#include "core/dump/dump_display_name.hpp"
#include "core/source/file_finder.hpp"
#include "core/text/terminal_text.hpp"
#include "views/chart/address_strip_widget.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"
#include "views/scope_text.hpp"
#include "views/source/source_panes.hpp"
#include "views/table/block_details_panel.hpp"
#include "views/table/block_table_panel.hpp"
#include "views/title_bar.hpp"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QScreen>
#include <QStatusBar>

#include <algorithm>

// The icons live in memlens_app, a static library: register them explicitly.
static void initMemlensResources() { Q_INIT_RESOURCE(memlens); }

namespace memlens {

namespace {
// A kernel name in the window title is cut here (the title bar elides the rest).
constexpr std::size_t kMaxTitleKernelBytes = 120;
} // namespace

MainWindow::MainWindow(AppSettings* settings, QWidget* parent)
    : QMainWindow(parent)
    , ownSettings_(settings ? nullptr : std::make_unique<AppSettings>())
    , settings_(settings ? settings : ownSettings_.get())
    , session_(new PlanSession(this))
    , loader_(new DocumentLoader(this))
    , loadOptions_(*settings_)
    , watch_(new OpenFileWatch(this))
    , trail_(new VersionTrail(settings_, session_, this))
{
    initMemlensResources();
    setWindowIcon(QIcon(QStringLiteral(":/memlens/memlens.svg")));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks | QMainWindow::AllowTabbedDocks);
    buildCentralArea();
    kernel_ = new KernelSession(
        session_, views_.titleBar, [this](const QString& path) { openDump(path); }, this);
    buildDocks();
    exporter_ = new ExportController(session_, views_.chart, views_.table, settings_, this);
    buildMenus();
    buildStatusBar();
    run_ = new RunPage(this, views_.pages, docks(), views_.statusLabel, views_.messageBar);
    connectParts();
    applyChartFontSize();
    restoreLayout();
    updateActions();
    updateWindowTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildStatusBar()
{
    views_.progress = new LoadProgress(loader_, this);
    views_.statusLabel = new QLabel(this);
    // A long IR path is cut rather than widen the window (the tooltip says where the IR came from).
    views_.statusLabel->setMinimumWidth(1);
    views_.statusLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addWidget(views_.statusLabel, 1);
    statusBar()->addPermanentWidget(views_.progress);
}

void MainWindow::connectParts()
{
    loader_->setSnapshotDir(trail_->history()->directory());
    connect(loader_, &DocumentLoader::versionKept, trail_->history(), &DumpHistory::record);
    connect(loader_, &DocumentLoader::loaded, this,
        [this](int, std::shared_ptr<const PlanDocument> document) { onLoaded(std::move(document)); });
    connect(loader_, &DocumentLoader::failed, this,
        [this](int, const QString& path, const QString& message) { onLoadFailed(path, message); });
    connect(views_.progress, &LoadProgress::cancelRequested, this, &MainWindow::cancelLoading);
    connect(views_.titleBar, &TitleBar::capacityEdited, this, &MainWindow::onCapacityEdited);
    connect(run_, &RunPage::rowOpened, this, &MainWindow::openRunRow);
    connect(run_, &RunPage::pageChanged, this, &MainWindow::updateWindowTitle);
    connect(exporter_, &ExportController::exported, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
    });
    connect(exporter_, &ExportController::exportStarted, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Writing %1…").arg(QDir::toNativeSeparators(path)));
        updateActions();
    });
    connect(exporter_, &ExportController::exportEnded, this, [this] {
        if (statusBar()->currentMessage().startsWith(tr("Writing ")))
            statusBar()->clearMessage(); // a failure says so in its own box
        updateActions();
    });
    connect(session_, &PlanSession::documentChanged, this, &MainWindow::updateActions);
    // History judges the versions it captures as the window does: its capacities, the IR on show's target.
    connect(session_, &PlanSession::documentChanged, this, [this] {
        const PlanDocument* document = session_->document();
        trail_->history()->setCapacityRule(loadOptions_.capacityRule(document ? document->target : std::nullopt));
    });
    connect(session_, &PlanSession::selectedBlockChanged, this, [this] { updateActions(); });
    connect(watch_, &OpenFileWatch::fileChanged, kernel_, &KernelSession::noteChanged);
    connect(watch_, &OpenFileWatch::changeSettled, this, &MainWindow::onFileChangedOnDisk);
    connect(watch_, &OpenFileWatch::folderWritten, this, &MainWindow::onFolderWritten);
    connect(kernel_, &KernelSession::coreToShow, this, &MainWindow::showCore);
    connect(kernel_, &KernelSession::coreReady, this, [this] { loadingFile_.clear(); });
    connect(kernel_, &KernelSession::coresLoaded, this, [this] {
        if (const PlanDocument* shown = session_->document(); shown && !kernel_->cores()->notes().isEmpty())
            showDocumentMessage(*shown, QString()); // says the kernel's notes first
    });
    connect(trail_, &VersionTrail::statusMessage, views_.statusLabel, &QLabel::setText);
    connectHistory();
}

void MainWindow::connectHistory()
{
    trail_->setLoading({[this](const QString& dumpPath) { return loadOptions_.optionsFor(dumpPath); },
        [this](const QString& path, const LoadOptions& options) {
            loadingFile_ = path;
            loader_->load(path, options, settings_->capacitiesByKernel());
        }});
    connect(trail_, &VersionTrail::versionShown, this,
        [this](std::shared_ptr<const PlanDocument> document, const QString& versionText) {
            views_.titleBar->setVersionText(versionText);
            session_->setDocument(document);
            showDocumentMessage(*document, QString());
        });
    // The bar a reload shows with what changed, and the way to the compare view.
    connect(
        trail_, &VersionTrail::reloadDescribed, this, [this](const QString& bar, bool changed, const QString& change) {
            QList<QPair<QString, std::function<void()>>> actions;
            if (changed)
                actions.append({tr("Compare Before and After"), [this] { trail_->compareWithPrevious(); }});
            showDocumentMessage(*session_->document(), bar, actions);
            emit reloadDeltaShown(changed ? change : QString());
        });
    connect(historyMenu(), &HistoryMenu::versionChosen, trail_, &VersionTrail::openVersion);
    connect(historyMenu(), &HistoryMenu::latestChosen, this, &MainWindow::reload);
    connect(historyMenu(), &HistoryMenu::compareWithCurrentChosen, this,
        [this](const DumpVersion& version) { compareFiles(version.snapshotPath, version.dumpPath); });
    connect(history(), &DumpHistory::versionAdded, this, [this](const DumpVersion& version) {
        if (version.dumpPath == QFileInfo(currentFile_).absoluteFilePath())
            historyMenu()->rebuild();
    });
}

void MainWindow::openDump(const QString& path)
{
    if (QFileInfo(path).isDir()) {
        // A folder without memory_info*.json of its own is a run: its kernels in the Run view.
        if (isRunFolder(path.toStdString()))
            openRun(path);
        else
            openFolder(path);
        return;
    }
    showPlanPage();
    loadingFile_ = path;
    watch_->loadStarts(path);
    views_.statusLabel->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    loader_->load(path, loadOptions_.optionsFor(path), settings_->capacitiesByKernel());
}

void MainWindow::cancelLoading()
{
    if (!loader_->isBusy())
        return;
    loader_->cancel(); // stops the parse; nothing is delivered
    const QString name = QFileInfo(loadingFile_).fileName();
    loadingFile_.clear();
    views_.statusLabel->setText(tr("Loading %1 cancelled").arg(name));
}

void MainWindow::reload()
{
    if (kernel_->cores()->active()) { // every core of the kernel
        kernel_->startReload(currentFile_);
        return;
    }
    if (!currentFile_.isEmpty())
        openDump(currentFile_);
}

void MainWindow::closeDump()
{
    loader_->cancel();
    loadingFile_.clear();
    if (!currentFile_.isEmpty())
        watch_->unwatch(currentFile_);
    currentFile_.clear();
    trail_->setShownVersion(QString());
    trail_->menu()->setDump(QString()); // the versions are of the dump closed
    views_.titleBar->setVersionText(QString());
    kernel_->cancelLoading();
    kernel_->cores()->clear();
    session_->clear();
    views_.messageBar->dismiss();
    views_.statusLabel->clear();
    updateWindowTitle();
}

void MainWindow::openIrFile(const QString& irPath)
{
    if (currentFile_.isEmpty())
        return;
    settings_->setIrFileFor(currentFile_, irPath);
    reload();
}

void MainWindow::openLogFile(const QString& logPath)
{
    if (currentFile_.isEmpty())
        return;
    settings_->setLogFileFor(currentFile_, logPath);
    reload();
}

void MainWindow::showScope(const QString& scope)
{
    const PlanDocument* document = session_->document();
    for (std::size_t i = 0; document && i < document->dump.scopes.size(); ++i)
        if (QString::fromStdString(document->dump.scopes[i].scope) == scope) {
            session_->setScopeIndex(static_cast<int>(i));
            return;
        }
    if (kernel_->showScope(scope)) // another core's (memlens DIR --scope cbuf)
        return;
    views_.statusLabel->setText(tr("The dump has no scope \"%1\".").arg(scope));
}

void MainWindow::onLoaded(std::shared_ptr<const PlanDocument> document)
{
    const QString path = loadingFile_;
    if (trail_->takeLoad(path, document, currentFile_)) { // an earlier version, from its copy
        updateWindowTitle();
        emit documentShown(path);
        return;
    }
    if (kernel_->takeLoad(path, document)) // one of the kernel's cores: the next loads
        return;
    if (!kernel_->cores()->contains(loadingFile_))
        kernel_->cores()->clear(); // another dump: the kernel's folder is closed
    trail_->setShownVersion(QString());
    const bool reloaded = path == currentFile_;
    if (!currentFile_.isEmpty() && !reloaded)
        watch_->unwatch(currentFile_);
    currentFile_ = path;
    watch_->loadShown(path);
    std::shared_ptr<const PlanDocument> before = reloaded ? session_->sharedDocument() : nullptr;
    views_.titleBar->setVersionText(QString());
    // A filter typed for another dump would hide this one's blocks; a reload keeps it.
    if (!reloaded)
        views_.table->filterEdit()->clear();
    // Capacities the user set for this kernel were applied by the loader.
    session_->setDocument(document);
    settings_->addRecentFile(path);
    settings_->setValue(SettingId::LastOpenDir, QFileInfo(path).absolutePath());
    watch_->watch(path);
    // What the bar said was about the dump on show before; this one's warnings replace it.
    showDocumentMessage(*document, QString());
    trail_->track(before, document);
    views_.statusLabel->setToolTip(QString::fromStdString(document->irNote));
    views_.statusLabel->setText(documentStatusText(*document));
    trail_->menu()->setDump(QFileInfo(path).absoluteFilePath());
    updateWindowTitle();
    emit documentShown(path);
    offerOtherHalf(path);
}

void MainWindow::onLoadFailed(const QString& path, const QString& message)
{
    kernel_->stopLoading(path);
    const bool reloading = !currentFile_.isEmpty() && path == currentFile_;
    views_.statusLabel->setText(
        (reloading ? tr("Could not reload %1") : tr("Could not open %1")).arg(QFileInfo(path).fileName()));
    QList<QPair<QString, std::function<void()>>> actions;
    actions.append({tr("Try Again"), [this, path] { openDump(path); }});
    const QString keep = currentFile_.isEmpty()
        ? QString()
        : tr("<br>Still showing %1.").arg(QFileInfo(currentFile_).fileName().toHtmlEscaped());
    const QString what = reloading            ? tr("Could not reload the dump.")
        : trail_->history()->isSnapshot(path) ? tr("Could not open the earlier version.")
                                              : tr("Could not open the dump.");
    views_.messageBar->showMessage(
        MessageBar::Kind::Error, tr("<b>%1</b> %2%3").arg(what, message.toHtmlEscaped(), keep), actions);
    emit loadFailed(message);
}

void MainWindow::onCapacityEdited(const QString& scope, std::optional<quint64> bytes)
{
    const PlanDocument* document = session_->document();
    if (!document)
        return;
    settings_->setCapacityFor(
        QString::fromStdString(capacityOwner(document->dump.kernel, document->target)), scope, bytes);
    reapplyCapacities();
}

void MainWindow::reapplyCapacities()
{
    const PlanDocument* document = session_->document();
    if (!document)
        return;
    auto adjusted = std::make_shared<PlanDocument>(*document); // shares the plan
    rejudge(*adjusted, loadOptions_.capacitySettingsFor(*adjusted));
    // The same plan with another capacity: a zoomed-in view stays where it was.
    const DataWindow shown = views_.chart->mapping().window();
    const bool zoomed = !views_.chart->mapping().isFit();
    session_->setDocument(adjusted);
    kernel_->rejudgeCores(
        currentFile_, adjusted, [this](const PlanDocument& other) { return loadOptions_.capacitySettingsFor(other); });
    if (zoomed)
        views_.chart->setViewWindow(shown);
    else
        views_.chart->fitToPlan(); // the selection kept across the change must not zoom a view of the whole plan
}

void MainWindow::onFolderWritten(const std::vector<std::string>& writtenNames)
{
    kernel_->keepWritten(writtenNames, currentFile_, *trail_->history());
    if (currentFile_.isEmpty())
        return;
    const std::string name = QFileInfo(currentFile_).fileName().toStdString();
    const auto written = std::count(writtenNames.begin(), writtenNames.end(), name);
    if (written == 0)
        return;
    trail_->history()->captureWritten(currentFile_); // now, before the next compile overwrites it
    if (written > 1) {
        const int missed = watch_->addMissedVersions(static_cast<int>(written - 1));
        views_.statusLabel->setText(
            tr("%n version(s) of %1 were overwritten before memlens could keep them", "", missed)
                .arg(QFileInfo(currentFile_).fileName()));
    }
}

void MainWindow::onFileChangedOnDisk()
{
    if (currentFile_.isEmpty())
        return;
    if (kernel_->cores()->active()) {
        QStringList names = kernel_->keepChangedOnDisk(*watch_, *trail_->history());
        for (QString& name : names)
            name = name.toHtmlEscaped();
        if (!names.isEmpty())
            views_.messageBar->showMessage(MessageBar::Kind::Warning,
                tr("%1 of the kernel changed on disk (the compiler rewrites them on every compile).")
                    .arg(names.join(QStringLiteral(", "))),
                {{tr("Reload"), [this] { reload(); }}}); // every core
        return;
    }
    // Rewritten by replacing the file: the watcher lost it; watch the new one.
    if (QFileInfo::exists(currentFile_))
        watch_->watch(currentFile_);
    if (!watch_->hearsFolder())
        trail_->history()->capture(currentFile_); // kept even if never reloaded: the next compile overwrites it
    if (watch_->showsCurrent(currentFile_))
        return; // what is on show was read after this change
    const QString name = QFileInfo(currentFile_).fileName();
    views_.messageBar->showMessage(MessageBar::Kind::Warning,
        tr("%1 changed on disk (the compiler rewrites it on every compile).").arg(name.toHtmlEscaped()),
        {{tr("Reload"), [this] { reload(); }}});
}

void MainWindow::selectNextOverCapacity()
{
    if (kernel_->cores()->cores().size() > 1) {
        if (!kernel_->selectNextOverCapacity(currentFile_))
            views_.statusLabel->setText(tr("No block of any core ends above capacity."));
        return;
    }
    if (!session_->selectNextOverCapacity())
        views_.statusLabel->setText(tr("No block ends above capacity."));
}

void MainWindow::updateActions()
{
    const bool hasDocument = session_->document() != nullptr;
    for (QAction* action : menus_.documentActions)
        action->setEnabled(hasDocument);
    for (QAction* action : menus_.exportActions)
        action->setEnabled(hasDocument && !exporter_->exporting());
}

void MainWindow::updateWindowTitle()
{
    const PlanDocument* document = session_->document();
    if (run_ && run_->shown() && !run_->view()->runPath().isEmpty()) {
        setWindowTitle(tr("Run %1 — memlens").arg(QFileInfo(run_->view()->runPath()).fileName()));
        return;
    }
    if (!document) {
        setWindowTitle(QStringLiteral("memlens"));
        return;
    }
    const QString kernel = document->dump.kernel.empty()
        ? tr("(unnamed kernel)")
        : QString::fromStdString(shortenedText(document->dump.kernel, kMaxTitleKernelBytes));
    // A kernel's folder whose cores run different kernels is named by all of them, as inspect names it.
    const QString kernels = kernel_->cores()->differentKernels();
    QString file = QString::fromStdString(dumpDisplayName(currentFile_.toStdString()));
    if (const DumpVersion* version = trail_->history()->versionAt(trail_->shownVersion()))
        file += tr(" (version of %1)").arg(version->written.toString(QStringLiteral("HH:mm:ss.zzz")));
    setWindowTitle(tr("%1 — %2 — memlens").arg(kernels.isEmpty() ? kernel : kernels, file));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // A window wider or taller than its screen (pushed by some widget) is remembered at
    // most as large as the screen: the next start would open it past the screen again.
    if (const QScreen* screen = this->screen()) {
        const QSize fitting = size().boundedTo(screen->availableGeometry().size() - (frameGeometry().size() - size()));
        if (fitting != size())
            resize(fitting.expandedTo(minimumSizeHint()));
    }
    settings_->setValue(SettingId::WindowGeometry, saveGeometry());
    settings_->setValue(SettingId::WindowState, saveState(kLayoutVersion));
    settings_->sync();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && !event->mimeData()->urls().isEmpty()
        && event->mimeData()->urls().front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile())
        return;
    const QString path = urls.front().toLocalFile();
    // An IR file dropped onto an open dump attaches to it; anything else opens as a dump.
    if (!currentFile_.isEmpty() && looksLikeIrFile(path.toStdString()))
        openIrFile(path);
    else if (!currentFile_.isEmpty() && (path.endsWith(QLatin1String(".log")) || path.endsWith(QLatin1String(".txt"))))
        openLogFile(path); // a compile log names the open dump's ops
    else
        openDump(path);
    event->acceptProposedAction();
}

} // namespace memlens
