// The Diagnosis dock opens by itself on a failed plan, without a click.
#include "app_test_support.hpp"

#include "app/diagnosis_dock.hpp"
#include "support/test_paths.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"

#include <catch2/catch.hpp>

#include <QDockWidget>
#include <QTableWidget>
#include <QTest>

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
    QTableWidget* grid = dock->panel()->fitGrid();
    REQUIRE(grid->rowCount() == 6);
    const FitCell* half = dock->panel()->cellAt(2, 0);
    REQUIRE(half);
    CHECK(half->values == std::vector<std::int64_t>{8192});

    dock->panel()->openCell(2, 0);
    CHECK(QTest::qWaitFor([dock] { return dock->lastCompare() != nullptr; }, 5000));
}
