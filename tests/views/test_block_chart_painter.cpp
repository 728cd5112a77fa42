#include "core/document/plan_document.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_paint_helpers.hpp"
#include "views/chart/block_chart_painter.hpp"
#include "views/style.hpp"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QFile>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace memlens;

namespace {

PlanDocument loadSample(const std::string& relative)
{
    return loadPlanDocument(memlens::test::sample(relative).string(), LoadOptions{});
}

PlanDocument loadData(const std::string& relative)
{
    return loadPlanDocument(memlens::test::data(relative).string(), LoadOptions{});
}

QRgb pixel(const QImage& image, QPoint p) { return image.pixel(p) | 0xff000000u; }

std::string hex(QRgb c) { return QColor::fromRgb(c).name().toStdString(); }

// Rects of an SVG document (QSvgGenerator writes each drawRect as a <rect>).
struct SvgCounts {
    int rects = 0;
    int texts = 0;
    std::set<QString> rectFills; // fill of the <g> around each rect
    std::set<QString> rectIds;
    std::vector<QString> rectTitles; // the <title> inside each rect
    bool wellFormed = false;
};

SvgCounts countSvg(const QByteArray& svg)
{
    SvgCounts counts;
    QXmlStreamReader xml(svg);
    std::vector<QString> fills{QStringLiteral("none")};
    std::vector<QString> open{QString()}; // names of the open elements
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QString fill = xml.attributes().hasAttribute(QStringLiteral("fill"))
                ? xml.attributes().value(QStringLiteral("fill")).toString()
                : fills.back();
            if (xml.name() == QStringLiteral("title") && open.back() == QStringLiteral("rect")) {
                counts.rectTitles.push_back(xml.readElementText()); // reads through its end element
                continue;
            }
            fills.push_back(fill);
            open.push_back(xml.name().toString());
            if (xml.name() == QStringLiteral("rect")) {
                ++counts.rects;
                counts.rectFills.insert(fill);
                if (xml.attributes().hasAttribute(QStringLiteral("id")))
                    counts.rectIds.insert(xml.attributes().value(QStringLiteral("id")).toString());
            } else if (xml.name() == QStringLiteral("text")) {
                ++counts.texts;
            }
        } else if (xml.isEndElement()) {
            fills.pop_back();
            open.pop_back();
        }
    }
    counts.wellFormed = !xml.hasError();
    return counts;
}

} // namespace

TEST_CASE("the overflow sample renders capacity line, warning block and normal block", "[chart][painter]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const PlanDocument doc = loadSample("fake_attn_fwd_overflow/memory_info_aiv.json");
    const ScopePlan& plan = doc.dump.scopes.at(0);
    const PlanAnalysis& analysis = doc.analyses.at(0);
    REQUIRE(analysis.capacity.bytes == 196608);
    REQUIRE(plan.blocks.size() == 2);
    REQUIRE(analysis.isOverCapacity(plan.blocks[1]));

    ChartRenderOptions options;
    options.title = QStringLiteral("_attn_fwd · ub");
    const QSize size(900, 520);
    const QImage image = renderBlockChartImage(plan, analysis, size, options);
    REQUIRE(image.size() == size);
    image.save(QStringLiteral("/tmp/chart_check.png"));

    const ChartGeometry g = blockChartGeometry(plan, analysis, size, options);
    // The capacity line: 192 KB sits between the plot's top and bottom.
    CHECK(g.capacityY > g.layout.plot.top());
    CHECK(g.capacityY < g.layout.plot.bottom());
    CHECK(hex(pixel(image, QPoint(g.capacityDashX, g.capacityY))) == style::capacityLine().name().toStdString());
    CHECK(hex(pixel(image, QPoint(g.capacityDashX, g.capacityY - 1))) == style::capacityLine().name().toStdString());

    // The over-capacity block, [131072, 262144) x ops [4, 6): warning fill inside.
    const QRect over = g.blockRect(plan, 1);
    CHECK(over.width() > 20);
    CHECK(over.height() > 20);
    const QPoint insideOver(over.left() + over.width() / 4, over.top() + over.height() / 5);
    CHECK(hex(pixel(image, insideOver)) == style::warningFill().name().toStdString());
    // Its bold outline.
    CHECK(
        hex(pixel(image, QPoint(over.left(), over.center().y() + 7))) == style::warningOutline().name().toStdString());

    // The first block, [0, 131072) x ops [3, 7): its buffer's colour.
    const QRect first = g.blockRect(plan, 0);
    const QColor firstFill = style::blockFill(plan.bufferOf(plan.blocks[0]), false);
    CHECK(hex(pixel(image, QPoint(first.left() + first.width() / 8, first.bottom() - first.height() / 5)))
        == firstFill.name().toStdString());
    CHECK(firstFill != style::warningFill());

    // Above the capacity line, where no block is, the shade.
    const QPoint shaded(qRound(g.layout.plot.left()) + 3, qRound(g.layout.plot.top()) + 3);
    CHECK(hex(pixel(image, shaded)) == style::capacityShade().name().toStdString());
    // Below it, plot background.
    const QPoint plain(qRound(g.layout.plot.right()) - 3, qRound(g.layout.plot.bottom()) - 3);
    CHECK(hex(pixel(image, plain)) != style::capacityShade().name().toStdString());
}

