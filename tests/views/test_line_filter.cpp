// A click on a source line filters the table to that line's blocks, with a chip
// above the table that says so and clears it (issue 14, item 6).
#include "core/document/plan_document.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_panes.hpp"
#include "views/source/source_text_view.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"

#include "views/chart/block_chart_widget.hpp"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

fs::path exampleDump()
{
    return fs::path(MEMLENS_SOURCE_DIR) / "resources/examples/layer_norm/block16384/memory_info_aiv.json";
}

std::shared_ptr<const PlanDocument> loadExample()
{
    return std::make_shared<const PlanDocument>(loadPlanDocument(exampleDump().string(), {}));
}

// The blocks whose sources name IR line `line`, by a scan of the document's sources.
std::set<int> blocksAtIrLine(const PlanSession& session, int line)
{
    std::set<int> out;
    const ScopePlan& scope = *session.scope();
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        const BlockSource* source
            = session.document()->sourceOf(static_cast<std::size_t>(session.scopeIndex()), scope.blocks[i]);
        if (source && std::find(source->irLines.begin(), source->irLines.end(), line) != source->irLines.end())
            out.insert(static_cast<int>(i));
    }
    return out;
}

// The blocks with a Python frame at layer_norm.py:`line`.
std::set<int> blocksAtPythonLine(const PlanSession& session, int line)
{
    std::set<int> out;
    const ScopePlan& scope = *session.scope();
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        const BlockSource* source
            = session.document()->sourceOf(static_cast<std::size_t>(session.scopeIndex()), scope.blocks[i]);
        if (source && std::any_of(source->pythonFrames.begin(), source->pythonFrames.end(), [line](const auto& f) {
                return f.line == line && f.file == "/home/dev/kernels/layer_norm.py";
            }))
            out.insert(static_cast<int>(i));
    }
    return out;
}

// Every block of every row the table shows.
std::set<int> shownBlocks(const BlockTablePanel& table)
{
    std::set<int> out;
    const BlockFilterProxy& proxy = *table.proxy();
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const int sourceRow = proxy.mapToSource(proxy.index(row, 0)).row();
        for (int block : table.model()->blocksAt(sourceRow))
            out.insert(block);
    }
    return out;
}

std::set<int> allBlocks(const PlanSession& session)
{
    std::set<int> out;
    for (std::size_t i = 0; i < session.scope()->blocks.size(); ++i)
        out.insert(static_cast<int>(i));
    return out;
}

int blockOf(const PlanSession& session, const std::string& ssaName)
{
    const ScopePlan& scope = *session.scope();
    for (std::size_t i = 0; i < scope.blocks.size(); ++i)
        if (scope.bufferOf(scope.blocks[i]).ssaName == ssaName)
            return static_cast<int>(i);
    FAIL("no block of " << ssaName);
    return -1;
}

void click(SourceTextView* view, int line)
{
    REQUIRE(view->isLineVisible(line));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->lineRect(line).center() + QPoint(40, 0));
}

struct Window {
    PlanSession session;
    SourcePanes panes{&session};
    BlockTablePanel table{&session};

    Window()
    {
        panes.resize(1200, 400);
        table.resize(900, 400);
        panes.show();
        table.show();
        REQUIRE(QTest::qWaitForWindowExposed(&panes));
        REQUIRE(QTest::qWaitForWindowExposed(&table));
        session.setDocument(loadExample());
        session.selectBlock(blockOf(session, "%alloc_0"));
        if (panes.isReadingPython()) {
            QSignalSpy shown(&panes, &SourcePanes::pythonShown);
            REQUIRE(shown.wait(5000));
        }
    }
    bool chipShown() const { return table.lineChip()->isVisibleTo(&table); }
};

} // namespace

