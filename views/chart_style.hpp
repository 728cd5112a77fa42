#pragma once
// Colours and pens of the memory block chart, in one place so that the widget,
// the PNG/SVG exporter and the tests agree on them. Block colours come from a
// palette without reds: red is kept for "over capacity".
#include <QColor>

namespace memlens {

struct Buffer;
struct Block;

namespace chart_style {

// Plot and frame.
QColor windowBackground(); // around the plot (axes, legend)
QColor plotBackground();   // inside the plot
QColor gridLine();
QColor gridLineMinor();
QColor axisLine();
QColor axisText();
QColor titleText();
QColor placeholderText();

// Capacity: the dashed line and the shade of the address space above it.
QColor capacityLine();
QColor capacityShade();

// Over capacity: the warning fill and its bold outline.
QColor warningFill();
QColor warningOutline();

// Overlays.
QColor selectionOutline();
QColor selectionHalo();
QColor highlightOutline();
QColor hoverOutline();
QColor cursorLine();
QColor rubberBandFill();
QColor rubberBandOutline();

// Palette of block fills; `index` wraps around.
int paletteSize();
QColor paletteColor(int index);

// The fill of a buffer: a stable function of its id, so every copy of a
// multi-buffer buffer (and every run of the program) gets the same colour, and
// buffers with neighbouring ids get different colours.
QColor bufferColor(int bufferId);
// The palette index bufferColor() takes: bufferColor(id) == paletteColor(bufferColorIndex(id)).
int bufferColorIndex(int bufferId);

// The fill a block is drawn with: warningFill() when `overCapacity`, else the
// colour of its buffer.
QColor blockFill(const Buffer& buffer, bool overCapacity);
// A colour faded towards the background: blocks the table's filter hides.
QColor dimmed(const QColor& color);
// A darker shade of a fill for outlines and hatching.
QColor outlineFor(const QColor& fill);
QColor hatchFor(const QColor& fill);
// Black or white, whichever reads better on `fill`.
QColor textOn(const QColor& fill);

} // namespace chart_style
} // namespace memlens
