#pragma once
// The usage curve (Qt Charts): live bytes (a union: in-place buffers count once)
// and highest address in use at every op, with the capacity. Its op range follows the block chart; a click sets
// the shared time cursor.
#include "views/chart/chart_mapping.hpp"
#include "views/plan_session.hpp"

#include <QtCharts/QChartView>

class QCategoryAxis;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace memlens {

class UsageChartView : public QChartView {
    Q_OBJECT
public:
    // Below this height a legend above the plot is hidden so the plot keeps room for its labels.
    static constexpr int kLegendMinHeight = 130;
    // Room right of an aligned plot (under the address snapshot) that takes a compact legend
    // instead, one entry a line: shown at any height the strip has.
    static constexpr int kLegendSideWidth = 120;
    explicit UsageChartView(PlanSession* session, QWidget* parent = nullptr);

    QLineSeries* liveSeries() const { return live_; }
    QLineSeries* addressSeries() const { return address_; }
    QLineSeries* capacitySeries() const { return capacity_; }
    QValueAxis* opAxis() const { return opAxis_; }
    // Bytes, labelled in the block chart's size format.
    QCategoryAxis* bytesAxis() const { return bytesAxis_; }
    // The op under a point of this widget, or nothing outside the plot.
    std::optional<std::int64_t> opAt(const QPoint& position) const;

    // The compact legend beside the plot (hidden while the legend above it is used, or none).
    QLabel* sideLegend() const { return sideLegend_; }
    // The hover text at a point of this widget: the op, live bytes, highest
    // address and holes there ("" outside the plot or without a plan).
    QString hoverTextAt(const QPoint& position) const;
    // Where the peak marker sits in this widget (clicking it moves the time cursor to the peak).
    std::optional<QPoint> peakMarkerPosition() const;

    // Puts the plot between these x positions of this widget, so that an op
    // sits at the same x here as in the block chart above.
    void alignPlot(double left, double right);

    // The byte axis ends where the block chart's address axis does (same rule).
    void setAddressFit(AddressFit fit);

public slots:
    void setOpRange(double firstOp, double lastOp);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The five series and the two axes, in `chart`.
    void setupSeries(QChart* chart);
    void rebuild();
    void updateCursor();
    void applyPlotArea();
    // Shown with a plan, beside the plot where there is room, else above it in a strip tall enough.
    void updateLegend();
    bool legendBeside() const;
    void setByteTicks(double top);
    int byteStepsThatFit() const; // how many labelled steps the bytes axis has room for
    double byteTop_ = 1.0;
    int byteSteps_ = 4;

    PlanSession* session_;
    QLineSeries* live_;
    QLineSeries* address_;
    QLineSeries* capacity_;
    QLineSeries* cursor_;
    QScatterSeries* peak_; // peak live bytes: a marker to click
    QValueAxis* opAxis_;
    QCategoryAxis* bytesAxis_;
    AddressFit addressFit_ = AddressFit::Auto;
    std::optional<std::pair<double, double>> plotExtent_; // left, right in widget pixels
    QLabel* sideLegend_;
};

} // namespace memlens
