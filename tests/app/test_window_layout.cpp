#include "app_test_support.hpp"

#include "app/diagnosis_dock.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QTableView>
#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

QDockWidget* dockNamed(MainWindow& window, const char* name)
{
    return window.findChild<QDockWidget*>(QString::fromLatin1(name));
}

QAction* resetLayoutAction(MainWindow& window)
{
    return window.findChild<QAction*>(QStringLiteral("resetLayoutAction"));
}

void settle()
{
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();
}

} // namespace

TEST_CASE("docks cannot be dragged below a readable width", "[window][layout]")
{
    WindowFixture f;
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    settle();
    for (const char* name : {"detailsDock", "tableDock", "sourceDock"}) {
        QDockWidget* dock = dockNamed(*f.window, name);
        REQUIRE(dock);
        CHECK(dock->minimumWidth() >= 280);
        // What dragging a separator asks for: 60 px.
        f.window->resizeDocks({dock}, {60}, Qt::Horizontal);
        settle();
        INFO(name);
        CHECK(dock->width() >= dock->minimumWidth());
    }
    CHECK_FALSE(f.window->layoutSqueezed());
}

TEST_CASE("View > Reset Layout brings closed, floating and squeezed docks back", "[window][layout]")
{
    WindowFixture f;
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    settle();
    QDockWidget* details = dockNamed(*f.window, "detailsDock");
    QDockWidget* table = dockNamed(*f.window, "tableDock");
    QDockWidget* source = dockNamed(*f.window, "sourceDock");
    details->hide();
    table->setFloating(true);
    f.window->removeDockWidget(source);
    settle();
    REQUIRE_FALSE(details->isVisible());

    QAction* reset = resetLayoutAction(*f.window);
    REQUIRE(reset);
    reset->trigger();
    settle();
    CHECK(details->isVisible());
    CHECK(source->isVisible());
    CHECK_FALSE(table->isFloating());
    CHECK(f.window->dockWidgetArea(details) == Qt::RightDockWidgetArea);
    CHECK(f.window->dockWidgetArea(table) == Qt::RightDockWidgetArea);
    CHECK(f.window->dockWidgetArea(source) == Qt::BottomDockWidgetArea);
    // The diagnosis is a tab of the right column: it does not hide the table (and its line filter).
    CHECK(f.window->tabifiedDockWidgets(details).contains(f.window->diagnosisDock()));
    CHECK_FALSE(f.window->tabifiedDockWidgets(table).contains(f.window->diagnosisDock()));
    // The table under the right column's tabs; the sources under the chart, wider than the table.
    CHECK(source->width() > table->width());
    CHECK(table->geometry().left() > source->geometry().right());
    CHECK(table->geometry().top() > details->geometry().bottom());
    CHECK_FALSE(f.window->layoutSqueezed());
}

TEST_CASE("a saved layout is restored only when it is of this version", "[window][layout]")
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath("memlens.ini"));
    {
        MainWindow window(&settings);
        window.resize(1400, 900);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        window.findChild<QDockWidget*>(QStringLiteral("tableDock"))->hide();
        settle();
        window.close(); // saves the layout
    }
    {
        // The layout of this version comes back: the table stays closed.
        MainWindow window(&settings);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        settle();
        CHECK_FALSE(window.findChild<QDockWidget*>(QStringLiteral("tableDock"))->isVisible());
    }
    {
        // A layout saved before the docks had minimum widths (version 1) is not.
        MainWindow old(&settings);
        old.findChild<QDockWidget*>(QStringLiteral("tableDock"))->hide();
        settings.setValue(SettingId::WindowState, old.saveState(1));
        MainWindow window(&settings);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        settle();
        CHECK(window.findChild<QDockWidget*>(QStringLiteral("tableDock"))->isVisible());
    }
}

TEST_CASE("at 1024 x 700 the window keeps its size with every dock at a readable width", "[window][layout]")
{
    WindowFixture f;
    f.window->resize(1024, 700);
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    REQUIRE(f.open(QString::fromStdString(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string())));
    settle();
    CHECK(f.window->width() <= 1024);
    CHECK_FALSE(f.window->layoutSqueezed());
    // The scope and its verdict are not cut; the file name gives way instead.
    QComboBox* scopes = f.window->titleBar()->scopeCombo();
    CHECK(scopes->width() >= scopes->sizeHint().width());
}

TEST_CASE("the chart gets most of the window, and the window fits a 1366 x 768 laptop", "[window][layout]")
{
    WindowFixture f;
    REQUIRE(f.open(memlens::test::layerNormDump("block16384")));
    settle();
    // The usage curve says how full, op by op: a strip, never taller than the block chart.
    for (const QSize size : {QSize(1024, 700), QSize(1400, 900), QSize(1920, 1080)}) {
        f.window->resize(size);
        f.window->resetLayout();
        settle();
        INFO(size.width() << "x" << size.height());
        CHECK(f.window->height() <= size.height());
        CHECK(f.window->chart()->height() >= f.window->height() * 30 / 100);
        CHECK(f.window->chart()->height() > 2 * f.window->usageChart()->height());
        CHECK(f.window->usageChart()->height() <= 150);
        CHECK_FALSE(f.window->layoutSqueezed());
    }
    // At 1400 x 900 the chart's plot itself (without its legend and axes) has nearly half the window.
    f.window->resize(QSize(1400, 900));
    f.window->resetLayout();
    settle();
    const double plotShare = f.window->chart()->mapping().plotRect().height() / f.window->height();
    INFO("plot " << f.window->chart()->mapping().plotRect().height() << " px of " << f.window->height());
    CHECK(plotShare >= 0.45);
    // A window down to about 800 x 560 (a laptop's screen less the panel and the title).
    const QSize smallest = f.window->minimumSizeHint().expandedTo(f.window->minimumSize());
    CHECK(smallest.width() <= 800);
    CHECK(smallest.height() <= 560);
}

TEST_CASE("the Blocks table gets the height for its rows at every size", "[window][layout][table]")
{
    WindowFixture f;
    REQUIRE(f.open(memlens::test::layerNormDump("block16384"))); // 17 blocks, none selected
    settle();
    auto* table = f.window->findChild<BlockTablePanel*>();
    REQUIRE(table);
    // Rows the table shows whole: its viewport's height over a row's.
    const auto rowsShown = [&] {
        QTableView* view = table->tableView();
        return view->viewport()->height() / std::max(1, view->verticalHeader()->defaultSectionSize());
    };
    for (const auto& [size, rows] : {std::pair{QSize(1024, 700), 6}, {QSize(1400, 900), 11}, {QSize(1920, 1080), 14}}) {
        f.window->resize(size);
        f.window->resetLayout();
        settle();
        INFO(size.width() << "x" << size.height() << ": " << rowsShown() << " rows");
        CHECK(rowsShown() >= rows);
        // The size and how far over come right after the name, whole in the dock's width.
        QTableView* view = table->tableView();
        CHECK(view->columnViewportPosition(BlockTableModel::OverCapacityColumn)
                + view->columnWidth(BlockTableModel::OverCapacityColumn)
            <= view->viewport()->width());
        CHECK_FALSE(f.window->layoutSqueezed());
    }
}
