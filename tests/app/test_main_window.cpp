#include "app_test_support.hpp"
#include "support/shown_text.hpp"

#include "app/document_loader.hpp"
#include "app/message_bar.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"
#include "views/table/block_details_panel.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTableView>
#include <QTest>

#include <filesystem>

using namespace memlens;
using namespace memlens::test::shown;
using memlens::test::WindowFixture;

namespace {

QString overflowSample()
{
    return QString::fromStdString(memlens::test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string());
}
bool closeTo(QColor a, QColor b, int tolerance = 40)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) <= tolerance;
}

QPoint centreOfBlock(BlockChartWidget* chart, int blockIndex)
{
    const Block& block = chart->session()->scope()->blocks.at(static_cast<std::size_t>(blockIndex));
    return chart->mapping().blockPixelRect(block).center();
}

} // namespace

TEST_CASE("File > Open shows the title bar of the real overflow sample", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    TitleBar* title = f.window->titleBar();
    CHECK(kernelShown(*title) == "_attn_fwd");
    CHECK(verdictShown(*f.window->session()) == "compile failed");
    CHECK(errorShown(*f.window->session())
              .startsWith("ub overflow, requires 2097152 bits while 1572864 bits available!"));
    CHECK(capacityShown(*f.window->session()) == "192 KB from the error message");
    CHECK(peakShown(*f.window->session()).contains("133%"));
    CHECK(f.window->windowTitle().contains("_attn_fwd"));
    CHECK(f.window->windowTitle().contains("fake_attn_fwd_overflow/memory_info_aiv.json"));
    CHECK(f.settings->recentFiles().front() == QFileInfo(overflowSample()).absoluteFilePath());
}

TEST_CASE("clicking the block above capacity selects it in the table and shows its Life", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    BlockChartWidget* chart = f.window->chart();
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    QTest::mouseClick(chart, Qt::LeftButton, {}, centreOfBlock(chart, 1));
    CHECK(f.window->session()->selectedBlock() == 1);
    CHECK(detailsShown(*f.window->session()).life.contains("Life [4, 5]"));
    const QModelIndexList rows = f.window->table()->tableView()->selectionModel()->selectedRows();
    REQUIRE(rows.size() == 1);
    CHECK(rows.front().data(BlockTableModel::BlockIndexRole).toInt() == 1);
}

TEST_CASE("selecting a table row selects the block in the chart", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    QTableView* table = f.window->table()->tableView();
    const QAbstractItemModel* proxy = table->model();
    int rowOfBlock0 = -1;
    for (int row = 0; row < proxy->rowCount(); ++row)
        if (proxy->index(row, 0).data(BlockTableModel::BlockIndexRole).toInt() == 0)
            rowOfBlock0 = row;
    REQUIRE(rowOfBlock0 >= 0);
    table->selectRow(rowOfBlock0);
    CHECK(f.window->session()->selectedBlock() == 0);
    CHECK(detailsShown(*f.window->session()).life.contains("Life [3, 6]"));
    // The chart draws the selection outline on that block's top edge.
    BlockChartWidget* chart = f.window->chart();
    const QImage image = chart->grab().toImage();
    const QRect rect = chart->mapping().blockPixelRect(f.window->session()->scope()->blocks.at(0));
    bool outlined = false;
    for (int dy = -2; dy <= 2 && !outlined; ++dy)
        outlined = closeTo(image.pixelColor(QPoint(rect.center().x(), rect.top() + dy) * image.devicePixelRatio()),
            style::selectionOutline(), 30);
    CHECK(outlined);
    const QRect other = chart->mapping().blockPixelRect(f.window->session()->scope()->blocks.at(1));
    bool otherOutlined = false;
    for (int dy = -2; dy <= 2; ++dy)
        otherOutlined
            |= closeTo(image.pixelColor(QPoint(other.center().x(), other.top() + dy) * image.devicePixelRatio()),
                style::selectionOutline(), 30);
    CHECK_FALSE(otherOutlined);
}

