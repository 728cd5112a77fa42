// The table's filter and the chart: what the filter hides, the chart dims.
#include "core/document/plan_document.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QLineEdit>
#include <QTest>

using namespace memlens;

namespace {
bool near(QColor a, QColor b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) <= 12;
}
} // namespace

TEST_CASE("the table filter dims the blocks it hides in the chart", "[table][chart][filter]")
{
    PlanSession session;
    BlockTablePanel table(&session);
    BlockChartWidget chart(&session);
    chart.resize(900, 500);
    session.setDocument(std::make_shared<const PlanDocument>(
        loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {})));
    session.setScopeIndex(0);
    chart.show();
    REQUIRE(QTest::qWaitForWindowExposed(&chart));
    const ScopePlan& plan = *session.scope();
    CHECK(session.filteredOut().empty()); // no filter: nothing dimmed

    auto* filter = table.findChild<QLineEdit*>(QStringLiteral("blockFilterEdit"));
    REQUIRE(filter);
    filter->setText(QStringLiteral("row_max")); // what typing emits: textChanged
    REQUIRE(session.filteredOut().size() == plan.blocks.size());
    int shown = 0;
    for (std::size_t i = 0; i < plan.blocks.size(); ++i) {
        const bool isRowMax = plan.bufferOf(plan.blocks[i]).ssaName == "%row_max";
        CHECK(session.filteredOut()[i] == !isRowMax);
        shown += isRowMax ? 1 : 0;
    }
    CHECK(shown == 1);

    // In the picture: row_max in its own colour, the others faded towards the background.
    const QImage image = chart.grab().toImage();
    for (std::size_t i = 0; i < plan.blocks.size(); ++i) {
        const Block& block = plan.blocks[i];
        const QRect r = chart.mapping().blockPixelRect(block);
        if (r.width() < 12 || r.height() < 12)
            continue; // the temp is a sliver; its label-free middle is too small to sample
        const QColor fill = style::blockFill(plan.bufferOf(block), false);
        const QColor expected = session.filteredOut()[i] ? style::dimmed(fill) : fill;
        // Points inside, clear of the outline and of the centred label (a later copy is hatched: any of them).
        bool found = false;
        for (int dy = 3; dy < 9; ++dy)
            for (int dx = 3; dx < 9; ++dx)
                found
                    |= near(image.pixelColor(QPoint(r.left() + dx, r.top() + dy) * image.devicePixelRatio()), expected);
        INFO(plan.bufferOf(block).ssaName);
        CHECK(found);
    }

    // Clearing the filter brings the colours back.
    filter->clear();
    CHECK(session.filteredOut().empty());
}
