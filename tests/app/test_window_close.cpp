// File > Close: every dock goes back to how it is before any dump was opened.
#include "app_test_support.hpp"
#include "support/shown_text.hpp"

#include "app/diagnosis_dock.hpp"
#include "views/chart/address_strip_widget.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/table/block_details_panel.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QLabel>
#include <QTableWidget>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>

using namespace memlens;
using namespace memlens::test::shown;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

namespace {

// What the docks show: the parts that differ between an open dump and none.
struct DockState {
    bool usageLegend = false;
    bool leverTable = false;
    bool sourceTable = false;
    QString verdict;
    QString detailsHint;
    int tableRows = 0;
    bool snapshot = false;
    QString kernel;
};

DockState stateOf(MainWindow& window)
{
    QApplication::processEvents();
    DiagnosisPanel* diagnosis = window.diagnosisDock()->panel();
    return {window.usageChart()->chart()->legend()->isVisible(), diagnosis->leverTable()->isVisibleTo(diagnosis),
        diagnosis->sourceTable()->isVisibleTo(diagnosis), diagnosis->verdictLabel()->text(),
        hintShown(*window.details()), window.table()->model()->rowCount(),
        window.addressStrip()->snapshot().has_value(), kernelShown(*window.titleBar())};
}

} // namespace

TEST_CASE("File > Close returns every dock to its empty state", "[window][close]")
{
    WindowFixture f;
    const DockState empty = stateOf(*f.window);
    CHECK_FALSE(empty.leverTable);
    CHECK_FALSE(empty.sourceTable);

    QSignalSpy diagnosed(f.window->diagnosisDock()->panel(), &DiagnosisPanel::diagnosed);
    REQUIRE(f.open(layerNormDump()));
    REQUIRE(memlens::test::seen(diagnosed));
    const DockState open = stateOf(*f.window);
    CHECK(open.leverTable);
    CHECK(open.sourceTable);
    CHECK(open.tableRows > 0);

    f.window->closeDump();
    const DockState closed = stateOf(*f.window);
    CHECK(closed.usageLegend == empty.usageLegend);
    CHECK(closed.leverTable == empty.leverTable);
    CHECK(closed.sourceTable == empty.sourceTable);
    CHECK(closed.verdict == empty.verdict);
    CHECK(closed.detailsHint == empty.detailsHint);
    CHECK(closed.tableRows == 0);
    CHECK(closed.snapshot == empty.snapshot);
    CHECK(closed.kernel == empty.kernel); // "No dump open"
    CHECK(f.window->windowTitle() == "memlens");
}
