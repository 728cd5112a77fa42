// The block chart's exports: a PNG image and an SVG whose rects are named by block.
#include "views/chart/block_chart_painter.hpp"

#include "core/analysis/plan_analysis.hpp"
#include "core/dump/dump_model.hpp"
#include "views/chart/block_chart_paint_helpers.hpp"
#include "views/chart/chart_caption.hpp"
#include "views/style.hpp"

#include <QBuffer>
#include <QIODevice>
#include <QPainter>
#include <QSvgGenerator>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <algorithm>

namespace memlens {

using namespace chart_paint;

QImage renderBlockChartImage(
    const ScopePlan& plan, const PlanAnalysis& analysis, QSize size, const ChartRenderOptions& options)
{
    QImage image(size.expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
    image.fill(style::windowBackground());
    const ChartGeometry g = blockChartGeometry(plan, analysis, image.size(), options);
    QPainter painter(&image);
    BlockChartPainter(plan, analysis, g.mapping, options).paint(painter, image.size());
    painter.end();
    return image;
}

namespace {

// QSvgGenerator writes one <rect> per drawRect call and cannot name them: give the
// k-th rect (the k-th block drawn) an id and a <title>, copying the rest as it is.
// A title says what the block's label does, and where and when it lives.
QByteArray withBlockTitles(const QByteArray& svg, const ScopePlan& plan, const BlockChartPainter& painter)
{
    const std::vector<int>& drawnBlocks = painter.stats().drawnBlocks;
    QByteArray annotated;
    annotated.reserve(svg.size() + static_cast<qsizetype>(drawnBlocks.size()) * 96);
    QXmlStreamReader reader(svg);
    reader.setNamespaceProcessing(false); // names and xmlns attributes are copied as written
    QXmlStreamWriter writer(&annotated);
    std::size_t nextRect = 0;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.hasError())
            return svg; // not what the generator writes: leave it as it is
        if (reader.isStartElement()) {
            writer.writeCurrentToken(reader);
            if (reader.name() == QLatin1String("rect") && nextRect < drawnBlocks.size()) {
                const Block& b = plan.blocks[static_cast<std::size_t>(drawnBlocks[nextRect])];
                writer.writeAttribute(
                    QStringLiteral("id"), QStringLiteral("block-%1-%2").arg(plan.bufferOf(b).id).arg(b.copy));
                writer.writeTextElement(QStringLiteral("title"),
                    QStringLiteral("%1 · %2 · offset %3 · Life [%4, %5]")
                        .arg(BlockChartPainter::blockLabel(plan, drawnBlocks[nextRect]),
                            painter.blockFacts(drawnBlocks[nextRect], true))
                        .arg(b.offset)
                        .arg(b.start)
                        .arg(b.end));
                ++nextRect;
            }
        } else {
            writer.writeCurrentToken(reader);
        }
    }
    return annotated;
}

} // namespace

bool writeBlockChartSvg(QIODevice& out, const ScopePlan& plan, const PlanAnalysis& analysis, QSize size,
    const ChartRenderOptions& options, QString* error, std::size_t exactUpTo, const QStringList& caption)
{
    if (out.isOpen() && !out.isWritable()) {
        if (error)
            *error = QStringLiteral("the output is not open for writing");
        return false;
    }
    ChartRenderOptions exact = options;
    exact.exact = plan.blocks.size() <= exactUpTo;
    const QSize s = size.expandedTo(QSize(1, 1));
    // The caption's first line names kernel and scope: the chart's own title row would say it again.
    const int captionHeight = chartCaptionHeight(s, caption);
    if (!caption.isEmpty())
        exact.title.clear();
    const QSize chartSize(s.width(), std::max(1, s.height() - captionHeight));
    const ChartGeometry g = blockChartGeometry(plan, analysis, chartSize, exact);

    // An exact SVG is made in memory first (at most kMaxExactSvgBlocks rects) to name its rects.
    QBuffer generated;
    generated.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(exact.exact ? static_cast<QIODevice*>(&generated) : &out);
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
    paintChartCaption(painter, s, caption);
    painter.translate(0, captionHeight);
    BlockChartPainter blocks(plan, analysis, g.mapping, exact);
    blocks.paint(painter, chartSize);
    if (!painter.end()) {
        if (error)
            *error = QStringLiteral("cannot write SVG: %1").arg(out.errorString());
        return false;
    }
    if (exact.exact) {
        const QByteArray named = withBlockTitles(generated.data(), plan, blocks);
        if (out.write(named) != named.size()) {
            if (error)
                *error = QStringLiteral("cannot write SVG: %1").arg(out.errorString());
            return false;
        }
    }
    return true;
}

} // namespace memlens
