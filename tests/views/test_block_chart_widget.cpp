#include "core/document/plan_document.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <cmath>

#include <QTemporaryDir>

#include <QFile>

#include <QApplication>
#include <QHelpEvent>
#include <QImage>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> loadSampleDoc()
{
    return memlens::test::loadPath(memlens::test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string());
}

std::shared_ptr<const PlanDocument> loadFixtureDoc()
{
    LoadOptions options;
    options.buildHitIndexes = true; // as the window's loads do
    return std::make_shared<const PlanDocument>(
        loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options));
}

QPoint centreOf(const BlockChartWidget& w, int block)
{
    return w.mapping().blockPixelRect(w.session()->scope()->blocks.at(static_cast<std::size_t>(block))).center();
}

void wheel(QWidget& w, QPoint pos, int angle, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWheelEvent event(QPointF(pos), QPointF(w.mapToGlobal(pos)), QPoint(), QPoint(0, angle), Qt::NoButton, modifiers,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(&w, &event);
}

struct ShownChart {
    PlanSession session;
    BlockChartWidget widget{&session};
    explicit ShownChart(std::shared_ptr<const PlanDocument> doc)
    {
        session.setDocument(std::move(doc));
        widget.resize(900, 500);
        widget.show();
        REQUIRE(QTest::qWaitForWindowExposed(&widget));
    }
};

} // namespace

TEST_CASE("clicking the over-capacity block selects it", "[chart][widget]")
{
    MEMLENS_REQUIRE_SAMPLES();
    ShownChart chart(loadSampleDoc());
    BlockChartWidget& w = chart.widget;
    const QPoint at = centreOf(w, 1) + QPoint(0, -20);
    CHECK(w.blockAt(at) == 1);
    QTest::mouseClick(&w, Qt::LeftButton, Qt::NoModifier, at);
    CHECK(chart.session.selectedBlock() == 1);
    // Clicking the other block moves the selection without moving the view.
    const DataWindow before = w.mapping().window();
    QTest::mouseClick(&w, Qt::LeftButton, Qt::NoModifier, centreOf(w, 0));
    CHECK(chart.session.selectedBlock() == 0);
    CHECK(w.mapping().window() == before);
}

TEST_CASE("clicking empty space sets the time cursor and keeps the selection", "[chart][widget]")
{
    MEMLENS_REQUIRE_SAMPLES();
    ShownChart chart(loadSampleDoc());
    BlockChartWidget& w = chart.widget;
    chart.session.selectBlock(0);
    // Above block 1 (ops 4-5) under op 5's column, where no block lives.
    const ChartMapping& m = w.mapping();
    const QPoint empty(qRound(m.xToPixel(5.5)), qRound(m.yToPixel(270000)));
    REQUIRE(w.blockAt(empty) == -1);
    QSignalSpy cursor(&chart.session, &PlanSession::cursorChanged);
    QTest::mouseClick(&w, Qt::LeftButton, Qt::NoModifier, empty);
    CHECK(cursor.count() == 1);
    CHECK(chart.session.cursorOp() == std::optional<std::int64_t>(5));
    CHECK(chart.session.selectedBlock() == 0);
}

TEST_CASE("wheel zooms, Home fits back, and the op range is announced", "[chart][widget]")
{
    MEMLENS_REQUIRE_SAMPLES();
    ShownChart chart(loadSampleDoc());
    BlockChartWidget& w = chart.widget;
    REQUIRE(w.mapping().isFit());
    QSignalSpy range(&w, &BlockChartWidget::viewWindowChanged);
    const QPoint at = centreOf(w, 0);
    const QPointF under = w.mapping().toData(QPointF(at));
    wheel(w, at, 240);
    CHECK_FALSE(w.mapping().isFit());
    CHECK(w.mapping().window().width() < w.mapping().fitWindow().width());
    CHECK(w.mapping().toData(QPointF(at)).x() == Approx(under.x()));
    CHECK(range.count() == 1);

    SECTION("Ctrl+wheel zooms time only")
    {
        const double h = w.mapping().window().height();
        wheel(w, at, 120, Qt::ControlModifier);
        CHECK(w.mapping().window().height() == Approx(h));
    }
    SECTION("Shift+wheel zooms addresses only")
    {
        const double width = w.mapping().window().width();
        wheel(w, at, 120, Qt::ShiftModifier);
        CHECK(w.mapping().window().width() == Approx(width));
    }
    QTest::keyClick(&w, Qt::Key_Home);
    CHECK(w.mapping().isFit());
    CHECK(range.count() >= 2);
    QList<QVariant> last = range.takeLast();
    CHECK(last.at(0).toDouble() == Approx(w.mapping().fitWindow().x0));
    CHECK(last.at(1).toDouble() == Approx(w.mapping().fitWindow().x1));
}

