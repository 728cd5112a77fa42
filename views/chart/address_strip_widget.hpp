#pragma once
// The address snapshot beside the block chart: a vertical strip of the address
// space at the cursor's op (at the op where the highest address peaks when there
// is no cursor). Live blocks (an in-place storage once), the holes between them,
// the capacity line, address labels and a grid of the memory's banks. Click a block to select it.
#include "core/analysis/storage_analysis.hpp"

#include "views/chart/chart_mapping.hpp"

#include <QRect>
#include <QWidget>

#include <optional>

namespace memlens {

class PlanSession;
struct AddressStripGeometry;

class AddressStripWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDefaultBankCount = 48; // 192 KB of UB in 4 KB banks

    explicit AddressStripWidget(PlanSession* session, QWidget* parent = nullptr);

    int bankCount() const { return bankCount_; }
    // Banks the capacity is divided into (at least 1).
    void setBankCount(int banks);
    // Pixels of the strip's text (11 by default: one less than the chart's).
    void setFontPixelSize(int pixels);
    int fontPixelSize() const { return fontPixels_; }
    // Where the address axis ends, as View > Address Axis says for the chart: a plan of a
    // few bytes under a large capacity is otherwise an empty strip.
    void setAddressFit(AddressFit fit);
    AddressFit addressFit() const { return addressFit_; }
    // The highest address the strip shows.
    std::uint64_t topAddress() const;

    // The op on show and what is live there; none without a plan.
    const std::optional<AddressSnapshot>& snapshot() const { return snapshot_; }
    bool showsCursor() const { return showsCursor_; } // false: the peak-address op, for want of a cursor
    QString headerText() const;                       // "op 19" / "live 320.99 KB" / "holes 28 B"

    // Geometry in widget pixels, for tests and the mouse.
    QRect plotRect() const;
    int addressToY(std::uint64_t address) const;
    int capacityY() const;
    QRect blockRect(int blockIndex) const; // empty when the block is not on show
    std::vector<QRect> holeRects() const;
    std::vector<int> bankLineYs() const; // the bank boundaries drawn, bottom up
    // The block under a widget pixel (an in-place storage: its first block), or -1.
    int blockAt(const QPoint& pos) const;
    QString toolTipAt(const QPoint& pos) const;

    QSize sizeHint() const override { return {156, 480}; }
    QSize minimumSizeHint() const override { return {96, 130}; }

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void refresh();
    AddressStripGeometry geometry() const;
    bool drawsStorage(int blockIndex) const;

    PlanSession* session_;
    int bankCount_ = kDefaultBankCount;
    int fontPixels_ = 11;
    QFont stripFont() const;
    AddressFit addressFit_ = AddressFit::Auto;
    std::optional<AddressSnapshot> snapshot_;
    bool showsCursor_ = false;
};

} // namespace memlens
