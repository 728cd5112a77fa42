#include "views/chart/block_chart_painter.hpp"

#include "core/byte_size.hpp"
#include "core/dump_model.hpp"
#include "core/plan_analysis.hpp"
#include "views/chart_style.hpp"
#include "views/storage_text.hpp"

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QIODevice>
#include <QPainter>
#include <QPainterPath>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace memlens {

namespace {

constexpr int kTickLength = 4;
constexpr int kDashOn = 8;
constexpr int kDashOff = 5;
constexpr int kHatchSpacing = 6;
constexpr int kPooledPriorityNormal = 1;
constexpr int kPooledPriorityWarning = 2;

// Decorations are filled and stroked as paths, never with drawRect/fillRect:
// in an SVG only the blocks are <rect> elements.
void fillBox(QPainter& p, const QRectF& r, const QColor& color)
{
    QPainterPath path;
    path.addRect(r);
    p.fillPath(path, color);
}

void strokeBox(QPainter& p, const QRectF& r, const QPen& pen)
{
    QPainterPath path;
    path.addRect(r);
    p.strokePath(path, pen);
}

QRect plotPixels(const QRectF& plot)
{
    return QRect(qRound(plot.left()), qRound(plot.top()), qRound(plot.width()), qRound(plot.height()));
}

// Lines of a hatch inside `r`, on a grid shared by all blocks so that the
// hatching of neighbouring blocks lines up. rising: "/", else "\".
void addHatch(QVector<QLineF>& lines, const QRectF& r, bool rising)
{
    const double s = kHatchSpacing;
    if (rising) {
        // x + y = c
        const double c0 = std::ceil((r.left() + r.top()) / s) * s;
        for (double c = c0; c < r.right() + r.bottom(); c += s) {
            const double xa = std::max(r.left(), c - r.bottom());
            const double xb = std::min(r.right(), c - r.top());
            if (xb > xa)
                lines.append(QLineF(xa, c - xa, xb, c - xb));
        }
    } else {
        // x - y = c
        const double c0 = std::ceil((r.left() - r.bottom()) / s) * s;
        for (double c = c0; c < r.right() - r.top(); c += s) {
            const double xa = std::max(r.left(), c + r.top());
            const double xb = std::min(r.right(), c + r.bottom());
            if (xb > xa)
                lines.append(QLineF(xa, xa - c, xb, xb - c));
        }
    }
}

QString legendText(int item)
{
    switch (item) {
    case 0: return QStringLiteral("buffer");
    case 1: return QStringLiteral("multi-buffer copy");
    case 2: return QStringLiteral("temporary");
    case 3: return QStringLiteral("over capacity");
    default: return QStringLiteral("capacity");
    }
}
constexpr int kLegendItems = 5;
constexpr int kSwatchWidth = 18;
constexpr int kSwatchHeight = 11;
constexpr int kLegendGap = 14;

double legendWidth(const QFontMetricsF& fm)
{
    double w = 0;
    for (int i = 0; i < kLegendItems; ++i)
        w += kSwatchWidth + 5 + fm.horizontalAdvance(legendText(i)) + (i + 1 < kLegendItems ? kLegendGap : 0);
    return w;
}

QFont titleFont(const QFont& base)
{
    QFont f = base;
    f.setBold(true);
    if (f.pixelSize() > 0)
        f.setPixelSize(f.pixelSize() + 2);
    else
        f.setPointSizeF(f.pointSizeF() + 1.5);
    return f;
}

QFont smallFont(const QFont& base)
{
    QFont f = base;
    if (f.pixelSize() > 0)
        f.setPixelSize(std::max(8, f.pixelSize() - 1));
    return f;
}

} // namespace

// ---------------------------------------------------------------------------
// Layout and geometry

QFont chartFont(const ChartRenderOptions& options)
{
    if (options.font)
        return *options.font;
    QFont f = QGuiApplication::font();
    f.setPixelSize(12);
    return f;
}