TEST_CASE("the block rectangles follow the data: ops across, addresses up", "[chart][painter]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const PlanDocument doc = loadSample("fake_attn_fwd_overflow/memory_info_aiv.json");
    const ScopePlan& plan = doc.dump.scopes.at(0);
    const ChartGeometry g = blockChartGeometry(plan, doc.analyses.at(0), QSize(800, 500), ChartRenderOptions{});
    const QRect a = g.blockRect(plan, 0); // ops [3, 7), bytes [0, 128K)
    const QRect b = g.blockRect(plan, 1); // ops [4, 6), bytes [128K, 256K)
    CHECK(a.left() < b.left());
    CHECK(a.right() > b.right());
    CHECK(b.bottom() + 1 == a.top()); // stacked: touching, not overlapping
    CHECK(a.bottom() + 1 == qRound(g.layout.plot.bottom()));
    CHECK(b.top() < g.capacityY);
    CHECK(b.bottom() > g.capacityY);
    CHECK(std::abs(a.height() - b.height()) <= 1);
}

TEST_CASE("the SVG export is XML with one rect per block", "[chart][painter]")
{
    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    const ScopePlan& plan = doc.dump.scopes.at(0);
    const PlanAnalysis& analysis = doc.analyses.at(0);
    REQUIRE(plan.blocks.size() == 4);

    ChartRenderOptions options;
    options.title = QStringLiteral("_softmax_kernel · ub");
    options.selectedBlock = 1;
    options.cursorOp = 5;
    options.highlightedBlocks = {0, 2};
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    REQUIRE(writeBlockChartSvg(buffer, plan, analysis, QSize(1000, 600), options, &error));
    CHECK(error.isEmpty());
    const SvgCounts counts = countSvg(buffer.data());
    CHECK(counts.wellFormed);
    CHECK(counts.rects == static_cast<int>(plan.blocks.size()));
    CHECK(counts.texts > 5); // axis labels, legend, title
    // Each rect names its block: an id and a <title> a viewer shows on hover.
    std::set<QString> expectedIds;
    for (const Block& b : plan.blocks)
        expectedIds.insert(QStringLiteral("block-%1-%2").arg(plan.bufferOf(b).id).arg(b.copy));
    CHECK(counts.rectIds == expectedIds);
    CHECK(QSvgRenderer(buffer.data()).isValid()); // still an SVG Qt itself opens
    REQUIRE(counts.rectTitles.size() == plan.blocks.size());
    for (const Block& b : plan.blocks) {
        const QString name = QString::fromStdString(plan.bufferOf(b).ssaName);
        CHECK(std::any_of(counts.rectTitles.begin(), counts.rectTitles.end(), [&](const QString& title) {
            return title.startsWith(name)
                && title.contains(QStringLiteral("offset %1 · Life [%2, %3]").arg(b.offset).arg(b.start).arg(b.end));
        }));
    }
    // Every rect is filled with a block colour.
    std::set<QString> blockFills;
    for (const Block& b : plan.blocks)
        blockFills.insert(style::blockFill(plan.bufferOf(b), analysis.isOverCapacity(b)).name());
    for (const QString& fill : counts.rectFills)
        CHECK(blockFills.count(fill) == 1);
}

