// The address snapshot's drawing maths, without a paint device.
#include "views/chart/address_strip_geometry.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

namespace {

// Six pixels per character: a stand-in for a font's metrics.
int sixPerChar(const QString& label) { return 6 * static_cast<int>(label.size()); }

} // namespace

TEST_CASE("the address snapshot labels its addresses and the capacity", "[strip][geometry]")
{
    const std::uint64_t capacity = 192 * 1024;
    const auto g = AddressStripGeometry::layout(QSize(156, 520), 40, 200 * 1024, capacity, 24, sixPerChar);
    REQUIRE(g.ticks.size() >= 3);
    CHECK(g.ticks.front().label == "0");
    bool capacityLabelled = false;
    for (std::size_t i = 0; i < g.ticks.size(); ++i) {
        capacityLabelled |= g.ticks[i].value == static_cast<double>(capacity) && g.ticks[i].label == "192 KB";
        if (i > 0) // bottom up, far enough apart to be read
            CHECK(g.addressToY(static_cast<std::uint64_t>(g.ticks[i - 1].value))
                    - g.addressToY(static_cast<std::uint64_t>(g.ticks[i].value))
                >= 18);
    }
    CHECK(capacityLabelled);
    // The labels sit left of the plot, inside the strip.
    CHECK(g.labelRight < g.plot.left());
    CHECK(g.labelRight > AddressStripGeometry::kMargin);
    CHECK(g.plot.right() < 156);

    // A capacity off the steps (100 KB) is labelled too, and a step label next to it gives way.
    const auto odd = AddressStripGeometry::layout(QSize(156, 520), 40, 128 * 1024, 100 * 1024, 24, sixPerChar);
    int near = 0;
    for (const AxisTick& tick : odd.ticks)
        if (std::abs(odd.addressToY(static_cast<std::uint64_t>(tick.value)) - odd.addressToY(100 * 1024)) < 18)
            ++near;
    CHECK(near == 1);

    // Too narrow for labels: the blocks keep the width.
    const auto narrow = AddressStripGeometry::layout(QSize(60, 520), 40, 200 * 1024, capacity, 24, sixPerChar);
    CHECK(narrow.ticks.empty());
    CHECK(narrow.plot.left() == AddressStripGeometry::kMargin + AddressStripGeometry::kBankTickWidth + 2);
}

TEST_CASE("a hole thinner than a pixel is marked beside the plot, not over its neighbours", "[strip][geometry]")
{
    const auto g = AddressStripGeometry::layout(QSize(156, 520), 40, 200 * 1024, 192 * 1024, 24, sixPerChar);
    // About 430 bytes per pixel: a 28-byte hole between two blocks.
    const QRect below = g.rangeRect(0, 65536);
    const QRect above = g.rangeRect(65564, 131072);
    CHECK_FALSE(g.holeFillsRows(65536, 65564));
    const QRect thin = g.holeRect(65536, 65564);
    CHECK_FALSE(thin.intersects(below));
    CHECK_FALSE(thin.intersects(above));
    CHECK_FALSE(thin.intersects(g.plot));
    CHECK(thin.left() > g.plot.right());
    CHECK(thin.right() < 156);
    CHECK(std::abs(thin.center().y() - g.addressToY(65550)) <= 1);

    // A hole a few pixels tall keeps its own rows in the plot, between the blocks.
    const QRect lower = g.rangeRect(0, 65536);
    const QRect upper = g.rangeRect(70000, 131072);
    REQUIRE(g.holeFillsRows(65536, 70000));
    const QRect wide = g.holeRect(65536, 70000);
    CHECK(g.plot.contains(wide));
    CHECK_FALSE(wide.intersects(lower));
    CHECK_FALSE(wide.intersects(upper));
    CHECK(wide.height() >= 10);
}
