#include "core/document/plan_document.hpp"
#include "support/test_paths.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/chart/usage_text.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QLabel>
#include <QTest>
#include <QToolTip>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> twoScopes(const LoadOptions& options = {})
{
    return std::make_shared<const PlanDocument>(
        loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options));
}

// The curve of the two-scope dump's ub, shown at 600 x 220.
struct ShownUsageChart {
    PlanSession session;
    UsageChartView view{&session};

    ShownUsageChart()
    {
        view.resize(600, 220);
        session.setDocument(twoScopes());
        session.setScopeIndex(0);
        view.show();
    }
};

} // namespace

TEST_CASE("the usage curve draws live bytes as steps with the capacity", "[usage]")
{
    PlanSession session;
    UsageChartView view(&session);
    LoadOptions options;
    options.capacity.all = 20 * 1024;
    session.setDocument(twoScopes(options));
    session.setScopeIndex(0);
    // ub: two 8 KB copies over [2, 9], a 16 KB buffer over [4, 6], a 100 B temp at 5.
    const auto points = view.liveSeries()->points();
    REQUIRE_FALSE(points.isEmpty());
    double peak = 0;
    for (const QPointF& point : points)
        peak = std::max(peak, point.y());
    CHECK(peak == Approx(16384 + 16384 + 100));
    CHECK(view.capacitySeries()->points().front().y() == Approx(20 * 1024));
    // Bytes labelled as the block chart labels them: powers of two, at most four steps over 1.1 x the peak.
    CHECK(view.bytesAxis()->categoriesLabels() == QStringList{"0", "16 KB", "32 KB"});
    CHECK(view.opAxis()->min() == Approx(2));
    CHECK(view.opAxis()->max() == Approx(10));
}

TEST_CASE("clicking the usage curve sets the shared time cursor", "[usage]")
{
    ShownUsageChart chart;
    auto& [session, view] = chart;
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    // The pixel of op 5.5 at a quarter of the height, by the chart's own mapping.
    const QPointF valuePoint(5.5, view.chart()->axes(Qt::Vertical).front()->property("max").toDouble() / 4);
    const QPointF chartPoint = view.chart()->mapToPosition(valuePoint, view.liveSeries());
    const QPoint widgetPoint = view.mapFromScene(view.chart()->mapToScene(chartPoint));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, widgetPoint);
    CHECK(session.cursorOp() == std::optional<std::int64_t>(5));
}

TEST_CASE("hovering the usage curve tells live bytes, highest address and holes at that op", "[usage]")
{
    ShownUsageChart chart;
    UsageChartView& view = chart.view;
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    auto pointAt = [&](double op) {
        const QPointF chartPoint = view.chart()->mapToPosition(QPointF(op, 1000), view.liveSeries());
        return view.mapFromScene(view.chart()->mapToScene(chartPoint));
    };
    // Op 5: both tile copies (16 KB), row_max (16 KB) and the 100 B temp, packed from 0: no holes.
    CHECK(view.hoverTextAt(pointAt(5.5))
        == QString::fromUtf8("op 5: live 32.1 KB \u00b7 highest address 32.1 KB (the peak)"));
    // Op 3: the two tile copies only.
    CHECK(view.hoverTextAt(pointAt(3.5)) == QString::fromUtf8("op 3: live 16 KB \u00b7 highest address 16 KB"));
    CHECK(view.hoverTextAt(QPoint(1, 1)).isEmpty());
}

TEST_CASE("clicking the peak marker of the usage curve puts the time cursor at the peak", "[usage]")
{
    ShownUsageChart chart;
    auto& [session, view] = chart;
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    REQUIRE(session.analysis()->peakLiveAt == std::optional<std::int64_t>(5));
    const auto marker = view.peakMarkerPosition();
    REQUIRE(marker);
    // A few pixels left of the marker lies op 4; the marker wins.
    const QPoint nearMarker = *marker - QPoint(5, 0);
    REQUIRE(view.opAt(nearMarker) == std::optional<std::int64_t>(4));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, nearMarker);
    CHECK(session.cursorOp() == std::optional<std::int64_t>(5));
}

TEST_CASE("with no dump open the usage curve draws no axes", "[usage]")
{
    PlanSession session;
    UsageChartView view(&session);
    CHECK_FALSE(view.opAxis()->isVisible());
    CHECK_FALSE(view.bytesAxis()->isVisible());
    session.setDocument(twoScopes());
    CHECK(view.opAxis()->isVisible());
    CHECK(view.bytesAxis()->isVisible());
}

TEST_CASE("the usage curve's card follows the view when it shrinks and grows", "[usage][resize]")
{
    PlanSession session;
    UsageChartView view(&session);
    session.setDocument(twoScopes());
    view.resize(900, 220);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.alignPlot(60, 860); // as the window does, under the block chart
    QApplication::processEvents();
    CHECK(view.chart()->size().width() == Approx(900));
    // A dock opens beside it: narrower. The card and the plot stay inside the view.
    view.resize(500, 220);
    QApplication::processEvents();
    CHECK(view.chart()->size().width() == Approx(500));
    CHECK(view.chart()->plotArea().right() <= 500);
    view.alignPlot(60, 460);
    QApplication::processEvents();
    CHECK(view.chart()->plotArea().right() == Approx(460));
    CHECK(view.minimumWidth() < 500);
    // And wider again.
    view.resize(1200, 220);
    view.alignPlot(60, 1160);
    QApplication::processEvents();
    CHECK(view.chart()->size().width() == Approx(1200));
    CHECK(view.chart()->plotArea().right() == Approx(1160));
}