ChartLayout layoutBlockChart(QSize size, const QFont& font, bool hasTitle, bool legend)
{
    const QFontMetricsF fm(font);
    const double lineH = std::ceil(fm.height());
    ChartLayout layout;
    const double left = std::ceil(fm.horizontalAdvance(QStringLiteral("1023.75 KB"))) + kTickLength + 6 + lineH + 8;
    const double bottom = kTickLength + 3 + lineH + 2 + lineH + 6;
    const double right = 18;
    double top = 10;
    if (hasTitle || legend) {
        top = lineH + 16;
        if (hasTitle && legend) {
            const double titleW = QFontMetricsF(titleFont(font)).horizontalAdvance(QStringLiteral("M")) * 12;
            if (titleW + legendWidth(fm) + 24 > size.width() - left - right) {
                layout.legendOwnRow = true;
                top += lineH + 6;
            }
        }
    }
    layout.header = QRectF(0, 0, size.width(), top);
    const double w = std::max(1.0, std::floor(size.width() - left - right));
    const double h = std::max(1.0, std::floor(size.height() - top - bottom));
    layout.plot = QRectF(std::floor(left), std::floor(top), w, h);
    return layout;
}

QRect ChartGeometry::blockRect(const ScopePlan& plan, int blockIndex) const
{
    return mapping.blockPixelRect(plan.blocks.at(static_cast<std::size_t>(blockIndex)));
}

ChartGeometry blockChartGeometry(
    const ScopePlan& plan, const PlanAnalysis& analysis, QSize size, const ChartRenderOptions& options)
{
    ChartGeometry g;
    g.layout = layoutBlockChart(size, chartFont(options), !options.title.isEmpty(), options.legend);
    g.mapping.setPlotRect(g.layout.plot);
    g.mapping.fitToPlan(plan, analysis);
    if (options.window)
        g.mapping.setWindow(*options.window);
    g.capacityY = g.mapping.capacityPixelY(analysis.capacity.bytes);
    g.capacityDashX = qRound(g.layout.plot.left()) + kDashOn / 2;
    return g;
}

// ---------------------------------------------------------------------------
// BlockChartPainter

BlockChartPainter::BlockChartPainter(const ScopePlan& plan, const PlanAnalysis& analysis, const ChartMapping& mapping,
    const ChartRenderOptions& options, const BlockHitIndex* index)
    : plan_(plan)
    , analysis_(analysis)
    , mapping_(mapping)
    , options_(options)
    , index_(index && index->size() == plan.blocks.size() ? index : nullptr)
    , font_(chartFont(options))
{
}

QString BlockChartPainter::blockLabel(const ScopePlan& plan, int blockIndex)
{
    const Block& b = plan.blocks.at(static_cast<std::size_t>(blockIndex));
    return printableText(QString::fromStdString(plan.bufferOf(b).ssaName));
}

QString printableText(QString text)
{
    // Control characters are not allowed in XML (an SVG with one does not open)
    // and draw as boxes anyway.
    for (QChar& c : text)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = QChar(0xfffd);
    return text;
}

void BlockChartPainter::paint(QPainter& painter, QSize size)
{
    paintBase(painter, size);
    paintOverlay(painter);
}

void BlockChartPainter::paintBase(QPainter& painter, QSize size)
{
    stats_ = {};
    layout_ = layoutBlockChart(size, font_, !options_.title.isEmpty(), options_.legend);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setFont(font_);
    fillBox(painter, QRectF(QPointF(0, 0), QSizeF(size)), chart_style::windowBackground());
    fillBox(painter, mapping_.plotRect(), chart_style::plotBackground());
    paintCapacityShade(painter);
    paintGrid(painter);
    paintBlocks(painter);
    paintCapacityLine(painter);
    paintAxes(painter);
    if (options_.legend)
        paintLegend(painter, size);
    if (!options_.title.isEmpty())
        paintTitle(painter);
    painter.restore();
}

bool BlockChartPainter::drawsStorage(int blockIndex) const
{
    const auto& storages = analysis_.storages;
    if (static_cast<std::size_t>(blockIndex) >= storages.storageOfBlock.size())
        return true; // an analysis of another plan: draw everything rather than nothing
    return analysis_.blocksOfStorage(analysis_.storageOf(blockIndex)).front() == blockIndex;
}

