#pragma once
// The Run view's Used column: a bar per row of the peak against the capacity, the capacity
// as a line at 100 % so that a row past it reads at a glance, and the percentage on it.
#include <QStyledItemDelegate>

namespace memlens {

class HeadroomBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // The bar's scale: 125 % of the capacity fills the cell, so a row past it still shows how far.
    static constexpr double kFullScale = 1.25;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace memlens
