// The usage curve's hover says what is live at the op under the pointer, at every window size
// (it once did nothing at 1400 x 900 while it worked at 1024 and 1920).
#include "app_test_support.hpp"

#include "views/chart/usage_chart_view.hpp"

#include <catch2/catch.hpp>

#include <QTest>
#include <QToolTip>
#include <QtCharts/QChart>

using namespace memlens;
using memlens::test::WindowFixture;

TEST_CASE("hovering the usage curve in the window names the op at 1024, 1400 and 1920", "[window][usage]")
{
    WindowFixture f;
    REQUIRE(f.open(QString::fromStdString(
        (test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string())));
    for (const QSize size : {QSize(1024, 700), QSize(1400, 900), QSize(1920, 1080)}) {
        INFO(size.width() << "x" << size.height());
        f.window->resize(size);
        f.window->resetLayout();
        for (int i = 0; i < 10; ++i)
            QTest::qWait(20);
        UsageChartView* usage = f.window->usageChart();
        const QRectF plot = usage->chart()->plotArea();
        REQUIRE(plot.width() > 20);
        const QPoint middle = usage->mapFromScene(usage->chart()->mapToScene(plot.center()));
        INFO("plot " << plot.width() << "x" << plot.height() << " at " << middle.x() << "," << middle.y());
        CHECK_THAT(usage->hoverTextAt(middle).toStdString(), Catch::StartsWith("op "));
        // As a person moves the mouse there: the tooltip shows that text.
        QToolTip::hideText();
        QTest::mouseMove(usage->viewport(), middle);
        QTest::qWait(50);
        CHECK(QToolTip::isVisible());
        CHECK_THAT(QToolTip::text().toStdString(), Catch::StartsWith("op "));
    }
}
