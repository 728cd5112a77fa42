// The block chart labels the capacity on its address axis (not over the blocks), and its legend
// lists "over capacity" only when a block is.
#include "core/document/plan_document.hpp"
#include "core/text/byte_size.hpp"
#include "support/test_documents.hpp"
#include "views/chart/block_chart_paint_helpers.hpp"
#include "views/chart/block_chart_painter.hpp"
#include "views/style.hpp"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QImage>

using namespace memlens;
using memlens::chart_paint::addressAxisTicks;

namespace {

QString svgOf(const PlanDocument& document, std::size_t scope = 0)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    ChartRenderOptions options;
    REQUIRE(writeBlockChartSvg(
        buffer, document.dump.scopes.at(scope), document.analyses.at(scope), QSize(900, 500), options));
    return QString::fromUtf8(buffer.data());
}

} // namespace

TEST_CASE("the address axis labels the capacity and no step label crowds it", "[chart][axis][capacity]")
{
    ChartMapping mapping;
    mapping.setPlotRect(QRectF(60, 30, 800, 400));
    mapping.fitToExtent(0, 10, 200 * 1024); // a capacity of 100 KB sits between the power-of-two steps
    const double lineHeight = 14;
    const std::vector<AxisTick> ticks = addressAxisTicks(mapping, 100 * 1024, lineHeight);
    int capacityTicks = 0;
    for (const AxisTick& tick : ticks) {
        if (tick.value == 100.0 * 1024) {
            ++capacityTicks;
            CHECK(tick.label == "100 KB");
            continue;
        }
        CHECK(std::abs(mapping.yToPixel(tick.value) - mapping.yToPixel(100.0 * 1024)) >= lineHeight);
    }
    CHECK(capacityTicks == 1);
    CHECK(ticks.size() >= 3);
    CHECK(std::is_sorted(
        ticks.begin(), ticks.end(), [](const AxisTick& a, const AxisTick& b) { return a.value < b.value; }));

    // A capacity on a step is that step's label, once.
    const std::vector<AxisTick> onStep = addressAxisTicks(mapping, 128 * 1024, lineHeight);
    CHECK(std::count_if(onStep.begin(), onStep.end(), [](const AxisTick& t) { return t.value == 128.0 * 1024; }) == 1);
    // Out of the window: no capacity label.
    const std::vector<AxisTick> above = addressAxisTicks(mapping, 4096 * 1024, lineHeight);
    CHECK(std::none_of(above.begin(), above.end(), [](const AxisTick& t) { return t.value == 4096.0 * 1024; }));
}

TEST_CASE("the chart's legend says over capacity only when a block is, and the capacity sits on the axis",
    "[chart][legend][capacity]")
{
    const auto fits = test::loadFixture("dumps/two_scopes_multibuffer.json");
    REQUIRE_FALSE(fits->analyses.at(0).overflow);
    const QString fitting = svgOf(*fits);
    CHECK_FALSE(fitting.contains("over capacity"));
    CHECK(fitting.contains(">capacity<"));

    const auto overflows = test::loadFixture("dumps/success_but_overflow.json");
    REQUIRE(overflows->analyses.at(0).overflow);
    const QString overflowing = svgOf(*overflows);
    CHECK(overflowing.contains("over capacity"));
    // The capacity is a label of the address axis, not a box over the plot.
    const QString capacity = QString::fromStdString(formatBytes(overflows->analyses.at(0).capacity.bytes));
    CHECK(overflowing.contains(QStringLiteral(">%1<").arg(capacity)));
    CHECK_FALSE(overflowing.contains(QStringLiteral("capacity %1").arg(capacity)));
}

TEST_CASE("a capacity above the window is named at the top of the address axis, not over the blocks",
    "[chart][axis][capacity]")
{
    // A plan far below its capacity: the fit ends the axis above the data, the capacity off it.
    PlanDocument document = *test::loadFixture("dumps/two_scopes_multibuffer.json");
    CapacitySettings huge;
    huge.all = 64ull << 20;
    reanalyze(document, huge);
    const ScopePlan& plan = document.dump.scopes.at(0);
    const PlanAnalysis& analysis = document.analyses.at(0);
    const ChartRenderOptions options;
    const QSize size(900, 500);
    const ChartGeometry g = blockChartGeometry(plan, analysis, size, options);
    REQUIRE(g.capacityY < g.layout.plot.top());
    const QImage image = renderBlockChartImage(plan, analysis, size, options);
    const QColor want = style::capacityLine();
    auto capacityPixels = [&](int x0, int x1, int y0, int y1) {
        int count = 0;
        for (int y = std::max(0, y0); y < y1; ++y)
            for (int x = std::max(0, x0); x < x1; ++x) {
                const QColor c = image.pixelColor(x, y);
                count += std::abs(c.red() - want.red()) + std::abs(c.green() - want.green())
                            + std::abs(c.blue() - want.blue())
                        < 40
                    ? 1
                    : 0;
            }
        return count;
    };
    const QRect plot = g.layout.plot.toRect();
    // Nothing of the capacity's colour in the plot (the blocks keep their corner), its label left of it.
    CHECK(capacityPixels(plot.left() + 1, plot.right(), plot.top(), plot.top() + 40) == 0);
    // In the margin only the label is red (the axis text is grey): its antialiased pixels count.
    int redPixels = 0;
    for (int y = std::max(0, plot.top() - 20); y < plot.top() + 16; ++y)
        for (int x = 0; x < plot.left() - 2; ++x) {
            const QColor c = image.pixelColor(x, y);
            redPixels += c.red() - std::max(c.green(), c.blue()) > 50 ? 1 : 0;
        }
    CHECK(redPixels > 40);
    // Named in the SVG too, once: the size and the arrow.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    REQUIRE(writeBlockChartSvg(buffer, plan, analysis, size, options));
    const QString svg = QString::fromUtf8(buffer.data());
    CHECK(svg.count(QString::fromUtf8(">capacity \u2191<")) == 1);
    CHECK(svg.contains(">64 MB<"));
}
