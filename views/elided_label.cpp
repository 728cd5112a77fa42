#include "views/elided_label.hpp"

#include <algorithm>

namespace memlens {

ElidedLabel::ElidedLabel(QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void ElidedLabel::setFullText(const QString& text)
{
    full_ = text;
    updateElided();
}

QSize ElidedLabel::minimumSizeHint() const { return {24, QLabel::minimumSizeHint().height()}; }

QSize ElidedLabel::sizeHint() const
{
    return {fontMetrics().horizontalAdvance(full_) + 8, QLabel::sizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    updateElided();
}

void ElidedLabel::updateElided()
{
    setText(fontMetrics().elidedText(full_, Qt::ElideMiddle, std::max(0, width() - 2)));
}

} // namespace memlens
