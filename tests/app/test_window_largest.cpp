// The window's "largest that fits" line follows the capacity typed in the title bar, as the
// fit map's stars do (issue 65).
#include "app_test_support.hpp"

#include "app/diagnosis_dock.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QLabel>
#include <QLineEdit>
#include <QTest>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

TEST_CASE("the largest that fits follows the capacity typed in the title bar", "[window][diagnosis][largest]")
{
    WindowFixture f;
    DiagnosisPanel* panel = f.window->diagnosisDock()->panel();
    QSignalSpy diagnosed(panel, &DiagnosisPanel::diagnosed);
    REQUIRE(f.open(layerNormDump("block16384")));
    REQUIRE(test::seen(diagnosed, 20000));
    REQUIRE(QTest::qWaitFor([panel] { return panel->fitMap() != nullptr; }, 20000));
    CHECK(panel->largestLabel()->text().contains("that fits: 8192,"));

    diagnosed.clear();
    f.window->titleBar()->capacityEdit()->setText("400K");
    REQUIRE(f.window->titleBar()->applyCapacityEdit());
    REQUIRE(test::seen(diagnosed, 20000));
    const auto saysSixteen = [panel] { return panel->largestLabel()->text().contains("that fits: 16384,"); };
    CHECK(QTest::qWaitFor(saysSixteen, 20000));
    INFO(panel->largestLabel()->text().toStdString());
    CHECK_FALSE(panel->largestLabel()->text().contains("8192"));
}
