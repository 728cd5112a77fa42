#include "views/chart_style.hpp"

#include "core/dump/dump_model.hpp"

#include <array>

namespace memlens::chart_style {

namespace {
// Soft, mid-light hues that dark text reads on; no reds (reserved for warnings).
constexpr std::array<QRgb, 12> kPalette = {
    // In the order buffer ids take them: neighbours differ in hue and lightness.
    0xff7aa6d6, // blue
    0xfff4b266, // orange
    0xff9fd6a3, // mint
    0xffc5a3d9, // lavender
    0xffefd46b, // yellow
    0xff7fc8b8, // teal
    0xffd8a7c5, // mauve
    0xffa7d37c, // green
    0xffb5b7e8, // periwinkle
    0xffc9a27e, // tan
    0xff86c5da, // sky
    0xffe3c39d, // sand
};
} // namespace

QColor windowBackground() { return QColor(0xff, 0xff, 0xff); }
QColor plotBackground() { return QColor(0xfa, 0xfb, 0xfc); }
QColor gridLine() { return QColor(0xe1, 0xe5, 0xea); }
QColor gridLineMinor() { return QColor(0xee, 0xf1, 0xf4); }
QColor axisLine() { return QColor(0x6b, 0x72, 0x7b); }
QColor axisText() { return QColor(0x3d, 0x44, 0x4d); }
QColor titleText() { return QColor(0x1f, 0x23, 0x28); }
QColor placeholderText() { return QColor(0x80, 0x87, 0x90); }

QColor capacityLine() { return QColor(0x9b, 0x0a, 0x17); }
QColor capacityShade() { return QColor(0xfb, 0xe9, 0xea); }

QColor warningFill() { return QColor(0xef, 0x5b, 0x5b); }
QColor warningOutline() { return QColor(0x6e, 0x08, 0x0f); }

QColor selectionOutline() { return QColor(0x0b, 0x3d, 0x91); }
QColor selectionHalo() { return QColor(0xff, 0xff, 0xff); }
QColor highlightOutline() { return QColor(0xe8, 0x8a, 0x00); }
QColor hoverOutline() { return QColor(0x1f, 0x23, 0x28, 0x90); }
QColor cursorLine() { return QColor(0x1a, 0x73, 0xe8); }
QColor rubberBandFill() { return QColor(0x1a, 0x73, 0xe8, 0x28); }
QColor rubberBandOutline() { return QColor(0x1a, 0x73, 0xe8); }

int paletteSize() { return static_cast<int>(kPalette.size()); }

QColor paletteColor(int index)
{
    const int n = paletteSize();
    return QColor::fromRgb(kPalette[static_cast<std::size_t>(((index % n) + n) % n)]);
}

QColor bufferColor(int bufferId) { return paletteColor(bufferColorIndex(bufferId)); }

int bufferColorIndex(int bufferId)
{
    // The palette is ordered so that buffers with neighbouring ids contrast.
    const int n = paletteSize();
    return ((bufferId % n) + n) % n;
}

QColor blockFill(const Buffer& buffer, bool overCapacity)
{
    return overCapacity ? warningFill() : bufferColor(buffer.id);
}

QColor dimmed(const QColor& color)
{
    // Three quarters of the way to the background: still there, clearly not what was asked for.
    const QColor bg = windowBackground();
    auto mix = [](int a, int b) { return (a + 3 * b) / 4; };
    return QColor(mix(color.red(), bg.red()), mix(color.green(), bg.green()), mix(color.blue(), bg.blue()));
}

QColor outlineFor(const QColor& fill) { return fill.darker(165); }

QColor hatchFor(const QColor& fill)
{
    QColor c = fill.darker(185);
    c.setAlpha(150);
    return c;
}

QColor textOn(const QColor& fill)
{
    const double luma = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF();
    return luma < 0.5 ? QColor(Qt::white) : titleText();
}

} // namespace memlens::chart_style
