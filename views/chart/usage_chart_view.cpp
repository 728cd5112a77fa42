#include "views/chart/usage_chart_view.hpp"

#include "views/chart/usage_text.hpp"

#include "views/style.hpp"

#include "core/document/plan_document.hpp"
#include <QLabel>
#include <QMouseEvent>

#include <QGraphicsLayout>
#include <QToolTip>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>

namespace memlens {

namespace {
// A tick step that gives at most `maxTicks` steps over `span`: 1-2-5 steps.
double niceStep(double span, int maxTicks)
{
    if (span <= 0)
        return 1;
    const double raw = span / maxTicks;
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
    , peak_(new QScatterSeries)
    , opAxis_(new QValueAxis)
    , bytesAxis_(new QCategoryAxis)
    , sideLegend_(new QLabel(viewport()))
{
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    // A fixed plot area (alignPlot) makes the chart's minimum size that of the plot,
    // and a chart never shrinks below its minimum: the card would keep its first width.
    chart->setMinimumSize(QSizeF(120, 80)); // the window gives the block chart its height first
    // The card is the view's own background, always the view's size: the chart's background
    // item kept the width of an earlier layout when the window grew.
    chart->setBackgroundVisible(false);
    setBackgroundBrush(style::white());
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->legend()->setFont(QFont(font().family(), 8));
    // setChart() releases the chart QChartView made for itself without deleting it.
    QChart* const defaultChart = QChartView::chart();
    setChart(chart);
    delete defaultChart;
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame); // chart coordinates are widget coordinates
    setMinimumHeight(140);
    // Hover needs moves without a button: they reach a scroll area's viewport, not the view.
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setWhatsThis(tr(
        "Live bytes (the union of the live address ranges: buffers merged in place count once) and the highest "
        "address in use at every op; the gap between them is holes. Hover for the numbers at an op; click to set the "
        "time cursor, click the peak marker to put it at the peak."));
    setupSeries(chart);
    sideLegend_->setObjectName(QStringLiteral("usageSideLegend"));
    sideLegend_->setTextFormat(Qt::RichText);
    sideLegend_->setFont(QFont(font().family(), 8));
    sideLegend_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    sideLegend_->hide();

    connect(session_, &PlanSession::documentChanged, this, &UsageChartView::rebuild);
    connect(session_, &PlanSession::scopeChanged, this, &UsageChartView::rebuild);
    connect(session_, &PlanSession::cursorChanged, this, &UsageChartView::updateCursor);
    rebuild();
}

void UsageChartView::setupSeries(QChart* chart)
{
    live_->setName(tr("live bytes"));
    live_->setPen(QPen(style::usageLive(), 1.6));
    address_->setName(tr("highest address"));
    address_->setPen(QPen(style::usageHighestAddress(), 1.2, Qt::SolidLine));
    capacity_->setName(tr("capacity"));
    capacity_->setPen(QPen(style::alarm(), 1.4, Qt::DashLine));
    cursor_->setName(tr("cursor"));
    cursor_->setPen(QPen(style::usageCursor(), 1.0, Qt::DotLine));
    peak_->setName(tr("peak live"));
    peak_->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    peak_->setMarkerSize(9);
    peak_->setColor(style::usageLive());
    peak_->setBorderColor(style::white());

    opAxis_->setLabelFormat("%d");
    opAxis_->setTickType(QValueAxis::TicksDynamic);
    opAxis_->setTickAnchor(0);
    // Byte labels as the block chart writes them ("0", "64 KB", "32 MB"), at powers-of-two steps.
    bytesAxis_->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    opAxis_->setTitleText(tr("op"));
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{opAxis_, bytesAxis_}) {
        axis->setLabelsFont(QFont(font().family(), 8));
        axis->setTitleFont(QFont(font().family(), 8));
    }
    chart->addAxis(opAxis_, Qt::AlignBottom);
    chart->addAxis(bytesAxis_, Qt::AlignLeft);
    for (QXYSeries* series : std::initializer_list<QXYSeries*>{live_, address_, capacity_, cursor_, peak_}) {
        chart->addSeries(series);
        series->attachAxis(opAxis_);
        series->attachAxis(bytesAxis_);
    }
    for (QLegendMarker* marker : chart->legend()->markers(cursor_))
        marker->setVisible(false);
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
            const auto liveBytes = static_cast<double>(usage[i].liveBytes);
            const auto highAddress = static_cast<double>(usage[i].highAddress);
            live << QPointF(from, liveBytes) << QPointF(to, liveBytes);
            address << QPointF(from, highAddress) << QPointF(to, highAddress);
        }
        const double dataTop = static_cast<double>(std::max(analysis->peakAddressBytes, analysis->peakLiveBytes));
        const auto capacity = static_cast<double>(analysis->capacity.bytes);
        top = (ChartMapping::fitShowsCapacity(addressFit_, dataTop, capacity) ? std::max(dataTop, capacity) : dataTop)
            * 1.1;
        capacity_->replace({QPointF(analysis->firstOp, capacity), QPointF(analysis->lastOp + 1, capacity)});
        setOpRange(analysis->firstOp, analysis->lastOp + 1);
        if (analysis->peakLiveAt)
            peak_->replace({QPointF(static_cast<double>(*analysis->peakLiveAt), // where the peak starts
                static_cast<double>(analysis->peakLiveBytes))});
        else
            peak_->clear();
        const QStringList labels = usageLegendLabels(*analysis);
        for (int i = 0; i < labels.size(); ++i)
            std::array<QXYSeries*, 4>{live_, address_, capacity_, peak_}[static_cast<std::size_t>(i)]->setName(
                labels[i]);
    } else {
        capacity_->clear();
        peak_->clear();
        setOpRange(0, 1);
    }
    live_->replace(live);
    address_->replace(address);
    // Without a plan there is nothing to scale: no axes (not a made-up 0..1 axis).
    const bool hasPlan = analysis && !analysis->usage.empty();
    opAxis_->setVisible(hasPlan);
    bytesAxis_->setVisible(hasPlan);
    updateLegend(); // nor a legend of lines that are not there
    setByteTicks(top);
    updateCursor();
    applyPlotArea();
}

