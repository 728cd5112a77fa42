// The Diagnosis dock opens by itself on a failed plan, without a click.
#include "app_test_support.hpp"

#include "app/diagnosis_dock.hpp"
#include "app/dump_history.hpp"
#include "core/cli/plan_command.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/source/source_panes.hpp"

#include <catch2/catch.hpp>

#include <QDockWidget>
#include <QPushButton>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>

#include <fstream>
#include <sstream>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

namespace {

// True when the dock is the visible tab of its area (not hidden behind a sibling).
bool onTop(QDockWidget* dock) { return dock->isVisible() && !dock->visibleRegion().isEmpty(); }

} // namespace

TEST_CASE("the Diagnosis and the Block Details share the right column: the one with something to say is in front",
    "[window][diagnosis]")
{
    WindowFixture f;
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    DiagnosisDock* dock = f.window->diagnosisDock();
    REQUIRE(dock);
    auto* details = f.window->findChild<QDockWidget*>(QStringLiteral("detailsDock"));
    REQUIRE(details);
    CHECK(onTop(dock)); // nothing selected: the details have nothing to say
    CHECK_FALSE(onTop(details));

    QSignalSpy diagnosed(dock->panel(), &DiagnosisPanel::diagnosed);
    REQUIRE(f.open(layerNormDump("block8192")));
    REQUIRE(test::seen(diagnosed));
    f.window->session()->selectBlock(0);
    QTest::qWait(50);
    CHECK(onTop(details));
    CHECK_FALSE(onTop(dock));
    f.window->session()->selectBlock(-1);
    QTest::qWait(50);
    CHECK(onTop(dock));

    // A failed plan brings the diagnosis forward even while a block's details are on show.
    f.window->session()->selectBlock(0);
    QTest::qWait(50);
    REQUIRE_FALSE(onTop(dock));
    diagnosed.clear();
    REQUIRE(f.open(layerNormDump("block16384")));
    REQUIRE(test::seen(diagnosed));
    for (int i = 0; i < 100 && !onTop(dock); ++i)
        QTest::qWait(20);
    CHECK(onTop(dock));
    CHECK(dock->panel()->sourceTable()->item(0, 0)->text() == "layer_norm.py:58");
}

TEST_CASE("a fit map cell opens the compare view of its plan", "[window][diagnosis][fit_map]")
{
    WindowFixture f;
    DiagnosisDock* dock = f.window->diagnosisDock();
    QSignalSpy diagnosed(dock->panel(), &DiagnosisPanel::diagnosed);
    REQUIRE(f.open(layerNormDump("block8192")));
    REQUIRE(test::seen(diagnosed));
    diagnosed.clear();
    REQUIRE(f.open(layerNormDump("block16384")));
    REQUIRE(test::seen(diagnosed));
    const FitMap* map = dock->panel()->fitMap();
    REQUIRE(map);
    const QAbstractItemModel* grid = dock->panel()->fitGrid()->model();
    REQUIRE(grid->rowCount() == 6);
    const FitCell* half = dock->panel()->cellAt(2, 0);
    REQUIRE(half);
    CHECK(half->values == std::vector<std::int64_t>{8192});

    dock->panel()->openCell(2, 0);
    CHECK(QTest::qWaitFor([dock] { return dock->lastCompare() != nullptr; }, 5000));
}

namespace {

// `memlens plan --out` of our 2-D kernel's IR: the dump the compiler would write for it.
std::string plannedDump(const std::filesystem::path& dir, bool multiBuffer)
{
    PlanCommandLine commandLine;
    commandLine.input = test::data("kernels/attention_2d/m64_n128.ttadapter").string();
    commandLine.multiBuffer = multiBuffer;
    commandLine.outDir = (dir / (multiBuffer ? "double" : "single")).string();
    std::ostringstream out, err;
    const int status = runPlan(commandLine, out, err);
    INFO(err.str());
    REQUIRE((status == 0 || status == 3));
    return test::readText(std::filesystem::path(commandLine.outDir) / "memory_info_aiv.json");
}

} // namespace