std::vector<int> BlockChartPainter::visibleBlocks() const
{
    const DataWindow& w = mapping_.window();
    const DataWindow& fit = mapping_.fitWindow();
    if (index_ && w.width() < fit.width() * 0.5)
        return index_->query(w.x0, w.x1, w.y0, w.y1);
    std::vector<int> out;
    out.reserve(plan_.blocks.size());
    const int n = static_cast<int>(plan_.blocks.size());
    for (int i = 0; i < n; ++i) {
        const Block& b = plan_.blocks[static_cast<std::size_t>(i)];
        if (static_cast<double>(b.end) + 1.0 < w.x0 || static_cast<double>(b.start) > w.x1)
            continue;
        if (static_cast<double>(b.addressEnd()) < w.y0 || static_cast<double>(b.offset) > w.y1)
            continue;
        out.push_back(i);
    }
    return out;
}

void BlockChartPainter::paintCapacityShade(QPainter& painter)
{
    const QRect plot = plotPixels(mapping_.plotRect());
    const int cy = mapping_.capacityPixelY(analysis_.capacity.bytes);
    const int bottom = std::min(cy - 1, plot.top() + plot.height());
    if (bottom <= plot.top())
        return;
    fillBox(painter, QRectF(plot.left(), plot.top(), plot.width(), bottom - plot.top()), chart_style::capacityShade());
}

void BlockChartPainter::paintGrid(QPainter& painter)
{
    const QRectF plot = mapping_.plotRect();
    QVector<QLineF> major;
    QVector<QLineF> minor;
    for (const AxisTick& t : mapping_.addressTicks()) {
        const double y = std::floor(mapping_.yToPixel(t.position) + 0.5) - 0.5;
        if (y > plot.top() && y < plot.bottom() - 1)
            major.append(QLineF(plot.left(), y, plot.right(), y));
    }
    const std::vector<AxisTick> ops = mapping_.opTicks();
    const bool centred = !ops.empty() && ops.front().position != ops.front().value;
    if (centred) {
        const DataWindow& w = mapping_.window();
        for (double k = std::ceil(w.x0); k <= w.x1; k += 1.0) {
            const double x = std::floor(mapping_.xToPixel(k) + 0.5) + 0.5;
            if (x > plot.left() + 1 && x < plot.right())
                minor.append(QLineF(x, plot.top(), x, plot.bottom()));
        }
    } else {
        for (const AxisTick& t : ops) {
            const double x = std::floor(mapping_.xToPixel(t.position) + 0.5) + 0.5;
            if (x > plot.left() + 1 && x < plot.right())
                major.append(QLineF(x, plot.top(), x, plot.bottom()));
        }
    }
    painter.setPen(QPen(chart_style::gridLineMinor(), 1));
    painter.drawLines(minor);
    painter.setPen(QPen(chart_style::gridLine(), 1));
    painter.drawLines(major);
}