TEST_CASE("an SVG of more blocks than are drawn exactly pools the small ones as the screen does", "[chart][painter]")
{
    ScopePlan plan;
    plan.scope = "ub";
    for (int i = 0; i < 3000; ++i) { // 3000 one-op blocks of 64 B: far below a pixel each
        Buffer buffer;
        buffer.id = i;
        buffer.ssaName = "%b" + std::to_string(i);
        buffer.sizeBytes = 64;
        buffer.offsets = {static_cast<std::uint64_t>(i % 1000) * 64};
        buffer.lifeStart = buffer.lifeEnd = i / 1000;
        plan.buffers.push_back(buffer);
        plan.blocks.push_back({i, 0, buffer.offsets[0], 64, buffer.lifeStart, buffer.lifeEnd, false});
    }
    const PlanAnalysis analysis = analyzePlan(plan, Capacity{1 << 20, CapacitySource::Setting, {}});
    QBuffer exact;
    exact.open(QIODevice::WriteOnly);
    REQUIRE(writeBlockChartSvg(exact, plan, analysis, QSize(800, 450), {}, nullptr));
    CHECK(countSvg(exact.data()).rects == 3000);
    QBuffer pooled;
    pooled.open(QIODevice::WriteOnly);
    REQUIRE(writeBlockChartSvg(pooled, plan, analysis, QSize(800, 450), {}, nullptr, 1000));
    const SvgCounts counts = countSvg(pooled.data());
    CHECK(counts.wellFormed);
    CHECK(counts.rects < 100); // the plot frame and legend, not a rect per block
    CHECK(pooled.data().contains("<image"));
    CHECK(pooled.data().size() < exact.data().size());
}

TEST_CASE("the SVG export of the overflow sample has its two blocks", "[chart][painter]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const PlanDocument doc = loadSample("fake_attn_fwd_overflow/memory_info_aiv.json");
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    REQUIRE(writeBlockChartSvg(buffer, doc.dump.scopes.at(0), doc.analyses.at(0), QSize(800, 450), {}, nullptr));
    const SvgCounts counts = countSvg(buffer.data());
    CHECK(counts.wellFormed);
    CHECK(counts.rects == 2);
    CHECK(counts.rectFills.count(style::warningFill().name()) == 1);
}

TEST_CASE("SVG export to a read-only device fails with a message", "[chart][painter]")
{
    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    QString error;
    CHECK_FALSE(writeBlockChartSvg(buffer, doc.dump.scopes.at(0), doc.analyses.at(0), QSize(400, 300), {}, &error));
    CHECK_FALSE(error.isEmpty());
}

TEST_CASE("copies of a buffer share a colour, neighbouring buffers do not", "[chart][painter]")
{
    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    const ScopePlan& plan = doc.dump.scopes.at(0);
    REQUIRE(plan.blocks[0].bufferIndex == plan.blocks[1].bufferIndex);
    CHECK(style::blockFill(plan.bufferOf(plan.blocks[0]), false)
        == style::blockFill(plan.bufferOf(plan.blocks[1]), false));
    for (int id = 0; id < 50; ++id) {
        CHECK(style::bufferColor(id) == style::bufferColor(id));
        CHECK(style::bufferColor(id) != style::bufferColor(id + 1));
        CHECK(style::bufferColor(id) != style::warningFill());
    }
}

