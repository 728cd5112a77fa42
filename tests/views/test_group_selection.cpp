// A row of "Group copies" stands for the whole buffer: the chart outlines every copy of it.
#include "support/test_documents.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QImage>
#include <QItemSelectionModel>
#include <QTableView>

#include <cstdlib>

using namespace memlens;

namespace {

bool closeTo(QColor a, QColor b, int tolerance = 30)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) <= tolerance;
}

// True when the selection outline runs along the block's top edge.
bool outlined(BlockChartWidget& chart, int block)
{
    const QImage image = chart.grab().toImage();
    const QRect rect
        = chart.mapping().blockPixelRect(chart.session()->scope()->blocks.at(static_cast<std::size_t>(block)));
    for (int dy = -2; dy <= 2; ++dy)
        if (closeTo(image.pixelColor(QPoint(rect.center().x(), rect.top() + dy) * image.devicePixelRatio()),
                style::selectionOutline()))
            return true;
    return false;
}

} // namespace

TEST_CASE("a row of grouped copies selects every copy of its buffer in the chart", "[table][chart][selection]")
{
    PlanSession session;
    session.setDocument(test::loadFixture("dumps/two_scopes_multibuffer.json"));
    BlockTablePanel table(&session);
    BlockChartWidget chart(&session);
    chart.resize(700, 400);
    // Blocks 0 and 1 are the two copies of %x_tile, block 2 is %row_max.
    const ScopePlan& plan = *session.scope();
    REQUIRE(plan.blocks.at(0).bufferIndex == plan.blocks.at(1).bufferIndex);
    REQUIRE(plan.blocks.at(2).bufferIndex != plan.blocks.at(0).bufferIndex);

    table.groupCopiesBox()->setChecked(true);
    const int row = table.proxy()->rowOfBlock(0);
    REQUIRE(row >= 0);
    table.tableView()->selectionModel()->setCurrentIndex(
        table.proxy()->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    CHECK(session.selectedBlock() == 0);
    CHECK(session.selectedBlocks() == std::vector<int>{0, 1});
    CHECK(outlined(chart, 0));
    CHECK(outlined(chart, 1));
    CHECK_FALSE(outlined(chart, 2));

    // One row per block again: the selection is the one copy.
    table.groupCopiesBox()->setChecked(false);
    CHECK(session.selectedBlocks() == std::vector<int>{0});
    CHECK(outlined(chart, 0));
    CHECK_FALSE(outlined(chart, 1));
}
