#include "core/document/plan_document.hpp"
#include "support/shown_text.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_details_panel.hpp"
#include "views/view_text.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QClipboard>
#include <QPushButton>
#include <QTest>

#include <memory>
#include <string>

using namespace memlens;
using memlens::test::loadFixture;
using memlens::test::loadOverflowSample;
using memlens::test::loadPath;
using namespace memlens::test::shown;

TEST_CASE("the details panel hints until a block is selected", "[details]")
{
    PlanSession session;
    BlockDetailsPanel panel(&session);
    CHECK_FALSE(panel.hasBlock());
    CHECK(hintShown(panel) == "Open a memory plan dump to see its blocks");
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    CHECK(hintShown(panel) == "Click a block in the chart or a row in the table");
    session.selectBlock(2);
    CHECK(panel.hasBlock());
    CHECK(hintShown(panel).isEmpty());
    session.selectBlock(-1);
    CHECK(hintShown(panel) == "Click a block in the chart or a row in the table");
    session.selectBlock(2);
    session.setScopeIndex(1); // another scope drops the selection
    CHECK_FALSE(panel.hasBlock());
}

TEST_CASE("the details panel shows the overflowing block of the real sample", "[details]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    BlockDetailsPanel panel(&session);
    session.setDocument(loadOverflowSample());
    session.selectBlock(1);
    REQUIRE(panel.hasBlock());
    CHECK(detailsShown(session).name == "%alloc_0");
    CHECK(detailsShown(session).life.contains("Life [4, 5]"));
    CHECK(detailsShown(session).lifeDetail == QString::fromUtf8("alloc at 4, last use at 5 \u00b7 spans 2 ops"));
    CHECK(detailsShown(session).size == "131072 B (128 KB)");
    CHECK(detailsShown(session).address == "[131072, 262144)");
    CHECK(detailsShown(session).offsetsLine() == "131072 (copy 1 of 1)");
    CHECK(detailsShown(session).type == "65536xf16 (f16, shape 65536)");
    CHECK(detailsShown(session).temp == "no");
    CHECK(detailsShown(session).overCapacity.startsWith(
        "by 64 KB: ends at 256 KB, capacity 192 KB from the error message"));
    CHECK(detailsShown(session).location == "fake_attn_fwd_overflow.ttadapter:18:13");
    CHECK(detailsShown(session).rawBuffer == "%alloc_0 = memref.alloc() : memref<65536xf16, #hivm.address_space<ub>>");
    CHECK(detailsShown(session).rawLocation
        == "loc(\"/Users/YokeLove/huawei/AscendNPU-IR/data/fake_attn_fwd_overflow.ttadapter\":18:13)");

    // Block 0 ends at 128 KB: below capacity.
    session.selectBlock(0);
    CHECK(detailsShown(session).life == "Life [3, 6]");
    CHECK(detailsShown(session).overCapacity.startsWith("no: ends at 128 KB, 64 KB below the capacity 192 KB"));

    // A capacity change (re-analysis) updates the verdict on the selected block.
    session.selectBlock(1);
    CapacitySettings larger;
    larger.byScope["ub"] = 512 * 1024;
    session.setDocument(loadOverflowSample(larger));
    REQUIRE(panel.hasBlock());
    CHECK(detailsShown(session).overCapacity.startsWith(
        "no: ends at 256 KB, 256 KB below the capacity 512 KB from your setting"));
}

TEST_CASE("the details panel lists every copy and marks temporaries", "[details]")
{
    PlanSession session;
    BlockDetailsPanel panel(&session);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    session.selectBlock(1); // %x_tile, second copy
    CHECK(detailsShown(session).name == "%x_tile");
    CHECK(detailsShown(session).offsetsLine() == "0 (copy 1 of 2), 8192 (copy 2 of 2)");
    CHECK(detailsShown(session).address == "[8192, 16384)");
    CHECK(detailsShown(session).size == "8192 B (8 KB)");
    session.selectBlock(3); // %tmp_buf, Life [5, 5], 100 bytes, loc(unknown)
    CHECK(detailsShown(session).life == "Life [5, 5]");
    CHECK(detailsShown(session).lifeDetail.endsWith("spans 1 op"));
    CHECK(detailsShown(session).size == "100 B (100 B)");
    CHECK(detailsShown(session).temp.startsWith("yes"));
    CHECK(detailsShown(session).type == "100xi8 (i8, shape 100)");
    CHECK(detailsShown(session).location == "unknown");
}

