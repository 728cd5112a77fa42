// The frame of the block chart: layout, grid, capacity shade and line, axes,
// legend, title. The PNG and SVG exports are in block_chart_export.cpp.
#include "views/chart/block_chart_painter.hpp"

#include "core/analysis/plan_analysis.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/dump/dump_model.hpp"
#include "core/text/byte_size.hpp"
#include "views/chart/block_chart_paint_helpers.hpp"
#include "views/storage_text.hpp"
#include "views/style.hpp"

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace memlens {

using namespace chart_paint;

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
        if (legend) {
            // A narrow chart (the compare view at 1024 px) wraps the legend rather than clip it.
            layout.legendRows = static_cast<int>(legendRows(fm, legendAvailableWidth(size)).size());
            top += (layout.legendRows - 1) * (lineH + 4);
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
    // "As shown": the widest limits, so that the window of a chart fitted either way survives.
    g.mapping.fitToPlan(plan, analysis, options.window ? AddressFit::Capacity : AddressFit::Auto);
    if (options.window)
        g.mapping.setWindow(*options.window);
    g.capacityY = g.mapping.capacityPixelY(analysis.capacity.bytes);
    g.capacityDashX = qRound(g.layout.plot.left()) + kDashOn / 2;
    return g;
}

void BlockChartPainter::paintCapacityShade(QPainter& painter)
{
    const QRect plot = plotPixels(mapping_.plotRect());
    const int cy = mapping_.capacityPixelY(analysis_.capacity.bytes);
    const int bottom = std::min(cy - 1, plot.top() + plot.height());
    if (bottom <= plot.top())
        return;
    fillBox(painter, QRectF(plot.left(), plot.top(), plot.width(), bottom - plot.top()), style::capacityShade());
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
    // Per op, a faint line between every two ops; else a line at each labelled op. None on the frame.
    const OpAxis ops = mapping_.opAxis();
    const auto inside = [&](double x) { return x > plot.left() + 1 && x < plot.right(); };
    for (const double x : ops.boundaries)
        if (inside(x))
            minor.append(QLineF(x, plot.top(), x, plot.bottom()));
    if (!ops.perOp)
        for (const AxisTick& t : ops.ticks)
            if (const double x = mapping_.lineX(t.position); inside(x))
                major.append(QLineF(x, plot.top(), x, plot.bottom()));
    painter.setPen(QPen(style::gridLineMinor(), 1));
    painter.drawLines(minor);
    painter.setPen(QPen(style::gridLine(), 1));
    painter.drawLines(major);
}

void BlockChartPainter::paintCapacityLine(QPainter& painter)
{
    const std::uint64_t capacity = analysis_.capacity.bytes;
    if (capacity == 0)
        return;
    const QRect plot = plotPixels(mapping_.plotRect());
    const int cy = mapping_.capacityPixelY(capacity);
    if (cy - 1 < plot.top() || cy + 1 > plot.top() + plot.height())
        return; // off the window: paintAxes() names it at that end of the address axis
    QPainterPath dashes;
    for (int x = plot.left(); x < plot.left() + plot.width(); x += kDashOn + kDashOff)
        dashes.addRect(QRectF(x, cy - 1, std::min(kDashOn, plot.left() + plot.width() - x), 2));
    painter.fillPath(dashes, style::capacityLine());
}

QRectF BlockChartPainter::paintOffScaleCapacity(QPainter& painter, double labelRight)
{
    // A capacity above (or below) the window is named in the axis margin at that end, on two
    // lines ("capacity ↑" outside the plot's height, the size beside its edge): a label in
    // the plot would cover blocks.
    const std::uint64_t capacity = analysis_.capacity.bytes;
    const QRect plot = plotPixels(mapping_.plotRect());
    const int cy = mapping_.capacityPixelY(capacity);
    const bool above = cy - 1 < plot.top();
    if (capacity == 0 || (!above && cy + 1 <= plot.top() + plot.height()))
        return {};
    const QFont labelFont = smallFont(font_);
    const double textH = std::ceil(QFontMetricsF(labelFont).height());
    const double left = 2;
    const double edge = above ? plot.top() : plot.top() + plot.height();
    const QRectF size(left, above ? edge : edge - textH, labelRight - left, textH);
    const QRectF word(left, above ? edge - textH - 1 : edge + 1, labelRight - left, textH);
    painter.setFont(labelFont);
    painter.setPen(style::capacityLine());
    painter.drawText(size, Qt::AlignRight | Qt::AlignVCenter, QString::fromStdString(formatBytes(capacity)));
    painter.drawText(word, Qt::AlignRight | Qt::AlignVCenter,
        above ? QStringLiteral("capacity \u2191") : QStringLiteral("capacity \u2193"));
    painter.setFont(font_);
    painter.setPen(style::axisText());
    return size;
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

    painter.setPen(style::axisText());
    // Address axis, with the capacity labelled in its colour where its line meets the axis.
    const auto capacity = static_cast<double>(analysis_.capacity.bytes);
    const QRectF offScale = paintOffScaleCapacity(painter, plot.left() - kTickLength - 5);
    for (const AxisTick& t : addressAxisTicks(mapping_, analysis_.capacity.bytes, lineH)) {
        const double y = std::floor(mapping_.yToPixel(t.position) + 0.5) - 0.5;
        if (y < plot.top() - 0.5 || y > plot.bottom() + 0.5)
            continue;
        lines.append(QLineF(plot.left() - 1 - kTickLength, y, plot.left() - 1, y));
        const QRectF box(0, y - lineH / 2, plot.left() - kTickLength - 5, lineH);
        if (box.intersects(offScale))
            continue; // the capacity's label holds that end of the axis
        if (t.value == capacity)
            painter.setPen(style::capacityLine());
        painter.drawText(box, Qt::AlignRight | Qt::AlignVCenter, t.label);
        painter.setPen(style::axisText());
    }
    // Op axis: a tick at every op boundary (per op) or at each labelled op.
    const OpAxis ops = mapping_.opAxis();
    for (const double x : ops.boundaries)
        lines.append(QLineF(x, plot.bottom() + 1, x, plot.bottom() + 1 + kTickLength));
    // With a compile log, ops are labelled by name where every op has room for it.
    const double opWidth = mapping_.xToPixel(1.0) - mapping_.xToPixel(0.0);
    for (const AxisTick& t : ops.ticks) {
        const double x = mapping_.lineX(t.position);
        if (x < plot.left() - 0.5 || x > plot.right() + 0.5)
            continue;
        if (!ops.perOp)
            lines.append(QLineF(x, plot.bottom() + 1, x, plot.bottom() + 1 + kTickLength));
        QString label = t.label;
        if (ops.perOp && options_.log)
            if (const LogOp* op = options_.log->op(static_cast<std::int64_t>(t.value))) {
                const QString named = label + QStringLiteral(" ") + QString::fromStdString(shortOpName(op->name));
                if (fm.horizontalAdvance(named) + 8 <= opWidth)
                    label = named;
            }
        const double labelW = fm.horizontalAdvance(label) + 4;
        const QRectF box(x - labelW / 2, plot.bottom() + kTickLength + 3, labelW, lineH);
        painter.drawText(box, Qt::AlignCenter, label);
    }
    painter.setPen(QPen(style::axisLine(), 1));
    painter.drawLines(lines);

    // Axis titles: "op" under the op labels, "address" up the left edge.
    painter.setPen(style::axisText());
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
    const double right = size.width() - 18;
    double rowTop = 8;
    if (layout_.legendOwnRow)
        rowTop += lineH + 6;
    const QColor sample = style::paletteColor(0);
    // Each row ends at the right edge; a row wider than the plot may start left of it.
    for (const std::vector<int>& row : legendRows(fm, legendAvailableWidth(size), legendItems(analysis_.overflow))) {
        double total = 0;
        for (const int i : row)
            total += legendItemWidth(fm, i) + (i == row.back() ? 0 : kLegendGap);
        double x = std::max(8.0, right - total);
        const double cy = rowTop + lineH / 2;
        for (const int i : row)
            x = paintLegendItem(painter, i, x, cy, rowTop, sample);
        rowTop += lineH + 4;
    }
}

double BlockChartPainter::paintLegendItem(
    QPainter& painter, int i, double x, double cy, double rowTop, const QColor& sample)
{
    const QFontMetricsF fm(font_);
    const double lineH = std::ceil(fm.height());
    {
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
                painter.setPen(QPen(style::hatchFor(sample), 1));
                painter.drawLines(hatch);
            }
            QPen pen(style::outlineFor(sample), 1, i == 2 ? Qt::DotLine : Qt::SolidLine);
            strokeBox(painter, sw.adjusted(0.5, 0.5, -0.5, -0.5), pen);
            break;
        }
        case 3: {
            fillBox(painter, sw, style::warningFill());
            QPen pen(style::warningOutline(), 2);
            pen.setJoinStyle(Qt::MiterJoin);
            strokeBox(painter, sw.adjusted(1, 1, -1, -1), pen);
            break;
        }
        default: {
            QPainterPath dashes;
            const double y = std::floor(cy);
            dashes.addRect(QRectF(sw.left(), y - 1, 7, 2));
            dashes.addRect(QRectF(sw.left() + 11, y - 1, 7, 2));
            painter.fillPath(dashes, style::capacityLine());
            break;
        }
        }
        x += kSwatchWidth + 5;
        const QString text = legendText(i);
        const double w = fm.horizontalAdvance(text);
        painter.setPen(style::axisText());
        painter.drawText(QRectF(x, rowTop, w + 2, lineH), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += w + kLegendGap;
    }
    return x;
}

void BlockChartPainter::paintTitle(QPainter& painter)
{
    const QFont f = titleFont(font_);
    const QFontMetricsF fm(f);
    painter.setFont(f);
    painter.setPen(style::titleText());
    // Centred on the legend's row (which is as tall as the chart font's line).
    const double lineH = std::ceil(QFontMetricsF(font_).height());
    const double titleH = std::ceil(fm.height()) + 2;
    const QRectF box(mapping_.plotRect().left(), 8 + lineH / 2 - titleH / 2, mapping_.plotRect().width(), titleH);
    painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter,
        fm.elidedText(printableText(options_.title), Qt::ElideRight, box.width()));
    painter.setFont(font_);
}

} // namespace memlens
