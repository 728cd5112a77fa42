#pragma once
// Drawing helpers shared by the parts of the block chart painter
// (block_chart_painter.cpp: blocks and overlay; block_chart_frame.cpp: grid,
// axes, capacity line, legend, title and export). Internal to views/chart.
#include "views/chart/chart_mapping.hpp"

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QRect>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QVector>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace memlens::chart_paint {

constexpr int kTickLength = 4;
constexpr int kDashOn = 8;
constexpr int kDashOff = 5;
constexpr int kHatchSpacing = 6;
constexpr int kPooledPriorityDimmed = 1;
constexpr int kPooledPriorityNormal = 2;
constexpr int kPooledPriorityWarning = 3;

// Decorations are filled and stroked as paths, never with drawRect/fillRect:
// in an SVG only the blocks are <rect> elements.
inline void fillBox(QPainter& p, const QRectF& r, const QColor& color)
{
    QPainterPath path;
    path.addRect(r);
    p.fillPath(path, color);
}

inline void strokeBox(QPainter& p, const QRectF& r, const QPen& pen)
{
    QPainterPath path;
    path.addRect(r);
    p.strokePath(path, pen);
}

inline QRect plotPixels(const QRectF& plot)
{
    return QRect(qRound(plot.left()), qRound(plot.top()), qRound(plot.width()), qRound(plot.height()));
}

// Lines of a hatch inside `r`, on a grid shared by all blocks so that the
// hatching of neighbouring blocks lines up. rising: "/", else "\".
inline void addHatch(QVector<QLineF>& lines, const QRectF& r, bool rising)
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

inline QString legendText(int item)
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

inline double legendItemWidth(const QFontMetricsF& fm, int item)
{
    return kSwatchWidth + 5 + fm.horizontalAdvance(legendText(item));
}

inline double legendWidth(const QFontMetricsF& fm)
{
    double w = 0;
    for (int i = 0; i < kLegendItems; ++i)
        w += legendItemWidth(fm, i) + (i + 1 < kLegendItems ? kLegendGap : 0);
    return w;
}

// The width the legend may take: the whole header row but its margins.
inline double legendAvailableWidth(QSize size) { return size.width() - 18.0 - 8.0; }

// The legend's items: "over capacity" only when some block is.
inline std::vector<int> legendItems(bool anyOverCapacity)
{
    std::vector<int> items;
    for (int i = 0; i < kLegendItems; ++i)
        if (i != 3 || anyOverCapacity)
            items.push_back(i);
    return items;
}

// The legend's items row by row, as many on a row as fit in `width` (at least one).
inline std::vector<std::vector<int>> legendRows(
    const QFontMetricsF& fm, double width, const std::vector<int>& items = legendItems(true))
{
    std::vector<std::vector<int>> rows(1);
    double used = 0;
    for (const int i : items) {
        const double w = legendItemWidth(fm, i);
        const double needed = rows.back().empty() ? w : used + kLegendGap + w;
        if (!rows.back().empty() && needed > width) {
            rows.emplace_back();
            used = w;
        } else {
            used = needed;
        }
        rows.back().push_back(i);
    }
    return rows;
}

// The address axis's labels: the steps of `mapping`, and the capacity's own label, which a step
// label closer than `minGapPx` to it gives way to. The capacity's is the one of value `capacity`.
inline std::vector<AxisTick> addressAxisTicks(const ChartMapping& mapping, std::uint64_t capacity, double minGapPx)
{
    std::vector<AxisTick> ticks;
    const DataWindow& w = mapping.window();
    const auto cap = static_cast<double>(capacity);
    const bool capacityShown = capacity > 0 && cap >= w.y0 && cap <= w.y1;
    for (AxisTick& tick : mapping.addressTicks()) {
        if (capacityShown && tick.value != cap
            && std::abs(mapping.yToPixel(tick.value) - mapping.yToPixel(cap)) < minGapPx)
            continue;
        ticks.push_back(std::move(tick));
    }
    if (capacityShown
        && std::none_of(ticks.begin(), ticks.end(), [cap](const AxisTick& t) { return t.value == cap; })) {
        ticks.push_back({cap, cap, formatAddressTick(capacity, 1)});
        std::sort(ticks.begin(), ticks.end(), [](const AxisTick& a, const AxisTick& b) { return a.value < b.value; });
    }
    return ticks;
}

inline QFont titleFont(const QFont& base)
{
    QFont f = base;
    f.setBold(true);
    if (f.pixelSize() > 0)
        f.setPixelSize(f.pixelSize() + 2);
    else
        f.setPointSizeF(f.pointSizeF() + 1.5);
    return f;
}

inline QFont smallFont(const QFont& base)
{
    QFont f = base;
    if (f.pixelSize() > 0)
        f.setPixelSize(std::max(8, f.pixelSize() - 1));
    return f;
}

} // namespace memlens::chart_paint
