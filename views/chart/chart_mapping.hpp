#pragma once
// The geometry of the memory block chart, with no painting in it: where a data
// point (x = op position, y = byte address) lands in the plot rectangle and
// back, the visible data window and how zoom and pan change it, axis ticks, and
// which block lies under a pixel (the index itself, in data space, is core's).
//
// Data space: a block covers x in [start, end + 1) (a one-op life is one unit
// wide) and y in [offset, offset + size). Addresses grow upward: y = 0 is at
// the bottom of the plot.
#include "core/analysis/block_hit_index.hpp"

#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QString>

#include <cmath>
#include <cstdint>
#include <vector>

namespace memlens {

struct Block;
struct ScopePlan;
struct PlanAnalysis;

// The part of data space on show. x in ops, y in bytes.
struct DataWindow {
    double x0 = 0.0;
    double x1 = 1.0;
    double y0 = 0.0;
    double y1 = 1.0;

    double width() const { return x1 - x0; }
    double height() const { return y1 - y0; }
    bool operator==(const DataWindow&) const = default;
};

struct AxisTick {
    double position = 0.0; // where the label sits, in data units
    double value = 0.0;    // the op or byte address the label names
    QString label;
};

// The op axis as the chart draws it: its labelled ticks and, when every op is wide
// enough for a label of its own (labels centred in their columns), the x of every
// boundary between two ops in the plot, at the pixel column a 1-px line draws it in.
struct OpAxis {
    std::vector<AxisTick> ticks;
    bool perOp = false;
    std::vector<double> boundaries; // per-op axes only, left to right, within the plot
};

enum class ZoomAxes { Both, X, Y };

// How the address axis of a fitted chart ends: at the capacity (and the peak
// above it), or at the highest address in use; Auto fits the data when it is
// far below the capacity (a plan of a few bytes is then not a blank chart).
enum class AddressFit { Auto, Data, Capacity };

class ChartMapping {
public:
    static constexpr double kMinOpSpan = 1.0;    // never zoom in past one op across the plot
    static constexpr double kMinByteSpan = 32.0; // nor past 32 bytes (one UB alignment unit) up it
    static constexpr double kHeadroom = 0.08;    // fit: room above max(peak address, capacity)
    static constexpr double kOpPadding = 0.01;   // fit: room left and right of the op range
    static constexpr int kMinBlockHeightPx = 2;  // every block at least this tall, however small
    // Auto fits the data when its highest address is below this share of the capacity.
    static constexpr double kFarBelowCapacity = 0.25;

    ChartMapping() = default;

    // The pixel rectangle the data window is drawn into.
    void setPlotRect(const QRectF& rect);
    const QRectF& plotRect() const { return plot_; }

    // The window that shows the whole plan: every op, and addresses up to
    // max(peak address, capacity) plus kHeadroom (AddressFit::Data: the peak
    // address only). Also the limit of zoom-out and pan. Sets the window to it.
    void fitToPlan(const ScopePlan& plan, const PlanAnalysis& analysis, AddressFit fit = AddressFit::Auto);
    // Whether `fit` shows the capacity for data reaching `topAddress`.
    static bool fitShowsCapacity(AddressFit fit, double topAddress, double capacity);
    // The same from raw extents (ops [firstOp, endOp), addresses [0, topAddress)).
    void fitToExtent(double firstOp, double endOp, double topAddress);
    void fit() { window_ = fit_; }
    const DataWindow& fitWindow() const { return fit_; }
    bool isFit() const { return window_ == fit_; }

    const DataWindow& window() const { return window_; }
    // Sets the window, clamped to the limits (minimum spans, inside the fit window).
    void setWindow(const DataWindow& window);
    void setXRange(double x0, double x1);

    // Data <-> pixel.
    double xToPixel(double x) const { return plot_.left() + (x - window_.x0) * (plot_.width() / window_.width()); }
    double yToPixel(double y) const { return plot_.bottom() - (y - window_.y0) * (plot_.height() / window_.height()); }
    double pixelToX(double px) const { return window_.x0 + (px - plot_.left()) * (window_.width() / plot_.width()); }
    double pixelToY(double py) const
    {
        return window_.y0 + (plot_.bottom() - py) * (window_.height() / plot_.height());
    }
    QPointF toPixel(double x, double y) const { return {xToPixel(x), yToPixel(y)}; }
    QPointF toData(const QPointF& pixel) const { return {pixelToX(pixel.x()), pixelToY(pixel.y())}; }
    double pixelsPerOp() const;
    double bytesPerPixel() const;

    // A block's rectangle in pixels, unsnapped.
    QRectF blockRectF(const Block& block) const;
    // The rectangle the painter fills: edges rounded to whole pixels, at least
    // 1 px wide and kMinBlockHeightPx tall, coordinates kept within a few pixels around the plot. Two
    // blocks that touch in data space touch here without overlapping.
    QRect blockPixelRect(const Block& block) const;
    // The capacity line's pixel row (rounded), as the painter draws it.
    int capacityPixelY(std::uint64_t capacityBytes) const;

    // Zoom by `factor` (> 1 zooms in) keeping the data point under `pixel` fixed.
    void zoomAt(const QPointF& pixel, double factor, ZoomAxes axes = ZoomAxes::Both);
    // Move the content by `delta` pixels (as a drag does: content follows the mouse).
    void panByPixels(const QPointF& delta);
    // Show the data under a pixel rectangle (rubber band).
    void zoomToPixelRect(const QRectF& rect, ZoomAxes axes = ZoomAxes::Both);
    // Pan (and if needed zoom out) so that `block` is on show with some margin.
    // Returns true when the window changed.
    bool ensureVisible(const Block& block);

    // Tick labels: ops are integers at 1-2-5 steps; when a single op is wide
    // enough the labels sit at the middle of each op's column. Addresses step in
    // powers of two and read "0", "64 KB", "128 KB"...
    std::vector<AxisTick> opTicks(double minSpacingPx = 64.0) const;
    std::vector<AxisTick> addressTicks(double minSpacingPx = 34.0) const;
    // opTicks() and, on a per-op axis, the op boundaries: what the grid and the axis draw.
    OpAxis opAxis(double minSpacingPx = 64.0) const;
    // The x of a vertical 1-px line at op (or data) x: the middle of its pixel column.
    double lineX(double x) const { return std::floor(xToPixel(x) + 0.5) + 0.5; }

private:
    void clampWindow(DataWindow& w) const;

    QRectF plot_{0.0, 0.0, 100.0, 100.0};
    DataWindow fit_;
    DataWindow window_;
};

// "0", "512 B", "64 KB", "192.25 KB": exact for a multiple of `step` (a power of two).
QString formatAddressTick(std::uint64_t value, std::uint64_t step);

// The block under `pixel`, or -1. Where blocks overlap the last drawn (highest
// index) wins. A block thinner than `tolerancePx` in either direction is hit
// within that distance of it (the nearest such block wins). Points outside the
// plot rectangle hit nothing.
int hitTestBlocks(
    const BlockHitIndex& index, const ChartMapping& mapping, const QPointF& pixel, double tolerancePx = 3.0);

} // namespace memlens
