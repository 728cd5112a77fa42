// The main window's layout: its central area (title bar, block chart, usage curve),
// its docks, where they go by default, how narrow they may get, and which saved
// layout is restored.
#include "app/app_settings.hpp"
#include "app/diagnosis_dock.hpp"
#include "app/main_window.hpp"
#include "app/message_bar.hpp"
#include "app/version_trail.hpp"
#include "core/document/plan_document.hpp"
#include "views/chart/address_strip_widget.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_panes.hpp"
#include "views/table/block_details_panel.hpp"
#include "views/table/block_table_panel.hpp"
#include "views/title_bar.hpp"

#include <QStatusBar>

#include <QActionGroup>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens {

namespace {
// Below these the docks cannot be read: values and buttons cut, source lines a few characters wide.
constexpr int kSideMinWidth = 280; // Block Details and Diagnosis, tabbed on the right
constexpr int kTableMinWidth = 300;
constexpr int kSourceMinWidth = 400; // two panes side by side
constexpr int kBottomMinHeight = 110;
// The usage curve says one thing (how full, op by op): it needs little height, the blocks need the rest.
constexpr int kUsageMinHeight = 84; // its legend, two axis labels and a plot between them
constexpr int kUsageMaxHeight = 150;
// The usage curve's share of the chart area, and the chart's height below which the curve keeps its least.
constexpr int kUsagePercent = 15;
constexpr int kChartComfortHeight = 320;

// The usage curve's height in a chart area `total` pixels tall: it yields before the block chart does.
int usageHeightFor(int total)
{
    const int share = std::clamp(total * kUsagePercent / 100, kUsageMinHeight, kUsageMaxHeight);
    return total - share >= kChartComfortHeight ? share : std::max(kUsageMinHeight, std::min(share, total / 5));
}
// Shares of the window the docks get by default: the chart keeps most of it. The right column
// runs the window's height: Diagnosis and Block Details (tabbed) over the Blocks table, which so
// gets the height for its rows; the source panes take the strip under the chart, its width theirs.
constexpr int kSidePercent = 26;
constexpr int kTableHeightPercent = 50; // of the right column
constexpr int kBottomPercent = 20;
} // namespace

void MainWindow::buildCentralArea()
{
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(4);
    views_.messageBar = new MessageBar(central);
    views_.titleBar = new TitleBar(session_, central);
    views_.chart = new BlockChartWidget(session_, central);
    views_.usage = new UsageChartView(session_, central);
    auto* splitter = new QSplitter(Qt::Vertical, central);
    splitter->addWidget(chartRow(central));
    splitter->addWidget(views_.usage);
    views_.usage->setMinimumHeight(kUsageMinHeight);
    views_.usage->setMaximumHeight(kUsageMaxHeight);
    // The block chart takes what the window gains or loses; the curve is sized by usageHeightFor.
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setChildrenCollapsible(false);
    views_.chartSplitter = splitter;
    splitter->installEventFilter(this);
    layout->addWidget(views_.messageBar);
    layout->addWidget(views_.titleBar);
    layout->addWidget(splitter, 1);
    views_.pages = new QStackedWidget(this);
    views_.pages->addWidget(central);
    setCentralWidget(views_.pages);
    // The usage curve follows the block chart's op range: on every zoom, and once
    // both have rebuilt for a new document (the usage curve rebuilds after the chart).
    connect(views_.chart, &BlockChartWidget::viewWindowChanged, views_.usage, &UsageChartView::setOpRange);
    connect(session_, &PlanSession::scopeChanged, views_.usage, [this] {
        const DataWindow& window = views_.chart->mapping().window();
        views_.usage->setOpRange(window.x0, window.x1);
        alignUsagePlot();
    });
    views_.chart->installEventFilter(this);
    views_.usage->installEventFilter(this);
}

// The block chart with the address snapshot at the cursor beside it.
QWidget* MainWindow::chartRow(QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    views_.strip = new AddressStripWidget(session_, row);
    views_.strip->setBankCount(settings_->value(SettingId::BankCount).toInt());
    views_.strip->setAddressFit(views_.chart->addressFit());
    layout->addWidget(views_.chart, 1);
    layout->addWidget(views_.strip);
    return row;
}

