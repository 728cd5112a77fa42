#include "views/chart/block_chart_painter.hpp"

#include "core/compile_log/compile_log.hpp"

#include "core/analysis/plan_analysis.hpp"
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
    fillBox(painter, QRectF(QPointF(0, 0), QSizeF(size)), style::windowBackground());
    fillBox(painter, mapping_.plotRect(), style::plotBackground());
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
    return analysis_.holdsStorage(blockIndex);
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

bool BlockChartPainter::isDimmed(int blockIndex) const
{
    if (!analysis_.planned)
        return true; // a scope the compiler never planned is greyed: its offsets are not addresses
    const std::vector<bool>* hidden = options_.dimmedBlocks;
    return hidden && static_cast<std::size_t>(blockIndex) < hidden->size()
        && (*hidden)[static_cast<std::size_t>(blockIndex)];
}

int BlockChartPainter::colourIdOf(const Block& block) const
{
    const auto buffer = static_cast<std::size_t>(block.bufferIndex);
    if (options_.colourIds && buffer < options_.colourIds->size())
        return (*options_.colourIds)[buffer];
    return plan_.bufferOf(block).id;
}

QColor BlockChartPainter::fillOf(int blockIndex) const
{
    const Block& b = plan_.blocks[static_cast<std::size_t>(blockIndex)];
    const QColor fill = analysis_.isOverCapacity(b) ? style::warningFill() : style::bufferColor(colourIdOf(b));
    return isDimmed(blockIndex) ? style::dimmed(fill) : fill;
}

void BlockChartPainter::paintBlocks(QPainter& painter)
{
    const std::vector<int> visible = visibleBlocks();
    stats_.visibleBlocks = static_cast<int>(visible.size());
    const std::vector<int> detailed = poolSmallBlocks(painter, visible);
    const int capacityY = mapping_.capacityPixelY(analysis_.capacity.bytes);
    for (int i : detailed) {
        const QRect r
            = mapping_.blockPixelRect(plan_.blocks[static_cast<std::size_t>(i)]) & plotPixels(mapping_.plotRect());
        paintDetailedBlock(painter, i, r);
        if (options_.blockLabels)
            paintBlockLabel(painter, i, r, capacityY);
    }
    painter.setBrush(Qt::NoBrush);
}

std::vector<int> BlockChartPainter::poolSmallBlocks(QPainter& painter, const std::vector<int>& visible)
{
    // Blocks below detailMin pixels either way go to one pixel layer, each device
    // pixel written once per block it shows, over-capacity blocks winning over the
    // others, later over earlier, dimmed (filtered out) ones losing to all. The
    // denser the view, the fewer blocks get their own outlined rectangle; those
    // are returned.
    const QRect plot = plotPixels(mapping_.plotRect());
    const bool exact = options_.exact;
    const int detailMin = exact ? 0 : (visible.size() > 20000 ? 16 : visible.size() > 2000 ? 10 : 4);
    const qreal dpr = painter.device() ? std::max<qreal>(1.0, painter.device()->devicePixelRatioF()) : 1.0;
    QImage layer;
    std::vector<std::uint8_t> priority;
    int layerW = 0;
    int layerH = 0;
    uchar* layerBits = nullptr;
    qsizetype layerStride = 0;
    std::vector<int> detailed;
    detailed.reserve(std::min<std::size_t>(visible.size(), 4096));
    // Fill and edge of each palette entry and of the warning, plain and dimmed, worked out once.
    const std::size_t colours = static_cast<std::size_t>(style::paletteSize()) + 1;
    std::vector<QRgb> pooledFill(2 * colours);
    std::vector<QRgb> pooledEdge(pooledFill.size());
    for (std::size_t k = 0; k < colours; ++k) {
        const QColor c = k + 1 < colours ? style::paletteColor(static_cast<int>(k)) : style::warningFill();
        const QColor edge = k + 1 < colours ? style::outlineFor(c) : style::warningOutline();
        pooledFill[k] = c.rgba();
        pooledEdge[k] = edge.rgba();
        pooledFill[colours + k] = style::dimmed(c).rgba();
        pooledEdge[colours + k] = style::dimmed(edge).rgba();
    }
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
        const bool dim = isDimmed(i);
        const std::size_t colorIndex = (dim ? colours : 0)
            + (over ? colours - 1 : static_cast<std::size_t>(style::bufferColorIndex(colourIdOf(b))));
        const QRgb color = pooledFill[colorIndex];
        const QRgb edge = pooledEdge[colorIndex];
        const std::uint8_t prio = dim ? kPooledPriorityDimmed : (over ? kPooledPriorityWarning : kPooledPriorityNormal);
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
    return detailed;
}

