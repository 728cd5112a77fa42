// With a compile log the views name ops: the chart's op tooltip and cursor tag, Block Details'
// Life, and the late IR pane that highlights a Life and moves the cursor. Our own softmax log.
#include "core/document/plan_document.hpp"
#include "support/shown_text.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/source/late_ir_pane.hpp"
#include "views/table/block_details_panel.hpp"

#include <catch2/catch.hpp>

#include <QTest>

using namespace memlens;
using namespace memlens::test::shown;

namespace {

std::shared_ptr<const PlanDocument> softmax() { return test::loadFixture("logs/softmax/memory_info_aiv.json"); }

} // namespace

TEST_CASE("Block Details read a Life as the ops it runs from and to", "[compile_log][details]")
{
    PlanSession session;
    BlockDetailsPanel panel(&session);
    session.setDocument(softmax());
    REQUIRE(session.document()->log);
    session.selectBlock(0);
    CHECK(detailsShown(session).life == "Life [4, 13]");
    CHECK_THAT(
        detailsShown(session).lifeDetail.toStdString(), Catch::StartsWith("from op 4 scf.for (begin) (softmax.py:20"));
    CHECK_THAT(detailsShown(session).lifeDetail.toStdString(), Catch::Contains("to op 13 scf.for (end)"));

    // Without a log the detail is as before.
    session.setDocument(test::loadFixture("dumps/compiler_today/copies_listed_twice.json"));
    session.selectBlock(0);
    CHECK(detailsShown(session).lifeDetail.startsWith("alloc at 4, last use at 12"));
}

TEST_CASE("the late IR pane highlights the selected Life and a click moves the cursor", "[compile_log][source]")
{
    PlanSession session;
    LateIrPane pane(&session);
    session.setDocument(softmax());
    CHECK_FALSE(pane.isHidden());
    CHECK(pane.view()->lineCount() > 10);
    // Numbered by compile.log's own lines (an editor's), not from the section's start.
    REQUIRE(session.document()->log->sectionFirstLine > 1);
    CHECK(pane.view()->shownLineNumber(1) == session.document()->log->sectionFirstLine);
    session.selectBlock(1); // %alloc_0, Life [4, 13]: the loop
    // Ops 4..13 sit on section lines 6..13 (the loop's lines; the if's else entry shares its closing line).
    CHECK(pane.lifeLines().front() == 6);
    CHECK(pane.lifeLines().back() == 13);
    CHECK(pane.view()->strongLine() == 6);
    session.setCursorOp(11);
    CHECK(pane.cursorLine() == 12); // hivm.hir.store
    // A click on the vexp line puts the cursor on op 6.
    REQUIRE(pane.opAtLine(8) == 6);
    emit pane.view()->lineActivated(8);
    CHECK(session.cursorOp() == 6);

    // No log: the pane hides.
    session.setDocument(test::loadFixture("dumps/compiler_today/copies_listed_twice.json"));
    CHECK(pane.isHidden());
}

TEST_CASE("the chart names the op under the pointer", "[compile_log][chart]")
{
    PlanSession session;
    BlockChartWidget chart(&session);
    chart.resize(900, 500);
    session.setDocument(softmax());
    chart.show();
    REQUIRE(QTest::qWaitForWindowExposed(&chart));
    const QRectF plot = chart.mapping().plotRect();
    // The middle of op 11's column, just under the plot (over the op axis).
    const int x = static_cast<int>(chart.mapping().xToPixel(11.5));
    const QString text = chart.opToolTipAt(QPoint(x, static_cast<int>(plot.bottom()) + 10));
    CHECK(text == "op 11  hivm.hir.store  softmax.py:29");
    CHECK(chart.opToolTipAt(QPoint(x, static_cast<int>(plot.bottom()) + 200)).isEmpty());
    CHECK(chart.toolTipForBlock(0).contains("from op 4 scf.for (begin)"));
}