TEST_CASE("the table filters by text and to blocks over capacity", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    BlockTablePanel* table = f.window->table();
    CHECK(table->proxy()->rowCount() == 2);
    table->overCapacityOnlyBox()->setChecked(true);
    CHECK(table->proxy()->rowCount() == 1);
    CHECK(table->proxy()->index(0, 0).data(BlockTableModel::BlockIndexRole).toInt() == 1);
    table->overCapacityOnlyBox()->setChecked(false);
    table->filterEdit()->setText("%alloc_0");
    CHECK(table->proxy()->rowCount() == 1);
}

TEST_CASE("zooming the chart and fitting it back", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    BlockChartWidget* chart = f.window->chart();
    CHECK(chart->mapping().isFit());
    chart->zoomIn();
    CHECK_FALSE(chart->mapping().isFit());
    chart->setFocus();
    QTest::keyClick(chart, Qt::Key_Home);
    CHECK(chart->mapping().isFit());
}

TEST_CASE("a screenshot of the window shows the capacity line and the warning colour where the mapping says",
    "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    BlockChartWidget* chart = f.window->chart();
    const QImage window = f.window->grab().toImage();
    const QPoint origin = chart->mapTo(f.window.get(), QPoint(0, 0));
    const double dpr = window.devicePixelRatio();
    auto pixel = [&](QPoint p) { return window.pixelColor(((p + origin) * dpr)); };

    const Block& over = f.window->session()->scope()->blocks.at(1);
    const QRect overRect = chart->mapping().blockPixelRect(over);
    CHECK(closeTo(pixel(overRect.center() + QPoint(0, overRect.height() / 4)), style::warningFill()));

    const int capacityY = chart->mapping().capacityPixelY(196608);
    bool lineFound = false;
    for (int x = static_cast<int>(chart->mapping().plotRect().left()) + 2;
         x < chart->mapping().plotRect().right() && !lineFound; ++x)
        for (int dy = -1; dy <= 1; ++dy)
            lineFound |= closeTo(pixel(QPoint(x, capacityY + dy)), style::capacityLine(), 30);
    CHECK(lineFound);
    if (!std::filesystem::exists("/tmp/memlens-shots"))
        std::filesystem::create_directories("/tmp/memlens-shots");
    window.save("/tmp/memlens-shots/window_overflow.png");
}

TEST_CASE("a dump that fails to load shows its error inline and the open dump stays", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    CHECK_FALSE(f.open(test::fixture("dumps/bad/inverted_life.json")));
    CHECK(f.window->messageBar()->isVisible());
    CHECK(f.window->messageBar()->kind() == MessageBar::Kind::Error);
    CHECK(f.window->messageBar()->text().contains(
        "inverted_life.json: Record[0].memory_info_array[1].life_time_in_ir: inverted Life"));
    CHECK(f.window->currentFile() == overflowSample());
    CHECK(kernelShown(*f.window->titleBar()) == "_attn_fwd");
}

TEST_CASE("a dump rewritten on disk offers a reload, and a half-written one never crashes", "[window]")
{
    WindowFixture f;
    const QString copy = f.dir.filePath("memory_info_aiv.json");
    REQUIRE(QFile::copy(test::fixture("dumps/two_scopes_multibuffer.json"), copy));
    REQUIRE(f.open(copy));
    {
        QFile file(copy);
        REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(
            "{\"Header\": {\"KernelName\": \"_softmax_kernel\"}, \"Record\": [{\"scope\": \"ub\", \"memory_info_a");
    }
    for (int i = 0; i < 30 && !f.window->messageBar()->isVisible(); ++i)
        QTest::qWait(100);
    REQUIRE(f.window->messageBar()->actionTexts().contains("Reload"));
    QSignalSpy failed(f.window.get(), &MainWindow::loadFailed);
    f.window->messageBar()->trigger("Reload");
    REQUIRE(memlens::test::seen(failed));
    CHECK(f.window->messageBar()->text().contains("invalid JSON"));
    CHECK(f.window->session()->document()->dump.kernel == "_softmax_kernel"); // still showing the good one
}