bool UsageChartView::legendBeside() const { return plotExtent_ && width() - plotExtent_->second >= kLegendSideWidth; }

void UsageChartView::updateLegend()
{
    const PlanAnalysis* analysis = session_->analysis();
    const bool hasPlan = analysis && !analysis->usage.empty();
    const bool beside = hasPlan && legendBeside();
    chart()->legend()->setVisible(hasPlan && !beside && height() >= kLegendMinHeight);
    sideLegend_->setVisible(beside);
    if (beside)
        sideLegend_->setText(usageLegendHtml(*analysis));
}

int UsageChartView::byteStepsThatFit() const
{
    // A label needs about 24 px of height, or the axis draws "..." for it.
    return std::clamp((height() - 32) / 24, 1, 4);
}

void UsageChartView::setByteTicks(double top)
{
    // At most four steps of a power of two bytes (fewer in a short strip), each labelled exactly.
    top = std::max(top, 1.0);
    byteTop_ = top;
    byteSteps_ = byteStepsThatFit();
    auto step = std::uint64_t{1};
    while (static_cast<double>(step) * byteSteps_ < top)
        step <<= 1;
    for (const QString& label : bytesAxis_->categoriesLabels())
        bytesAxis_->remove(label);
    for (std::uint64_t value = 0; static_cast<double>(value) <= top; value += step)
        bytesAxis_->append(formatAddressTick(value, step), static_cast<double>(value));
    bytesAxis_->setRange(0, top);
}

void UsageChartView::setAddressFit(AddressFit fit)
{
    addressFit_ = fit;
    rebuild();
}

void UsageChartView::setOpRange(double firstOp, double lastOp)
{
    if (lastOp <= firstOp)
        lastOp = firstOp + 1;
    opAxis_->setTickInterval(niceStep(lastOp - firstOp, 8));
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
    updateLegend(); // beside the plot now, maybe
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
    // Until the window aligns it again after a resize, stay inside the card.
    const double right = std::min(plotExtent_->second, width() - 4.0);
    // The compact legend beside the plot where the card has room right of it (the address
    // snapshot's column); else the chart's legend above the plot.
    if (legendBeside())
        sideLegend_->setGeometry(
            static_cast<int>(right) + 10, 6, width() - static_cast<int>(right) - 14, height() - 12);
    const double top = chart()->legend()->isVisible() ? chart()->legend()->geometry().bottom() + 6 : 8.0;
    const double bottom = height() - 16.0; // room for the 0 KB label under the baseline
    chart()->setPlotArea(QRectF(plotExtent_->first, std::max(top, 24.0), std::max(10.0, right - plotExtent_->first),
        std::max(10.0, bottom - std::max(top, 24.0))));
    // Lay the card and the grid out now: left to a later layout request they keep their old
    // size while the series already draw into the new plot area.
    if (QGraphicsLayout* layout = chart()->layout()) {
        layout->invalidate();
        layout->activate();
    }
}

void UsageChartView::resizeEvent(QResizeEvent* event)
{
    // A short strip keeps its byte labels and drops the legend (the block chart's legend and the
    // hover name the lines).
    updateLegend();
    QChartView::resizeEvent(event);
    if (byteStepsThatFit() != byteSteps_)
        setByteTicks(byteTop_);
    applyPlotArea();
}

QString UsageChartView::hoverTextAt(const QPoint& position) const
{
    const PlanAnalysis* analysis = session_->analysis();
    const auto op = opAt(position);
    if (!analysis || !op)
        return {};
    const PlanDocument* document = session_->document();
    return usageHoverText(*analysis, document ? document->log.get() : nullptr, *op);
}

std::optional<QPoint> UsageChartView::peakMarkerPosition() const
{
    if (peak_->points().isEmpty())
        return std::nullopt;
    const QPointF chartPoint = chart()->mapToPosition(peak_->points().front(), peak_);
    return mapFromScene(chart()->mapToScene(chartPoint));
}

void UsageChartView::mouseMoveEvent(QMouseEvent* event)
{
    const QString text = hoverTextAt(event->position().toPoint());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    QChartView::mouseMoveEvent(event);
}

void UsageChartView::mousePressEvent(QMouseEvent* event)
{
    const PlanAnalysis* analysis = session_->analysis();
    if (event->button() == Qt::LeftButton && analysis) {
        // On the peak marker (a few pixels around it): the cursor goes to the peak.
        if (const auto marker = peakMarkerPosition();
            marker && analysis->peakLiveAt && (event->position().toPoint() - *marker).manhattanLength() <= 10) {
            session_->setCursorOp(*analysis->peakLiveAt);
            event->accept();
            return;
        }
        if (const auto op = opAt(event->position().toPoint())) {
            session_->setCursorOp(*op);
            event->accept();
            return;
        }
    }
    QChartView::mousePressEvent(event);
}

} // namespace memlens