void BlockChartPainter::paintBlocks(QPainter& painter)
{
    const QRect plot = plotPixels(mapping_.plotRect());
    const std::vector<int> visible = visibleBlocks();
    stats_.visibleBlocks = static_cast<int>(visible.size());
    const bool exact = options_.exact;
    // Blocks below detailMin pixels either way go to the pixel layer; the denser
    // the view, the fewer blocks get their own outlined rectangle.
    const int detailMin = exact ? 0 : (visible.size() > 20000 ? 16 : visible.size() > 2000 ? 10 : 4);

    // Small blocks: one pixel layer, each device pixel written once per block it
    // shows, over-capacity blocks winning over the others, later over earlier.
    const qreal dpr = painter.device() ? std::max<qreal>(1.0, painter.device()->devicePixelRatioF()) : 1.0;
    QImage layer;
    std::vector<std::uint8_t> priority;
    int layerW = 0;
    int layerH = 0;
    uchar* layerBits = nullptr;
    qsizetype layerStride = 0;
    std::vector<int> detailed;
    detailed.reserve(std::min<std::size_t>(visible.size(), 4096));
    // Fill and edge of each palette entry, and of the warning, worked out once.
    std::vector<QRgb> pooledFill(static_cast<std::size_t>(chart_style::paletteSize()) + 1);
    std::vector<QRgb> pooledEdge(pooledFill.size());
    for (int k = 0; k < chart_style::paletteSize(); ++k) {
        const QColor c = chart_style::paletteColor(k);
        pooledFill[static_cast<std::size_t>(k)] = c.rgba();
        pooledEdge[static_cast<std::size_t>(k)] = chart_style::outlineFor(c).rgba();
    }
    pooledFill.back() = chart_style::warningFill().rgba();
    pooledEdge.back() = chart_style::warningOutline().rgba();
    for (int i : visible) {
        if (!drawsStorage(i))
            continue; // an in-place buffer: its storage is drawn once, by its first block
        const Block& b = plan_.blocks[static_cast<std::size_t>(i)];
        const QRect r = mapping_.blockPixelRect(b) & plot;
        if (r.isEmpty())
            continue;
        if (exact || (r.width() >= detailMin && r.height() >= detailMin)) {
            detailed.push_back(i);
            continue;
        }
        if (layer.isNull()) {
            layerW = static_cast<int>(std::ceil(plot.width() * dpr));
            layerH = static_cast<int>(std::ceil(plot.height() * dpr));
            layer = QImage(layerW, layerH, QImage::Format_ARGB32_Premultiplied);
            layer.fill(Qt::transparent);
            layer.setDevicePixelRatio(dpr);
            priority.assign(static_cast<std::size_t>(layerW) * static_cast<std::size_t>(layerH), 0);
            layerBits = layer.bits();
            layerStride = layer.bytesPerLine();
        }
        const bool over = analysis_.isOverCapacity(b);
        const std::size_t colorIndex = over
            ? pooledFill.size() - 1
            : static_cast<std::size_t>(chart_style::bufferColorIndex(plan_.bufferOf(b).id));
        const QRgb color = pooledFill[colorIndex];
        const QRgb edge = pooledEdge[colorIndex];
        const std::uint8_t prio = over ? kPooledPriorityWarning : kPooledPriorityNormal;
        const int x0 = std::clamp(static_cast<int>(std::floor((r.left() - plot.left()) * dpr)), 0, layerW);
        const int x1 = std::clamp(static_cast<int>(std::ceil((r.left() + r.width() - plot.left()) * dpr)), 0, layerW);
        int y0 = std::clamp(static_cast<int>(std::floor((r.top() - plot.top()) * dpr)), 0, layerH);
        int y1 = std::clamp(static_cast<int>(std::ceil((r.top() + r.height() - plot.top()) * dpr)), 0, layerH);
        // A few bytes above capacity must still be seen: at least 3 px tall, like the hit tolerance.
        const int minOverHeight = static_cast<int>(std::ceil(3 * dpr));
        if (over && y1 - y0 < minOverHeight && layerH >= minOverHeight) {
            y0 = std::clamp((y0 + y1) / 2 - minOverHeight / 2, 0, layerH - minOverHeight);
            y1 = y0 + minOverHeight;
        }
        // Blocks of 3 px or more each way keep a 1 px edge, as the outlined ones do.
        const bool edged = x1 - x0 >= 3 && y1 - y0 >= 3;
        for (int y = y0; y < y1; ++y) {
            auto* line = reinterpret_cast<QRgb*>(layerBits + static_cast<std::ptrdiff_t>(y) * layerStride);
            std::uint8_t* pr = priority.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(layerW);
            const bool edgeRow = edged && (y == y0 || y == y1 - 1);
            for (int x = x0; x < x1; ++x) {
                if (pr[x] <= prio) {
                    pr[x] = prio;
                    line[x] = edgeRow || (edged && (x == x0 || x == x1 - 1)) ? edge : color;
                }
            }
        }
        ++stats_.pooledBlocks;
    }
    if (!layer.isNull())
        painter.drawImage(QPointF(plot.topLeft()), layer);

    // Larger blocks (every block in the exact mode): one drawRect each.
    const QFontMetricsF fm(font_);
    const double lineH = fm.height();
    QVector<QLineF> hatch;
    const int capacityY = mapping_.capacityPixelY(analysis_.capacity.bytes);
    for (int i : detailed) {
        const Block& b = plan_.blocks[static_cast<std::size_t>(i)];
        const Buffer& buffer = plan_.bufferOf(b);
        const QRect r = mapping_.blockPixelRect(b) & plot;
        const QRectF rf(r.left(), r.top(), r.width(), r.height());
        const bool over = analysis_.isOverCapacity(b);
        const QColor fill = chart_style::blockFill(buffer, over);
        const bool tiny = r.width() < 3 || r.height() < 3;
        painter.setBrush(fill);
        if (tiny) {
            painter.setPen(Qt::NoPen);
            painter.drawRect(rf);
        } else if (over && r.width() >= 5 && r.height() >= 5) {
            QPen pen(chart_style::warningOutline(), 2);
            pen.setJoinStyle(Qt::MiterJoin);
            painter.setPen(pen);
            painter.drawRect(rf.adjusted(1, 1, -1, -1));
        } else {
            QPen pen(chart_style::outlineFor(fill), 1, b.tmp ? Qt::DotLine : Qt::SolidLine);
            pen.setJoinStyle(Qt::MiterJoin);
            painter.setPen(pen);
            painter.drawRect(rf.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        ++stats_.drawnRects;

        const bool laterCopy = buffer.offsets.size() > 1 && b.copy > 0;
        if ((laterCopy || b.tmp) && r.width() >= 6 && r.height() >= 6) {
            hatch.clear();
            const QRectF inner = rf.adjusted(over ? 2 : 1, over ? 2 : 1, over ? -2 : -1, over ? -2 : -1);
            addHatch(hatch, inner, true);
            if (b.tmp)
                addHatch(hatch, inner, false);
            painter.setPen(QPen(chart_style::hatchFor(fill), 1));
            painter.drawLines(hatch);
        }

        if (options_.blockLabels && r.width() >= 24 && r.height() >= lineH + 2) {
            QString name = blockLabel(plan_, i);
            const double nameW = fm.horizontalAdvance(name);
            if (nameW + 8 <= r.width()) {
                QString second = QString::fromStdString(formatBytes(b.size));
                if (buffer.offsets.size() > 1)
                    second += QStringLiteral(" · copy %1/%2").arg(b.copy + 1).arg(buffer.offsets.size());
                const QString inPlace = inPlaceMark(analysis_.storageSizeOf(i));
                if (!inPlace.isEmpty())
                    second += QStringLiteral(" · ") + inPlace;
                if (over) {
                    const QString withExcess = second
                        + QStringLiteral(" · %1 over")
                              .arg(QString::fromStdString(formatBytes(b.addressEnd() - analysis_.capacity.bytes)));
                    if (fm.horizontalAdvance(withExcess) + 8 <= r.width())
                        second = withExcess;
                }
                // Keep the text off the capacity line: into the taller part it cuts the block into.
                QRectF area = rf;
                if (capacityY > rf.top() && capacityY < rf.bottom()) {
                    const QRectF above(rf.left(), rf.top(), rf.width(), capacityY - 1 - rf.top());
                    const QRectF below(rf.left(), capacityY + 1, rf.width(), rf.bottom() - capacityY - 1);
                    area = above.height() + 2 >= below.height() ? above : below; // the part over capacity wins ties
                }
                const bool fitsOne = area.height() >= lineH + 2;
                const bool twoLines = area.height() >= 2 * lineH + 6 && fm.horizontalAdvance(second) + 8 <= r.width();
                if (!fitsOne)
                    continue;
                painter.setPen(chart_style::textOn(fill));
                if (!twoLines && !inPlace.isEmpty()) {
                    // One line only: the count must still show.
                    const QString marked = name + QStringLiteral(" \u00d7%1").arg(analysis_.storageSizeOf(i));
                    if (fm.horizontalAdvance(marked) + 8 <= r.width())
                        name = marked;
                }
                if (twoLines) {
                    const QRectF top(area.left(), area.center().y() - lineH, area.width(), lineH);
                    const QRectF bottom(area.left(), area.center().y(), area.width(), lineH);
                    painter.drawText(top, Qt::AlignHCenter | Qt::AlignBottom, name);
                    painter.drawText(bottom, Qt::AlignHCenter | Qt::AlignTop, second);
                } else {
                    painter.drawText(area, Qt::AlignCenter, name);
                }
                ++stats_.labels;
            }
        }
    }
    painter.setBrush(Qt::NoBrush);
}

void BlockChartPainter::paintCapacityLine(QPainter& painter)
{
    const std::uint64_t capacity = analysis_.capacity.bytes;
    if (capacity == 0)
        return;
    const QRect plot = plotPixels(mapping_.plotRect());
    const int cy = mapping_.capacityPixelY(capacity);
    const QString text = QStringLiteral("capacity %1").arg(QString::fromStdString(formatBytes(capacity)));
    const QFont labelFont = smallFont(font_);
    const QFontMetricsF fm(labelFont);
    const double textW = fm.horizontalAdvance(text);
    const double textH = fm.height();
    double labelBottom = 0;
    QString label = text;
    if (cy - 1 >= plot.top() && cy + 1 <= plot.top() + plot.height()) {
        QPainterPath dashes;
        for (int x = plot.left(); x < plot.left() + plot.width(); x += kDashOn + kDashOff)
            dashes.addRect(QRectF(x, cy - 1, std::min(kDashOn, plot.left() + plot.width() - x), 2));
        painter.fillPath(dashes, chart_style::capacityLine());
        labelBottom = cy - 4;
        if (labelBottom - textH - 2 < plot.top())
            labelBottom = cy + 4 + textH; // no room above: below the line
    } else if (cy < plot.top()) {
        label = text + QStringLiteral(" ↑");
        labelBottom = plot.top() + textH + 4;
    } else {
        label = text + QStringLiteral(" ↓");
        labelBottom = plot.top() + plot.height() - 4;
    }
    const double labelW = fm.horizontalAdvance(label);
    (void)textW;
    const QRectF box(plot.left() + plot.width() - labelW - 14, labelBottom - textH - 2, labelW + 8, textH + 2);
    QPainterPath bg;
    bg.addRoundedRect(box, 3, 3);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillPath(bg, chart_style::capacityLabelBackground());
    painter.setFont(labelFont);
    painter.setPen(chart_style::capacityLine());
    painter.drawText(box, Qt::AlignCenter, label);
    painter.setFont(font_);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void BlockChartPainter::paintAxes(QPainter& painter)
{
    const QRectF plot = mapping_.plotRect();
    const QFontMetricsF fm(font_);
    const double lineH = fm.height();
    QVector<QLineF> lines;
    // Frame: left and bottom axis lines just outside the plot.
    lines.append(QLineF(plot.left() - 0.5, plot.top(), plot.left() - 0.5, plot.bottom() + 0.5));
    lines.append(QLineF(plot.left() - 0.5, plot.bottom() + 0.5, plot.right(), plot.bottom() + 0.5));

    painter.setPen(chart_style::axisText());
    // Address axis.
    for (const AxisTick& t : mapping_.addressTicks()) {
        const double y = std::floor(mapping_.yToPixel(t.position) + 0.5) - 0.5;
        if (y < plot.top() - 0.5 || y > plot.bottom() + 0.5)
            continue;
        lines.append(QLineF(plot.left() - 1 - kTickLength, y, plot.left() - 1, y));
        const QRectF box(0, y - lineH / 2, plot.left() - kTickLength - 5, lineH);
        painter.drawText(box, Qt::AlignRight | Qt::AlignVCenter, t.label);
    }
    // Op axis.
    const std::vector<AxisTick> ops = mapping_.opTicks();
    const bool centred = !ops.empty() && ops.front().position != ops.front().value;
    if (centred) {
        const DataWindow& w = mapping_.window();
        for (double k = std::ceil(w.x0); k <= w.x1; k += 1.0) {
            const double x = std::floor(mapping_.xToPixel(k) + 0.5) + 0.5;
            if (x >= plot.left() && x <= plot.right())
                lines.append(QLineF(x, plot.bottom() + 1, x, plot.bottom() + 1 + kTickLength));
        }
    }
    for (const AxisTick& t : ops) {
        const double x = std::floor(mapping_.xToPixel(t.position) + 0.5) + 0.5;
        if (x < plot.left() - 0.5 || x > plot.right() + 0.5)
            continue;
        if (!centred)
            lines.append(QLineF(x, plot.bottom() + 1, x, plot.bottom() + 1 + kTickLength));
        const double labelW = fm.horizontalAdvance(t.label) + 4;
        const QRectF box(x - labelW / 2, plot.bottom() + kTickLength + 3, labelW, lineH);
        painter.drawText(box, Qt::AlignCenter, t.label);
    }
    painter.setPen(QPen(chart_style::axisLine(), 1));
    painter.drawLines(lines);

    // Axis titles: "op" under the op labels, "address" up the left edge.
    painter.setPen(chart_style::axisText());
    QFont titleF = font_;
    titleF.setItalic(true);
    painter.setFont(titleF);
    const QRectF opBox(plot.left(), plot.bottom() + kTickLength + 3 + lineH + 2, plot.width(), lineH);
    painter.drawText(opBox, Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("op"));
    painter.save();
    painter.translate(4, plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), lineH), Qt::AlignHCenter | Qt::AlignTop,
        QStringLiteral("address"));
    painter.restore();
    painter.setFont(font_);
}

void BlockChartPainter::paintLegend(QPainter& painter, QSize size)
{
    const QFontMetricsF fm(font_);
    const double lineH = std::ceil(fm.height());
    const double total = legendWidth(fm);
    const double right = size.width() - 18;
    double x = std::max(mapping_.plotRect().left(), right - total);
    double rowTop = 8;
    if (layout_.legendOwnRow)
        rowTop += lineH + 6;
    const double cy = rowTop + lineH / 2;
    const QColor sample = chart_style::paletteColor(0);
    for (int i = 0; i < kLegendItems; ++i) {
        const QRectF sw(std::floor(x), std::floor(cy - kSwatchHeight / 2.0), kSwatchWidth, kSwatchHeight);
        QVector<QLineF> hatch;
        switch (i) {
        case 0:
        case 1:
        case 2: {
            fillBox(painter, sw, sample);
            if (i >= 1) {
                addHatch(hatch, sw.adjusted(1, 1, -1, -1), true);
                if (i == 2)
                    addHatch(hatch, sw.adjusted(1, 1, -1, -1), false);
                painter.setPen(QPen(chart_style::hatchFor(sample), 1));
                painter.drawLines(hatch);
            }
            QPen pen(chart_style::outlineFor(sample), 1, i == 2 ? Qt::DotLine : Qt::SolidLine);
            strokeBox(painter, sw.adjusted(0.5, 0.5, -0.5, -0.5), pen);
            break;
        }
        case 3: {
            fillBox(painter, sw, chart_style::warningFill());
            QPen pen(chart_style::warningOutline(), 2);
            pen.setJoinStyle(Qt::MiterJoin);
            strokeBox(painter, sw.adjusted(1, 1, -1, -1), pen);
            break;
        }
        default: {
            QPainterPath dashes;
            const double y = std::floor(cy);
            dashes.addRect(QRectF(sw.left(), y - 1, 7, 2));
            dashes.addRect(QRectF(sw.left() + 11, y - 1, 7, 2));
            painter.fillPath(dashes, chart_style::capacityLine());
            break;
        }
        }
        x += kSwatchWidth + 5;
        const QString text = legendText(i);
        const double w = fm.horizontalAdvance(text);
        painter.setPen(chart_style::axisText());
        painter.drawText(QRectF(x, rowTop, w + 2, lineH), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += w + kLegendGap;
    }
}

void BlockChartPainter::paintTitle(QPainter& painter)
{
    const QFont f = titleFont(font_);
    const QFontMetricsF fm(f);
    painter.setFont(f);
    painter.setPen(chart_style::titleText());
    // Centred on the legend's row (which is as tall as the chart font's line).
    const double lineH = std::ceil(QFontMetricsF(font_).height());
    const double titleH = std::ceil(fm.height()) + 2;
    const QRectF box(mapping_.plotRect().left(), 8 + lineH / 2 - titleH / 2, mapping_.plotRect().width(), titleH);
    painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter,
        fm.elidedText(printableText(options_.title), Qt::ElideRight, box.width()));
    painter.setFont(font_);
}

void BlockChartPainter::outlineBlock(QPainter& painter, int blockIndex, const QColor& color, double width, bool halo)
{
    if (blockIndex < 0 || blockIndex >= static_cast<int>(plan_.blocks.size()))
        return;
    const Block& b = plan_.blocks[static_cast<std::size_t>(blockIndex)];
    const DataWindow& w = mapping_.window();
    if (static_cast<double>(b.end) + 1.0 < w.x0 || static_cast<double>(b.start) > w.x1
        || static_cast<double>(b.addressEnd()) < w.y0 || static_cast<double>(b.offset) > w.y1)
        return;
    QRectF r = QRectF(mapping_.blockPixelRect(b));
    r = QRectF(r.left(), r.top(), r.width() + 1, r.height() + 1); // QRect -> edges
    // Tiny blocks get a findable outline.
    const double minSide = 7;
    if (r.width() < minSide)
        r.adjust(-(minSide - r.width()) / 2, 0, (minSide - r.width()) / 2, 0);
    if (r.height() < minSide)
        r.adjust(0, -(minSide - r.height()) / 2, 0, (minSide - r.height()) / 2);
    r = r.intersected(mapping_.plotRect().adjusted(-2, -2, 2, 2));
    if (r.isEmpty())
        return;
    QPen pen(color, width);
    pen.setJoinStyle(Qt::MiterJoin);
    if (halo) {
        QPen haloPen(chart_style::selectionHalo(), width + 3);
        haloPen.setJoinStyle(Qt::MiterJoin);
        strokeBox(painter, r, haloPen);
    }
    strokeBox(painter, r, pen);
}

void BlockChartPainter::paintOverlay(QPainter& painter)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setFont(font_);
    for (int i : options_.highlightedBlocks)
        outlineBlock(painter, i, chart_style::highlightOutline(), 2.5, false);
    if (options_.hoveredBlock >= 0 && options_.hoveredBlock != options_.selectedBlock)
        outlineBlock(painter, options_.hoveredBlock, chart_style::hoverOutline(), 1.5, false);
    outlineBlock(painter, options_.selectedBlock, chart_style::selectionOutline(), 3, true);

    if (options_.cursorOp) {
        const QRectF plot = mapping_.plotRect();
        const double op = static_cast<double>(*options_.cursorOp);
        const double x = std::floor(mapping_.xToPixel(op + 0.5));
        if (x >= plot.left() && x < plot.right()) {
            QColor line = chart_style::cursorLine();
            fillBox(painter, QRectF(x - 1, plot.top(), 2, plot.height()), line);
            const QString text = QStringLiteral("op %1").arg(*options_.cursorOp);
            const QFont f = smallFont(font_);
            const QFontMetricsF fm(f);
            const double w = fm.horizontalAdvance(text) + 8;
            const double h = fm.height() + 2;
            double left
                = std::max(plot.left(), std::min(x - w / 2, plot.right() - w)); // the tag may be wider than the plot
            QPainterPath tag;
            tag.addRoundedRect(QRectF(left, plot.top() + 2, w, h), 3, 3);
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.fillPath(tag, line);
            painter.setPen(Qt::white);
            painter.setFont(f);
            painter.drawText(QRectF(left, plot.top() + 2, w, h), Qt::AlignCenter, text);
            painter.setFont(font_);
            painter.setRenderHint(QPainter::Antialiasing, false);
        }
    }
    painter.restore();
}

