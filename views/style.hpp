#pragma once
// Every colour of memlens's views and window, by the role it plays, in one place, so
// that the widgets, the PNG/SVG exporter and the tests agree on them (the syntax
// highlighters' palette is apart, in views/source/syntax_palette). Block colours come
// from a palette without reds: red is kept for "over capacity".
#include <QColor>
#include <QString>

namespace memlens {

struct Buffer;
struct Block;

namespace style {

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

// ---------------------------------------------------------------------------
// The window beyond the chart

QColor white(); // a plain white ground (the usage curve, the report's caption)
QColor black(); // text on a light tint, in either theme

// Verdicts and errors, as text, badges and thin lines.
QColor fits();                   // green: a plan that fits, a lever that fits
QColor alarm();                  // red: overflows, errors, "does not fit"
QColor alarmDark();              // the title bar's notes summary text
QColor fieldError();             // an input's error (Preferences)
QColor overflowDespiteSuccess(); // orange: the dump says success, the plan overflows
QColor failedWithinCapacity();   // magenta: failed, though the plan fits the capacity
QColor unknownVerdict();         // grey

QColor overCapacityRow(); // the table's tint of a block above capacity (translucent)
QColor errorBoxFill();    // the title bar's box around the compiler's error (translucent)
QColor errorBoxBorder();

// The usage curve (its capacity line is alarm()).
QColor usageLive();
QColor usageHighestAddress();
QColor usageCursor();

// The compare view: the two sides' marks and the change tints of the diff table.
QColor compareSideA();
QColor compareSideB();
QColor compareOverflows();
QColor changeGrown();
QColor changeShrunk();
QColor changeMoved();
QColor changeAdded();
QColor changeRemoved();

QColor undecidedCell(); // a fit-map cell whose search stopped
QColor captionText();   // the exported chart's caption

// The message bar above the chart: a ground and its border per tone.
enum class MessageTone { Info, Warning, Error };
struct MessageColors {
    QColor background, border;
};
MessageColors messageColors(MessageTone tone);

// Source panes: the badges, the code view's gutter and line marks, the pane's frame
// and texts, each for the light and the dark theme.
QColor badgeIr();
QColor badgePython();
QColor badgeLog();
struct CodeGutterColors {
    QColor background, border, number, strongNumber, strongMarker, candidateMarker, allocDot;
};
CodeGutterColors codeGutter(bool dark);
QColor codeCursorLine(bool dark);
QColor codeStrongLine(bool dark);    // the selected block's line (and the pane's line chip)
QColor codeCandidateLine(bool dark); // the other lines that may have allocated it
QColor codeEmphasis(bool dark);      // the type marked in the line
QColor paneBorder(bool dark);
QColor paneHeader(bool dark);
QColor lineChipBorder(bool dark);
QColor paneTitle(bool dark);
QColor paneHint(bool dark);
QColor paneDetail(bool dark);
QColor paneDim(bool dark);

// A colour as a style sheet or rich text writes it ("#c62828", with alpha "rgba(229, 57, 53, 20)").
QString css(const QColor& color);

} // namespace style
} // namespace memlens