TEST_CASE("capacity edited in the title bar re-analyses and is remembered for the kernel", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(overflowSample()));
    f.window->titleBar()->capacityEdit()->setText("512K");
    REQUIRE(f.window->titleBar()->applyCapacityEdit());
    CHECK_FALSE(f.window->session()->analysis()->overflow);
    // Remembered for the kernel on its target (a kernel compiled for two chips has two capacities).
    const auto owner = QString::fromStdString(
        capacityOwner(f.window->session()->document()->dump.kernel, f.window->session()->document()->target));
    CHECK(owner.startsWith("_attn_fwd"));
    CHECK(f.settings->capacityFor(owner, "ub") == std::optional<quint64>(524288));
    // Another window, same settings: the kernel opens with the remembered capacity.
    MainWindow second(f.settings.get());
    QSignalSpy shown(&second, &MainWindow::documentShown);
    second.openDump(overflowSample());
    REQUIRE(memlens::test::seen(shown));
    CHECK(second.session()->analysis()->capacity.bytes == 524288);
}

TEST_CASE("Open Recent lists opened dumps and every document action needs a document", "[window]")
{
    WindowFixture f;
    QList<QAction*> fileActions = f.window->menuBar()->actions().front()->menu()->actions();
    auto action = [&](const QString& text) -> QAction* {
        for (QAction* a : fileActions)
            if (a->text().remove('&') == text)
                return a;
        return nullptr;
    };
    REQUIRE(action("Export Report…"));
    CHECK_FALSE(action("Export Report…")->isEnabled());
    REQUIRE(f.open(test::fixture("dumps/flat_layout.json")));
    CHECK(action("Export Report…")->isEnabled());
    emit f.window->recentMenu()->aboutToShow();
    CHECK(f.window->recentMenu()->actions().front()->text().contains("flat_layout.json"));
}

TEST_CASE("View > Select Next Block Over Capacity walks the blocks above capacity in order", "[window]")
{
    WindowFixture f;
    REQUIRE(f.open(memlens::test::layerNormDump()));
    QAction* next = nullptr;
    for (QAction* action : f.window->menuBar()->actions().at(1)->menu()->actions())
        if (action->text().remove('&') == "Select Next Block Over Capacity")
            next = action;
    REQUIRE(next);
    CHECK(next->shortcut() == QKeySequence(Qt::Key_F8));
    const std::vector<int>& over = f.window->session()->analysis()->overCapacityBlocks;
    REQUIRE(over.size() >= 2);
    next->trigger();
    CHECK(f.window->session()->selectedBlock() == over[0]);
    next->trigger();
    CHECK(f.window->session()->selectedBlock() == over[1]);
    for (std::size_t i = 2; i < over.size(); ++i)
        next->trigger();
    next->trigger(); // wraps around
    CHECK(f.window->session()->selectedBlock() == over[0]);
}

TEST_CASE("a scope can be shown by name, as --scope asks", "[window]")
{
    WindowFixture f;
    REQUIRE(f.open(QString::fromStdString(memlens::test::data("dumps/two_scopes_multibuffer.json").string())));
    CHECK(f.window->session()->scope()->scope == "ub");
    f.window->showScope("cbuf");
    CHECK(f.window->session()->scope()->scope == "cbuf");
    f.window->showScope("cc");
    CHECK(f.window->session()->scope()->scope == "cbuf");
    bool said = false;
    for (const QLabel* label : f.window->statusBar()->findChildren<QLabel*>())
        said |= label->text().contains("The dump has no scope \"cc\"");
    CHECK(said);
}

TEST_CASE("File > Open offers the IR files and compile logs it opens, not only dumps", "[window]")
{
    const QString filter = MainWindow::openFileFilter();
    const QStringList types = filter.split(QStringLiteral(";;"));
    REQUIRE(types.size() == 5);
    // The first (the one the dialog starts on) takes all three kinds.
    for (const char* pattern : {"*.json", "*.ttadapter", "*.mlir", "*.log"})
        CHECK(types.front().contains(QLatin1String(pattern)));
    CHECK(types.back() == QStringLiteral("All files (*)"));
}