TEST_CASE("a later multi-buffer copy is hatched, the first copy is not", "[chart][painter]")
{
    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    const ScopePlan& plan = doc.dump.scopes.at(0);
    const PlanAnalysis& analysis = doc.analyses.at(0);
    ChartRenderOptions options;
    options.blockLabels = false;
    options.legend = false;
    const QSize size(1200, 1600); // tall: the 8 KB copies get room for their hatch
    const QImage image = renderBlockChartImage(plan, analysis, size, options);
    const ChartGeometry g = blockChartGeometry(plan, analysis, size, options);
    auto colours = [&](int blockIndex) {
        const QRect r = g.blockRect(plan, blockIndex).adjusted(3, 3, -3, -3);
        std::set<QRgb> seen;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x)
                seen.insert(pixel(image, QPoint(x, y)));
        return seen;
    };
    CHECK(colours(0).size() == 1);
    CHECK(colours(1).size() >= 2);
    CHECK(colours(1).count(style::blockFill(plan.bufferOf(plan.blocks[1]), false).rgb()) == 1);
}

TEST_CASE("many small blocks are pooled and over-capacity ones stay visible", "[chart][painter]")
{
    // 20k one-op blocks of 64 B stacked under and over a 256 KB capacity.
    ScopePlan plan;
    plan.scope = "ub";
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        Buffer buffer;
        buffer.id = i;
        buffer.ssaName = "%b" + std::to_string(i);
        buffer.sizeBytes = 64;
        buffer.offsets = {static_cast<std::uint64_t>(i % 4500) * 64};
        buffer.lifeStart = buffer.lifeEnd = i / 10;
        plan.buffers.push_back(buffer);
        Block block;
        block.bufferIndex = i;
        block.offset = buffer.offsets[0];
        block.size = 64;
        block.start = block.end = buffer.lifeStart;
        plan.blocks.push_back(block);
    }
    Capacity capacity;
    capacity.bytes = 256 * 1024;
    const PlanAnalysis analysis = analyzePlan(plan, capacity);
    REQUIRE(analysis.overflow);

    ChartRenderOptions options;
    const QSize size(800, 500);
    const ChartGeometry g = blockChartGeometry(plan, analysis, size, options);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    BlockChartPainter chart(plan, analysis, g.mapping, options);
    chart.paint(painter, size);
    painter.end();
    CHECK(chart.stats().visibleBlocks == n);
    CHECK(chart.stats().pooledBlocks > n / 2);
    CHECK(chart.stats().labels == 0);

    // The top band (addresses above capacity) shows warning red somewhere.
    const int overIndex = analysis.overCapacityBlocks.back(); // far above the capacity line
    const QRect r = g.blockRect(plan, overIndex);
    bool sawWarning = false;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            sawWarning = sawWarning || pixel(image, QPoint(x, y)) == (style::warningFill().rgb() | 0xff000000u);
    CHECK(sawWarning);
}

TEST_CASE("exact mode draws every block itself", "[chart][painter]")
{
    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    const ScopePlan& plan = doc.dump.scopes.at(0);
    const PlanAnalysis& analysis = doc.analyses.at(0);
    ChartRenderOptions options;
    options.exact = true;
    const QSize size(300, 200);
    const ChartGeometry g = blockChartGeometry(plan, analysis, size, options);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    BlockChartPainter chart(plan, analysis, g.mapping, options);
    chart.paint(painter, size);
    CHECK(chart.stats().drawnRects == static_cast<int>(plan.blocks.size()));
    CHECK(chart.stats().pooledBlocks == 0);
}

TEST_CASE("an empty scope and a zoomed window render", "[chart][painter]")
{
    ScopePlan plan;
    plan.scope = "ub";
    PlanAnalysis analysis;
    analysis.capacity.bytes = 196608;
    const QImage empty = renderBlockChartImage(plan, analysis, QSize(400, 300), {});
    CHECK_FALSE(empty.isNull());

    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    ChartRenderOptions options;
    options.window = DataWindow{4.0, 6.0, 16000.0, 40000.0};
    const ChartGeometry g = blockChartGeometry(doc.dump.scopes[0], doc.analyses[0], QSize(600, 400), options);
    CHECK(g.mapping.window().x0 == Approx(4.0));
    CHECK(g.mapping.window().y1 == Approx(40000.0));
    const QImage zoomed = renderBlockChartImage(doc.dump.scopes[0], doc.analyses[0], QSize(600, 400), options);
    CHECK_FALSE(zoomed.isNull());
}

