#include "core/analysis/plan_analysis.hpp"
#include "core/dump/dump_model.hpp"
#include "views/chart/chart_mapping.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using namespace memlens;

namespace {

Block makeBlock(std::int64_t start, std::int64_t end, std::uint64_t offset, std::uint64_t size, int buffer = 0)
{
    Block b;
    b.bufferIndex = buffer;
    b.start = start;
    b.end = end;
    b.offset = offset;
    b.size = size;
    return b;
}

// A plan whose buffers are its blocks, one each.
ScopePlan makePlan(const std::vector<Block>& blocks)
{
    ScopePlan plan;
    plan.scope = "ub";
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        Buffer buffer;
        buffer.id = static_cast<int>(i);
        buffer.ssaName = "%b" + std::to_string(i);
        buffer.sizeBytes = blocks[i].size;
        buffer.offsets = {blocks[i].offset};
        buffer.lifeStart = blocks[i].start;
        buffer.lifeEnd = blocks[i].end;
        plan.buffers.push_back(buffer);
        Block b = blocks[i];
        b.bufferIndex = static_cast<int>(i);
        plan.blocks.push_back(b);
    }
    return plan;
}

PlanAnalysis analysisWithCapacity(const ScopePlan& plan, std::uint64_t capacity)
{
    Capacity c;
    c.bytes = capacity;
    return analyzePlan(plan, c);
}

// The overflow sample's shape: %alloc [0,128K) ops 3..6, %alloc_0 [128K,256K) ops 4..5, capacity 192 KB.
ScopePlan overflowPlan() { return makePlan({makeBlock(3, 6, 0, 131072), makeBlock(4, 5, 131072, 131072)}); }

ChartMapping fittedMapping(const ScopePlan& plan, std::uint64_t capacity, QRectF plot = QRectF(100, 20, 800, 400))
{
    ChartMapping m;
    m.setPlotRect(plot);
    m.fitToPlan(plan, analysisWithCapacity(plan, capacity));
    return m;
}

std::vector<QString> labels(const std::vector<AxisTick>& ticks)
{
    std::vector<QString> out;
    for (const AxisTick& t : ticks)
        out.push_back(t.label);
    return out;
}

bool contains(const std::vector<QString>& list, const char* text)
{
    return std::find(list.begin(), list.end(), QString::fromUtf8(text)) != list.end();
}

} // namespace

TEST_CASE("data and pixels map both ways, addresses grow upward", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(50, 10, 500, 300));
    m.fitToExtent(0, 100, 1000);
    const DataWindow& w = m.window();
    CHECK(m.xToPixel(w.x0) == Approx(50));
    CHECK(m.xToPixel(w.x1) == Approx(550));
    CHECK(m.yToPixel(0) == Approx(310));   // bottom
    CHECK(m.yToPixel(w.y1) == Approx(10)); // top
    for (double x : {0.0, 3.5, 42.0, 99.0}) {
        for (double y : {0.0, 17.0, 512.0, 999.0}) {
            const QPointF p = m.toPixel(x, y);
            const QPointF d = m.toData(p);
            CHECK(d.x() == Approx(x).margin(1e-9));
            CHECK(d.y() == Approx(y).margin(1e-9));
        }
    }
    CHECK(m.yToPixel(600) < m.yToPixel(500));
}

TEST_CASE("fit shows every op and the capacity with headroom", "[chart][mapping]")
{
    const ScopePlan plan = overflowPlan();
    SECTION("peak above capacity")
    {
        const ChartMapping m = fittedMapping(plan, 196608);
        const DataWindow& w = m.window();
        CHECK(w.x0 <= 3.0);
        CHECK(w.x1 >= 7.0);
        CHECK(w.x1 - w.x0 < 4.5);
        CHECK(w.y0 == 0.0);
        CHECK(w.y1 == Approx(262144 * (1 + ChartMapping::kHeadroom)));
        CHECK(m.isFit());
    }
    SECTION("capacity above peak")
    {
        const ChartMapping m = fittedMapping(plan, 1024 * 1024);
        CHECK(m.window().y1 == Approx(1024 * 1024 * (1 + ChartMapping::kHeadroom)));
        // The capacity line is inside the plot, below its top.
        CHECK(m.capacityPixelY(1024 * 1024) > m.plotRect().top() + 10);
    }
}

