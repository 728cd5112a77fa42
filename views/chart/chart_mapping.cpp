#include "views/chart/chart_mapping.hpp"

#include "core/analysis/plan_analysis.hpp"
#include "core/dump/dump_model.hpp"
#include "core/text/byte_size.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace memlens {

// ---------------------------------------------------------------------------
// ChartMapping

void ChartMapping::setPlotRect(const QRectF& rect)
{
    plot_ = rect;
    if (plot_.width() < 1.0)
        plot_.setWidth(1.0);
    if (plot_.height() < 1.0)
        plot_.setHeight(1.0);
}

bool ChartMapping::fitShowsCapacity(AddressFit fit, double topAddress, double capacity)
{
    switch (fit) {
    case AddressFit::Capacity: return true;
    case AddressFit::Data: return topAddress <= 0.0; // nothing to fit: the capacity gives the scale
    case AddressFit::Auto: break;
    }
    return !(topAddress > 0.0 && topAddress < capacity * kFarBelowCapacity);
}

void ChartMapping::fitToPlan(const ScopePlan& plan, const PlanAnalysis& analysis, AddressFit fit)
{
    if (plan.blocks.empty()) {
        fitToExtent(0.0, 1.0, static_cast<double>(analysis.capacity.bytes));
        return;
    }
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    std::uint64_t top = 0;
    for (const Block& b : plan.blocks) {
        first = std::min(first, b.start);
        last = std::max(last, b.end);
        top = std::max(top, b.addressEnd());
    }
    if (fitShowsCapacity(fit, static_cast<double>(top), static_cast<double>(analysis.capacity.bytes)))
        top = std::max(top, analysis.capacity.bytes);
    fitToExtent(static_cast<double>(first), static_cast<double>(last) + 1.0, static_cast<double>(top));
}

void ChartMapping::fitToExtent(double firstOp, double endOp, double topAddress)
{
    if (!(endOp > firstOp))
        endOp = firstOp + 1.0;
    const double pad = (endOp - firstOp) * kOpPadding;
    fit_.x0 = firstOp - pad;
    fit_.x1 = endOp + pad;
    if (fit_.width() < kMinOpSpan) {
        const double mid = (firstOp + endOp) / 2.0;
        fit_.x0 = mid - kMinOpSpan / 2.0;
        fit_.x1 = mid + kMinOpSpan / 2.0;
    }
    fit_.y0 = 0.0;
    fit_.y1 = std::max(topAddress * (1.0 + kHeadroom), kMinByteSpan);
    window_ = fit_;
}

void ChartMapping::clampWindow(DataWindow& w) const
{
    auto clampAxis = [](double& lo, double& hi, double minSpan, double limitLo, double limitHi) {
        if (!std::isfinite(lo) || !std::isfinite(hi)) {
            lo = limitLo;
            hi = limitHi;
            return;
        }
        if (hi < lo)
            std::swap(lo, hi);
        const double maxSpan = limitHi - limitLo;
        double span = std::clamp(hi - lo, std::min(minSpan, maxSpan), maxSpan);
        const double mid = (lo + hi) / 2.0;
        lo = mid - span / 2.0;
        hi = mid + span / 2.0;
        if (lo < limitLo) {
            lo = limitLo;
            hi = lo + span;
        }
        if (hi > limitHi) {
            hi = limitHi;
            lo = hi - span;
        }
    };
    clampAxis(w.x0, w.x1, kMinOpSpan, fit_.x0, fit_.x1);
    clampAxis(w.y0, w.y1, kMinByteSpan, fit_.y0, fit_.y1);
}

void ChartMapping::setWindow(const DataWindow& window)
{
    DataWindow w = window;
    clampWindow(w);
    window_ = w;
}

void ChartMapping::setXRange(double x0, double x1)
{
    DataWindow w = window_;
    w.x0 = x0;
    w.x1 = x1;
    setWindow(w);
}

double ChartMapping::pixelsPerOp() const { return plot_.width() / window_.width(); }
double ChartMapping::bytesPerPixel() const { return window_.height() / plot_.height(); }

QRectF ChartMapping::blockRectF(const Block& block) const
{
    const double left = xToPixel(static_cast<double>(block.start));
    const double right = xToPixel(static_cast<double>(block.end) + 1.0);
    const double top = yToPixel(static_cast<double>(block.addressEnd()));
    const double bottom = yToPixel(static_cast<double>(block.offset));
    return QRectF(QPointF(left, top), QPointF(right, bottom));
}

QRect ChartMapping::blockPixelRect(const Block& block) const
{
    const QRectF r = blockRectF(block);
    // Keep far-off edges near the plot so that int conversion cannot overflow.
    const double margin = 16.0;
    auto roundDown = [](double v) { // std::floor without the library call (hot for 100k blocks)
        const int i = static_cast<int>(v);
        return i > v ? i - 1 : i;
    };
    auto snapX
        = [&](double v) { return roundDown(std::clamp(v, plot_.left() - margin, plot_.right() + margin) + 0.5); };
    auto snapY
        = [&](double v) { return roundDown(std::clamp(v, plot_.top() - margin, plot_.bottom() + margin) + 0.5); };
    const int left = snapX(r.left());
    int right = snapX(r.right());
    int top = snapY(r.top());
    const int bottom = snapY(r.bottom());
    if (right <= left)
        right = left + 1;
    if (bottom - top < kMinBlockHeightPx)
        top = bottom - kMinBlockHeightPx;
    return QRect(QPoint(left, top), QPoint(right - 1, bottom - 1));
}

