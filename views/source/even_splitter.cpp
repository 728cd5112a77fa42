#include "views/source/even_splitter.hpp"

#include <QChildEvent>
#include <QEvent>
#include <QResizeEvent>
#include <QTimer>

#include <algorithm>

EvenSplitter::EvenSplitter(Qt::Orientation orientation, QWidget* parent)
    : QSplitter(orientation, parent)
{
    // Emitted for the user's drags only, not for setSizes().
    connect(this, &QSplitter::splitterMoved, this, [this] { userSized_ = true; });
}

void EvenSplitter::resizeEvent(QResizeEvent* event)
{
    QSplitter::resizeEvent(event);
    if (!userSized_)
        shareEvenly();
}

void EvenSplitter::childEvent(QChildEvent* event)
{
    QSplitter::childEvent(event);
    if (event->added() && event->child()->isWidgetType())
        event->child()->installEventFilter(this);
}

bool EvenSplitter::eventFilter(QObject* watched, QEvent* event)
{
    const bool shownOrHidden = event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent;
    if (shownOrHidden && !userSized_ && !sharePending_) {
        // After the splitter has taken the change in: once per burst of changes.
        sharePending_ = true;
        QTimer::singleShot(0, this, [this] {
            sharePending_ = false;
            if (!userSized_)
                shareEvenly();
        });
    }
    return QSplitter::eventFilter(watched, event);
}

void EvenSplitter::shareEvenly()
{
    // setStretchFactor() keeps the factor in the pane's size policy.
    const auto weightOf = [this](QWidget* pane) {
        const QSizePolicy policy = pane->sizePolicy();
        return std::max(1, orientation() == Qt::Horizontal ? policy.horizontalStretch() : policy.verticalStretch());
    };
    int visible = 0;
    int weights = 0;
    for (int i = 0; i < count(); ++i)
        if (widget(i)->isVisibleTo(this)) {
            ++visible;
            weights += weightOf(widget(i));
        }
    if (visible == 0)
        return;
    const int length = orientation() == Qt::Horizontal ? width() : height();
    const int free = std::max(visible, length - (visible - 1) * handleWidth());
    QList<int> sizes;
    for (int i = 0; i < count(); ++i)
        sizes.append(widget(i)->isVisibleTo(this) ? free * weightOf(widget(i)) / weights : 0);
    setSizes(sizes);
}
