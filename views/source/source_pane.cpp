#include "views/source/source_pane.hpp"

#include "views/elided_label.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace memlens {

namespace {

QString hex(const QColor& color) { return color.name(QColor::HexRgb); }

QColor borderColor(bool dark) { return style::paneBorder(dark); }

QLabel* selectableLabel(QWidget* parent, const char* objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

SourcePane::SourcePane(const QString& badgeText, const QColor& badgeColor, SourceTextView::Language language,
    const QString& buttonText, QWidget* parent)
    : QFrame(parent)
{
    const bool dark = isDarkPalette(palette());
    setObjectName(QStringLiteral("sourcePane"));
    setStyleSheet(QStringLiteral("QFrame#sourcePane { border: 1px solid %1; }").arg(hex(borderColor(dark))));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(1, 1, 1, 1);
    layout->setSpacing(0);
    buildHeader(badgeText, badgeColor, dark);
    layout->addWidget(header_);

    // Body: the code, or a message.
    stack_ = new QStackedWidget(this);
    view_ = new SourceTextView(stack_);
    view_->setLanguage(language);
    stack_->addWidget(view_);
    buildMessagePage(buttonText, dark);
    stack_->addWidget(messagePage_);
    layout->addWidget(stack_, 1);
}

void SourcePane::buildHeader(const QString& badgeText, const QColor& badgeColor, bool dark)
{
    // Badge, path (elided in the middle), line chip; the detail line below.
    header_ = new QFrame(this);
    header_->setObjectName(QStringLiteral("sourcePaneHeader"));
    const QColor background = style::paneHeader(dark);
    header_->setStyleSheet(
        QStringLiteral("QFrame#sourcePaneHeader { background: %1; border: none; border-bottom: 1px solid %2; }")
            .arg(hex(background), hex(borderColor(dark))));
    auto* headerLayout = new QVBoxLayout(header_);
    headerLayout->setContentsMargins(8, 5, 8, 5);
    headerLayout->setSpacing(3);
    auto* titleRow = new QHBoxLayout;
    titleRow->setSpacing(8);
    headerLayout->addLayout(titleRow);

    auto* badge = new QLabel(badgeText, header_);
    badge->setObjectName(QStringLiteral("sourcePaneBadge"));
    badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; border-radius: 3px; padding: 1px 6px;"
                                        " font-weight: 600; }")
                             .arg(hex(badgeColor)));
    titleRow->addWidget(badge);

    path_ = new ElidedLabel(header_);
    path_->setObjectName(QStringLiteral("sourcePanePath"));
    titleRow->addWidget(path_, 1);

    line_ = new QLabel(header_);
    line_->setObjectName(QStringLiteral("sourcePaneLine"));
    const QColor chip = SourceTextView::strongLineColor(dark);
    const QColor chipBorder = style::lineChipBorder(dark);
    line_->setStyleSheet(QStringLiteral("QLabel { background: %1; border: 1px solid %2; border-radius: 3px;"
                                        " padding: 0px 6px; font-weight: 600; }")
                             .arg(hex(chip), hex(chipBorder)));
    line_->setVisible(false);
    titleRow->addWidget(line_);

    sub_ = new QLabel(header_);
    sub_->setObjectName(QStringLiteral("sourcePaneSub"));
    sub_->setTextFormat(Qt::RichText);
    sub_->setWordWrap(true);
    sub_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont small = sub_->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    sub_->setFont(small);
    sub_->setVisible(false);
    headerLayout->addWidget(sub_);
    headerLayout->addStretch(1); // a header made taller to match the other one keeps its rows at the top
}