TEST_CASE("a short usage strip drops its legend and keeps room for its byte labels", "[usage]")
{
    ShownUsageChart shown;
    REQUIRE(QTest::qWaitForWindowExposed(&shown.view));
    CHECK(shown.view.chart()->legend()->isVisible());
    shown.view.setMinimumHeight(60); // as the window lets it be
    shown.view.resize(600, UsageChartView::kLegendMinHeight - 30);
    QApplication::processEvents();
    CHECK_FALSE(shown.view.chart()->legend()->isVisible());
    // Two steps at most: a label every 24 px or so, none drawn as "...".
    CHECK(shown.view.bytesAxis()->categoriesLabels().size() <= 3);
    shown.view.resize(600, UsageChartView::kLegendMinHeight + 20);
    QApplication::processEvents();
    CHECK(shown.view.chart()->legend()->isVisible());
    CHECK(shown.view.bytesAxis()->categoriesLabels().size() >= 3);
}

TEST_CASE("a usage strip without a plan shows no legend of lines it does not draw", "[usage]")
{
    ShownUsageChart shown;
    REQUIRE(QTest::qWaitForWindowExposed(&shown.view));
    CHECK(shown.view.chart()->legend()->isVisible());
    shown.session.clear(); // File > Close
    CHECK_FALSE(shown.view.chart()->legend()->isVisible());
    shown.session.setDocument(twoScopes());
    shown.session.setScopeIndex(0);
    CHECK(shown.view.chart()->legend()->isVisible());
}

TEST_CASE("the usage curve's hover names the op as the compile log does, as the guide shows it", "[usage][hover]")
{
    // The bundled example with its compile log: op 41 is the peak, where nothing is a hole.
    const PlanDocument document = loadPlanDocument(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string(),
        LoadOptions{});
    REQUIRE(document.log);
    const PlanAnalysis& analysis = document.analyses.at(0);
    CHECK(usageHoverText(analysis, document.log.get(), 41).toStdString()
        == "op 41  hivm.hir.vreduce <sum>  layer_norm.py:60: live 321 KB \u00b7 highest address 321 KB (the peak)");
    // Where the plan reserves more than is live, the holes are named; without a log the op is a number.
    const auto holes = std::find_if(
        analysis.usage.begin(), analysis.usage.end(), [](const UsageStep& step) { return step.holeBytes() > 0; });
    REQUIRE(holes != analysis.usage.end());
    CHECK(usageHoverText(analysis, nullptr, holes->op).startsWith(QStringLiteral("op %1: live ").arg(holes->op)));
    CHECK(usageHoverText(analysis, nullptr, holes->op).contains(QStringLiteral("holes")));
}

TEST_CASE("moving the mouse over the usage curve shows its numbers in a tooltip", "[usage][hover]")
{
    ShownUsageChart chart;
    UsageChartView& view = chart.view;
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    const QPointF chartPoint = view.chart()->mapToPosition(QPointF(3.5, 1000), view.liveSeries());
    const QPoint at = view.mapFromScene(view.chart()->mapToScene(chartPoint));
    // A move with no button pressed, as a hover is: it reaches the view only when the viewport tracks the mouse.
    QTest::mouseMove(view.viewport(), at);
    QTRY_COMPARE(QToolTip::text(), QString::fromUtf8("op 3: live 16 KB \u00b7 highest address 16 KB"));
    QToolTip::hideText();
}

TEST_CASE("a short usage strip under the chart shows its legend, labelled, beside the plot", "[usage][legend]")
{
    ShownUsageChart shown;
    REQUIRE(QTest::qWaitForWindowExposed(&shown.view));
    // As the window has it: a strip as short as the window lets it be, the plot under the block
    // chart's, and the address snapshot's column free right of it.
    shown.view.setMinimumHeight(60);
    shown.view.resize(720, 84);
    shown.view.alignPlot(60, 580);
    QApplication::processEvents();
    QLabel* legend = shown.view.sideLegend();
    REQUIRE(legend->isVisible());
    CHECK_FALSE(shown.view.chart()->legend()->isVisible()); // not both
    // Every line labelled, after a mark in its colour.
    const QString text = legend->text();
    for (const QString& label : usageLegendLabels(*shown.session.analysis()))
        CHECK(text.contains(label.toHtmlEscaped()));
    CHECK(text.count(QStringLiteral("<br>")) == 3);
    // Right of the plot, inside the card, and whole: the label has the room its text needs.
    CHECK(legend->geometry().left() >= 580);
    CHECK(legend->geometry().right() < 720);
    CHECK(legend->height() >= legend->sizeHint().height());
    CHECK(legend->width() >= legend->sizeHint().width());
    CHECK(shown.view.chart()->plotArea().right() <= 580);

    // Without that room (the plot to the card's edge), a short strip drops it as before.
    shown.view.alignPlot(60, 700);
    QApplication::processEvents();
    CHECK_FALSE(legend->isVisible());
    CHECK_FALSE(shown.view.chart()->legend()->isVisible());
}