TEST_CASE("clicking an IR line filters the table to its blocks, with a chip that says so", "[table][source][line]")
{
    Window w;
    const std::set<int> everything = allBlocks(w.session);
    REQUIRE(shownBlocks(w.table) == everything);
    CHECK_FALSE(w.chipShown());

    const std::set<int> at57 = blocksAtIrLine(w.session, 57);
    REQUIRE(at57.size() == 2); // %alloc_0, double-buffered
    click(w.panes.irView(), 57);
    CHECK(shownBlocks(w.table) == at57);
    CHECK(w.table.proxy()->rowCount() == 2);
    REQUIRE(w.chipShown());
    CHECK(w.table.lineChipLabel()->text() == "Line 57 of _layer_norm_fwd_fused.ttadapter: 2 blocks");
    CHECK(w.table.countText() == QStringLiteral("2 of %1 blocks").arg(everything.size()));

    // The chart dims exactly the blocks the chip hides.
    REQUIRE(w.session.filteredOut().size() == everything.size());
    for (int block : everything)
        CHECK(w.session.filteredOut()[static_cast<std::size_t>(block)] == (at57.count(block) == 0));

    SECTION("the chip's button clears it")
    {
        QTest::mouseClick(w.table.lineChipClearButton(), Qt::LeftButton);
        CHECK(shownBlocks(w.table) == everything);
        CHECK_FALSE(w.chipShown());
        CHECK(w.session.highlightedBlocks().empty());
        CHECK(w.session.filteredOut().empty());
    }
    SECTION("Esc in the table clears it")
    {
        w.table.tableView()->setFocus();
        QTest::keyClick(w.table.tableView(), Qt::Key_Escape);
        CHECK(shownBlocks(w.table) == everything);
        CHECK_FALSE(w.chipShown());
    }
    SECTION("Esc in the source view clears it, and the status line with it")
    {
        QSignalSpy described(&w.panes, &SourcePanes::lineDescribed);
        w.panes.irView()->setFocus();
        QTest::keyClick(w.panes.irView(), Qt::Key_Escape);
        CHECK(shownBlocks(w.table) == everything);
        CHECK_FALSE(w.chipShown());
        REQUIRE(described.count() == 1);
        CHECK(described.last().at(0).toString().isEmpty());
    }
    SECTION("Esc in the chart clears the selection first, and a second Esc the line")
    {
        BlockChartWidget chart(&w.session);
        chart.resize(600, 300);
        chart.show();
        REQUIRE(QTest::qWaitForWindowExposed(&chart));
        REQUIRE(w.session.selectedBlock() >= 0);
        chart.setFocus();
        QTest::keyClick(&chart, Qt::Key_Escape);
        CHECK(w.session.selectedBlock() == -1);
        CHECK(w.chipShown());
        QTest::keyClick(&chart, Qt::Key_Escape);
        CHECK(shownBlocks(w.table) == everything);
        CHECK_FALSE(w.chipShown());
        CHECK(w.session.highlightedBlocks().empty());
    }
    SECTION("a line that allocates nothing clears it: the table is never left empty")
    {
        REQUIRE(blocksAtIrLine(w.session, 55).empty());
        click(w.panes.irView(), 55);
        CHECK(shownBlocks(w.table) == everything);
        CHECK_FALSE(w.chipShown());
    }
    SECTION("opening another dump clears it")
    {
        w.session.setDocument(loadExample());
        CHECK(shownBlocks(w.table) == allBlocks(w.session));
        CHECK_FALSE(w.chipShown());
    }
    SECTION("clearing by the chip also clears the status line that described the line")
    {
        QSignalSpy described(&w.panes, &SourcePanes::lineDescribed);
        QTest::mouseClick(w.table.lineChipClearButton(), Qt::LeftButton);
        REQUIRE(described.count() == 1);
        CHECK(described.last().at(0).toString().isEmpty());
    }
    SECTION("grouped copies: one row for the buffer, both copies on it")
    {
        w.table.groupCopiesBox()->setChecked(true);
        CHECK(w.table.proxy()->rowCount() == 1);
        CHECK(shownBlocks(w.table) == at57);
        CHECK(w.chipShown());
        w.table.groupCopiesBox()->setChecked(false);
        CHECK(w.table.proxy()->rowCount() == 2);
    }
}

TEST_CASE("the line chip combines with the text filter and the toggles", "[table][source][line]")
{
    Window w;
    const std::set<int> at56 = blocksAtPythonLine(w.session, 56);
    REQUIRE(at56.size() == 2); // %alloc_4 and %alloc_5 (row_sum)
    click(w.panes.pythonView(), 56);
    CHECK(shownBlocks(w.table) == at56);
    CHECK(w.table.lineChipLabel()->text() == "Line 56 of layer_norm.py: 2 blocks");

    // AND with the text filter: the line's blocks whose buffer is named like it.
    w.table.filterEdit()->setText(QStringLiteral("ALLOC_5"));
    const std::set<int> expected{blockOf(w.session, "%alloc_5")};
    CHECK(shownBlocks(w.table) == expected);
    CHECK(w.chipShown());
    // A text that matches other blocks but none on the line shows nothing, and says why: the chip stays.
    w.table.filterEdit()->setText(QStringLiteral("alloc_0"));
    CHECK(w.table.proxy()->rowCount() == 0);
    CHECK(w.chipShown());
    // Clearing the chip leaves the text filter on its own.
    QTest::mouseClick(w.table.lineChipClearButton(), Qt::LeftButton);
    const int alloc0 = blockOf(w.session, "%alloc_0");
    CHECK(shownBlocks(w.table) == std::set<int>{alloc0, alloc0 + 1});
    w.table.filterEdit()->clear();

    // AND with "over capacity only", worked out from the analysis.
    click(w.panes.irView(), 57);
    const std::set<int> at57 = blocksAtIrLine(w.session, 57);
    w.table.overCapacityOnlyBox()->setChecked(true);
    std::set<int> over57;
    for (int block : at57)
        if (w.session.analysis()->isOverCapacity(w.session.scope()->blocks[static_cast<std::size_t>(block)]))
            over57.insert(block);
    CHECK(shownBlocks(w.table) == over57);
    w.table.overCapacityOnlyBox()->setChecked(false);
    CHECK(shownBlocks(w.table) == at57);
}

TEST_CASE("another scope clears the line filter", "[table][line]")
{
    PlanSession session;
    BlockTablePanel table(&session);
    session.setDocument(std::make_shared<const PlanDocument>(
        loadPlanDocument(MEMLENS_SOURCE_DIR "/tests/data/dumps/two_scopes_multibuffer.json", {})));
    REQUIRE(session.document()->dump.scopes.size() >= 2);
    session.setScopeIndex(0);
    session.setHighlightedBlocks({0}, QStringLiteral("Line 3 of kernel.py"));
    CHECK(table.proxy()->rowCount() == 1);
    CHECK(table.lineChip()->isVisibleTo(&table));
    CHECK(table.lineChipLabel()->text() == "Line 3 of kernel.py: 1 block");
    // A highlight without a line (the diagnosis' sources) does not filter.
    session.setHighlightedBlocks({0});
    CHECK(table.proxy()->rowCount() == table.model()->rowCount());
    CHECK_FALSE(table.lineChip()->isVisibleTo(&table));

    session.setHighlightedBlocks({0}, QStringLiteral("Line 3 of kernel.py"));
    session.setScopeIndex(1);
    CHECK(table.proxy()->rowCount() == table.model()->rowCount());
    CHECK(table.model()->rowCount() == static_cast<int>(session.scope()->blocks.size()));
    CHECK_FALSE(table.lineChip()->isVisibleTo(&table));
}
