#pragma once
// The usage curve (Qt Charts): live bytes (a union: in-place buffers count once)
// and highest address in use at every op, with the capacity. Its op range follows the block chart; a click sets
// the shared time cursor.
#include "views/plan_session.hpp"

#include <QtCharts/QChartView>

class QLineSeries;
class QValueAxis;

namespace memlens {

class UsageChartView : public QChartView {
    Q_OBJECT
public:
    explicit UsageChartView(PlanSession* session, QWidget* parent = nullptr);

    QLineSeries* liveSeries() const { return live_; }
    QLineSeries* addressSeries() const { return address_; }
    QLineSeries* capacitySeries() const { return capacity_; }
    QValueAxis* opAxis() const { return opAxis_; }
    // The op under a point of this widget, or nothing outside the plot.
    std::optional<std::int64_t> opAt(const QPoint& position) const;

    // Puts the plot between these x positions of this widget, so that an op
    // sits at the same x here as in the block chart above.
    void alignPlot(double left, double right);

public slots:
    void setOpRange(double firstOp, double lastOp);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void updateCursor();
    void applyPlotArea();

    PlanSession* session_;
    QLineSeries* live_;
    QLineSeries* address_;
    QLineSeries* capacity_;
    QLineSeries* cursor_;
    QValueAxis* opAxis_;
    QValueAxis* bytesAxis_;
    std::optional<std::pair<double, double>> plotExtent_; // left, right in widget pixels
};

} // namespace memlens
