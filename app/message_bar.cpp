#include "app/message_bar.hpp"
#include "views/style.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace memlens {

MessageBar::MessageBar(QWidget* parent)
    : QFrame(parent)
    , label_(new QLabel(this))
    , buttons_(new QHBoxLayout)
    , close_(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBar"));
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    label_->setWordWrap(true);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(label_, 1);
    layout->addLayout(buttons_);
    close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close_->setAutoRaise(true);
    close_->setToolTip(tr("Dismiss"));
    layout->addWidget(close_);
    connect(close_, &QToolButton::clicked, this, &MessageBar::dismiss);
    hide();
}

void MessageBar::showMessage(
    Kind kind, const QString& text, const QList<QPair<QString, std::function<void()>>>& actions)
{
    kind_ = kind;
    const style::MessageColors colors = style::messageColors(kind == Kind::Warning ? style::MessageTone::Warning
            : kind == Kind::Error                                                  ? style::MessageTone::Error
                                                                                   : style::MessageTone::Info);
    setStyleSheet(QStringLiteral("QFrame#messageBar { background: %1; border: 1px solid %2; border-radius: 4px; }")
                      .arg(style::css(colors.background), style::css(colors.border)));
    label_->setText(text);
    while (QLayoutItem* item = buttons_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const auto& [title, run] : actions) {
        auto* button = new QPushButton(title, this);
        connect(button, &QPushButton::clicked, this, [this, run = run] {
            dismiss();
            run();
        });
        buttons_->addWidget(button);
    }
    show();
}

void MessageBar::dismiss() { hide(); }

QString MessageBar::text() const { return isHidden() ? QString() : label_->text(); }

QStringList MessageBar::actionTexts() const
{
    QStringList texts;
    for (int i = 0; i < buttons_->count(); ++i)
        if (auto* button = qobject_cast<QPushButton*>(buttons_->itemAt(i)->widget()))
            texts << button->text();
    return texts;
}

bool MessageBar::trigger(const QString& actionText)
{
    for (int i = 0; i < buttons_->count(); ++i)
        if (auto* button = qobject_cast<QPushButton*>(buttons_->itemAt(i)->widget());
            button && button->text() == actionText) {
            button->click();
            return true;
        }
    return false;
}

} // namespace memlens