void BlockChartPainter::paintDetailedBlock(QPainter& painter, int blockIndex, const QRect& r)
{
    // One drawRect per block (the SVG's one <rect>); hatching for later copies and temporaries.
    const Block& b = plan_.blocks[static_cast<std::size_t>(blockIndex)];
    const Buffer& buffer = plan_.bufferOf(b);
    const QRectF rf(r.left(), r.top(), r.width(), r.height());
    const bool over = analysis_.isOverCapacity(b);
    const QColor fill = fillOf(blockIndex);
    const bool tiny = r.width() < 3 || r.height() < 3;
    painter.setBrush(fill);
    if (tiny) {
        painter.setPen(Qt::NoPen);
        painter.drawRect(rf);
    } else if (over && r.width() >= 5 && r.height() >= 5) {
        const QColor outline = style::warningOutline();
        QPen pen(isDimmed(blockIndex) ? style::dimmed(outline) : outline, 2);
        pen.setJoinStyle(Qt::MiterJoin);
        painter.setPen(pen);
        painter.drawRect(rf.adjusted(1, 1, -1, -1));
    } else {
        QPen pen(style::outlineFor(fill), 1, b.tmp ? Qt::DotLine : Qt::SolidLine);
        pen.setJoinStyle(Qt::MiterJoin);
        painter.setPen(pen);
        painter.drawRect(rf.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    ++stats_.drawnRects;
    if (options_.exact)
        stats_.drawnBlocks.push_back(blockIndex);

    const bool laterCopy = buffer.offsets.size() > 1 && b.copy > 0;
    if ((laterCopy || b.tmp) && r.width() >= 6 && r.height() >= 6) {
        QVector<QLineF> hatch;
        const QRectF inner = rf.adjusted(over ? 2 : 1, over ? 2 : 1, over ? -2 : -1, over ? -2 : -1);
        addHatch(hatch, inner, true);
        if (b.tmp)
            addHatch(hatch, inner, false);
        painter.setPen(QPen(style::hatchFor(fill), 1));
        painter.drawLines(hatch);
    }
}

QString BlockChartPainter::blockFacts(int blockIndex, bool withExcess) const
{
    const Block& b = plan_.blocks[static_cast<std::size_t>(blockIndex)];
    const Buffer& buffer = plan_.bufferOf(b);
    QString facts = QString::fromStdString(formatBytes(b.size));
    if (buffer.offsets.size() > 1)
        facts += QStringLiteral(" · copy %1/%2").arg(b.copy + 1).arg(buffer.offsets.size());
    const QString inPlace = inPlaceMark(analysis_.storageSizeOf(blockIndex));
    if (!inPlace.isEmpty())
        facts += QStringLiteral(" · ") + inPlace;
    if (withExcess && analysis_.isOverCapacity(b))
        facts += QStringLiteral(" · %1 over")
                     .arg(QString::fromStdString(formatBytes(b.addressEnd() - analysis_.capacity.bytes)));
    return facts;
}

QString BlockChartPainter::blockSizeLine(int blockIndex, double width, const QFontMetricsF& fm) const
{
    // The excess only when it fits.
    const QString full = blockFacts(blockIndex, true);
    return fm.horizontalAdvance(full) + 8 <= width ? full : blockFacts(blockIndex, false);
}

void BlockChartPainter::paintBlockLabel(QPainter& painter, int blockIndex, const QRect& r, int capacityY)
{
    const QFontMetricsF fm(font_);
    const double lineH = fm.height();
    if (r.width() < 24 || r.height() < lineH + 2)
        return;
    QString name = blockLabel(plan_, blockIndex);
    if (fm.horizontalAdvance(name) + 8 > r.width())
        return;
    const QRectF rf(r.left(), r.top(), r.width(), r.height());
    const QString second = blockSizeLine(blockIndex, r.width(), fm);
    // Keep the text off the capacity line: into the taller part it cuts the block into.
    QRectF area = rf;
    if (capacityY > rf.top() && capacityY < rf.bottom()) {
        const QRectF above(rf.left(), rf.top(), rf.width(), capacityY - 1 - rf.top());
        const QRectF below(rf.left(), capacityY + 1, rf.width(), rf.bottom() - capacityY - 1);
        area = above.height() + 2 >= below.height() ? above : below; // the part over capacity wins ties
    }
    if (area.height() < lineH + 2)
        return;
    const bool twoLines = area.height() >= 2 * lineH + 6 && fm.horizontalAdvance(second) + 8 <= r.width();
    const int inPlaceCount = analysis_.storageSizeOf(blockIndex);
    painter.setPen(style::textOn(fillOf(blockIndex)));
    if (!twoLines && !inPlaceMark(inPlaceCount).isEmpty()) {
        // One line only: the count must still show.
        const QString marked = name + QStringLiteral(" \u00d7%1").arg(inPlaceCount);
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
        QPen haloPen(style::selectionHalo(), width + 3);
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
        outlineBlock(painter, i, style::highlightOutline(), 2.5, false);
    if (options_.hoveredBlock >= 0 && options_.hoveredBlock != options_.selectedBlock)
        outlineBlock(painter, options_.hoveredBlock, style::hoverOutline(), 1.5, false);
    for (int i : options_.selectedCopies)
        outlineBlock(painter, i, style::selectionOutline(), 3, true);
    outlineBlock(painter, options_.selectedBlock, style::selectionOutline(), 3, true);

    if (options_.cursorOp) {
        const QRectF plot = mapping_.plotRect();
        const double op = static_cast<double>(*options_.cursorOp);
        const double x = std::floor(mapping_.xToPixel(op + 0.5));
        if (x >= plot.left() && x < plot.right()) {
            QColor line = style::cursorLine();
            fillBox(painter, QRectF(x - 1, plot.top(), 2, plot.height()), line);
            QString text = QStringLiteral("op %1").arg(*options_.cursorOp);
            if (options_.log)
                if (const LogOp* op = options_.log->op(*options_.cursorOp))
                    text += QStringLiteral(" ") + QString::fromStdString(op->name);
            const QFont f = smallFont(font_);
            const QFontMetricsF fm(f);
            const double w = fm.horizontalAdvance(text) + 8;
            const double h = fm.height() + 2;
            double left
                = std::max(plot.left(), std::min(x - w / 2, plot.right() - w)); // the tag may be wider than the plot
            // Under the op labels, in the row of the axis title: inside the plot it would hide block
            // labels, on the labels' row the label of its own op.
            const double top = plot.bottom() + kTickLength + 3 + std::ceil(QFontMetricsF(font_).height()) + 2;
            QPainterPath tag;
            tag.addRoundedRect(QRectF(left, top, w, h), 3, 3);
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.fillPath(tag, line);
            painter.setPen(style::white());
            painter.setFont(f);
            painter.drawText(QRectF(left, top, w, h), Qt::AlignCenter, text);
            painter.setFont(font_);
            painter.setRenderHint(QPainter::Antialiasing, false);
        }
    }
    painter.restore();
}

} // namespace memlens
