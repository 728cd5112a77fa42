#include "views/chart/address_strip_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace memlens {

AddressStripGeometry AddressStripGeometry::layout(QSize size, int headerHeight, std::uint64_t topAddress,
    std::optional<std::uint64_t> capacity, int minTickSpacing, const std::function<int(const QString&)>& labelWidth)
{
    AddressStripGeometry g;
    g.topAddress = std::max<std::uint64_t>(1, topAddress);
    const int top = kMargin + headerHeight;
    const int bottom = size.height() - kMargin - 1;
    const int height = std::max(1, bottom - top + 1);

    // Power-of-two steps (memory sizes), as the chart's address axis; the capacity is a label of
    // its own and a step label too close to it gives way.
    const double bytesPerPixel = static_cast<double>(g.topAddress) / height;
    const double raw = std::max(1.0, minTickSpacing * bytesPerPixel);
    std::uint64_t step = 1;
    while (static_cast<double>(step) < raw && step < (std::uint64_t{1} << 62))
        step <<= 1;
    const double capacityGap = capacity ? 0.75 * minTickSpacing * bytesPerPixel : 0.0;
    for (std::uint64_t v = 0; v <= g.topAddress; v += step) {
        if (capacity && std::abs(static_cast<double>(v) - static_cast<double>(*capacity)) < capacityGap
            && v != *capacity)
            continue;
        // The top label would be cut by the header: only addresses with room above them.
        if (static_cast<double>(g.topAddress - v) < 0.4 * minTickSpacing * bytesPerPixel && v != 0)
            break;
        g.ticks.push_back({static_cast<double>(v), static_cast<double>(v), formatAddressTick(v, step)});
        if (g.ticks.size() > 200)
            break;
    }
    if (capacity && *capacity <= g.topAddress && *capacity % step != 0) {
        g.ticks.push_back(
            {static_cast<double>(*capacity), static_cast<double>(*capacity), formatAddressTick(*capacity, 1)});
        std::sort(
            g.ticks.begin(), g.ticks.end(), [](const AxisTick& a, const AxisTick& b) { return a.value < b.value; });
    }

    int widest = 0;
    for (const AxisTick& tick : g.ticks)
        widest = std::max(widest, labelWidth(tick.label));
    // Narrow strips drop the labels rather than the blocks.
    if (widest > size.width() / 3) {
        g.ticks.clear();
        widest = 0;
    }
    g.labelRight = kMargin + widest;
    const int left = g.labelRight + (widest > 0 ? 3 : 0) + kBankTickWidth + 2;
    g.plot = QRect(QPoint(left, top), QPoint(std::max(left, size.width() - kMargin - kHoleMarkWidth - 1), bottom));
    return g;
}

int AddressStripGeometry::addressToY(std::uint64_t address) const
{
    const double fraction = static_cast<double>(address) / static_cast<double>(topAddress);
    return plot.bottom() + 1 - static_cast<int>(std::lround(fraction * plot.height()));
}

double AddressStripGeometry::pixelsOf(std::uint64_t bytes) const
{
    return static_cast<double>(bytes) / static_cast<double>(topAddress) * plot.height();
}

QRect AddressStripGeometry::rangeRect(std::uint64_t start, std::uint64_t end) const
{
    const int top = addressToY(end);
    const int bottom = std::max(top + 1, addressToY(start));
    return QRect(QPoint(plot.left(), top), QPoint(plot.right(), bottom - 1));
}

bool AddressStripGeometry::holeFillsRows(std::uint64_t start, std::uint64_t end) const
{
    return end > start && pixelsOf(end - start) >= 1.0;
}

QRect AddressStripGeometry::holeRect(std::uint64_t start, std::uint64_t end) const
{
    if (holeFillsRows(start, end))
        return rangeRect(start, end);
    const int y = addressToY(start + (end - start) / 2);
    return QRect(plot.right() + 2, y - 1, kHoleMarkWidth - 1, 2);
}

} // namespace memlens