// Not run by default: writes screenshots to /tmp for a person to look at
// (memlens_views_tests "[.chart-shots]").
TEST_CASE("chart screenshots for review", "[.chart-shots]")
{
    {
        const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
        ChartRenderOptions options;
        options.title = QStringLiteral("_softmax_kernel · ub");
        options.selectedBlock = 2;
        options.highlightedBlocks = {1};
        options.cursorOp = 5;
        options.window = DataWindow{1.5, 10.5, 0, 36000};
        renderBlockChartImage(doc.dump.scopes[0], doc.analyses[0], QSize(1000, 560), options)
            .save(QStringLiteral("/tmp/chart_multibuffer.png"));
        QFile svg(QStringLiteral("/tmp/chart_multibuffer.svg"));
        if (svg.open(QIODevice::WriteOnly))
            writeBlockChartSvg(svg, doc.dump.scopes[0], doc.analyses[0], QSize(1000, 560), options);
    }
    {
        // A generated plan: 30k blocks on 40 lanes, the top lanes above capacity.
        ScopePlan plan;
        plan.scope = "ub";
        unsigned seed = 1;
        auto next = [&] { return seed = seed * 1103515245u + 12345u, (seed >> 8) & 0xffff; };
        for (int i = 0; plan.blocks.size() < 30000; ++i) {
            Buffer b;
            b.id = i;
            b.ssaName = "%a" + std::to_string(i);
            b.sizeBytes = 32 * (1 + next() % 64);
            b.lifeStart = i / 5;
            b.lifeEnd = b.lifeStart + next() % 40;
            b.isTmp = i % 11 == 0;
            const int copies = i % 7 == 0 ? 2 : 1;
            for (int c = 0; c < copies; ++c)
                b.offsets.push_back(static_cast<std::uint64_t>((i * 3 + c * 17) % 40) * 5120 + (next() % 8) * 32);
            plan.buffers.push_back(b);
            for (int c = 0; c < copies; ++c) {
                Block k;
                k.bufferIndex = static_cast<int>(plan.buffers.size()) - 1;
                k.copy = c;
                k.offset = b.offsets[static_cast<std::size_t>(c)];
                k.size = std::min<std::uint64_t>(b.sizeBytes, 5120 - k.offset % 5120);
                k.start = b.lifeStart;
                k.end = b.lifeEnd;
                k.tmp = b.isTmp;
                plan.blocks.push_back(k);
            }
        }
        Capacity capacity;
        capacity.bytes = 192 * 1024;
        const PlanAnalysis analysis = analyzePlan(plan, capacity);
        ChartRenderOptions options;
        options.title = QStringLiteral("generated · ub · 30k blocks");
        renderBlockChartImage(plan, analysis, QSize(1600, 900), options).save(QStringLiteral("/tmp/chart_big.png"));
        options.window = DataWindow{3000, 3060, 100000, 210000};
        options.selectedBlock = analysis.overCapacityBlocks.at(analysis.overCapacityBlocks.size() / 2);
        renderBlockChartImage(plan, analysis, QSize(1600, 900), options)
            .save(QStringLiteral("/tmp/chart_big_zoom.png"));
    }
}

TEST_CASE("dump text in the SVG is escaped: a crafted kernel or buffer name is text, never markup",
    "[chart][painter][hostile]")
{
    PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    ScopePlan& plan = doc.dump.scopes.at(0);
    const QString kernel = QStringLiteral("</title><script>alert(1)</script> add<float> & mul\x01");
    plan.buffers.at(0).ssaName = "%a<b>&\"c\"\x02";
    ChartRenderOptions options;
    options.title = kernel + QStringLiteral(" \u00b7 ub");
    options.blockLabels = true;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    REQUIRE(writeBlockChartSvg(buffer, plan, doc.analyses.at(0), QSize(1600, 900), options, &error));

    QXmlStreamReader xml(buffer.data());
    QStringList titles; // the document's, then one per block rect
    QStringList texts;
    bool script = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        script = script || xml.name() == QStringLiteral("script");
        if (xml.name() == QStringLiteral("title"))
            titles << xml.readElementText();
        else if (xml.name() == QStringLiteral("text"))
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    INFO(buffer.data().toStdString().substr(0, 2000));
    CHECK_FALSE(xml.hasError());
    CHECK_FALSE(script);
    REQUIRE_FALSE(titles.isEmpty());
    CHECK(titles.first() == QStringLiteral("</title><script>alert(1)</script> add<float> & mul\ufffd \u00b7 ub"));
    CHECK(titles.filter(QStringLiteral("%a<b>&\"c\"\ufffd")).size() == 2); // the buffer's two copies
    CHECK(texts.join('\n').contains(QStringLiteral("%a<b>&\"c\"\ufffd")));
}

