#include "views/chart/usage_chart_view.hpp"

#include "core/byte_size.hpp"

#include <QMouseEvent>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <cmath>

namespace memlens {

namespace {
// Kilobytes on the axis: QValueAxis formats numbers, not byte units.
constexpr double kKiB = 1024.0;

// A tick step that gives at most `maxTicks` steps over `span`: 1-2-5 steps
// for ops, powers of two for kilobytes (so 64 KB, 128 KB, 192 KB...).
double niceStep(double span, int maxTicks, bool powersOfTwo)
{
    if (span <= 0)
        return 1;
    const double raw = span / maxTicks;
    if (powersOfTwo)
        return std::max(1.0, std::exp2(std::ceil(std::log2(raw))));
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * magnitude >= raw)
            return std::max(1.0, factor * magnitude);
    return std::max(1.0, 10 * magnitude);
}
} // namespace

UsageChartView::UsageChartView(PlanSession* session, QWidget* parent)
    : QChartView(parent)
    , session_(session)
    , live_(new QLineSeries)
    , address_(new QLineSeries)
    , capacity_(new QLineSeries)
    , cursor_(new QLineSeries)
    , opAxis_(new QValueAxis)
    , bytesAxis_(new QValueAxis)
{
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->legend()->setFont(QFont(font().family(), 8));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame); // chart coordinates are widget coordinates
    setMinimumHeight(140);
    setToolTip(
        tr("Live bytes (the union of the live address ranges: buffers merged in place count once) and the highest "
           "address in use at every op; the gap between them is holes. Click to set the time cursor."));

    live_->setName(tr("live bytes"));
    live_->setPen(QPen(QColor(0x2f, 0x6f, 0xb3), 1.6));
    address_->setName(tr("highest address"));
    address_->setPen(QPen(QColor(0x8a, 0x5a, 0xc8), 1.2, Qt::SolidLine));
    capacity_->setName(tr("capacity"));
    capacity_->setPen(QPen(QColor(0xc6, 0x28, 0x28), 1.4, Qt::DashLine));
    cursor_->setName(tr("cursor"));
    cursor_->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.0, Qt::DotLine));

    opAxis_->setLabelFormat("%d");
    opAxis_->setTickType(QValueAxis::TicksDynamic);
    opAxis_->setTickAnchor(0);
    bytesAxis_->setTickType(QValueAxis::TicksDynamic);
    bytesAxis_->setTickAnchor(0);
    opAxis_->setTitleText(tr("op"));
    bytesAxis_->setLabelFormat("%.0f KB");
    for (QValueAxis* axis : {opAxis_, bytesAxis_}) {
        axis->setLabelsFont(QFont(font().family(), 8));
        axis->setTitleFont(QFont(font().family(), 8));
    }
    chart->addAxis(opAxis_, Qt::AlignBottom);
    chart->addAxis(bytesAxis_, Qt::AlignLeft);
    for (QLineSeries* series : {live_, address_, capacity_, cursor_}) {
        chart->addSeries(series);
        series->attachAxis(opAxis_);
        series->attachAxis(bytesAxis_);
    }
    for (QLegendMarker* marker : chart->legend()->markers(cursor_))
        marker->setVisible(false);

    connect(session_, &PlanSession::documentChanged, this, &UsageChartView::rebuild);
    connect(session_, &PlanSession::scopeChanged, this, &UsageChartView::rebuild);
    connect(session_, &PlanSession::cursorChanged, this, &UsageChartView::updateCursor);
    rebuild();
}

void UsageChartView::rebuild()
{
    const PlanAnalysis* analysis = session_->analysis();
    QList<QPointF> live;
    QList<QPointF> address;
    double top = 1.0;
    if (analysis && !analysis->usage.empty()) {
        // Steps drawn as horizontal runs: each value holds until the next step.
        const auto& usage = analysis->usage;
        for (std::size_t i = 0; i < usage.size(); ++i) {
            const double from = static_cast<double>(usage[i].op);
            const double to = i + 1 < usage.size() ? static_cast<double>(usage[i + 1].op) : from + 1;
            live << QPointF(from, usage[i].liveBytes / kKiB) << QPointF(to, usage[i].liveBytes / kKiB);
            address << QPointF(from, usage[i].highAddress / kKiB) << QPointF(to, usage[i].highAddress / kKiB);
        }
        top = std::max({analysis->peakAddressBytes, analysis->peakLiveBytes, analysis->capacity.bytes}) / kKiB * 1.1;
        capacity_->replace({QPointF(analysis->firstOp, analysis->capacity.bytes / kKiB),
            QPointF(analysis->lastOp + 1, analysis->capacity.bytes / kKiB)});
        setOpRange(analysis->firstOp, analysis->lastOp + 1);
        capacity_->setName(tr("capacity %1").arg(QString::fromStdString(formatBytes(analysis->capacity.bytes))));
    } else {
        capacity_->clear();
        setOpRange(0, 1);
    }
    live_->replace(live);
    address_->replace(address);
    bytesAxis_->setTickInterval(niceStep(top, 4, true));
    bytesAxis_->setRange(0, std::ceil(top));
    updateCursor();
}

void UsageChartView::setOpRange(double firstOp, double lastOp)
{
    if (lastOp <= firstOp)
        lastOp = firstOp + 1;
    opAxis_->setTickInterval(niceStep(lastOp - firstOp, 8, false));
    opAxis_->setRange(firstOp, lastOp);
}

void UsageChartView::updateCursor()
{
    const auto op = session_->cursorOp();
    if (!op || !session_->analysis()) {
        cursor_->clear();
        return;
    }
    const double x = static_cast<double>(*op) + 0.5;
    cursor_->replace({QPointF(x, 0), QPointF(x, bytesAxis_->max())});
}

std::optional<std::int64_t> UsageChartView::opAt(const QPoint& position) const
{
    const QPointF scenePoint = mapToScene(position);
    const QPointF chartPoint = chart()->mapFromScene(scenePoint);
    if (!chart()->plotArea().contains(chartPoint))
        return std::nullopt;
    const QPointF value = chart()->mapToValue(chartPoint, live_);
    return static_cast<std::int64_t>(std::floor(value.x()));
}

void UsageChartView::alignPlot(double left, double right)
{
    if (right - left < 20)
        return;
    plotExtent_ = std::make_pair(left, right);
    applyPlotArea();
}

void UsageChartView::applyPlotArea()
{
    if (!plotExtent_)
        return;
    // Aligned under the block chart, which labels the ops: this plot shares its
    // x axis, so it shows the grid but not the labels, and takes the chart's
    // horizontal extent exactly.
    opAxis_->setLabelsVisible(false);
    opAxis_->setTitleVisible(false);
    const double top = chart()->legend()->isVisible() ? chart()->legend()->geometry().bottom() + 6 : 8.0;
    const double bottom = height() - 16.0; // room for the 0 KB label under the baseline
    chart()->setPlotArea(QRectF(plotExtent_->first, std::max(top, 24.0), plotExtent_->second - plotExtent_->first,
        std::max(10.0, bottom - std::max(top, 24.0))));
}

void UsageChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    applyPlotArea();
}

void UsageChartView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && session_->analysis()) {
        if (const auto op = opAt(event->position().toPoint())) {
            session_->setCursorOp(*op);
            event->accept();
            return;
        }
    }
    QChartView::mousePressEvent(event);
}

} // namespace memlens
