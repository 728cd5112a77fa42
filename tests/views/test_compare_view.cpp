// The compare view: two plans on one scale, the diff table, and a selection
// that follows the buffer across both charts and both sources.
#include "core/diff/plan_diff.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/compare/compare_view.hpp"
#include "views/compare/diff_table_model.hpp"
#include "views/plan_session.hpp"
#include "views/source/late_ir_pane.hpp"
#include "views/source/source_panes.hpp"
#include "views/source/source_text_view.hpp"
#include "views/view_text.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QTextBlock>

using namespace memlens;

namespace {

std::string examplePath(const std::string& folder)
{
    return (test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string();
}

Comparison comparisonOf(const std::string& pathA, const std::string& pathB)
{
    auto a = std::make_shared<PlanDocument>(*test::loadPath(pathA));
    auto b = std::make_shared<PlanDocument>(*test::loadPath(pathB));
    shareCapacities(*a, *b);
    Comparison comparison;
    comparison.diff = std::make_shared<const PlanDiff>(diffPlans(*a, *b));
    comparison.summary = QString::fromStdString(describePlanChange(*a, *b));
    comparison.a = a;
    comparison.b = b;
    comparison.labelA = QStringLiteral("block8192/memory_info_aiv.json");
    comparison.labelB = QStringLiteral("block16384/memory_info_aiv.json");
    return comparison;
}

struct SessionPanes {
    PlanSession* session;
    SourcePanes* panes;
};

struct ShownView {
    CompareView view;
    ShownView()
    {
        view.resize(1400, 900);
        view.setComparison(comparisonOf(examplePath("block8192"), examplePath("block16384")));
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
};

int rowOf(const CompareView& view, const std::string& ssaName)
{
    for (int row = 0; row < view.model()->rowCount(); ++row)
        if (view.model()->bufferA(row) && view.model()->bufferA(row)->ssaName == ssaName)
            return row;
    FAIL("no row for " << ssaName);
    return -1;
}

} // namespace

TEST_CASE("the compare view puts both plans on one address scale with one capacity line", "[compare_view]")
{
    ShownView shown;
    CompareView& view = shown.view;
    const DataWindow fitA = view.chartA()->mapping().fitWindow();
    const DataWindow fitB = view.chartB()->mapping().fitWindow();
    CHECK(fitA == fitB);
    // Tall enough for B's 321 KB: A alone would have fitted to its 192 KB capacity.
    CHECK(fitA.y1 >= 328736.0);
    CHECK(view.sessionA()->analysis()->capacity.bytes == 196608);
    CHECK(view.sessionB()->analysis()->capacity.bytes == 196608);
    // The capacity line sits at the same share of both plot heights.
    auto capacityShare = [](const BlockChartWidget* chart) {
        const QRectF plot = chart->mapping().plotRect();
        return (plot.bottom() - chart->mapping().yToPixel(196608.0)) / plot.height();
    };
    CHECK(capacityShare(view.chartA()) == Approx(capacityShare(view.chartB())));

    // Zooming one chart zooms the other.
    view.chartA()->zoomIn();
    CHECK(view.chartB()->mapping().window() == view.chartA()->mapping().window());
    CHECK_FALSE(view.chartB()->mapping().isFit());
    view.chartB()->fitToPlan();
    CHECK(view.chartA()->mapping().isFit());
}

TEST_CASE("the compare view starts on the first buffer over capacity", "[compare_view]")
{
    ShownView shown;
    CompareView& view = shown.view;
    // B's first block ending above 192 KB: the zero tile of tl.where, %alloc at 196608.
    const Block* b = view.sessionB()->selectedBlockPtr();
    REQUIRE(b);
    CHECK(view.sessionB()->scope()->bufferOf(*b).ssaName == "%alloc");
    CHECK(b->offset == 196608);
    REQUIRE(view.sessionA()->selectedBlockPtr());
    CHECK(view.sessionA()->scope()->bufferOf(*view.sessionA()->selectedBlockPtr()).ssaName == "%alloc");
    CHECK(view.selectedPair() == rowOf(view, "%alloc"));
}

TEST_CASE("the compare view says which side is which, by folder", "[compare_view]")
{
    ShownView shown;
    CompareView& view = shown.view;
    CHECK(view.headerTextA().startsWith("A block8192/memory_info_aiv.json"));
    CHECK(view.headerTextA().contains("fits"));
    CHECK(view.headerTextB().startsWith("B block16384/memory_info_aiv.json"));
    CHECK(view.headerTextB().contains("overflows"));
    CHECK(view.headerTextB().contains("peak 321 KB of 192 KB"));
    CHECK(view.summaryText().contains(QString::fromUtf8("peak 192 KB \u2192 321 KB (+67%), now overflows")));
}

TEST_CASE("the diff table lists the 14 matched buffers with their ratios", "[compare_view]")
{
    ShownView shown;
    CompareView& view = shown.view;
    REQUIRE(view.model()->rowCount() == 14);
    int doubled = 0;
    for (int row = 0; row < 14; ++row) {
        const QString ratio = view.model()->index(row, DiffTableModel::RatioColumn).data().toString();
        const QString change = view.model()->index(row, DiffTableModel::ChangeColumn).data().toString();
        const QString copies = view.model()->index(row, DiffTableModel::CopiesColumn).data().toString();
        if (ratio == QString::fromUtf8("\u00d72")) {
            ++doubled;
            // The reductions' scratch has x's two slots at 8192, one of its own at 16384: moved.
            CHECK(change == (copies.contains(QString::fromUtf8("\u2192")) ? "moved" : "grown"));
        } else {
            CHECK(ratio == QString::fromUtf8("\u00d71"));
            CHECK(change == "moved");
        }
    }
    CHECK(doubled == 12);
    const int xf = rowOf(view, "%alloc_3");
    CHECK(view.model()->index(xf, DiffTableModel::PythonColumn).data().toString() == "layer_norm.py:55 \"xf\"");
    CHECK(view.model()->index(xf, DiffTableModel::SizeBColumn).data().toString() == "64 KB");
    CHECK(view.model()->index(xf, DiffTableModel::MatchedByColumn).data().toString() == "python");
}

TEST_CASE("a row selects the buffer in both charts and shows both sources", "[compare_view]")
{
    ShownView shown;
    CompareView& view = shown.view;
    QSignalSpy pythonA(view.sourcesA(), &SourcePanes::pythonShown);
    QSignalSpy pythonB(view.sourcesB(), &SourcePanes::pythonShown);
    const int xf = rowOf(view, "%alloc_3");
    // As a click on the table does: through the sorted view's selection.
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(view.table()->model());
    REQUIRE(proxy);
    view.table()->selectionModel()->select(proxy->mapFromSource(view.model()->index(xf, 0)),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    CHECK(view.selectedPair() == xf);
    const Block* a = view.sessionA()->selectedBlockPtr();
    const Block* b = view.sessionB()->selectedBlockPtr();
    REQUIRE(a);
    REQUIRE(b);
    CHECK(view.sessionA()->scope()->bufferOf(*a).ssaName == "%alloc_3");
    CHECK(view.sessionB()->scope()->bufferOf(*b).ssaName == "%alloc_3");
    CHECK(a->offset == 163840);
    CHECK(b->offset == 262144);
    REQUIRE((!pythonA.isEmpty() || pythonA.wait(5000)));
    REQUIRE((!pythonB.isEmpty() || pythonB.wait(5000)));
    CHECK(view.sourcesA()->pythonHighlightedLine() == 55);
    CHECK(view.sourcesB()->pythonHighlightedLine() == 55);
    CHECK(view.sourcesA()->irHighlightedLine() == 83);
    CHECK(view.sourcesB()->irHighlightedLine() == 83);
}

TEST_CASE("clicking a block in one chart selects its row and the buffer in the other chart", "[compare_view]")
{
    ShownView shown;
    CompareView& view = shown.view;
    const ScopePlan* planB = view.sessionB()->scope();
    int blockB = -1;
    for (std::size_t i = 0; i < planB->blocks.size(); ++i)
        if (planB->bufferOf(planB->blocks[i]).ssaName == "%alloc_1" && planB->blocks[i].copy == 1)
            blockB = static_cast<int>(i);
    REQUIRE(blockB >= 0);
    const QPoint centre
        = view.chartB()->mapping().blockPixelRect(planB->blocks[static_cast<std::size_t>(blockB)]).center();
    REQUIRE(view.chartB()->blockAt(centre) == blockB);
    QTest::mouseClick(view.chartB(), Qt::LeftButton, {}, centre);
    CHECK(view.sessionB()->selectedBlock() == blockB); // the copy clicked stays selected
    REQUIRE(view.selectedPair() == rowOf(view, "%alloc_1"));
    const Block* a = view.sessionA()->selectedBlockPtr();
    REQUIRE(a);
    CHECK(view.sessionA()->scope()->bufferOf(*a).ssaName == "%alloc_1");
    CHECK(view.table()->selectionModel()->selectedRows().size() == 1);

    // Clearing the row clears both charts.
    view.selectPair(-1);
    CHECK(view.sessionA()->selectedBlock() == -1);
    CHECK(view.sessionB()->selectedBlock() == -1);
    CHECK(view.table()->selectionModel()->selectedRows().isEmpty());
}

TEST_CASE("a scope only one side has shows an empty chart on the other", "[compare_view]")
{
    auto a = std::make_shared<PlanDocument>(*test::loadFixture("dumps/two_scopes_multibuffer.json"));
    auto b = test::loadFixture("dumps/two_scopes_multibuffer.json");
    a->dump.scopes.pop_back();
    a->analyses.pop_back();
    a->sources.pop_back();
    Comparison comparison;
    comparison.diff = std::make_shared<const PlanDiff>(diffPlans(*a, *b));
    comparison.a = a;
    comparison.b = b;
    comparison.labelA = "a/one.json";
    comparison.labelB = "b/two.json";
    CompareView view;
    view.resize(1024, 700);
    view.setComparison(comparison);
    const std::string second = b->dump.scopes[1].scope;
    REQUIRE(view.showScope(QString::fromStdString(second)));
    CHECK_FALSE(view.sessionA()->scope());
    REQUIRE(view.sessionB()->scope());
    CHECK(view.sessionB()->scope()->scope == second);
    CHECK(view.headerTextA().contains(QString::fromStdString("no scope " + second)));
    CHECK(view.model()->rowCount() == static_cast<int>(b->dump.scopes[1].buffers.size()));
    CHECK(view.model()->index(0, DiffTableModel::ChangeColumn).data().toString() == "added");
    CHECK_FALSE(view.showScope("cc"));
}

TEST_CASE("the compare view's source panes offer no Open IR button it could not answer", "[compare_view]")
{
    // Two dumps without an IR beside them: the panes say so, without a dead button.
    const std::string a = test::data("dumps/two_scopes_multibuffer.json").string();
    const std::string b = test::data("dumps/success_but_overflow.json").string();
    CompareView view;
    view.resize(1400, 900);
    view.setComparison(comparisonOf(a, b));
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    REQUIRE_FALSE(view.sourcesA()->session()->document()->ir);
    CHECK_FALSE(view.sourcesA()->openIrButton()->isVisible());
    CHECK_FALSE(view.sourcesB()->openIrButton()->isVisible());
    // The main window's panes, where File > Open IR answers it, still offer it.
    PlanSession session;
    SourcePanes panes(&session);
    session.setDocument(test::loadPath(a));
    panes.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panes));
    CHECK(panes.openIrButton()->isVisible());
}

TEST_CASE("the compare view leaves the compile logs' pane out: its IR and Python panes keep the room", "[compare_view]")
{
    ShownView shown;
    CompareView& view = shown.view;
    for (const SessionPanes side :
        {SessionPanes{view.sessionA(), view.sourcesA()}, SessionPanes{view.sessionB(), view.sourcesB()}}) {
        REQUIRE(side.session->document()->log); // both example folders have a compile.log
        const auto* late = side.panes->findChild<LateIrPane*>();
        REQUIRE(late);
        CHECK_FALSE(late->isVisibleTo(side.panes));
    }
}

TEST_CASE("a buffer whose type differs has that type marked on each IR line and scrolled into view", "[compare_view]")
{
    CompareView view;
    view.resize(1024, 700); // narrow source panes: the type sits past their right edge
    view.setComparison(comparisonOf(examplePath("block8192"), examplePath("block16384")));
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.selectPair(rowOf(view, "%alloc_3"));
    QApplication::processEvents();
    const std::pair<const char*, SourceTextView*> sides[]
        = {{"8192xf32", view.sourcesA()->irView()}, {"16384xf32", view.sourcesB()->irView()}};
    for (const auto& [type, ir] : sides) {
        INFO(type);
        REQUIRE(ir->strongLine() == 83);
        const auto [column, length] = ir->emphasisSpan();
        REQUIRE(length > 0);
        CHECK(ir->lineText(83).mid(column, length) == QString::fromLatin1(type));
        QTextCursor at(ir->document()->findBlockByNumber(82));
        at.setPosition(at.position() + column + length);
        const QRect end = ir->cursorRect(at);
        CHECK(end.right() <= ir->viewport()->width());
        CHECK(end.left() >= 0);
    }
    // A buffer of the same type on both sides marks nothing.
    for (int row = 0; row < view.model()->rowCount(); ++row) {
        const Buffer* a = view.model()->bufferA(row);
        const Buffer* b = view.model()->bufferB(row);
        if (!a || !b || bufferTypeText(*a) != bufferTypeText(*b))
            continue;
        view.selectPair(row);
        CHECK(view.sourcesA()->irView()->emphasisSpan().second == 0);
        CHECK(view.sourcesB()->irView()->emphasisSpan().second == 0);
        break;
    }
}