TEST_CASE("zoom about a point keeps the data under it", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 1000, 500));
    m.fitToExtent(0, 1000, 1 << 20);
    const QPointF at(300, 200);
    const QPointF before = m.toData(at);
    m.zoomAt(at, 4.0);
    const QPointF after = m.toData(at);
    CHECK(after.x() == Approx(before.x()));
    CHECK(after.y() == Approx(before.y()));
    CHECK(m.window().width() == Approx(m.fitWindow().width() / 4));
    CHECK(m.window().height() == Approx(m.fitWindow().height() / 4));

    SECTION("x only")
    {
        const double h = m.window().height();
        m.zoomAt(at, 2.0, ZoomAxes::X);
        CHECK(m.window().height() == Approx(h));
        CHECK(m.toData(at).x() == Approx(before.x()));
    }
    SECTION("y only")
    {
        const double wdt = m.window().width();
        m.zoomAt(at, 2.0, ZoomAxes::Y);
        CHECK(m.window().width() == Approx(wdt));
        CHECK(m.toData(at).y() == Approx(before.y()));
    }
    SECTION("zoom out again stops at the fit")
    {
        m.zoomAt(at, 1.0 / 1000.0);
        CHECK(m.isFit());
    }
}

TEST_CASE("zoom stops at one op and 32 bytes", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 800, 400));
    m.fitToExtent(0, 500, 1 << 20);
    m.zoomAt(QPointF(400, 200), 1e9);
    CHECK(m.window().width() == Approx(ChartMapping::kMinOpSpan));
    CHECK(m.window().height() == Approx(ChartMapping::kMinByteSpan));
    m.zoomToPixelRect(QRectF(10, 10, 0.5, 0.5));
    CHECK(m.window().width() >= ChartMapping::kMinOpSpan - 1e-9);
    CHECK(m.window().height() >= ChartMapping::kMinByteSpan - 1e-9);
}

TEST_CASE("pan follows the mouse and stops at the data", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 1000, 500));
    m.fitToExtent(0, 1000, 100000);
    m.zoomAt(QPointF(500, 250), 10.0);
    const DataWindow before = m.window();
    const QPointF grabbed = m.toData(QPointF(500, 250));
    m.panByPixels(QPointF(100, -50)); // drag right and up
    CHECK(m.toData(QPointF(600, 200)).x() == Approx(grabbed.x()));
    CHECK(m.toData(QPointF(600, 200)).y() == Approx(grabbed.y()));
    CHECK(m.window().x0 < before.x0); // content moved right: earlier ops come in
    CHECK(m.window().y0 < before.y0); // content moved up: lower addresses come in
    CHECK(m.window().width() == Approx(before.width()));

    m.panByPixels(QPointF(1e7, -1e7));
    CHECK(m.window().x0 == Approx(m.fitWindow().x0));
    CHECK(m.window().y0 == Approx(m.fitWindow().y0));
    m.panByPixels(QPointF(-1e7, 1e7));
    CHECK(m.window().x1 == Approx(m.fitWindow().x1));
    CHECK(m.window().y1 == Approx(m.fitWindow().y1));
    CHECK(m.window().width() == Approx(before.width()));
}

TEST_CASE("rubber band zooms to the rectangle", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 1000, 500));
    m.fitToExtent(0, 1000, 100000);
    const QPointF a = m.toData(QPointF(200, 100));
    const QPointF b = m.toData(QPointF(400, 300));
    m.zoomToPixelRect(QRectF(QPointF(400, 300), QPointF(200, 100))); // any corner order
    CHECK(m.window().x0 == Approx(a.x()));
    CHECK(m.window().x1 == Approx(b.x()));
    CHECK(m.window().y0 == Approx(b.y()));
    CHECK(m.window().y1 == Approx(a.y()));
    const double h = m.window().height();
    m.zoomToPixelRect(QRectF(500, 0, 250, 1), ZoomAxes::X);
    CHECK(m.window().height() == Approx(h));
}

TEST_CASE("ensureVisible brings a block on show", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 1000, 500));
    m.fitToExtent(0, 1000, 100000);
    m.zoomAt(QPointF(0, 500), 20.0); // bottom-left corner
    const Block far = makeBlock(900, 910, 90000, 1000);
    CHECK(m.ensureVisible(far));
    CHECK(m.window().x0 <= 900);
    CHECK(m.window().x1 >= 911);
    CHECK(m.window().y0 <= 90000);
    CHECK(m.window().y1 >= 91000);
    CHECK_FALSE(m.ensureVisible(far));
}

