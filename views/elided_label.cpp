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

void ElidedLabel::setKeyText(const QString& text)
{
    key_ = text;
    updateElided();
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    mode_ = mode;
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
    // One line: a text of several lines is read as one, its breaks as spaces.
    QString line = full_;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    const int room = std::max(0, width() - 2);
    if (!key_.isEmpty() && fontMetrics().horizontalAdvance(line) > room) {
        setText(fontMetrics().elidedText(key_, Qt::ElideRight, room));
        return;
    }
    setText(fontMetrics().elidedText(line, mode_, room));
}

} // namespace memlens
