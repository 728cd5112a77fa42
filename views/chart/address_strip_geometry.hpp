#pragma once
// Where the address snapshot draws what: the plot, address ticks in a gutter on its left,
// bank ticks beside it, and the rows of an address range. A value type, so the maths is
// tested without a paint device.
#include "views/chart/chart_mapping.hpp"

#include <QRect>
#include <QSize>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace memlens {

struct AddressStripGeometry {
    static constexpr int kMargin = 6;
    static constexpr int kBankTickWidth = 6; // bank ticks stay visible left of the blocks
    static constexpr int kHoleMarkWidth = 5; // a hole thinner than a pixel is marked right of the plot

    QRect plot;                   // the address space, 0 at the bottom
    std::uint64_t topAddress = 1; // the address at the plot's top edge
    std::vector<AxisTick> ticks;  // address labels, bottom up; the capacity's among them
    int labelRight = 0;           // labels end at this x (right-aligned)

    // The geometry of a strip of `size` whose header takes `headerHeight` pixels. Ticks sit
    // at least `minTickSpacing` apart; `labelWidth` measures a label in the strip's font.
    static AddressStripGeometry layout(QSize size, int headerHeight, std::uint64_t topAddress,
        std::optional<std::uint64_t> capacity, int minTickSpacing,
        const std::function<int(const QString&)>& labelWidth);

    // The row of `address`: the plot's bottom edge + 1 for 0, its top for topAddress.
    int addressToY(std::uint64_t address) const;
    // How many pixels `bytes` take, unrounded.
    double pixelsOf(std::uint64_t bytes) const;
    // The rows of [start, end) across the plot, at least one tall.
    QRect rangeRect(std::uint64_t start, std::uint64_t end) const;
    // Whether a hole of [start, end) is drawn in the plot: a pixel tall or more. A thinner one
    // shares its rows with the blocks beside it, and would paint over them.
    bool holeFillsRows(std::uint64_t start, std::uint64_t end) const;
    // The hole's own rows when it fills rows; else a mark two pixels tall at its address,
    // right of the plot, where no block is.
    QRect holeRect(std::uint64_t start, std::uint64_t end) const;
};

} // namespace memlens
