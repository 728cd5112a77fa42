#include "core/plan_document.hpp"
#include "support/test_paths.hpp"
#include "views/chart/usage_chart_view.hpp"

#include <catch2/catch.hpp>

#include <QTest>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

using namespace memlens;

TEST_CASE("the usage curve draws live bytes as steps with the capacity", "[usage]")
{
    PlanSession session;
    UsageChartView view(&session);
    LoadOptions options;
    options.capacity.all = 20 * 1024;
    session.setDocument(std::make_shared<const PlanDocument>(
        loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options)));
    session.setScopeIndex(0);
    // ub: two 8 KB copies over [2, 9], a 16 KB buffer over [4, 6], a 100 B temp at 5.
    const auto points = view.liveSeries()->points();
    REQUIRE_FALSE(points.isEmpty());
    double peak = 0;
    for (const QPointF& point : points)
        peak = std::max(peak, point.y());
    CHECK(peak == Approx((16384 + 16384 + 100) / 1024.0));
    CHECK(view.capacitySeries()->points().front().y() == Approx(20.0));
    CHECK(view.opAxis()->min() == Approx(2));
    CHECK(view.opAxis()->max() == Approx(10));
}

TEST_CASE("clicking the usage curve sets the shared time cursor", "[usage]")
{
    PlanSession session;
    UsageChartView view(&session);
    view.resize(600, 220);
    session.setDocument(std::make_shared<const PlanDocument>(
        loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {})));
    session.setScopeIndex(0);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    // The pixel of op 5.5 at a quarter of the height, by the chart's own mapping.
    const QPointF valuePoint(5.5, view.chart()->axes(Qt::Vertical).front()->property("max").toDouble() / 4);
    const QPointF chartPoint = view.chart()->mapToPosition(valuePoint, view.liveSeries());
    const QPoint widgetPoint = view.mapFromScene(view.chart()->mapToScene(chartPoint));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, widgetPoint);
    CHECK(session.cursorOp() == std::optional<std::int64_t>(5));
}
