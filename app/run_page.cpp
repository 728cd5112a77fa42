#include "app/run_page.hpp"

#include "app/message_bar.hpp"
#include "core/run/run_row.hpp"
#include "views/run/run_view.hpp"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QToolButton>

namespace memlens {

RunPage::RunPage(
    QMainWindow* window, QStackedWidget* pages, QList<QDockWidget*> docks, QLabel* statusLabel, MessageBar* messageBar)
    : QObject(window)
    , window_(window)
    , pages_(pages)
    , docks_(std::move(docks))
    , statusLabel_(statusLabel)
    , view_(new RunView(pages))
{
    view_->setContentsMargins(6, 6, 6, 0);
    pages_->addWidget(view_);
    connect(view_, &RunView::rowOpened, this, &RunPage::rowOpened);
    connect(view_, &RunView::runShown, this, [this](const QString& path) {
        window_->statusBar()->showMessage(
            tr("Run %1 read: click a row (or press Enter) to open its plan").arg(QDir::toNativeSeparators(path)), 8000);
        emit pageChanged();
    });
    connect(view_, &RunView::runFailed, this, [messageBar](const QString&, const QString& message) {
        messageBar->showMessage(MessageBar::Kind::Error, message);
    });
    connect(view_, &RunView::configsWritten, this,
        [this](const QString& message) { window_->statusBar()->showMessage(message, 8000); });
    connect(view_, &RunView::configsFailed, this,
        [messageBar](const QString& message) { messageBar->showMessage(MessageBar::Kind::Error, message); });
    addActions();
    connect(view_, &RunView::runShown, this, &RunPage::updateActions);
    updateActions();
}

void RunPage::addActions()
{
    backAction_ = new QAction(tr("◀ Back to Run"), window_);
    backAction_->setObjectName(QStringLiteral("backToRunAction"));
    backAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    backAction_->setToolTip(tr("Return to the run's table (Alt+Left)"));
    connect(backAction_, &QAction::triggered, this, &RunPage::show);
    // In the File menu under Open Run… (and so in Help > Keyboard and Mouse), and beside the menus.
    QMenuBar* menuBar = window_->menuBar();
    QMenu* file = menuBar->actions().isEmpty() ? nullptr : menuBar->actions().front()->menu();
    if (auto* openRun = window_->findChild<QAction*>(QStringLiteral("openRunAction")); file && openRun) {
        const QList<QAction*> actions = file->actions();
        QAction* before = actions.value(actions.indexOf(openRun) + 1);
        file->insertActions(before, {backAction_, view_->copyConfigsAction(), view_->saveConfigsAction()});
    }
    backButton_ = new QToolButton(window_);
    backButton_->setDefaultAction(backAction_);
    backButton_->setAutoRaise(true);
    menuBar->setCornerWidget(backButton_, Qt::TopRightCorner);
}

bool RunPage::shown() const { return pages_->currentWidget() == view_; }

void RunPage::open(const QString& path, const LoadOptions& options)
{
    view_->openRun(path, options);
    window_->statusBar()->clearMessage(); // what the bar said was about the view on show before
    show();
}

void RunPage::show()
{
    if (shown())
        return;
    // The plan's docks belong to the plan: hidden while the run is on show, back with the plan.
    docksHidden_.clear();
    for (QDockWidget* dock : docks_)
        if (dock->isVisible()) {
            docksHidden_ << dock;
            dock->hide();
        }
    pages_->setCurrentWidget(view_);
    // The plan's status (its IR note, a load) is not the run's: hidden with the docks.
    window_->statusBar()->clearMessage();
    statusLabel_->hide();
    view_->table()->setFocus();
    updateActions();
    emit pageChanged();
}

void RunPage::showPlan()
{
    if (!shown())
        return;
    pages_->setCurrentIndex(0);
    window_->statusBar()->clearMessage(); // a row's error or the run's note is not about the plan
    statusLabel_->show();
    for (QDockWidget* dock : docksHidden_)
        if (dock)
            dock->show();
    docksHidden_.clear();
    updateActions();
    emit pageChanged();
}

void RunPage::updateActions()
{
    const bool canGoBack = !shown() && !view_->runPath().isEmpty();
    backAction_->setEnabled(canGoBack);
    backAction_->setVisible(canGoBack);
    backButton_->setVisible(canGoBack); // a tool button does not follow its action's visibility
    // The run's configs that fit: in the menu while the run is on show and has one.
    for (QAction* action : {view_->copyConfigsAction(), view_->saveConfigsAction()})
        action->setVisible(shown() && view_->hasFittingConfigs()); // an action hidden is disabled too
}

std::optional<RunPage::RowPlan> RunPage::planOf(const RunRow& row) const
{
    const QString file = QString::fromStdString(row.file);
    if (row.status == RowStatus::Error) { // the Run view's details pane shows the error whole
        window_->statusBar()->showMessage(
            tr("%1 could not be read: %2").arg(QDir::toNativeSeparators(file), QString::fromStdString(row.error)),
            12000);
        return std::nullopt;
    }
    if (row.source == RowSource::CacheMetadata) {
        window_->statusBar()->showMessage(
            tr("%1 has no plan to show: Triton's cache metadata holds only the UB figure the compiler printed. "
               "Keep the dumps (TRITON_MEMORY_DISPLAY=1, memlens watch --keep) to see it.")
                .arg(QString::fromStdString(row.kernel)),
            12000);
        return std::nullopt;
    }
    const QFileInfo info(file);
    // A mix kernel's half opens with its other half.
    const bool mixHalf = info.fileName().startsWith(QLatin1String("memory_info_"))
        && QDir(info.absolutePath()).entryList({QStringLiteral("memory_info*.json")}, QDir::Files).size() > 1;
    return RowPlan{info.absoluteFilePath(), mixHalf};
}

} // namespace memlens