int ChartMapping::capacityPixelY(std::uint64_t capacityBytes) const
{
    const double y = yToPixel(static_cast<double>(capacityBytes));
    const double limit = 1e6;
    return static_cast<int>(std::floor(std::clamp(y, -limit, limit) + 0.5));
}

void ChartMapping::zoomAt(const QPointF& pixel, double factor, ZoomAxes axes)
{
    if (!(factor > 0.0) || !std::isfinite(factor))
        return;
    DataWindow w = window_;
    const QPointF anchor = toData(pixel);
    if (axes != ZoomAxes::Y) {
        const double fx = (pixel.x() - plot_.left()) / plot_.width();
        double span = std::clamp(w.width() / factor, std::min(kMinOpSpan, fit_.width()), fit_.width());
        w.x0 = anchor.x() - fx * span;
        w.x1 = w.x0 + span;
    }
    if (axes != ZoomAxes::X) {
        const double fy = (plot_.bottom() - pixel.y()) / plot_.height();
        double span = std::clamp(w.height() / factor, std::min(kMinByteSpan, fit_.height()), fit_.height());
        w.y0 = anchor.y() - fy * span;
        w.y1 = w.y0 + span;
    }
    setWindow(w);
}

void ChartMapping::panByPixels(const QPointF& delta)
{
    DataWindow w = window_;
    const double dx = delta.x() / plot_.width() * w.width();
    const double dy = delta.y() / plot_.height() * w.height();
    w.x0 -= dx;
    w.x1 -= dx;
    w.y0 += dy;
    w.y1 += dy;
    setWindow(w);
}

void ChartMapping::zoomToPixelRect(const QRectF& rect, ZoomAxes axes)
{
    const QRectF r = rect.normalized();
    DataWindow w = window_;
    if (axes != ZoomAxes::Y) {
        w.x0 = pixelToX(r.left());
        w.x1 = pixelToX(r.right());
    }
    if (axes != ZoomAxes::X) {
        w.y0 = pixelToY(r.bottom());
        w.y1 = pixelToY(r.top());
    }
    setWindow(w);
}

bool ChartMapping::ensureVisible(const Block& block)
{
    DataWindow w = window_;
    auto fitAxis = [](double& lo, double& hi, double a, double b) {
        const double span = hi - lo;
        const double margin = span * 0.05;
        if (b - a > span - 2.0 * margin) {
            // Too big to show with margins at this zoom: show it whole.
            const double grown = (b - a) * 1.1;
            const double mid = (a + b) / 2.0;
            if (a < lo || b > hi) {
                lo = mid - std::max(span, grown) / 2.0;
                hi = mid + std::max(span, grown) / 2.0;
            }
            return;
        }
        if (a < lo + margin) {
            lo = a - margin;
            hi = lo + span;
        } else if (b > hi - margin) {
            hi = b + margin;
            lo = hi - span;
        }
    };
    fitAxis(w.x0, w.x1, static_cast<double>(block.start), static_cast<double>(block.end) + 1.0);
    fitAxis(w.y0, w.y1, static_cast<double>(block.offset), static_cast<double>(block.addressEnd()));
    clampWindow(w);
    if (w == window_)
        return false;
    window_ = w;
    return true;
}

std::vector<AxisTick> ChartMapping::opTicks(double minSpacingPx) const
{
    std::vector<AxisTick> ticks;
    const double ppo = pixelsPerOp();
    if (!(ppo > 0.0) || !std::isfinite(ppo))
        return ticks;
    // Room for one label per op: the widest label ("12345") plus a gap.
    const double widest = std::max(std::abs(window_.x0), std::abs(window_.x1));
    const int digits = 1 + (widest >= 10 ? static_cast<int>(std::floor(std::log10(widest))) : 0);
    if (ppo >= std::max(minSpacingPx * 0.375, 7.5 * digits + 12.0)) {
        // Wide columns: one label per op, under the middle of its column.
        const double first = std::ceil(window_.x0 - 0.5);
        for (double k = first; k + 0.5 <= window_.x1 + 1e-9; k += 1.0) {
            if (k + 0.5 < window_.x0 - 1e-9)
                continue;
            ticks.push_back({k + 0.5, k, QString::number(static_cast<long long>(k))});
        }
        return ticks;
    }
    const double raw = minSpacingPx / ppo; // ops between labels at least
    const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * magnitude;
        if (step >= raw)
            break;
    }
    step = std::max(1.0, std::round(step));
    const double first = std::ceil(window_.x0 / step) * step;
    for (double v = first; v <= window_.x1 + 1e-9; v += step)
        ticks.push_back({v, v, QString::number(static_cast<long long>(std::llround(v)))});
    return ticks;
}

