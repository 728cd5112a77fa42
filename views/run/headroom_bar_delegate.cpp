#include "views/run/headroom_bar_delegate.hpp"

#include "core/analysis/plan_analysis.hpp"
#include "views/run/run_table_model.hpp"
#include "views/style.hpp"
#include "views/title_bar.hpp"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace memlens {

void HeadroomBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &background, painter, widget);

    const QVariant share = index.data(RunTableModel::UsedShareRole);
    if (!share.isValid()) {
        QStyledItemDelegate::paint(painter, option, index); // "-": nothing to draw
        return;
    }
    const double used = share.toDouble();
    const bool failsGate = index.data(RunTableModel::FailsGateRole).toBool();
    const QRect track = option.rect.adjusted(4, 4, -4, -4);
    const int capacityX = track.left() + static_cast<int>(track.width() / kFullScale);
    const int barRight = track.left() + static_cast<int>(track.width() * std::min(used, kFullScale) / kFullScale);
    const QColor fill = used > 1.0 ? TitleBar::verdictColor(PlanVerdict::Overflow)
        : failsGate                ? QColor(0xe0, 0x8a, 0x1e)
                                   : TitleBar::verdictColor(PlanVerdict::Fits);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->fillRect(track, option.palette.color(QPalette::Base).darker(106));
    painter->fillRect(QRect(QPoint(track.left(), track.top()), QPoint(barRight, track.bottom())), fill);
    painter->setPen(QPen(style::capacityLine(), 2));
    painter->drawLine(capacityX, option.rect.top() + 1, capacityX, option.rect.bottom() - 1);
    // The percentage over the bar, dark on the light part and light on the fill where they meet.
    const QString text = index.data(Qt::DisplayRole).toString();
    QFont font = option.font;
    font.setBold(used > 1.0 || failsGate);
    painter->setFont(font);
    const QRect textRect = track.adjusted(6, 0, -6, 0);
    painter->setPen(style::textOn(fill));
    painter->setClipRect(QRect(QPoint(track.left(), track.top()), QPoint(barRight, track.bottom())));
    painter->drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, text);
    painter->setPen(option.palette.color(QPalette::Text));
    painter->setClipRect(QRect(QPoint(barRight + 1, track.top()), track.bottomRight()));
    painter->drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, text);
    painter->restore();
}

QSize HeadroomBarDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QSize text = QStyledItemDelegate::sizeHint(option, index);
    return {std::max(text.width() + 50, 110), text.height() + 4};
}

} // namespace memlens