TEST_CASE("address ticks are round and read in KB", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 800, 200));
    m.fitToExtent(0, 10, 196608);
    const std::vector<QString> l = labels(m.addressTicks(40));
    CHECK(contains(l, "0"));
    CHECK(contains(l, "64 KB"));
    CHECK(contains(l, "128 KB"));
    CHECK(contains(l, "192 KB"));
    const std::vector<AxisTick> ticks = m.addressTicks(40);
    for (std::size_t i = 1; i < ticks.size(); ++i)
        CHECK(ticks[i].value - ticks[i - 1].value == Approx(ticks[1].value - ticks[0].value));
    // Consecutive ticks are at least the asked spacing apart.
    CHECK(m.yToPixel(ticks[0].value) - m.yToPixel(ticks[1].value) >= 40);

    CHECK(formatAddressTick(0, 1024) == "0");
    CHECK(formatAddressTick(512, 512) == "512 B");
    CHECK(formatAddressTick(1536, 512) == "1.5 KB");
    CHECK(formatAddressTick(196864, 256) == "192.25 KB");
    CHECK(formatAddressTick(1024 * 1024, 65536) == "1 MB");
    CHECK(formatAddressTick(1000, 8) == "1000 B");
}

TEST_CASE("at the deepest zoom every address tick names its own address", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 800, 400));
    m.fitToExtent(0, 10, 400 * 1024);
    // 32 bytes just above 320 KB: ticks a few bytes apart.
    m.setWindow(DataWindow{0, 10, 327680, 327680 + ChartMapping::kMinByteSpan});
    const std::vector<AxisTick> ticks = m.addressTicks(34);
    REQUIRE(ticks.size() >= 4);
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        // Each label reads back as its exact address.
        const QString label = ticks[i].label;
        INFO(label.toStdString());
        const auto value = static_cast<std::uint64_t>(ticks[i].value);
        const bool exact = label == QStringLiteral("%1 B").arg(value) || (value % 1024 == 0 && label == "320 KB");
        CHECK(exact);
        if (i > 0)
            CHECK(label != ticks[i - 1].label);
    }
}

TEST_CASE("op ticks are integers at 1-2-5 steps, or per op when wide", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 1000, 400));
    m.fitToExtent(0, 10000, 1024);
    const std::vector<AxisTick> ticks = m.opTicks(64);
    REQUIRE(ticks.size() >= 3);
    const double step = ticks[1].value - ticks[0].value;
    CHECK((step == 200 || step == 500 || step == 1000));
    for (const AxisTick& t : ticks) {
        CHECK(t.value == std::floor(t.value));
        CHECK(t.position == t.value);
        CHECK(t.label == QString::number(static_cast<long long>(t.value)));
    }

    m.fitToExtent(3, 7, 1024); // the overflow sample: four ops, each wide
    const std::vector<AxisTick> wide = m.opTicks(64);
    CHECK(labels(wide) == std::vector<QString>{"3", "4", "5", "6"});
    CHECK(wide[1].position == Approx(4.5)); // under the middle of op 4's column
}

TEST_CASE("the op axis: a boundary line between every two wide ops, none on a stepped axis", "[chart][mapping]")
{
    ChartMapping m;
    m.setPlotRect(QRectF(50, 0, 800, 400));
    m.fitToExtent(3, 7, 1024); // four ops of nearly 200 px each
    const OpAxis wide = m.opAxis(64);
    CHECK(wide.perOp);
    CHECK(labels(wide.ticks) == labels(m.opTicks(64)));
    // Ops 3..7 bound the four columns: five boundaries, the plot's edges included.
    REQUIRE(wide.boundaries.size() == 5);
    for (std::size_t i = 0; i < wide.boundaries.size(); ++i) {
        const double pixel = m.xToPixel(3.0 + static_cast<double>(i));
        CHECK(wide.boundaries[i] == std::floor(pixel + 0.5) + 0.5); // the middle of its pixel column
        CHECK(wide.boundaries[i] == m.lineX(3.0 + static_cast<double>(i)));
        if (i > 0)
            CHECK(wide.boundaries[i] - wide.boundaries[i - 1] == Approx(m.pixelsPerOp()).margin(1));
    }
    CHECK(wide.boundaries.front() >= 50);
    CHECK(wide.boundaries.back() <= 850);

    // Zoomed to half an op past each end: the boundaries outside the plot are left out.
    m.setWindow(DataWindow{3.5, 6.5, 0, 1024});
    const OpAxis cut = m.opAxis(64);
    CHECK(cut.perOp);
    CHECK(cut.boundaries.size() == 3); // ops 4, 5, 6

    m.fitToExtent(0, 10000, 1024);
    const OpAxis stepped = m.opAxis(64);
    CHECK_FALSE(stepped.perOp);
    CHECK(stepped.boundaries.empty());
    CHECK(labels(stepped.ticks) == labels(m.opTicks(64)));
}

