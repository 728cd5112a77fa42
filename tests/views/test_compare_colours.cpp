// The compare view paints one buffer in one colour on both sides, and shows one Python line once.
#include "core/diff/plan_diff.hpp"
#include "support/test_documents.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/compare/compare_view.hpp"
#include "views/compare/diff_table_model.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_pane.hpp"
#include "views/source/source_panes.hpp"

#include <catch2/catch.hpp>

#include <QImage>
#include <QTest>

using namespace memlens;

namespace {

Comparison reorderedComparison()
{
    auto a = std::make_shared<PlanDocument>(*test::loadFixture("dumps/compare/reordered_a.json"));
    auto b = std::make_shared<PlanDocument>(*test::loadFixture("dumps/compare/reordered_b.json"));
    shareCapacities(*a, *b);
    auto diff = std::make_shared<const PlanDiff>(diffPlans(*a, *b));
    return Comparison{std::move(a), std::move(b), std::move(diff), "a.json", "b.json", {}};
}

// The comparison of the two fixtures, on screen.
struct ShownComparison {
    CompareView view;
    ShownComparison()
    {
        view.resize(1400, 900);
        view.setComparison(reorderedComparison());
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
};

int blockOf(const ScopePlan& plan, const char* ssaName)
{
    for (std::size_t i = 0; i < plan.blocks.size(); ++i)
        if (plan.bufferOf(plan.blocks[i]).ssaName == ssaName)
            return static_cast<int>(i);
    return -1;
}

// The fill at the middle of the block of `ssaName`, read from the chart as drawn.
QColor fillOf(BlockChartWidget& chart, const char* ssaName)
{
    const ScopePlan& plan = *chart.session()->scope();
    const int block = blockOf(plan, ssaName);
    REQUIRE(block >= 0);
    const QImage image = chart.grab().toImage();
    const QRect rect = chart.mapping().blockPixelRect(plan.blocks.at(static_cast<std::size_t>(block)));
    // The middle row, near the left end: inside the outline, too thin for a label.
    return image.pixelColor(QPoint(rect.left() + 4, rect.center().y()) * image.devicePixelRatio());
}

int rowOf(const CompareView& view, const char* ssaName)
{
    for (int row = 0; row < view.model()->rowCount(); ++row)
        if (const Buffer* a = view.model()->bufferA(row); a && a->ssaName == ssaName)
            return row;
    return -1;
}

} // namespace

TEST_CASE("a matched buffer has one colour in A and B, whatever its place in each file", "[compare_view][colour]")
{
    ShownComparison shown;
    CompareView& view = shown.view;
    // B lists a new %n first, then %q and %p: their own ids differ between the sides.
    const ScopePlan& a = *view.sessionA()->scope();
    const ScopePlan& b = *view.sessionB()->scope();
    REQUIRE(a.bufferOf(a.blocks.at(blockOf(a, "%p"))).id != b.bufferOf(b.blocks.at(blockOf(b, "%p"))).id);
    CHECK(fillOf(*view.chartA(), "%p") == fillOf(*view.chartB(), "%p"));
    CHECK(fillOf(*view.chartA(), "%q") == fillOf(*view.chartB(), "%q"));
    CHECK(fillOf(*view.chartA(), "%p") != fillOf(*view.chartA(), "%q"));
    // The added buffer takes a colour no A buffer has.
    CHECK(fillOf(*view.chartB(), "%n") != fillOf(*view.chartB(), "%p"));
    CHECK(fillOf(*view.chartB(), "%n") != fillOf(*view.chartB(), "%q"));
}

TEST_CASE("a buffer from one Python line on both sides shows that line once", "[compare_view][sources]")
{
    ShownComparison shown;
    CompareView& view = shown.view;
    const int p = rowOf(view, "%p"); // line 12 in both
    const int q = rowOf(view, "%q"); // line 10, then 14
    REQUIRE(p >= 0);
    REQUIRE(q >= 0);
    CHECK(view.model()->samePython(p));
    CHECK_FALSE(view.model()->samePython(q));
    view.selectPair(p);
    for (int i = 0; i < 20 && view.sourcesB()->irPane()->width() <= view.sourcesA()->irPane()->width(); ++i)
        QTest::qWait(10); // the splitter lays the panes out again on its next turn
    CHECK(view.sourcesA()->pythonPane()->isVisible());
    CHECK_FALSE(view.sourcesB()->pythonPane()->isVisible());
    CHECK(view.sourcesB()->irPane()->width() > view.sourcesA()->irPane()->width());
    view.selectPair(q);
    CHECK(view.sourcesB()->pythonPane()->isVisible());
}
