#include "app_test_support.hpp"

#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_panes.hpp"
#include "views/source/source_text_view.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QFrame>
#include <QLabel>
#include <QMimeData>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

#include <set>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {
QPoint centreOfBlock(MainWindow& window, int blockIndex)
{
    const Block& block = window.session()->scope()->blocks.at(static_cast<std::size_t>(blockIndex));
    return window.chart()->mapping().blockPixelRect(block).center();
}
} // namespace

TEST_CASE("clicking the block above capacity of the real sample opens its IR at line 18", "[window][source][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(
        f.open(QString::fromStdString(memlens::test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string())));
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    QTest::mouseClick(f.window->chart(), Qt::LeftButton, {}, centreOfBlock(*f.window, 1));
    SourcePanes* panes = f.window->sourcePanes();
    CHECK(panes->irHeaderText().contains("fake_attn_fwd_overflow.ttadapter"));
    CHECK(panes->irHighlightedLine() == 18);
    CHECK(panes->irView()->lineText(18).contains("%k_ub = memref.alloc()"));
    CHECK(panes->pythonMessageText().contains("No Python location"));
}

TEST_CASE("selecting a block of the bundled example shows its IR and Python lines side by side", "[window][source]")
{
    WindowFixture f;
    REQUIRE(f.open(memlens::test::layerNormDump()));
    const int xf = memlens::test::blockNamed(*f.window, "%alloc_3");
    REQUIRE(xf >= 0);
    SourcePanes* panes = f.window->sourcePanes();
    QSignalSpy shown(panes, &SourcePanes::pythonShown);
    f.window->session()->selectBlock(xf);
    if (panes->pythonHighlightedLine() == 0)
        REQUIRE(memlens::test::seen(shown));
    CHECK(panes->irHighlightedLine() == 83);
    CHECK(panes->irView()->lineText(83).contains("tensor.empty()"));
    CHECK(panes->pythonHighlightedLine() == 55);
    CHECK(panes->pythonView()->lineText(55).contains("xf = x.to(tl.float32)"));
    // Side by side: IR on the left, Python on the right.
    CHECK(panes->irView()->mapTo(panes, QPoint(0, 0)).x() < panes->pythonView()->mapTo(panes, QPoint(0, 0)).x());

    // A click on the IR line says in the status bar what it allocates; Esc clears it.
    SourceTextView* ir = panes->irView();
    REQUIRE(ir->isLineVisible(83));
    QTest::mouseClick(ir->viewport(), Qt::LeftButton, {}, ir->lineRect(83).center() + QPoint(40, 0));
    CHECK(f.window->statusBar()->currentMessage().startsWith("line 83 allocates %alloc_3: "));
    ir->setFocus();
    QTest::keyClick(ir, Qt::Key_Escape);
    CHECK(f.window->statusBar()->currentMessage().isEmpty());
    CHECK(f.window->session()->highlightedBlocks().empty());
}

TEST_CASE("a dump dropped onto the window opens", "[window]")
{
    WindowFixture f;
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(QString::fromStdString(memlens::test::data("dumps/flat_layout.json").string()))});
    QSignalSpy shown(f.window.get(), &MainWindow::documentShown);
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.window.get(), &enter);
    CHECK(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.window.get(), &drop);
    REQUIRE(memlens::test::seen(shown));
    CHECK(f.window->session()->document()->dump.kernel == "_old_kernel");
}

TEST_CASE("clicking a Python line in the window filters the Blocks table under a chip", "[window][source][line]")
{
    WindowFixture f;
    REQUIRE(f.open(memlens::test::layerNormDump()));
    PlanSession& session = *f.window->session();
    const ScopePlan& plan = *session.scope();
    const int xf = memlens::test::blockNamed(*f.window, "%alloc_3");
    REQUIRE(xf >= 0);
    SourcePanes* panes = f.window->sourcePanes();
    QSignalSpy shown(panes, &SourcePanes::pythonShown);
    session.selectBlock(xf);
    if (panes->pythonHighlightedLine() == 0)
        REQUIRE(memlens::test::seen(shown));

    // Worked out from the document: the blocks with a frame at layer_norm.py:56.
    std::set<int> expected;
    for (std::size_t i = 0; i < plan.blocks.size(); ++i)
        if (const BlockSource* source = session.document()->sourceOf(0, plan.blocks[i]))
            for (const SourceFrame& frame : source->pythonFrames)
                if (frame.line == 56 && frame.file == "/home/dev/kernels/layer_norm.py")
                    expected.insert(static_cast<int>(i));
    REQUIRE(expected.size() == 2);

    SourceTextView* python = panes->pythonView();
    REQUIRE(python->isLineVisible(56));
    QTest::mouseClick(python->viewport(), Qt::LeftButton, {}, python->lineRect(56).center() + QPoint(40, 0));
    BlockTablePanel* table = f.window->table();
    std::set<int> rows;
    for (int row = 0; row < table->proxy()->rowCount(); ++row)
        rows.insert(table->proxy()->blockIndexAt(row));
    CHECK(rows == expected);
    CHECK(table->lineChip()->isVisibleTo(table));
    CHECK(table->lineChipLabel()->text() == "Line 56 of layer_norm.py: 2 blocks");
    INFO(f.window->statusBar()->currentMessage().toStdString());
    CHECK(f.window->statusBar()->currentMessage().startsWith("line 56 allocates %alloc_4, %alloc_5: "));

    // The chip's button: every block again, the status bar no longer describes the line.
    QTest::mouseClick(table->lineChipClearButton(), Qt::LeftButton);
    CHECK(table->proxy()->rowCount() == static_cast<int>(plan.blocks.size()));
    CHECK_FALSE(table->lineChip()->isVisibleTo(table));
    CHECK(f.window->statusBar()->currentMessage().isEmpty());
}