TEST_CASE("the dock's fit map shows the compiled numbers of a History version of another config",
    "[window][diagnosis][fit_map][history]")
{
    test::TempDir run("memlens_fit_history_");
    const std::string single = plannedDump(run.path, false);
    const std::string twice = plannedDump(run.path, true);
    const auto dump = run.path / "memory_info_aiv.json";
    const QString dumpPath = QString::fromStdString(dump.string());
    WindowFixture f;
    f.settings->setValue(SettingId::SourceDirs, QStringList{QString::fromStdString(test::data("kernels").string())});
    DiagnosisDock* dock = f.window->diagnosisDock();

    // The kernel compiled without multi-buffering first, then with it, into the same file.
    std::ofstream(dump, std::ios::binary | std::ios::trunc) << single;
    REQUIRE(f.open(dumpPath));
    const auto first = f.window->session()->sharedDocument();
    REQUIRE(first);
    QSignalSpy diagnosed(dock->panel(), &DiagnosisPanel::diagnosed);
    std::ofstream(dump, std::ios::binary | std::ios::trunc) << twice;
    QSignalSpy shown(f.window.get(), &MainWindow::documentShown);
    f.window->reload();
    REQUIRE(test::seen(shown));
    REQUIRE(f.window->history()->versionsOf(dumpPath).size() == 2);
    CHECK(test::seen(diagnosed));
    const auto multiBufferedOnShow = [dock] { // the diagnosis of the file as it is now
        const FitMap* map = dock->panel()->fitMap();
        return map && map->today() && map->today()->multibuffer == std::optional<bool>(true);
    };
    REQUIRE(QTest::qWaitFor(multiBufferedOnShow, 10000));
    const FitMap* map = dock->panel()->fitMap();
    REQUIRE(map);
    REQUIRE(map->multibuffer == std::vector<bool>{true, false});
    REQUIRE(map->dims.size() == 2);
    INFO(map->dims[0].label() << " x " << map->dims[1].label());
    const FitCell* today = map->today();
    REQUIRE(today);
    // Today's values single-buffered: the earlier version's numbers, in the cell and on the grid.
    const FitCell* off = map->find(today->values, false);
    REQUIRE(off);
    REQUIRE(off->compiled);
    CHECK(off->compiled->requiredBytes == first->analyses.at(0).peakAddressBytes);
    CHECK(off->compiled->fits == !first->analyses.at(0).overflow);
    const QAbstractItemModel* grid = dock->panel()->fitGrid()->model();
    bool onGrid = false;
    for (int row = 0; row < grid->rowCount(); ++row)
        for (int column = 0; column < grid->columnCount(); ++column)
            if (dock->panel()->cellAt(row, column) == off) {
                onGrid = true;
                CHECK(grid->index(row, column).data().toString().contains("compiled"));
                CHECK(grid->index(row, column).data(Qt::ToolTipRole).toString().contains("the prediction is"));
            }
    CHECK(onGrid);
    // Every other cell has no dump of its config: no compiled numbers.
    for (const FitCell& cell : map->cells)
        if (&cell != off)
            CHECK_FALSE(cell.compiled);
}

TEST_CASE("selecting the BLOCK_SIZE lever shows where the launcher chooses it; Copy Values says what it copied",
    "[window][diagnosis][lever]")
{
    WindowFixture f;
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    DiagnosisPanel* panel = f.window->diagnosisDock()->panel();
    QSignalSpy diagnosed(panel, &DiagnosisPanel::diagnosed);
    REQUIRE(f.open(layerNormDump("block16384")));
    REQUIRE(test::seen(diagnosed));
    QTableWidget* levers = panel->leverTable();
    REQUIRE(levers->rowCount() == 2);
    CHECK(levers->item(1, 0)->text().startsWith("BLOCK_SIZE 16384 -> 8192 (chosen by block_size_for, lines 71-77)\n"));
    SourcePanes* panes = f.window->sourcePanes();
    QSignalSpy pythonShown(panes, &SourcePanes::pythonShown);
    levers->selectRow(1);
    REQUIRE(test::seen(pythonShown));
    // block_size_for's def centred, its body and the launch's keyword (line 89) highlighted with it.
    CHECK(panes->pythonHighlightedLine() == 71);
    CHECK(panes->pythonHeaderText().endsWith(QString::fromUtf8("layer_norm.py \u2014 line 71")));
    CHECK(panes->chainText().startsWith("BLOCK_SIZE is chosen by block_size_for (lines 71-77)"));

    // The kernel is not autotuned: the launcher's values, and the status bar says so.
    REQUIRE(panel->copyConfigsButton()->isVisibleTo(panel));
    CHECK(panel->copyConfigsButton()->text() == "Copy Values");
    panel->copyConfigsButton()->click();
    CHECK(f.window->statusBar()->currentMessage()
        == "Copied the launcher's values to the clipboard: BLOCK_SIZE=8192, multibuffer=True");
}