OpAxis ChartMapping::opAxis(double minSpacingPx) const
{
    OpAxis axis;
    axis.ticks = opTicks(minSpacingPx);
    // Per-op labels sit at the middle of a column (position != value); a stepped axis labels the ops themselves.
    axis.perOp = !axis.ticks.empty() && axis.ticks.front().position != axis.ticks.front().value;
    if (!axis.perOp)
        return axis;
    for (double k = std::ceil(window_.x0); k <= window_.x1; k += 1.0) {
        const double x = lineX(k);
        if (x >= plot_.left() && x <= plot_.right())
            axis.boundaries.push_back(x);
    }
    return axis;
}

std::vector<AxisTick> ChartMapping::addressTicks(double minSpacingPx) const
{
    std::vector<AxisTick> ticks;
    const double bpp = bytesPerPixel();
    if (!(bpp > 0.0) || !std::isfinite(bpp))
        return ticks;
    const double raw = std::max(1.0, minSpacingPx * bpp);
    std::uint64_t step = 1;
    while (static_cast<double>(step) < raw && step < (std::uint64_t{1} << 62))
        step <<= 1;
    const double lo = std::max(0.0, window_.y0);
    const auto first = static_cast<std::uint64_t>(std::ceil(lo / static_cast<double>(step))) * step;
    for (std::uint64_t v = first; static_cast<double>(v) <= window_.y1 + 1e-9; v += step) {
        ticks.push_back({static_cast<double>(v), static_cast<double>(v), formatAddressTick(v, step)});
        if (ticks.size() > 1000)
            break;
    }
    return ticks;
}

QString formatAddressTick(std::uint64_t value, std::uint64_t step)
{
    (void)step;
    if (value == 0)
        return QStringLiteral("0");
    static const char* const units[] = {"B", "KB", "MB", "GB", "TB"};
    int unit = 0;
    std::uint64_t scale = 1;
    while (unit < 4 && value >= scale * 1024) {
        scale *= 1024;
        ++unit;
    }
    // Fewest decimals that say the value exactly; finer than 1/8 of the unit
    // reads better in the unit below.
    for (;;) {
        const std::uint64_t whole = value / scale;
        const std::uint64_t rest = value % scale;
        int decimals = 0;
        std::uint64_t pow10 = 1;
        while (decimals <= 3 && (rest * pow10) % scale != 0) {
            ++decimals;
            pow10 *= 10;
        }
        if (unit == 0) // exact bytes: at deep zoom neighbouring ticks differ by a few bytes
            return QStringLiteral("%1 B").arg(value);
        if (decimals <= 1)
            return QString::fromStdString(formatBytes(value));
        if (decimals <= 3 || unit == 0) {
            const double v = static_cast<double>(whole) + static_cast<double>(rest) / static_cast<double>(scale);
            return QStringLiteral("%1 %2").arg(v, 0, 'f', decimals).arg(QLatin1String(units[unit]));
        }
        scale /= 1024;
        --unit;
    }
}

// ---------------------------------------------------------------------------
// Pixel hit testing (the index is in data space)

int hitTestBlocks(const BlockHitIndex& index, const ChartMapping& mapping, const QPointF& pixel, double tolerancePx)
{
    if (index.empty() || !mapping.plotRect().contains(pixel))
        return -1;
    const QPointF d = mapping.toData(pixel);
    const double tx = tolerancePx / mapping.pixelsPerOp();
    const double ty = tolerancePx * mapping.bytesPerPixel();
    const std::vector<int> candidates = index.query(d.x() - tx, d.x() + tx, d.y() - ty, d.y() + ty);

    // Inside a block: the last drawn wins.
    for (auto it = candidates.rbegin(); it != candidates.rend(); ++it) {
        const BlockHitIndex::Box& b = index.box(*it);
        if (b.x0 <= d.x() && d.x() < b.x1 && b.y0 <= d.y() && d.y() < b.y1)
            return *it;
    }
    // Near a block too thin to aim at: the nearest wins, then the last drawn.
    int best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (int candidate : candidates) {
        const BlockHitIndex::Box& b = index.box(candidate);
        const double left = mapping.xToPixel(b.x0);
        const double right = mapping.xToPixel(b.x1);
        const double top = mapping.yToPixel(b.y1);
        const double bottom = mapping.yToPixel(b.y0);
        const double growX = right - left < tolerancePx ? tolerancePx : 0.0;
        const double growY = bottom - top < tolerancePx ? tolerancePx : 0.0;
        if (pixel.x() < left - growX || pixel.x() > right + growX || pixel.y() < top - growY
            || pixel.y() > bottom + growY)
            continue;
        const double dx = std::max({left - pixel.x(), 0.0, pixel.x() - right});
        const double dy = std::max({top - pixel.y(), 0.0, pixel.y() - bottom});
        const double distance = std::hypot(dx, dy);
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = candidate;
        }
    }
    return best;
}

} // namespace memlens