TEST_CASE("the time cursor's op tag sits under the op labels, off the block labels and its own tick label",
    "[chart][painter]")
{
    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    const ScopePlan& plan = doc.dump.scopes.at(0);
    const PlanAnalysis& analysis = doc.analyses.at(0);
    ChartRenderOptions options;
    options.cursorOp = 5;
    const QSize size(1000, 600);
    const QImage image = renderBlockChartImage(plan, analysis, size, options);
    const ChartGeometry g = blockChartGeometry(plan, analysis, size, options);
    const QRectF plot = g.layout.plot;
    const int lineX = static_cast<int>(std::floor(g.mapping.xToPixel(5.5)));
    const double lineH = QFontMetricsF(chartFont(options)).height();
    auto isCursorColour = [&](QPoint p) {
        const QColor c = QColor::fromRgb(pixel(image, p));
        const QColor want = style::cursorLine();
        return std::abs(c.red() - want.red()) + std::abs(c.green() - want.green()) + std::abs(c.blue() - want.blue())
            < 30;
    };
    // Beside the 2 px line (the tag is wider): the op labels under the plot, the axis title's row
    // under them, the plot's top.
    auto cursorPixels = [&](double from, double to) {
        int count = 0;
        for (int y = static_cast<int>(from); y < static_cast<int>(to); ++y)
            for (int dx = 3; dx <= 12; ++dx)
                count += (isCursorColour(QPoint(lineX + dx, y)) ? 1 : 0)
                    + (isCursorColour(QPoint(lineX - dx, y)) ? 1 : 0);
        return count;
    };
    const double labels = plot.bottom() + chart_paint::kTickLength + 3;
    CHECK(cursorPixels(plot.bottom() + 1, labels + lineH) == 0); // the tick label "5" stays readable
    CHECK(cursorPixels(labels + lineH + 2, size.height()) > 20);
    CHECK(cursorPixels(plot.top() + 2, plot.top() + 10) == 0);
}

TEST_CASE("a narrow chart wraps its legend instead of clipping it", "[chart][painter]")
{
    QFont font = QGuiApplication::font();
    font.setPixelSize(12);
    const ChartLayout wide = layoutBlockChart(QSize(1400, 600), font, false, true);
    const ChartLayout narrow = layoutBlockChart(QSize(330, 600), font, false, true);
    CHECK(wide.legendRows == 1);
    CHECK(narrow.legendRows >= 2);
    // The rows take room from the plot, not from the legend.
    CHECK(narrow.plot.top() > wide.plot.top());
    // Drawn, the last item ("capacity") is inside the image: its dashes' colour shows up in the header.
    const PlanDocument doc = loadData("dumps/two_scopes_multibuffer.json");
    ChartRenderOptions options;
    options.font = font;
    const QImage image = renderBlockChartImage(doc.dump.scopes.at(0), doc.analyses.at(0), QSize(330, 600), options);
    const int headerBottom = static_cast<int>(narrow.plot.top());
    int dashPixels = 0;
    for (int y = 0; y < headerBottom; ++y)
        for (int x = 0; x < image.width(); ++x)
            dashPixels += QColor::fromRgb(pixel(image, QPoint(x, y))) == style::capacityLine() ? 1 : 0;
    CHECK(dashPixels >= 14); // two dashes of 7 x 2 px
}
