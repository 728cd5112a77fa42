#include "views/style.hpp"

#include "core/dump/dump_model.hpp"

#include <array>

namespace memlens::style {

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

// ---------------------------------------------------------------------------
// The window beyond the chart

QColor white() { return QColor(0xff, 0xff, 0xff); }
QColor black() { return QColor(0x00, 0x00, 0x00); }

QColor fits() { return QColor(0x2e, 0x7d, 0x32); }
QColor alarm() { return QColor(0xc6, 0x28, 0x28); }
QColor alarmDark() { return QColor(0xb7, 0x1c, 0x1c); }
QColor fieldError() { return QColor(0xb3, 0x26, 0x1e); }
QColor overflowDespiteSuccess() { return QColor(0xe6, 0x51, 0x00); }
QColor failedWithinCapacity() { return QColor(0xad, 0x14, 0x57); }
QColor unknownVerdict() { return QColor(0x61, 0x61, 0x61); }

QColor overCapacityRow() { return QColor(229, 57, 53, 46); }

QColor usageLive() { return QColor(0x2f, 0x6f, 0xb3); }
QColor usageHighestAddress() { return QColor(0x8a, 0x5a, 0xc8); }
QColor usageCursor() { return QColor(0x40, 0x40, 0x40); }

QColor compareSideA() { return QColor(0x2f, 0x6d, 0xb5); }
QColor compareSideB() { return QColor(0xb8, 0x56, 0x1f); }
QColor compareOverflows() { return QColor(0xc0, 0x39, 0x2b); }
QColor changeGrown() { return QColor(0xf6, 0xd5, 0xd1); }
QColor changeShrunk() { return QColor(0xd6, 0xee, 0xd6); }
QColor changeMoved() { return QColor(0xf4, 0xec, 0xcf); }
QColor changeAdded() { return QColor(0xd5, 0xe5, 0xf7); }
QColor changeRemoved() { return QColor(0xe2, 0xe2, 0xe2); }

QColor undecidedCell() { return QColor(0xd0, 0xd0, 0xd0); }
QColor captionText() { return QColor(0x20, 0x20, 0x20); }

MessageColors messageColors(MessageTone tone)
{
    switch (tone) {
    case MessageTone::Warning: return {QColor(0xff, 0xf4, 0xe0), QColor(0xe8, 0xb6, 0x5c)};
    case MessageTone::Error: return {QColor(0xfd, 0xec, 0xea), QColor(0xe0, 0x8a, 0x80)};
    case MessageTone::Info: break;
    }
    return {QColor(0xe8, 0xf1, 0xfb), QColor(0x9c, 0xc3, 0xea)};
}

QColor badgeIr() { return QColor(0x5b, 0x6b, 0xc0); }
QColor badgePython() { return QColor(0x30, 0x72, 0xa8); }
QColor badgeLog() { return QColor(0x6d, 0x4c, 0x9f); }

CodeGutterColors codeGutter(bool dark)
{
    if (dark)
        return {QColor(0x25, 0x27, 0x2b), QColor(0x3a, 0x3d, 0x42), QColor(0x6e, 0x76, 0x81), QColor(0xf0, 0xf0, 0xf0),
            QColor(0xf2, 0xb1, 0x34), QColor(0x8a, 0x6d, 0x2a), QColor(0x7d, 0x8b, 0x99)};
    return {QColor(0xf6, 0xf7, 0xf9), QColor(0xe1, 0xe4, 0xe8), QColor(0x9a, 0xa1, 0xab), QColor(0x1f, 0x23, 0x28),
        QColor(0xe8, 0x9b, 0x00), QColor(0xf3, 0xd2, 0x86), QColor(0x8c, 0x9b, 0xab)};
}
QColor codeCursorLine(bool dark) { return dark ? QColor(0x2c, 0x31, 0x3a) : QColor(0xe6, 0xee, 0xf9); }
QColor codeStrongLine(bool dark) { return dark ? QColor(0x5a, 0x48, 0x12) : QColor(0xff, 0xe7, 0xa3); }
QColor codeCandidateLine(bool dark) { return dark ? QColor(0x38, 0x33, 0x24) : QColor(0xff, 0xf7, 0xdf); }
QColor codeEmphasis(bool dark) { return dark ? QColor(0x8a, 0x5a, 0x00) : QColor(0xff, 0xc1, 0x4d); }
QColor paneBorder(bool dark) { return dark ? QColor(0x3a, 0x3d, 0x42) : QColor(0xd5, 0xd9, 0xde); }
QColor paneHeader(bool dark) { return dark ? QColor(0x2b, 0x2d, 0x31) : QColor(0xf0, 0xf2, 0xf5); }
QColor lineChipBorder(bool dark) { return dark ? QColor(0xf2, 0xb1, 0x34) : QColor(0xe8, 0x9b, 0x00); }
QColor paneTitle(bool dark) { return dark ? QColor(0xd0, 0xd4, 0xd9) : QColor(0x3c, 0x42, 0x4a); }
QColor paneHint(bool dark) { return dark ? QColor(0x8b, 0x93, 0x9c) : QColor(0x8a, 0x91, 0x9a); }
QColor paneDetail(bool dark) { return dark ? QColor(0xa0, 0xa6, 0xae) : QColor(0x5f, 0x66, 0x70); }
QColor paneDim(bool dark) { return dark ? QColor(0x8b, 0x93, 0x9c) : QColor(0x7a, 0x82, 0x8c); }

QColor errorBoxFill() { return QColor(229, 57, 53, 20); }
QColor errorBoxBorder() { return QColor(198, 40, 40, 90); }

QString css(const QColor& color)
{
    if (color.alpha() == 255)
        return color.name(QColor::HexRgb);
    return QStringLiteral("rgba(%1, %2, %3, %4)")
        .arg(color.red())
        .arg(color.green())
        .arg(color.blue())
        .arg(color.alpha());
}

} // namespace memlens::style