TEST_CASE("keys zoom and double-click on empty space fits", "[chart][widget]")
{
    MEMLENS_REQUIRE_SAMPLES();
    ShownChart chart(loadSampleDoc());
    BlockChartWidget& w = chart.widget;
    QTest::keyClick(&w, Qt::Key_Plus);
    CHECK_FALSE(w.mapping().isFit());
    const double zoomed = w.mapping().window().width();
    QTest::keyClick(&w, Qt::Key_Minus);
    CHECK(w.mapping().window().width() > zoomed);
    QTest::keyClick(&w, Qt::Key_Plus);
    const QPoint corner = w.mapping().plotRect().topLeft().toPoint() + QPoint(3, 3);
    REQUIRE(w.blockAt(corner) == -1);
    QTest::mouseDClick(&w, Qt::LeftButton, Qt::NoModifier, corner);
    CHECK(w.mapping().isFit());
}

TEST_CASE("double-click to fit leaves the time cursor where it was", "[chart][widget]")
{
    MEMLENS_REQUIRE_SAMPLES();
    ShownChart chart(loadSampleDoc());
    BlockChartWidget& w = chart.widget;
    w.session()->setCursorOp(4);
    QTest::keyClick(&w, Qt::Key_Plus);
    const QPoint corner = w.mapping().plotRect().topLeft().toPoint() + QPoint(3, 3);
    REQUIRE(w.blockAt(corner) == -1);
    const auto op = static_cast<std::int64_t>(std::floor(w.mapping().pixelToX(corner.x() + 0.5)));
    REQUIRE(op != 4);
    // The press-release-double-click a real double-click sends.
    QTest::mousePress(&w, Qt::LeftButton, Qt::NoModifier, corner);
    QTest::mouseRelease(&w, Qt::LeftButton, Qt::NoModifier, corner);
    CHECK(w.session()->cursorOp() == std::optional<std::int64_t>(op)); // a single click moves it
    QMouseEvent dbl(QEvent::MouseButtonDblClick, QPointF(corner), w.mapToGlobal(QPointF(corner)), Qt::LeftButton,
        Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &dbl);
    CHECK(w.mapping().isFit());
    CHECK(w.session()->cursorOp() == std::optional<std::int64_t>(4));
}

TEST_CASE("dragging pans and Shift-dragging zooms into the band", "[chart][widget]")
{
    ShownChart chart(loadFixtureDoc());
    BlockChartWidget& w = chart.widget;
    const QRectF plot = w.mapping().plotRect();
    const QPoint a = (plot.center() + QPointF(-100, -60)).toPoint();
    const QPoint b = (plot.center() + QPointF(100, 60)).toPoint();

    QTest::mousePress(&w, Qt::LeftButton, Qt::ShiftModifier, a);
    QTest::mouseMove(&w, (a + b) / 2);
    QTest::mouseMove(&w, b);
    const QPointF da = w.mapping().toData(QPointF(a));
    const QPointF db = w.mapping().toData(QPointF(b));
    QTest::mouseRelease(&w, Qt::LeftButton, Qt::ShiftModifier, b);
    CHECK(w.mapping().window().x0 == Approx(da.x()));
    CHECK(w.mapping().window().x1 == Approx(db.x()));
    CHECK(w.mapping().window().y1 == Approx(da.y()));
    CHECK(chart.session.selectedBlock() == -1);

    const DataWindow zoomed = w.mapping().window();
    const QPoint c = plot.center().toPoint();
    QTest::mousePress(&w, Qt::LeftButton, Qt::NoModifier, c);
    QTest::mouseMove(&w, c + QPoint(20, 0));
    QTest::mouseMove(&w, c + QPoint(40, 0));
    QTest::mouseRelease(&w, Qt::LeftButton, Qt::NoModifier, c + QPoint(40, 0));
    CHECK(w.mapping().window().x0 < zoomed.x0);
    CHECK(w.mapping().window().width() == Approx(zoomed.width()));
    CHECK(chart.session.cursorOp() == std::nullopt); // a drag is not a click
}

TEST_CASE("arrow keys move the selection to neighbours, Escape clears it", "[chart][widget]")
{
    ShownChart chart(loadFixtureDoc());
    BlockChartWidget& w = chart.widget;
    // ub: 0 %x_tile copy 0 [0,8K) ops 2-9; 1 %x_tile copy 1 [8K,16K) ops 2-9; 2 %row_max [16K,32K) ops 4-6; 3 tmp.
    chart.session.selectBlock(0);
    QTest::keyClick(&w, Qt::Key_Up);
    CHECK(chart.session.selectedBlock() == 1);
    QTest::keyClick(&w, Qt::Key_Up);
    CHECK(chart.session.selectedBlock() == 2);
    QTest::keyClick(&w, Qt::Key_Down);
    CHECK(chart.session.selectedBlock() == 1);
    QTest::keyClick(&w, Qt::Key_Escape);
    CHECK(chart.session.selectedBlock() == -1);
    QTest::keyClick(&w, Qt::Key_Right); // nothing selected: starts somewhere
    CHECK(chart.session.selectedBlock() >= 0);
}

