#pragma once
// The memory block chart on screen: every block of the scope on show as a
// rectangle (op position x address), the capacity line, the selection, the
// time cursor. Follows the PlanSession and changes it (select, set cursor).
//
// Mouse: click a block to select it; click empty space to put the time cursor
// there; drag with the left button to pan; Shift + left drag to zoom into a
// rectangle (rubber band); wheel to zoom about the pointer (Ctrl: time only,
// Shift: addresses only); double-click empty space to fit; double-click a block
// to activate it (blockActivated). Keys: arrows move the selection to the
// neighbouring block, + / - zoom, Home fits, Escape clears the selection.
#include "views/chart/block_chart_painter.hpp"
#include "views/chart/chart_mapping.hpp"

#include <QImage>
#include <QPoint>
#include <QRect>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>

namespace memlens {

class PlanSession;

class BlockChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit BlockChartWidget(PlanSession* session, QWidget* parent = nullptr);

    PlanSession* session() const { return session_; }
    // The mapping of the current size and window (plot rectangle in widget pixels).
    const ChartMapping& mapping() const;
    // The session's index of the scope on show (PlanSession::hitIndex): empty without a plan, and
    // while a plan not made by a load has its index built (nothing is hit until it arrives).
    const BlockHitIndex& hitIndex() const;
    bool hitIndexReady() const;

    // The block under a widget pixel, or -1 (an in-place storage: its first block).
    int blockAt(const QPoint& pos) const;
    // The hover text of a block (rich text), or "" for no block.
    QString toolTipForBlock(int blockIndex) const;
    // "op 19  hivm.hir.vreduce <sum>  layer_norm.py:60" for the op under `pos` when a compile log names
    // the ops ("" when none does, or `pos` is off the plot and its op axis).
    QString opToolTipAt(const QPoint& pos) const;
    QString toolTipAt(const QPoint& pos) const;
    int hoveredBlock() const { return hovered_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    static QString placeholderText();

    // Fit this data extent instead of the plan's own (x0..x1 ops, addresses up to y1):
    // the compare view puts two plans on one scale. nullopt: the plan's own.
    void setFitExtent(std::optional<DataWindow> extent);

    // How a fit ends the address axis (View > Address Axis); refits.
    void setAddressFit(AddressFit fit);
    AddressFit addressFit() const { return addressFit_; }
    // Per buffer of the scope on show, the id its colour is picked by (ChartRenderOptions::colourIds);
    // empty: each buffer's own.
    void setColourIds(std::vector<int> ids);
    // Pixels of the chart's text (the window's setting); 0: the default, 12.
    void setFontPixelSize(int pixels);
    int fontPixelSize() const { return fontPixels_; }

public slots:
    void fitToPlan();
    void setViewWindow(const memlens::DataWindow& window);
    // Follow another view's op range (the usage curve); addresses stay.
    void setOpRange(double x0, double x1);
    void zoomIn();
    void zoomOut();

signals:
    // The op range on show changed (zoom, pan, fit, resize does not change it).
    void viewWindowChanged(double x0, double x1);
    // Any zoom or pan of this chart (not when following setOpRange).
    void dataWindowChanged(const memlens::DataWindow& window);
    // A block was double-clicked (e.g. to jump to its source).
    void blockActivated(int blockIndex);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    enum class Drag { None, Pending, Pan, RubberBand };

    void onScopeChanged();
    void onSelectionChanged(int blockIndex);
    void ensureLayout() const;
    void windowChanged();
    void emitRangeIfChanged();
    void setHovered(int blockIndex);
    void navigate(int key);
    ChartRenderOptions renderOptions() const;
    // Every buffer of an in-place storage with its IR and Python lines (none for a lone block).
    QStringList inPlaceToolTipLines(int blockIndex) const;
    bool hasPlan() const;

    PlanSession* session_;
    mutable ChartMapping mapping_;
    mutable QSize layoutSize_;
    QImage base_;
    bool baseValid_ = false;
    int hovered_ = -1;
    Drag drag_ = Drag::None;
    QPoint pressPos_;
    QPoint lastPos_;
    QRect band_;
    bool selectingHere_ = false;
    double emittedX0_ = 0.0;
    double emittedX1_ = 0.0;
    std::optional<DataWindow> fitExtent_;
    // The cursor a single click replaced, put back when that click was the start of a double-click.
    std::optional<std::int64_t> cursorBeforeClick_;
    bool clickMovedCursor_ = false;
    AddressFit addressFit_ = AddressFit::Auto;
    std::vector<int> colourIds_;
    int fontPixels_ = 0;
};

} // namespace memlens
