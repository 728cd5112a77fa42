// MainWindow: the Run view (File > Open Run…, a run folder dropped or named on the command
// line). The window shows either the plan (with its docks) or the run; a row opens its
// kernel's plan, Back (Alt+Left) returns to the run as it was left.
#include "app/main_window.hpp"

#include "app/app_settings.hpp"
#include "app/document_loader.hpp"
#include "app/kernel_session.hpp"
#include "app/message_bar.hpp"
#include "core/run/run_inputs.hpp"
#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"
#include "views/run/run_view.hpp"
#include "views/table/block_table_panel.hpp"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QToolButton>

namespace memlens {

void MainWindow::buildRunView()
{
    run_.view = new RunView(views_.pages);
    run_.view->setContentsMargins(6, 6, 6, 0);
    views_.pages->addWidget(run_.view);
    connect(run_.view, &RunView::rowOpened, this, &MainWindow::openRunRow);
    connect(run_.view, &RunView::runShown, this, [this](const QString& path) {
        statusBar()->showMessage(
            tr("Run %1 read: click a row (or press Enter) to open its plan").arg(QDir::toNativeSeparators(path)), 8000);
        updateWindowTitle();
    });
    connect(run_.view, &RunView::runFailed, this, [this](const QString&, const QString& message) {
        views_.messageBar->showMessage(MessageBar::Kind::Error, message);
    });

    run_.backAction = new QAction(tr("◀ Back to Run"), this);
    run_.backAction->setObjectName(QStringLiteral("backToRunAction"));
    run_.backAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    run_.backAction->setToolTip(tr("Return to the run's table (Alt+Left)"));
    connect(run_.backAction, &QAction::triggered, this, &MainWindow::showRunPage);
    // In the File menu under Open Run… (and so in Help > Keyboard and Mouse), and beside the menus.
    QMenu* file = menuBar()->actions().isEmpty() ? nullptr : menuBar()->actions().front()->menu();
    if (auto* openRun = findChild<QAction*>(QStringLiteral("openRunAction")); file && openRun) {
        const QList<QAction*> actions = file->actions();
        QAction* before = actions.value(actions.indexOf(openRun) + 1);
        file->insertActions(before, {run_.backAction, run_.view->copyConfigsAction(), run_.view->saveConfigsAction()});
    }
    connect(run_.view, &RunView::configsWritten, this,
        [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(run_.view, &RunView::configsFailed, this,
        [this](const QString& message) { views_.messageBar->showMessage(MessageBar::Kind::Error, message); });
    connect(run_.view, &RunView::runShown, this, &MainWindow::updateRunActions);
    run_.backButton = new QToolButton(this);
    run_.backButton->setDefaultAction(run_.backAction);
    run_.backButton->setAutoRaise(true);
    menuBar()->setCornerWidget(run_.backButton, Qt::TopRightCorner);
    updateRunActions();
}

void MainWindow::chooseAndOpenRun()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Open Run"), settings_->value(SettingId::LastOpenDir).toString(), QFileDialog::ShowDirsOnly);
    if (!folder.isEmpty())
        openRun(folder);
}

void MainWindow::openRun(const QString& path)
{
    settings_->setValue(SettingId::LastOpenDir, QFileInfo(path).absoluteFilePath());
    run_.view->openRun(QFileInfo(path).absoluteFilePath(), loadOptions_.optionsFor(path));
    statusBar()->clearMessage(); // what the bar said was about the view on show before
    showRunPage();
}

void MainWindow::focusTableFilter()
{
    QLineEdit* filter = runShown() ? run_.view->filterEdit() : views_.table->filterEdit();
    if (!runShown()) {
        views_.tableDock->show();
        views_.tableDock->raise();
    }
    filter->setFocus(Qt::ShortcutFocusReason);
    filter->selectAll();
}

bool MainWindow::runShown() const { return views_.pages->currentWidget() == run_.view; }

void MainWindow::showRunPage()
{
    if (runShown())
        return;
    // The plan's docks belong to the plan: hidden while the run is on show, back with the plan.
    run_.docksHidden.clear();
    for (QDockWidget* dock : docks())
        if (dock->isVisible()) {
            run_.docksHidden << dock;
            dock->hide();
        }
    views_.pages->setCurrentWidget(run_.view);
    // The plan's status (its IR note, a load) is not the run's: hidden with the docks.
    statusBar()->clearMessage();
    views_.statusLabel->hide();
    run_.view->table()->setFocus();
    updateRunActions();
    updateWindowTitle();
}

void MainWindow::showPlanPage()
{
    if (!runShown())
        return;
    views_.pages->setCurrentIndex(0);
    statusBar()->clearMessage(); // a row's error or the run's note is not about the plan
    views_.statusLabel->show();
    for (QDockWidget* dock : run_.docksHidden)
        if (dock)
            dock->show();
    run_.docksHidden.clear();
    updateRunActions();
    updateWindowTitle();
}

void MainWindow::updateRunActions()
{
    const bool canGoBack = !runShown() && !run_.view->runPath().isEmpty();
    run_.backAction->setEnabled(canGoBack);
    run_.backAction->setVisible(canGoBack);
    run_.backButton->setVisible(canGoBack); // a tool button does not follow its action's visibility
    // The run's configs that fit: in the menu while the run is on show and has one.
    for (QAction* action : {run_.view->copyConfigsAction(), run_.view->saveConfigsAction()})
        action->setVisible(runShown() && run_.view->hasFittingConfigs()); // an action hidden is disabled too
}

void MainWindow::openRunRow(const RunRow& row)
{
    const QString file = QString::fromStdString(row.file);
    if (row.status == RowStatus::Error) { // the Run view's details pane shows the error whole
        statusBar()->showMessage(
            tr("%1 could not be read: %2").arg(QDir::toNativeSeparators(file), QString::fromStdString(row.error)),
            12000);
        return;
    }
    if (row.source == RowSource::CacheMetadata) {
        statusBar()->showMessage(
            tr("%1 has no plan to show: Triton's cache metadata holds only the UB figure the compiler printed. "
               "Keep the dumps (TRITON_MEMORY_DISPLAY=1, memlens watch --keep) to see it.")
                .arg(QString::fromStdString(row.kernel)),
            12000);
        return;
    }
    showPlanPage();
    const QFileInfo info(file);
    const bool mixHalf = info.fileName().startsWith(QLatin1String("memory_info_"))
        && QDir(info.absolutePath()).entryList({QStringLiteral("memory_info*.json")}, QDir::Files).size() > 1;
    // The kernel on show already (opened from this row before, then Back): the plan page
    // again as it was left, not a reload that says "the plan did not change". The file
    // watch reloads it if it changed meanwhile.
    const bool onShow = !mixHalf && session_->document() && !loader_->isBusy() && !kernel_->cores()->active()
        && QFileInfo(currentFile_) == info;
    if (onShow) {
        // nothing to load
    } else if (mixHalf) { // a mix kernel's half opens with its other half, as File > Open Folder… opens them
        openFolder(info.absolutePath(), info.absoluteFilePath());
    } else {
        openDump(info.absoluteFilePath());
    }
    updateRunActions();
}

} // namespace memlens