TEST_CASE("copy details puts a plain-text summary on the clipboard", "[details]")
{
    PlanSession session;
    BlockDetailsPanel panel(&session);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    session.selectBlock(2);
    QApplication::clipboard()->clear();
    QTest::mouseClick(panel.copyButton(), Qt::LeftButton);
    const QString text = QApplication::clipboard()->text();
    CHECK(text == panel.summaryText());
    CHECK(text.startsWith("%row_max (scope ub, kernel _softmax_kernel)\nLife [4, 6]: alloc at 4, last use at 6"));
    CHECK(text.contains("Size: 16384 B (16 KB)\n"));
    CHECK(text.contains("Source location: loc(\"/work/kernels/softmax.py\":23:18)\n"));
    CHECK_FALSE(text.contains("<"
                              "b>"));
    // The button says it worked, then reads as before.
    CHECK(panel.copyButton()->text() == QString::fromUtf8("Copied \u2713"));
    // (QTRY_* would only print a failure here: it returns from the test, and Catch counts nothing.)
    CHECK(QTest::qWaitFor([&panel] { return panel.copyButton()->text() == QStringLiteral("Copy details"); }, 3000));
}

TEST_CASE("for a buffer of several copies the details say how its copies stand against capacity", "[details]")
{
    // ub's %x_tile: two 8 KB copies ending at 8 KB and 16 KB; at a 12 KB capacity one ends above it.
    PlanSession session;
    BlockDetailsPanel panel(&session);
    CapacitySettings capacity;
    capacity.byScope["ub"] = 12 * 1024;
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json", capacity));
    session.setScopeIndex(0);
    session.selectBlock(0); // the first copy: below capacity itself
    CHECK(detailsShown(session).overCapacity.startsWith("no: ends at 8 KB, 4 KB below"));
    CHECK(
        detailsShown(session).overCapacity.endsWith("; 1 of the buffer's 2 copies end above it, the furthest by 4 KB"));
    session.selectBlock(1);
    CHECK(detailsShown(session).overCapacity.startsWith("by 4 KB: ends at 16 KB"));
    CHECK(
        detailsShown(session).overCapacity.endsWith("; 1 of the buffer's 2 copies end above it, the furthest by 4 KB"));
}

TEST_CASE("the details panel renders", "[details]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    BlockDetailsPanel panel(&session);
    panel.resize(460, 480);
    session.setDocument(loadOverflowSample());
    panel.show();
    QCoreApplication::processEvents();
    CHECK(panel.grab().save("/tmp/memlens_details_empty.png"));
    session.selectBlock(1);
    QCoreApplication::processEvents();
    CHECK(panel.grab().save("/tmp/memlens_details_block.png"));
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    session.selectBlock(1);
    QCoreApplication::processEvents();
    CHECK(panel.grab().save("/tmp/memlens_details_copies.png"));
}

TEST_CASE("only a word too long for a narrow dock gets places to break, and they come out again", "[details]")
{
    const QChar zeroWidth(0x200B);
    // Short words wrap whole, at their spaces.
    const QString sentence = QStringLiteral("kernel.py:60:24 \"sq_sum\" and a few words");
    CHECK(breakable(sentence) == sentence);
    // A long path breaks after its separators, a long run every 16 characters.
    const QString path = QStringLiteral("/home/build/very_long_folder/kernel.py");
    const QString broken = breakable(path);
    CHECK(broken.count(zeroWidth) >= 4);
    CHECK(broken.contains(QStringLiteral("/home/") + zeroWidth));
    const QString run = breakable(QString(40, QLatin1Char('n')));
    CHECK(run.count(zeroWidth) == 2);
    for (const QString& text : {sentence, path, QString(40, QLatin1Char('n'))})
        CHECK(withoutBreaks(breakable(text)) == text);
}