void SourcePane::buildMessagePage(const QString& buttonText, bool dark)
{
    // The message scrolls in a short pane (a bottom dock at 1024 x 700) rather than being cut.
    auto* scroll = new QScrollArea(stack_);
    scroll->setObjectName(QStringLiteral("sourcePaneMessagePage"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the text wraps to the width
    auto* page = new QWidget(scroll);
    page->setAutoFillBackground(true);
    QPalette pagePalette = page->palette();
    pagePalette.setColor(QPalette::Window, palette().color(QPalette::Base));
    page->setPalette(pagePalette);
    scroll->viewport()->setPalette(pagePalette);
    scroll->setWidget(page);
    messagePage_ = scroll;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->setSpacing(10);
    layout->addStretch(1);

    icon_ = new QLabel(page);
    icon_->setAlignment(Qt::AlignCenter);
    layout->addWidget(icon_);

    title_ = selectableLabel(page, "sourcePaneMessage");
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    titleColor_ = style::paneTitle(dark);
    hintColor_ = style::paneHint(dark);
    QFont font = title_->font();
    font.setPointSizeF(font.pointSizeF() * 1.08);
    title_->setFont(font);
    layout->addWidget(title_);

    detail_ = selectableLabel(page, "sourcePaneDetail");
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    QPalette detailPalette = detail_->palette();
    detailPalette.setColor(QPalette::WindowText, style::paneDetail(dark));
    detail_->setPalette(detailPalette);
    layout->addWidget(detail_);

    button_ = new QPushButton(buttonText, page);
    button_->setVisible(false);
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addStretch(1);
    buttonRow->addWidget(button_);
    buttonRow->addStretch(1);
    layout->addLayout(buttonRow);
    layout->addStretch(2);
}

void SourcePane::setTitleColor(const QColor& color)
{
    QPalette palette = title_->palette();
    palette.setColor(QPalette::WindowText, color);
    title_->setPalette(palette);
}

bool SourcePane::isShowingCode() const { return stack_->currentWidget() == view_; }

QString SourcePane::messageText() const { return isShowingCode() ? QString() : messageText_; }

void SourcePane::setHeader(const QString& fullPath, const QString& tooltip, const QString& lineText)
{
    path_->setFullText(fullPath);
    path_->setToolTip(tooltip.isEmpty() ? fullPath : tooltip);
    line_->setText(lineText);
    line_->setVisible(!lineText.isEmpty());
    if (fullPath.isEmpty())
        headerText_.clear();
    else
        headerText_ = lineText.isEmpty() ? fullPath : fullPath + QStringLiteral(" \u2014 ") + lineText;
}

void SourcePane::setSub(const QString& plain, const QString& rich)
{
    subText_ = plain;
    sub_->setText(rich.isEmpty() ? breakable(plain).toHtmlEscaped() : rich);
    sub_->setToolTip(plain);
    sub_->setVisible(!plain.isEmpty());
    emit headerChanged();
}

void SourcePane::showCode()
{
    messageText_.clear();
    stack_->setCurrentWidget(view_);
}

void SourcePane::showMessage(
    const QString& titleText, const QString& detailText, QStyle::StandardPixmap pixmap, bool withButton)
{
    // A path the message names (a file not found) wraps rather than widen the dock.
    title_->setText(breakable(titleText));
    detail_->setText(breakable(detailText));
    detail_->setVisible(!detailText.isEmpty());
    const QIcon standard = pixmap == QStyle::SP_CustomBase ? QIcon() : style()->standardIcon(pixmap);
    icon_->setPixmap(standard.isNull() ? QPixmap() : standard.pixmap(32, 32));
    icon_->setVisible(!standard.isNull());
    button_->setVisible(withButton);
    setTitleColor(titleColor_);
    messageText_ = detailText.isEmpty() ? titleText : titleText + u'\n' + detailText;
    view_->setHighlightedLines(0);
    stack_->setCurrentWidget(messagePage_);
}

void SourcePane::showHint(const QString& hint)
{
    setHeader({}, {}, {});
    setSub({});
    showMessage(hint, {}, QStyle::SP_CustomBase, false);
    setTitleColor(hintColor_);
}

} // namespace memlens