void MainWindow::alignUsagePlot()
{
    // An op sits at the same x in both charts, so the time cursors line up.
    const QRectF plot = views_.chart->mapping().plotRect();
    const QPoint offset
        = views_.chart->mapTo(centralWidget(), QPoint(0, 0)) - views_.usage->mapTo(centralWidget(), QPoint(0, 0));
    views_.usage->alignPlot(plot.left() + offset.x(), plot.right() + offset.x());
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if ((watched == views_.chart || watched == views_.usage) && event->type() == QEvent::Resize)
        QTimer::singleShot(0, this, &MainWindow::alignUsagePlot); // after both have their new size
    if (watched == views_.chartSplitter && event->type() == QEvent::Resize)
        QTimer::singleShot(0, this, [this] { // after the splitter's own share-out
            const int total = views_.chartSplitter->height() - views_.chartSplitter->handleWidth();
            views_.chartSplitter->setSizes({total - usageHeightFor(total), usageHeightFor(total)});
        });
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::buildDocks()
{
    views_.details = new BlockDetailsPanel(session_, this);
    views_.detailsDock = new QDockWidget(tr("Block Details"), this);
    views_.detailsDock->setObjectName(QStringLiteral("detailsDock"));
    views_.detailsDock->setWidget(views_.details);
    views_.detailsDock->setMinimumSize(kSideMinWidth, kBottomMinHeight);

    views_.table = new BlockTablePanel(session_, this);
    views_.tableDock = new QDockWidget(tr("Blocks"), this);
    views_.tableDock->setObjectName(QStringLiteral("tableDock"));
    views_.tableDock->setWidget(views_.table);
    views_.tableDock->setMinimumSize(kTableMinWidth, kBottomMinHeight);

    views_.sourcePanes = new SourcePanes(session_, this);
    connect(views_.sourcePanes, &SourcePanes::lineDescribed, this, [this](const QString& text) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(text);
    });
    views_.sourceDock = new QDockWidget(tr("Source: IR | Python"), this);
    views_.sourceDock->setObjectName(QStringLiteral("sourceDock"));
    views_.sourceDock->setWidget(views_.sourcePanes);
    views_.sourceDock->setMinimumSize(kSourceMinWidth, kBottomMinHeight);
    // The title names the compile log's pane too while it shows.
    connect(session_, &PlanSession::documentChanged, views_.sourceDock, [this] {
        const PlanDocument* document = session_->document();
        views_.sourceDock->setWindowTitle(
            document && document->log ? tr("Source: IR | Python | Log IR") : tr("Source: IR | Python"));
    });

    connect(
        views_.sourcePanes, &SourcePanes::fileLocated, this, [this](const QString& original, const QString& located) {
            // Remember the answer as a prefix substitution (folder to folder) and reload.
            QString from = QFileInfo(original).path();
            QString to = QFileInfo(located).path();
            settings_->addSubstitution(from, to);
            reload();
        });
    connect(views_.sourcePanes, &SourcePanes::openIrRequested, this, &MainWindow::chooseIrFile);
    views_.diagnosisDock = new DiagnosisDock(session_, history(), settings_, this);
    views_.diagnosisDock->setMinimumSize(kSideMinWidth, kBottomMinHeight);
    connect(views_.diagnosisDock, &DiagnosisDock::pythonLinesChosen, views_.sourcePanes, &SourcePanes::showPythonLines);
    connect(views_.diagnosisDock, &DiagnosisDock::statusMessage, this,
        [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    // Block Details and Diagnosis share the right column: the one that has something to say comes forward.
    connect(session_, &PlanSession::selectedBlockChanged, this, [this](int block) {
        if (!tabifiedDockWidgets(views_.detailsDock).contains(views_.diagnosisDock))
            return;
        if (block >= 0)
            views_.detailsDock->raise();
        else
            views_.diagnosisDock->raise();
    });
    // A source line filters the table: the table comes forward wherever the user has put it.
    connect(session_, &PlanSession::highlightChanged, this, [this] {
        if (!session_->highlightedLine().isEmpty() && !views_.tableDock->isFloating())
            views_.tableDock->raise();
    });
    arrangeDocks();
}

QList<QDockWidget*> MainWindow::docks() const
{
    return {views_.detailsDock, views_.tableDock, static_cast<QDockWidget*>(views_.diagnosisDock), views_.sourceDock};
}

void MainWindow::arrangeDocks()
{
    // On the right the diagnosis with the block details as a tab, the table under them; below the
    // chart the sources.
    for (QDockWidget* dock : docks()) {
        dock->setFloating(false);
        removeDockWidget(dock);
    }
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea); // the right column to the window's foot
    addDockWidget(Qt::RightDockWidgetArea, views_.diagnosisDock);
    addDockWidget(Qt::RightDockWidgetArea, views_.tableDock);
    // Split before the tab is made: a dock split off a tabbed one would become another tab.
    splitDockWidget(views_.diagnosisDock, views_.tableDock, Qt::Vertical);
    tabifyDockWidget(views_.diagnosisDock, views_.detailsDock);
    addDockWidget(Qt::BottomDockWidgetArea, views_.sourceDock);
    for (QDockWidget* dock : docks())
        dock->show();
    if (session_->selectedBlock() >= 0)
        views_.detailsDock->raise();
    else
        views_.diagnosisDock->raise();
}

void MainWindow::sizeDocks(QSize size)
{
    // At least the room for the table's name, size and how far over (a third of a small window).
    const int side
        = std::max({kSideMinWidth, kTableMinWidth, size.width() * kSidePercent / 100, std::min(340, size.width() / 3)});
    resizeDocks({views_.diagnosisDock, views_.tableDock}, {side, side}, Qt::Horizontal);
    resizeDocks({views_.diagnosisDock, views_.tableDock},
        {size.height() * (100 - kTableHeightPercent) / 100, size.height() * kTableHeightPercent / 100}, Qt::Vertical);
    resizeDocks({views_.sourceDock}, {std::max(kBottomMinHeight, size.height() * kBottomPercent / 100)}, Qt::Vertical);
}

void MainWindow::applyDefaultLayout()
{
    // First run: most of the screen, the source panes wider than the table
    // (they hold two files side by side).
    QSize size(1400, 900);
    if (QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.92).expandedTo(QSize(800, 560));
    resize(size);
    sizeDocks(size);
}

void MainWindow::resetLayout()
{
    arrangeDocks();
    sizeDocks(size());
    alignUsagePlot(); // the usage curve's plot follows the chart's new width
}

void MainWindow::restoreLayout()
{
    // A layout saved by an older version (without minimum widths) is not restored.
    const bool geometry = restoreGeometry(settings_->value(SettingId::WindowGeometry).toByteArray());
    const bool state = restoreState(settings_->value(SettingId::WindowState).toByteArray(), kLayoutVersion);
    if (!geometry || !state)
        applyDefaultLayout();
}

bool MainWindow::layoutSqueezed() const
{
    for (const QDockWidget* dock : docks()) {
        if (!dock->isVisible() || dock->isFloating())
            continue;
        if (dock->width() < dock->minimumWidth() || dock->height() < dock->minimumHeight())
            return true;
    }
    return false;
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (layoutChecked_)
        return;
    layoutChecked_ = true;
    // Once laid out: a restored layout that leaves a dock below its minimum is replaced by the default.
    QTimer::singleShot(0, this, [this] {
        if (layoutSqueezed())
            resetLayout();
    });
}

QList<QAction*> MainWindow::buildViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* fit = view->addAction(tr("&Fit Chart to Plan"), views_.chart, &BlockChartWidget::fitToPlan);
    fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    QAction* zoomIn = view->addAction(tr("Zoom &In"), views_.chart, [this] { views_.chart->zoomIn(); });
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOut = view->addAction(tr("Zoom &Out"), views_.chart, [this] { views_.chart->zoomOut(); });
    zoomOut->setShortcut(QKeySequence::ZoomOut);

    // Where a fit ends the address axis: a plan of a few bytes under a large capacity
    // is a blank chart at the capacity's scale.
    QMenu* axis = view->addMenu(tr("&Address Axis"));
    auto* fitGroup = new QActionGroup(this);
    const std::pair<AddressFit, QString> fits[] = {
        {AddressFit::Auto, tr("&Automatic (Fit Data Far Below Capacity)")},
        {AddressFit::Data, tr("Fit &Data")},
        {AddressFit::Capacity, tr("Fit &Capacity")},
    };
    for (const auto& [mode, text] : fits) {
        QAction* action = axis->addAction(text, this, [this, mode = mode] {
            views_.chart->setAddressFit(mode);
            views_.usage->setAddressFit(mode);
            views_.strip->setAddressFit(mode);
        });
        action->setCheckable(true);
        action->setChecked(mode == views_.chart->addressFit());
        action->setActionGroup(fitGroup);
        action->setObjectName(mode == AddressFit::Auto ? QStringLiteral("addressFitAuto")
                : mode == AddressFit::Data             ? QStringLiteral("addressFitData")
                                                       : QStringLiteral("addressFitCapacity"));
    }
    // The banks of the address snapshot beside the chart: a view of the chart, not a source setting.
    QAction* banks = view->addAction(tr("Address Snapshot &Banks…"), this, [this] {
        bool ok = false;
        const int count = QInputDialog::getInt(this, tr("Address Snapshot Banks"),
            tr("The snapshot divides the capacity into this many banks\n(48 banks of 4 KB for a 192 KB Unified "
               "Buffer):"),
            settings_->value(SettingId::BankCount).toInt(), 1, 1024, 1, &ok);
        if (!ok)
            return;
        settings_->setValue(SettingId::BankCount, count);
        views_.strip->setBankCount(count);
    });
    banks->setObjectName(QStringLiteral("bankCountAction"));
    view->addSeparator();
    QAction* nextOver
        = view->addAction(tr("Select &Next Block Over Capacity"), this, &MainWindow::selectNextOverCapacity);
    nextOver->setShortcut(QKeySequence(Qt::Key_F8));
    QAction* clearCursor
        = view->addAction(tr("Clear Time &Cursor"), session_, [this] { session_->setCursorOp(std::nullopt); });
    // The filter of the table on show: the Run view's, else the Blocks table's.
    QAction* find = view->addAction(tr("&Filter Table"), this, &MainWindow::focusTableFilter);
    find->setObjectName(QStringLiteral("filterTableAction"));
    find->setShortcut(QKeySequence::Find);
    view->addSeparator();
    for (QDockWidget* dock : docks())
        view->addAction(dock->toggleViewAction());
    QAction* resetLayoutAction = view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    resetLayoutAction->setObjectName(QStringLiteral("resetLayoutAction"));
    return {fit, zoomIn, zoomOut, nextOver, clearCursor};
}

} // namespace memlens