TEST_CASE("the hover tooltip describes the block", "[chart][widget]")
{
    MEMLENS_REQUIRE_SAMPLES();
    ShownChart chart(loadSampleDoc());
    BlockChartWidget& w = chart.widget;
    const QPoint at = centreOf(w, 1) + QPoint(0, -20);
    const QString text = w.toolTipAt(at);
    CHECK(text.contains("%alloc_0"));
    CHECK(text.contains("Life [4, 5]"));
    CHECK(text.contains("Size 131072 B (128 KB)"));
    CHECK(text.contains("Address [131072, 262144)"));
    CHECK(text.contains("Over capacity by 64 KB"));
    CHECK(text.contains("fake_attn_fwd_overflow.ttadapter:18:13"));
    CHECK(text.contains("memref&lt;65536xf16"));
    CHECK_FALSE(w.toolTipForBlock(0).contains("Over capacity"));

    QHelpEvent help(QEvent::ToolTip, at, w.mapToGlobal(at));
    QApplication::sendEvent(&w, &help);
    CHECK(QToolTip::text().contains("Life [4, 5]"));
    QToolTip::hideText();
}

TEST_CASE("a selection made elsewhere is brought on show", "[chart][widget]")
{
    ShownChart chart(loadFixtureDoc());
    BlockChartWidget& w = chart.widget;
    w.setViewWindow(DataWindow{2.0, 3.0, 0.0, 2000.0}); // bottom-left corner, far from block 2
    const Block& b = chart.session.scope()->blocks[2];
    chart.session.selectBlock(2);
    const DataWindow& win = w.mapping().window();
    CHECK(win.x0 <= static_cast<double>(b.start));
    CHECK(win.x1 >= static_cast<double>(b.end + 1));
    CHECK(win.y0 <= static_cast<double>(b.offset));
    CHECK(win.y1 >= static_cast<double>(b.addressEnd()));
}

TEST_CASE("the op range follows another view", "[chart][widget]")
{
    ShownChart chart(loadFixtureDoc());
    BlockChartWidget& w = chart.widget;
    QSignalSpy range(&w, &BlockChartWidget::viewWindowChanged);
    const double y1 = w.mapping().window().y1;
    w.setOpRange(4.0, 6.0);
    CHECK(w.mapping().window().x0 == Approx(4.0));
    CHECK(w.mapping().window().x1 == Approx(6.0));
    CHECK(w.mapping().window().y1 == Approx(y1));
    CHECK(range.count() == 0);     // followed exactly: no echo
    w.setOpRange(-1000.0, -990.0); // out of the data: clamped, and said so
    CHECK(range.count() == 1);
}

TEST_CASE("without a document the chart shows how to open one", "[chart][widget]")
{
    PlanSession session;
    BlockChartWidget w(&session);
    w.resize(500, 300);
    CHECK(w.blockAt(QPoint(250, 150)) == -1);
    CHECK(w.toolTipAt(QPoint(250, 150)).isEmpty());
    CHECK(BlockChartWidget::placeholderText().contains("File > Open"));
    // The empty window offers every way in: a dump or log, a kernel's folder, a run.
    CHECK(BlockChartWidget::placeholderText().contains("Open Folder"));
    CHECK(BlockChartWidget::placeholderText().contains("Open Run"));
    const QImage shot = w.grab().toImage();
    CHECK_FALSE(shot.isNull());
    CHECK(w.focusPolicy() == Qt::StrongFocus);
    CHECK(w.minimumSizeHint().width() >= 300);
    CHECK(w.whatsThis().contains("Shift"));
    // Keys and wheel do nothing harmful.
    QTest::keyClick(&w, Qt::Key_Home);
    QTest::keyClick(&w, Qt::Key_Left);
    wheel(w, QPoint(250, 150), 120);

    // A document arrives, then goes.
    session.setDocument(loadFixtureDoc());
    CHECK(w.hitIndex().size() == session.scope()->blocks.size());
    CHECK(w.mapping().isFit());
    session.clear();
    CHECK(w.hitIndex().empty());
    CHECK_FALSE(w.grab().toImage().isNull());
}

