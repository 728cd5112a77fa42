#include "views/table/block_details_panel.hpp"

#include "core/compile_log/compile_log.hpp"
#include "views/plan_session.hpp"
#include "views/storage_text.hpp"
#include "views/style.hpp"
#include "views/table/block_details_text.hpp"
#include "views/table/block_table_model.hpp"
#include "views/view_text.hpp"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStringList>
#include <QTimer>
#include <QVBoxLayout>

namespace memlens {

namespace {

QLabel* selectableLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setCursor(Qt::IBeamCursor);
    return label;
}

QLineEdit* rawField(QWidget* parent)
{
    auto* edit = new QLineEdit(parent);
    edit->setReadOnly(true);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setCursorPosition(0);
    return edit;
}

} // namespace

BlockDetailsPanel::BlockDetailsPanel(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , pages_(new QStackedWidget(this))
{
    setObjectName(QStringLiteral("blockDetailsPanel"));

    // Page 0: the hint.
    hint_ = new QLabel(pages_);
    hint_->setObjectName(QStringLiteral("detailsHint"));
    hint_->setAlignment(Qt::AlignCenter);
    hint_->setWordWrap(true);
    hint_->setMargin(16);
    {
        QPalette palette = hint_->palette();
        palette.setColor(QPalette::WindowText, secondaryText(palette));
        hint_->setPalette(palette);
    }
    pages_->addWidget(hint_);

    // Page 1: the block.
    auto* scroll = new QScrollArea(pages_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* page = new QWidget(scroll);
    scroll->setWidget(page);
    pages_->addWidget(scroll);
    buildBlockPage(page);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pages_);

    connect(session_, &PlanSession::documentChanged, this, &BlockDetailsPanel::refresh);
    connect(session_, &PlanSession::scopeChanged, this, &BlockDetailsPanel::refresh);
    connect(session_, &PlanSession::selectedBlockChanged, this, &BlockDetailsPanel::refresh);
    refresh();
}

void BlockDetailsPanel::buildBlockPage(QWidget* page)
{
    name_ = selectableLabel(page);
    name_->setObjectName(QStringLiteral("detailsName"));
    QFont nameFont = name_->font();
    nameFont.setPointSizeF(nameFont.pointSizeF() * 1.35);
    nameFont.setBold(true);
    name_->setFont(nameFont);

    copyButton_ = new QPushButton(tr("Copy details"), page);
    copyButton_->setObjectName(QStringLiteral("detailsCopy"));
    copyButton_->setToolTip(tr("Copy a plain-text summary of this block to the clipboard"));
    connect(copyButton_, &QPushButton::clicked, this, &BlockDetailsPanel::copyDetails);

    context_ = selectableLabel(page);
    context_->setObjectName(QStringLiteral("detailsContext"));
    {
        QPalette palette = context_->palette();
        palette.setColor(QPalette::WindowText, secondaryText(palette));
        context_->setPalette(palette);
    }

    auto* headingRow = new QHBoxLayout;
    headingRow->addWidget(name_, 1);
    headingRow->addWidget(copyButton_, 0, Qt::AlignTop);

    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(10, 8, 10, 8);
    pageLayout->setSpacing(6);
    pageLayout->addLayout(headingRow);
    pageLayout->addWidget(context_);
    pageLayout->addWidget(lifeBox(page));
    pageLayout->addSpacing(4);
    pageLayout->addLayout(valueForm(page));
    pageLayout->addStretch(1);
}

QWidget* BlockDetailsPanel::lifeBox(QWidget* page)
{
    life_ = selectableLabel(page);
    life_->setObjectName(QStringLiteral("detailsLife"));
    QFont lifeFont = life_->font();
    lifeFont.setPointSizeF(lifeFont.pointSizeF() * 1.6);
    lifeFont.setBold(true);
    life_->setFont(lifeFont);
    life_->setToolTip(
        tr("Life: [first write, last read], inclusive positions in the planner's op sequence (not IR lines)"));
    lifeDetail_ = selectableLabel(page);
    lifeDetail_->setObjectName(QStringLiteral("detailsLifeDetail"));

    auto* box = new QFrame(page);
    box->setObjectName(QStringLiteral("detailsLifeBox"));
    box->setFrameShape(QFrame::StyledPanel);
    box->setStyleSheet(QStringLiteral("#detailsLifeBox { border: 1px solid palette(mid); border-radius: 4px; }"));
    auto* lifeLayout = new QVBoxLayout(box);
    lifeLayout->setContentsMargins(10, 6, 10, 6);
    lifeLayout->setSpacing(2);
    lifeLayout->addWidget(life_);
    lifeLayout->addWidget(lifeDetail_);
    return box;
}

QFormLayout* BlockDetailsPanel::valueForm(QWidget* page)
{
    auto* form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setHorizontalSpacing(14);
    form->setVerticalSpacing(6);
    size_ = addValueRow(form, tr("Size"));
    address_ = addValueRow(form, tr("Address range"));
    offsets_ = addValueRow(form, tr("Offsets"));
    offsets_->setTextFormat(Qt::RichText);
    type_ = addValueRow(form, tr("Type"));
    type_->setObjectName(QStringLiteral("detailsType"));
    temp_ = addValueRow(form, tr("Temporary"));
    overCapacity_ = addValueRow(form, tr("Over capacity"));
    location_ = addValueRow(form, tr("Location"));
    storage_ = addValueRow(form, tr("Storage"));
    storage_->setObjectName(QStringLiteral("detailsStorage"));
    storage_->setTextFormat(Qt::RichText);
    storage_->setToolTip(tr("Buffers with identical offset, size and Life were merged in place by the compiler: "
                            "one storage, its bytes counted once"));
    rawBuffer_ = rawField(page);
    rawBuffer_->setObjectName(QStringLiteral("detailsRawBuffer"));
    addValueRow(form, tr("Buffer"), rawBuffer_);
    rawLocation_ = rawField(page);
    rawLocation_->setObjectName(QStringLiteral("detailsRawLocation"));
    addValueRow(form, tr("Source location"), rawLocation_);
    return form;
}

QLabel* BlockDetailsPanel::addValueRow(QFormLayout* form, const QString& label, QWidget* field)
{
    QLabel* value = field ? nullptr : selectableLabel(this);
    auto* caption = new QLabel(label, this);
    QPalette palette = caption->palette();
    palette.setColor(QPalette::WindowText, secondaryText(palette));
    caption->setPalette(palette);
    form->addRow(caption, field ? field : value);
    return value;
}

bool BlockDetailsPanel::hasBlock() const { return pages_->currentIndex() == 1; }

void BlockDetailsPanel::refresh()
{
    const ScopePlan* scope = session_->scope();
    const Block* block = session_->selectedBlockPtr();
    if (!scope || !block) {
        hint_->setText(detailsHint(scope != nullptr));
        summary_.clear();
        pages_->setCurrentIndex(0);
        return;
    }
    const PlanDocument* document = session_->document();
    const PlanAnalysis* analysis = session_->analysis();
    const BlockDetailsText text
        = blockDetailsText(document, session_->scopeIndex(), *scope, analysis, session_->selectedBlock());
    summary_ = blockSummaryText(text, *scope, document);

    name_->setText(breakable(text.name));
    name_->setToolTip(text.name);
    context_->setText(breakable(text.context));
    life_->setText(text.life);
    lifeDetail_->setText(breakable(text.lifeDetail));
    size_->setText(text.size);
    address_->setText(text.address);
    QStringList rich;
    for (int i = 0; i < text.offsets.size(); ++i) // the copy on show in bold
        rich << (i == block->copy && text.offsets.size() > 1
                ? QStringLiteral("<b>%1</b>").arg(text.offsets[i].toHtmlEscaped())
                : text.offsets[i].toHtmlEscaped());
    offsets_->setText(rich.join(QStringLiteral("<br>")));
    offsets_->setToolTip(text.offsetsTip);
    type_->setText(breakable(text.type));
    type_->setToolTip(text.typeTip);
    temp_->setText(text.temp);

    overCapacity_->setText(text.overCapacity);
    QPalette palette = location_->palette();
    QFont font = location_->font();
    if (text.overCapacityAlarm) {
        palette.setColor(QPalette::WindowText, style::alarm());
        font.setBold(true);
    }
    overCapacity_->setPalette(palette);
    overCapacity_->setFont(font);

    location_->setText(breakable(text.location));
    location_->setToolTip(text.location == tr("none") ? QString() : text.location);
    rawBuffer_->setText(text.rawBuffer);
    rawBuffer_->setCursorPosition(0);
    rawBuffer_->setToolTip(tr("The dump's buffer string:\n%1").arg(text.rawBuffer));
    rawLocation_->setText(text.rawLocation);
    rawLocation_->setCursorPosition(0);
    rawLocation_->setToolTip(tr("The dump's source_location string:\n%1").arg(text.rawLocation));
    storage_->setText(
        blockStorageText(document, session_->scopeIndex(), *scope, analysis, session_->selectedBlock(), true));
    pages_->setCurrentIndex(1);
}

QString BlockDetailsPanel::summaryText() const { return hasBlock() ? summary_ : QString(); }

void BlockDetailsPanel::copyDetails()
{
    const QString text = summaryText();
    if (text.isEmpty())
        return;
    QApplication::clipboard()->setText(text);
    // Say it worked: the button reads "Copied" for a moment.
    copyButton_->setText(tr("Copied \u2713"));
    QTimer::singleShot(1500, copyButton_, [button = copyButton_] { button->setText(tr("Copy details")); });
}

} // namespace memlens
