// A what-if or fit-map compare opens on both plans whole, on one scale, with the
// capacity line in view, at every window size (issue 65).
#include "what_if_compare.hpp"

#include "app/compare_window.hpp"
#include "app/diagnosis_dock.hpp"
#include "core/document/plan_document.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/compare/compare_view.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QLineEdit>
#include <QTableWidget>
#include <QTest>

#include <algorithm>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::openWhatIfCompare;
using memlens::test::shownCompare;
using memlens::test::WindowFixture;

namespace {

// The chart shows every op and every address from 0 to above the highest block and the capacity.
void checkWhole(BlockChartWidget* chart, const PlanSession* a, const PlanSession* b)
{
    double top = 0.0;
    double first = 1e18;
    double end = 0.0;
    for (const PlanSession* session : {a, b}) {
        REQUIRE(session->scope());
        top = std::max(top, static_cast<double>(session->analysis()->capacity.bytes));
        for (const Block& block : session->scope()->blocks) {
            top = std::max(top, static_cast<double>(block.addressEnd()));
            first = std::min(first, static_cast<double>(block.start));
            end = std::max(end, static_cast<double>(block.end) + 1.0);
        }
    }
    const DataWindow& window = chart->mapping().window();
    INFO(chart->objectName().toStdString() << ": addresses " << window.y0 << ".." << window.y1 << " of 0.." << top
                                           << ", ops " << window.x0 << ".." << window.x1);
    CHECK(window.y0 <= 0.0);
    CHECK(window.y1 >= top);
    CHECK(window.x0 <= first);
    CHECK(window.x1 >= end);
}

void checkBothWhole(CompareWindow* compare, QSize size)
{
    compare->resize(size);
    QApplication::processEvents();
    QTest::qWait(50);
    CompareView* view = compare->view();
    INFO(size.width() << "x" << size.height());
    checkWhole(view->chartA(), view->sessionA(), view->sessionB());
    checkWhole(view->chartB(), view->sessionA(), view->sessionB());
    CHECK(view->chartA()->mapping().window() == view->chartB()->mapping().window());
}

} // namespace

TEST_CASE("a what-if compare opens on both plans whole with the capacity in view", "[compare_window][what_if]")
{
    for (const QSize size : {QSize(1400, 900), QSize(1024, 700)}) {
        WindowFixture f;
        f.window->resize(size);
        CompareWindow* compare = openWhatIfCompare(f, QStringLiteral("BLOCK_SIZE=4096, multibuffer=False"));
        REQUIRE(compare);
        checkBothWhole(compare, size);
    }
}

TEST_CASE("a fit map cell's compare opens on both plans whole", "[compare_window][fit_map]")
{
    for (const std::int64_t value : {std::int64_t{4096}, std::int64_t{2048}}) {
        WindowFixture f;
        f.window->resize(1024, 700);
        DiagnosisDock* dock = f.window->diagnosisDock();
        QSignalSpy diagnosed(dock->panel(), &DiagnosisPanel::diagnosed);
        REQUIRE(f.open(layerNormDump("block16384")));
        REQUIRE(test::seen(diagnosed, 20000));
        DiagnosisPanel* panel = dock->panel();
        int row = -1;
        int column = -1;
        for (int r = 0; r < panel->fitGrid()->model()->rowCount() && row < 0; ++r)
            for (int c = 0; c < panel->fitGrid()->model()->columnCount(); ++c)
                if (const FitCell* cell = panel->cellAt(r, c); cell && cell->values == std::vector{value}) {
                    row = r;
                    column = c;
                    break;
                }
        INFO(value);
        REQUIRE(row >= 0);
        panel->openCell(row, column);
        CompareWindow* compare = shownCompare(dock);
        REQUIRE(compare);
        for (const QSize size : {QSize(1024, 700), QSize(1400, 900)})
            checkBothWhole(compare, size);
    }
}