// ---------------------------------------------------------------------------
// Export

QImage renderBlockChartImage(
    const ScopePlan& plan, const PlanAnalysis& analysis, QSize size, const ChartRenderOptions& options)
{
    QImage image(size.expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
    image.fill(chart_style::windowBackground());
    const ChartGeometry g = blockChartGeometry(plan, analysis, image.size(), options);
    QPainter painter(&image);
    BlockChartPainter(plan, analysis, g.mapping, options).paint(painter, image.size());
    painter.end();
    return image;
}

bool writeBlockChartSvg(QIODevice& out, const ScopePlan& plan, const PlanAnalysis& analysis, QSize size,
    const ChartRenderOptions& options, QString* error, std::size_t exactUpTo)
{
    if (out.isOpen() && !out.isWritable()) {
        if (error)
            *error = QStringLiteral("the output is not open for writing");
        return false;
    }
    ChartRenderOptions exact = options;
    exact.exact = plan.blocks.size() <= exactUpTo;
    const QSize s = size.expandedTo(QSize(1, 1));
    const ChartGeometry g = blockChartGeometry(plan, analysis, s, exact);

    QSvgGenerator generator;
    generator.setOutputDevice(&out);
    generator.setSize(s);
    generator.setViewBox(QRect(QPoint(0, 0), s));
    generator.setResolution(96);
    // QSvgGenerator writes the title into <title> as it is: escape it (the kernel name comes from the dump).
    generator.setTitle(
        options.title.isEmpty() ? QStringLiteral("memlens block chart") : printableText(options.title).toHtmlEscaped());
    generator.setDescription(QStringLiteral("memlens memory block chart: one rect per block"));
    QPainter painter;
    if (!painter.begin(&generator)) {
        if (error)
            *error = QStringLiteral("cannot write SVG: %1").arg(out.errorString());
        return false;
    }
    BlockChartPainter(plan, analysis, g.mapping, exact).paint(painter, s);
    if (!painter.end()) {
        if (error)
            *error = QStringLiteral("cannot write SVG: %1").arg(out.errorString());
        return false;
    }
    return true;
}

} // namespace memlens
