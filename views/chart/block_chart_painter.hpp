#pragma once
// Paints the memory block chart of one scope onto any QPainter: the widget, a
// QImage for PNG export, a QSvgGenerator for SVG export.
//
// Two modes. The default (for the screen and PNG) draws blocks of a few pixels
// or more as outlined rectangles and pours the smaller ones into one pixel
// layer (each pixel once, over-capacity blocks winning), so 100k blocks paint
// in a frame. The exact mode (for SVG) draws every block as its own rectangle.
//
// Buffers merged in place (one storage: identical offset, size and Life) are one
// rectangle, drawn by the storage's first block and marked "×3 in place".
//
// In the exact mode every storage is one QPainter::drawRect call, and nothing
// else is drawn with drawRect/fillRect (decorations are paths, lines and text),
// so an SVG has exactly one <rect> element per storage on show.
#include "views/chart/chart_mapping.hpp"

#include <QFont>
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

class QFontMetricsF;
class QIODevice;
class QPainter;

namespace memlens {

struct CompileLog;

struct ScopePlan;
struct PlanAnalysis;

struct ChartRenderOptions {
    std::optional<DataWindow> window;   // the window to show ("as shown"); none: fit the plan
    int selectedBlock = -1;             // outlined thick
    std::vector<int> selectedCopies;    // selected with it (its buffer's other copies): outlined thick too
    std::vector<int> highlightedBlocks; // outlined
    // Per block: drawn faded (the table's filter hides it). Null or short: none. Not owned.
    const std::vector<bool>* dimmedBlocks = nullptr;
    // Per buffer (index into ScopePlan::buffers): the id its colour is picked by, so that a compare
    // view paints a matched buffer alike on both sides. Null or short: the buffer's own id. Not owned.
    const std::vector<int>* colourIds = nullptr;
    int hoveredBlock = -1;                // outlined lightly (the widget's hover)
    std::optional<std::int64_t> cursorOp; // vertical line through the middle of the op
    const CompileLog* log = nullptr;      // names the ops (axis labels where they fit, the cursor's tag). Not owned.
    QString title;                        // e.g. "_attn_fwd · ub"; empty: no title row
    bool legend = true;
    bool blockLabels = true;   // buffer names inside blocks where they fit
    bool exact = false;        // every block its own rectangle (SVG)
    std::optional<QFont> font; // none: the application font at 12 px
};

// Where the parts of the chart go in an image of `size`.
struct ChartLayout {
    QRectF plot;   // the data area (whole pixels)
    QRectF header; // title and legend
    bool legendOwnRow = false;
    int legendRows = 1; // the legend wraps when the chart is too narrow for it
};
ChartLayout layoutBlockChart(QSize size, const QFont& font, bool hasTitle, bool legend);

// The font the chart uses for `options` (the application font at 12 px by default).
QFont chartFont(const ChartRenderOptions& options);

// The geometry an image of `size` is painted with, so tests and the exporter
// can find things in it: the mapping (plot rectangle and window), the row of
// the capacity line, and each block's rectangle (mapping.blockPixelRect(block)).
struct ChartGeometry {
    ChartMapping mapping;
    ChartLayout layout;
    int capacityY = 0;     // the capacity line covers rows capacityY - 1 and capacityY
    int capacityDashX = 0; // a column inside the line's first dash
    QRect blockRect(const ScopePlan& plan, int blockIndex) const;
};
ChartGeometry blockChartGeometry(
    const ScopePlan& plan, const PlanAnalysis& analysis, QSize size, const ChartRenderOptions& options);

class BlockChartPainter {
public:
    struct Stats {
        int visibleBlocks = 0;        // blocks in the window
        int drawnRects = 0;           // storages drawn as their own rectangle
        int pooledBlocks = 0;         // blocks poured into the pixel layer
        int labels = 0;               // blocks with a text label
        std::vector<int> drawnBlocks; // exact mode: the block of each rectangle drawn, in drawing order
    };