TEST_CASE("switching scope refits and rebuilds the index", "[chart][widget]")
{
    ShownChart chart(loadFixtureDoc());
    BlockChartWidget& w = chart.widget;
    QTest::keyClick(&w, Qt::Key_Plus);
    REQUIRE_FALSE(w.mapping().isFit());
    chart.session.setScopeIndex(1);
    CHECK(w.mapping().isFit());
    CHECK(w.hitIndex().size() == 1);
    const QImage shot = w.grab().toImage();
    CHECK(shot.size() == w.size() * w.devicePixelRatioF());
}

// Not run by default: a screenshot of the widget for a person to look at.
TEST_CASE("widget screenshot for review", "[.chart-shots]")
{
    MEMLENS_REQUIRE_SAMPLES();
    ShownChart chart(loadSampleDoc());
    BlockChartWidget& w = chart.widget;
    chart.session.selectBlock(1);
    chart.session.setCursorOp(4);
    QTest::mouseMove(&w, centreOf(w, 0));
    w.setFocus();
    w.grab().save(QStringLiteral("/tmp/chart_widget.png"));
}

TEST_CASE("a block too thin to see, picked from elsewhere, is zoomed into view", "[chart]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("thin.json");
    {
        QFile file(path);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(R"({"Record":[{"scope":"ub","status":"fail","memory_info_array":[
            {"buffer":"%big","offset":[0],"extent":2097152,"life_time_in_ir":[0,9]},
            {"buffer":"%tiny","offset":[262144],"extent":32,"life_time_in_ir":[3,4]}]}]})");
    }
    PlanSession session;
    BlockChartWidget chart(&session);
    chart.resize(900, 500);
    session.setDocument(memlens::test::loadPath(path.toStdString()));
    const Block& tiny = session.scope()->blocks.at(1);
    REQUIRE(chart.mapping().blockRectF(tiny).height() < 1.0);
    session.selectBlock(1); // as the table or F8 would
    CHECK(chart.mapping().blockRectF(tiny).height() >= 11.5);
    CHECK(chart.mapping().blockRectF(tiny).intersects(chart.mapping().plotRect()));
    CHECK(chart.blockAt(chart.mapping().blockPixelRect(tiny).center()) == 1);
}

TEST_CASE("a loaded plan brings its hit index; another plan's is built off the GUI thread, never waited for",
    "[chart][widget]")
{
    PlanSession session;
    BlockChartWidget w(&session);
    w.resize(900, 500);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));

    // The load built every scope's index: a click right after the document arrives finds its block.
    const auto loaded = loadFixtureDoc();
    CHECK(loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {})
              .indexes->builtHitIndex(0)
        == nullptr); // the command line's loads build none
    for (std::size_t scope = 0; scope < loaded->dump.scopes.size(); ++scope)
        CHECK(loaded->indexes->builtHitIndex(scope) != nullptr);
    session.setDocument(loaded);
    CHECK(w.hitIndexReady());
    CHECK(w.blockAt(centreOf(w, 0)) == 0);
    session.setScopeIndex(1);
    CHECK(w.hitIndexReady());
    CHECK(w.hitIndex().size() == 1);

    // A document not made by a load (its indexes not built), however small: the GUI thread does
    // not build nor wait for the index; until it arrives, nothing is hit.
    auto made = std::make_shared<PlanDocument>(*loaded);
    made->indexes = std::make_shared<ScopeIndexes>();
    CHECK(made->indexes->builtHitIndex(0) == nullptr);
    session.setScopeIndex(0); // a document of the same scopes keeps the scope on show
    session.setDocument(made);
    REQUIRE(session.scopeIndex() == 0);
    CHECK_FALSE(w.hitIndexReady()); // it arrives through the event loop
    CHECK(w.blockAt(centreOf(w, 0)) == -1);
    CHECK_FALSE(w.hitIndexReady());
    REQUIRE(QTest::qWaitFor([&w] { return w.hitIndexReady(); }, 5000));
    CHECK(w.blockAt(centreOf(w, 0)) == 0);
    CHECK(w.hitIndex().size() == session.scope()->blocks.size());

    // Left alone, the index arrives by itself and the chart is drawn again.
    session.setScopeIndex(1);
    CHECK_FALSE(w.hitIndexReady());
    REQUIRE(QTest::qWaitFor([&w] { return w.hitIndexReady(); }, 5000));
    CHECK(w.hitIndex().size() == 1);

    // The index of a scope no longer on show is dropped, not taken for the next one's.
    session.setScopeIndex(0);
    session.setScopeIndex(1);
    QTest::qWait(50);
    REQUIRE(QTest::qWaitFor([&w] { return w.hitIndexReady(); }, 5000));
    CHECK(w.hitIndex().size() == 1);
    CHECK(w.blockAt(centreOf(w, 0)) == 0);
    session.clear();
    CHECK(w.hitIndex().empty());
}
