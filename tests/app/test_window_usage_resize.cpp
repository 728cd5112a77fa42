// The usage curve under the chart follows a resize of the window and Reset Layout: its card and
// its plot (grid) take the new width, the plot under the block chart's.
#include "app_test_support.hpp"

#include "views/chart/block_chart_widget.hpp"
#include "views/chart/usage_chart_view.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QImage>
#include <QTest>
#include <QtCharts/QChart>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

void settle()
{
    for (int i = 0; i < 10; ++i)
        QTest::qWait(20);
}

// The usage card fills its view and its plot lies under the block chart's, to a pixel.
void checkAligned(MainWindow& window)
{
    UsageChartView* usage = window.usageChart();
    BlockChartWidget* chart = window.chart();
    INFO("usage view " << usage->width() << " px wide");
    CHECK(usage->chart()->size().width() == Approx(usage->width()).margin(1));
    const QRectF plot = usage->chart()->plotArea();
    // As drawn: the card reaches the right end of the view (a stale card leaves the window's grey there).
    const QImage image = usage->grab().toImage();
    const QPoint nearRight = QPoint(usage->width() - 8, usage->height() / 2) * image.devicePixelRatio();
    INFO("pixel " << image.pixelColor(nearRight).name().toStdString());
    CHECK(image.pixelColor(nearRight) == QColor(Qt::white));
    // The grid reaches the plot's right part: some grey grid line crosses its middle row there.
    int gridPixels = 0;
    const int row = static_cast<int>(plot.center().y());
    for (int x = static_cast<int>(plot.left() + 0.7 * plot.width()); x < static_cast<int>(plot.right()) - 2; ++x) {
        const QColor c = image.pixelColor(QPoint(x, row) * image.devicePixelRatio());
        gridPixels += c.red() == c.green() && c.green() == c.blue() && c.red() > 150 && c.red() < 250;
    }
    CHECK(gridPixels > 0);
    const double chartLeft = chart->mapTo(&window, chart->mapping().plotRect().topLeft().toPoint()).x();
    const double chartRight = chart->mapTo(&window, chart->mapping().plotRect().topRight().toPoint()).x();
    const double usageLeft = usage->mapTo(&window, plot.topLeft().toPoint()).x();
    const double usageRight = usage->mapTo(&window, plot.topRight().toPoint()).x();
    CHECK(usageLeft == Approx(chartLeft).margin(1));
    CHECK(usageRight == Approx(chartRight).margin(1));
}

} // namespace

TEST_CASE("the usage curve's card and plot follow a resize and Reset Layout", "[window][usage][layout]")
{
    WindowFixture f;
    REQUIRE(f.open(QString::fromStdString(test::data("dumps/two_scopes_multibuffer.json").string())));
    settle();
    checkAligned(*f.window);
    for (const QSize size : {QSize(1024, 700), QSize(1900, 1000), QSize(1400, 900)}) {
        INFO(size.width() << "x" << size.height());
        f.window->resize(size);
        settle();
        checkAligned(*f.window);
    }
    auto* reset = f.window->findChild<QAction*>(QStringLiteral("resetLayoutAction"));
    REQUIRE(reset);
    f.window->resize(1900, 1000);
    reset->trigger();
    settle();
    checkAligned(*f.window);
}