TEST_CASE("block pixel rects are whole pixels, touching neighbours do not overlap", "[chart][mapping]")
{
    const ScopePlan plan = overflowPlan();
    const ChartMapping m = fittedMapping(plan, 196608, QRectF(100, 20, 801, 403));
    const QRect a = m.blockPixelRect(plan.blocks[0]);
    const QRect b = m.blockPixelRect(plan.blocks[1]);
    CHECK(b.bottom() + 1 == a.top());
    CHECK(a.bottom() + 1 == 20 + 403);
    // A block far thinner than a pixel is still two pixels tall.
    const Block thin = makeBlock(5, 5, 1000, 1);
    const QRect t = m.blockPixelRect(thin);
    CHECK(t.height() == ChartMapping::kMinBlockHeightPx);
    CHECK(t.width() >= 1);
}

TEST_CASE("hit testing finds the block under a pixel", "[chart][mapping]")
{
    // 0: big block; 1: a one-byte sliver; 2: overlaps 0 (drawn later, wins); 3: far away.
    const ScopePlan plan = makePlan({makeBlock(0, 9, 0, 4096), makeBlock(20, 29, 5000, 1), makeBlock(5, 6, 1024, 1024),
        makeBlock(40, 49, 8000, 2048)});
    const ChartMapping m = fittedMapping(plan, 8192);
    const BlockHitIndex index(plan);
    REQUIRE(index.size() == 4);

    auto centre = [&](int i) { return QRectF(m.blockRectF(plan.blocks[static_cast<std::size_t>(i)])).center(); };
    CHECK(hitTestBlocks(index, m, centre(0) + QPointF(-50, 0)) == 0);
    CHECK(hitTestBlocks(index, m, centre(2)) == 2); // overlapping: last drawn wins
    CHECK(hitTestBlocks(index, m, centre(3)) == 3);

    SECTION("thin blocks are hit within 3 px")
    {
        const QPointF sliver = centre(1);
        CHECK(m.blockRectF(plan.blocks[1]).height() < 1.0);
        CHECK(hitTestBlocks(index, m, sliver) == 1);
        CHECK(hitTestBlocks(index, m, sliver + QPointF(0, 2.5)) == 1);
        CHECK(hitTestBlocks(index, m, sliver + QPointF(0, -2.5)) == 1);
        CHECK(hitTestBlocks(index, m, sliver + QPointF(0, 6)) == -1);
    }
    SECTION("empty space and outside the plot hit nothing")
    {
        CHECK(hitTestBlocks(index, m, QPointF(m.xToPixel(35), m.yToPixel(100))) == -1);
        CHECK(hitTestBlocks(index, m, QPointF(10, 10)) == -1);
    }
    SECTION("wide blocks are not hit from outside")
    {
        const QRectF r = m.blockRectF(plan.blocks[3]);
        CHECK(hitTestBlocks(index, m, QPointF(r.left() - 2, r.center().y())) == -1);
    }
}

TEST_CASE("pixel hits agree with a scan of every block", "[chart][mapping]")
{
    std::mt19937 rng(7);
    std::vector<Block> blocks;
    for (int i = 0; i < 5000; ++i) {
        const std::int64_t start = rng() % 2000;
        const std::int64_t end = start + static_cast<std::int64_t>(rng() % 40);
        const std::uint64_t offset = (rng() % 6000) * 32;
        const std::uint64_t size = 32 * (1 + rng() % 64);
        blocks.push_back(makeBlock(start, end, offset, size));
    }
    const ScopePlan plan = makePlan(blocks);
    const BlockHitIndex index(plan);
    // Pixel hits against a scan (last drawn wins); the index's own queries are tested in core.
    ChartMapping m;
    m.setPlotRect(QRectF(0, 0, 1600, 900));
    m.fitToPlan(plan, analysisWithCapacity(plan, 192 * 1024));
    for (int q = 0; q < 300; ++q) {
        const QPointF p(0.5 + rng() % 1600, 0.5 + rng() % 900);
        const QPointF d = m.toData(p);
        int scan = -1;
        for (int i = 0; i < static_cast<int>(plan.blocks.size()); ++i) {
            const Block& b = plan.blocks[static_cast<std::size_t>(i)];
            if (b.start <= d.x() && d.x() < b.end + 1 && static_cast<double>(b.offset) <= d.y()
                && d.y() < static_cast<double>(b.addressEnd()))
                scan = i;
        }
        if (scan >= 0)
            CHECK(hitTestBlocks(index, m, p) == scan);
    }
}