    // `mapping` must already carry the plot rectangle from layoutBlockChart.
    // `index` (optional) speeds up culling when zoomed in; it must be built from `plan`.
    BlockChartPainter(const ScopePlan& plan, const PlanAnalysis& analysis, const ChartMapping& mapping,
        const ChartRenderOptions& options, const BlockHitIndex* index = nullptr);

    // Everything: base then overlay.
    void paint(QPainter& painter, QSize size);
    // Background, grid, shade, blocks, capacity line, axes, legend, title: what
    // does not change with selection, hover or cursor (the widget caches it).
    void paintBase(QPainter& painter, QSize size);
    // Highlights, hover, selection and the time cursor.
    void paintOverlay(QPainter& painter);

    const Stats& stats() const { return stats_; }

    // The text drawn inside a block when it fits ("%alloc_0").
    static QString blockLabel(const ScopePlan& plan, int blockIndex);
    // Its second line: "4 KB · copy 1/2 · ×3 in place", and " · 1 KB over" when `withExcess`
    // and the block is over capacity.
    QString blockFacts(int blockIndex, bool withExcess) const;

private:
    void paintGrid(QPainter& painter);
    void paintCapacityShade(QPainter& painter);
    // The blocks in three steps: small ones poured into one pixel layer, the rest
    // as rectangles of their own, then their labels.
    void paintBlocks(QPainter& painter);
    std::vector<int> poolSmallBlocks(QPainter& painter, const std::vector<int>& visible);
    void paintDetailedBlock(QPainter& painter, int blockIndex, const QRect& rect);
    void paintBlockLabel(QPainter& painter, int blockIndex, const QRect& rect, int capacityY);
    QString blockSizeLine(int blockIndex, double width, const QFontMetricsF& fm) const;
    bool isDimmed(int blockIndex) const;
    int colourIdOf(const Block& block) const;
    QColor fillOf(int blockIndex) const;
    void paintCapacityLine(QPainter& painter);
    // The capacity off the window, named at that end of the address axis; returns its size label's box.
    QRectF paintOffScaleCapacity(QPainter& painter, double labelRight);
    void paintAxes(QPainter& painter);
    void paintLegend(QPainter& painter, QSize size);
    // One swatch and its text from x; returns where the next item starts.
    double paintLegendItem(QPainter& painter, int item, double x, double cy, double rowTop, const QColor& sample);
    void paintTitle(QPainter& painter);
    void outlineBlock(QPainter& painter, int blockIndex, const QColor& color, double width, bool halo);
    std::vector<int> visibleBlocks() const;
    // False for the second and later blocks of an in-place storage.
    bool drawsStorage(int blockIndex) const;

    const ScopePlan& plan_;
    const PlanAnalysis& analysis_;
    const ChartMapping& mapping_;
    ChartRenderOptions options_;
    const BlockHitIndex* index_;
    QFont font_;
    ChartLayout layout_;
    Stats stats_;
};

// PNG export: the chart of `plan` in an image of `size` (ARGB32 premultiplied, white background).
QImage renderBlockChartImage(
    const ScopePlan& plan, const PlanAnalysis& analysis, QSize size, const ChartRenderOptions& options);

// `text` with control characters replaced by U+FFFD: what the chart draws of
// the dump's strings (the painters and the SVG writer escape the rest).
QString printableText(QString text);

// Up to this many blocks the SVG is exact; above, small blocks are pooled per
// pixel as on screen (a million rects would make an SVG of hundreds of MB).
inline constexpr std::size_t kMaxExactSvgBlocks = 20000;

// SVG export: one <rect> per block on show when the plan has at most `exactUpTo`
// blocks, else as on screen (small blocks pooled into one pixel image), under
// `caption` (views/chart/chart_caption) when given. On failure returns false and
// sets *error (when given).
bool writeBlockChartSvg(QIODevice& out, const ScopePlan& plan, const PlanAnalysis& analysis, QSize size,
    const ChartRenderOptions& options, QString* error = nullptr, std::size_t exactUpTo = kMaxExactSvgBlocks,
    const QStringList& caption = {});

} // namespace memlens
