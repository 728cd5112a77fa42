#include "views/table/block_details_panel.hpp"

#include "core/compile_log/compile_log.hpp"
#include "views/plan_session.hpp"
#include "views/storage_text.hpp"
#include "views/style.hpp"
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
    {
        QPalette palette = context_->palette();
        palette.setColor(QPalette::WindowText, secondaryText(palette));
        context_->setPalette(palette);
    }

    life_ = selectableLabel(page);
    life_->setObjectName(QStringLiteral("detailsLife"));
    QFont lifeFont = life_->font();
    lifeFont.setPointSizeF(lifeFont.pointSizeF() * 1.6);
    lifeFont.setBold(true);
    life_->setFont(lifeFont);
    life_->setToolTip(
        tr("Life: [first write, last read], inclusive positions in the planner's op sequence (not IR lines)"));
    lifeDetail_ = selectableLabel(page);

    auto* headingRow = new QHBoxLayout;
    headingRow->addWidget(name_, 1);
    headingRow->addWidget(copyButton_, 0, Qt::AlignTop);

    auto* lifeBox = new QFrame(page);
    lifeBox->setObjectName(QStringLiteral("detailsLifeBox"));
    lifeBox->setFrameShape(QFrame::StyledPanel);
    lifeBox->setStyleSheet(QStringLiteral("#detailsLifeBox { border: 1px solid palette(mid); border-radius: 4px; }"));
    auto* lifeLayout = new QVBoxLayout(lifeBox);
    lifeLayout->setContentsMargins(10, 6, 10, 6);
    lifeLayout->setSpacing(2);
    lifeLayout->addWidget(life_);
    lifeLayout->addWidget(lifeDetail_);

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

    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(10, 8, 10, 8);
    pageLayout->setSpacing(6);
    pageLayout->addLayout(headingRow);
    pageLayout->addWidget(context_);
    pageLayout->addWidget(lifeBox);
    pageLayout->addSpacing(4);
    pageLayout->addLayout(form);
    pageLayout->addStretch(1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pages_);

    connect(session_, &PlanSession::documentChanged, this, &BlockDetailsPanel::refresh);
    connect(session_, &PlanSession::scopeChanged, this, &BlockDetailsPanel::refresh);
    connect(session_, &PlanSession::selectedBlockChanged, this, &BlockDetailsPanel::refresh);
    refresh();
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

QString BlockDetailsPanel::hintText() const { return hasBlock() ? QString() : hint_->text(); }
// The labels hold their values with line breaks in long words (breakable()); these give them whole.
QString BlockDetailsPanel::nameText() const { return hasBlock() ? withoutBreaks(name_->text()) : QString(); }
QString BlockDetailsPanel::lifeText() const { return hasBlock() ? life_->text() : QString(); }
QString BlockDetailsPanel::lifeDetailText() const
{
    return hasBlock() ? withoutBreaks(lifeDetail_->text()) : QString();
}
QString BlockDetailsPanel::sizeText() const { return hasBlock() ? size_->text() : QString(); }
QString BlockDetailsPanel::addressText() const { return hasBlock() ? address_->text() : QString(); }
QString BlockDetailsPanel::offsetsText() const { return hasBlock() ? offsetsPlain_ : QString(); }
QString BlockDetailsPanel::typeText() const { return hasBlock() ? withoutBreaks(type_->text()) : QString(); }
QString BlockDetailsPanel::tempText() const { return hasBlock() ? temp_->text() : QString(); }
QString BlockDetailsPanel::copiesOverCapacityText(
    const ScopePlan& scope, const PlanAnalysis& analysis, const Block& block) const
{
    std::size_t copies = 0;
    std::size_t over = 0;
    std::uint64_t furthest = 0;
    for (const Block& other : scope.blocks) {
        if (other.bufferIndex != block.bufferIndex)
            continue;
        ++copies;
        if (analysis.isOverCapacity(other)) {
            ++over;
            furthest = std::max(furthest, other.addressEnd() - analysis.capacity.bytes);
        }
    }
    if (over == 0)
        return tr("none of the buffer's %1 copies ends above it").arg(copies);
    return tr("%1 of the buffer's %2 copies end above it, the furthest by %3")
        .arg(over)
        .arg(copies)
        .arg(bytesText(furthest));
}

QString BlockDetailsPanel::overCapacityText() const
{
    return hasBlock() ? withoutBreaks(overCapacity_->text()) : QString();
}
QString BlockDetailsPanel::locationText() const { return hasBlock() ? withoutBreaks(location_->text()) : QString(); }
QString BlockDetailsPanel::storageText() const { return hasBlock() ? storagePlain_ : QString(); }
QString BlockDetailsPanel::rawBufferText() const { return hasBlock() ? rawBuffer_->text() : QString(); }
QString BlockDetailsPanel::rawLocationText() const { return hasBlock() ? rawLocation_->text() : QString(); }

void BlockDetailsPanel::refresh()
{
    const ScopePlan* scope = session_->scope();
    const Block* block = session_->selectedBlockPtr();
    if (!scope || !block) {
        hint_->setText(scope ? tr("Click a block in the chart or a row in the table")
                             : tr("Open a memory plan dump to see its blocks"));
        offsetsPlain_.clear();
        pages_->setCurrentIndex(0);
        return;
    }
    const Buffer& buffer = scope->bufferOf(*block);
    const PlanAnalysis* analysis = session_->analysis();

    name_->setText(breakable(toQString(buffer.ssaName)));
    name_->setToolTip(toQString(buffer.ssaName));
    QStringList context{toQString(scope->scope)};
    context << tr("block %1 of %2").arg(session_->selectedBlock() + 1).arg(scope->blocks.size());
    context << tr("#%1 in file order").arg(buffer.id); // the table's "#", not the SSA suffix
    if (buffer.offsets.size() > 1)
        context << tr("copy %1 of %2").arg(block->copy + 1).arg(buffer.offsets.size());
    context_->setText(breakable(context.join(QStringLiteral(" \u00b7 "))));

    life_->setText(tr("Life [%1, %2]").arg(block->start).arg(block->end));
    const std::int64_t span = block->end - block->start + 1;
    QString detail = tr("alloc at %1, last use at %2").arg(buffer.allocTime).arg(block->end);
    detail += QStringLiteral(" \u00b7 ") + (span == 1 ? tr("spans 1 op") : tr("spans %1 ops").arg(span));
    if (buffer.allocTime != block->start)
        detail += tr(" \u00b7 first write at %1").arg(block->start);
    // With a compile log the two ends are ops of the late IR, with their Python lines.
    const PlanDocument* document = session_->document();
    if (const std::string ops = lifeOpsText(document ? document->log.get() : nullptr, block->start, block->end);
        !ops.empty())
        detail = toQString(ops) + QStringLiteral("\n") + detail;
    lifeDetail_->setText(breakable(detail));

    size_->setText(tr("%1 B (%2)").arg(block->size).arg(bytesText(block->size)));
    address_->setText(QStringLiteral("[%1, %2)").arg(block->offset).arg(block->addressEnd()));

    QStringList plain;
    QStringList rich;
    const auto copies = buffer.offsets.size();
    for (std::size_t i = 0; i < copies; ++i) {
        const QString item = tr("%1 (copy %2 of %3)").arg(buffer.offsets[i]).arg(i + 1).arg(copies);
        plain << item;
        rich << (static_cast<int>(i) == block->copy && copies > 1
                ? QStringLiteral("<b>%1</b>").arg(item.toHtmlEscaped())
                : item.toHtmlEscaped());
    }
    offsetsPlain_ = plain.join(QStringLiteral(", "));
    offsets_->setText(rich.join(QStringLiteral("<br>")));
    if (copies > 1)
        offsets_->setToolTip(
            tr("Multi-buffering: %1 copies cost %2 in total").arg(copies).arg(bytesText(block->size * copies)));
    else
        offsets_->setToolTip(QString());

    QString type = bufferTypeText(buffer);
    if (!buffer.elementType().empty()) {
        QStringList dims;
        for (const std::int64_t dim : buffer.shape())
            dims << (dim < 0 ? QStringLiteral("?") : QString::number(dim));
        type += dims.isEmpty()
            ? tr(" (%1, scalar)").arg(toQString(buffer.elementType()))
            : tr(" (%1, shape %2)").arg(toQString(buffer.elementType()), dims.join(QStringLiteral(" \u00d7 ")));
    }
    type_->setText(breakable(type));
    type_->setToolTip(toQString(buffer.memrefType()));

    temp_->setText(block->tmp ? tr("yes: scratch buffer an op needs internally") : tr("no"));

    QPalette palette = location_->palette();
    if (analysis && analysis->capacity.bytes > 0) {
        const std::uint64_t capacity = analysis->capacity.bytes;
        const QString capacityText = analysis->capacity.source == CapacitySource::Default
            ? tr("capacity %1 (default)").arg(bytesText(capacity))
            : tr("capacity %1 %2").arg(bytesText(capacity), toQString(describeCapacitySource(analysis->capacity)));
        if (analysis->isOverCapacity(*block)) {
            overCapacity_->setText(
                tr("by %1: ends at %2, %3")
                    .arg(bytesText(block->addressEnd() - capacity), bytesText(block->addressEnd()), capacityText));
            palette.setColor(QPalette::WindowText, style::alarm());
            QFont font = overCapacity_->font();
            font.setBold(true);
            overCapacity_->setFont(font);
        } else {
            overCapacity_->setText(
                tr("no: ends at %1, %2 below the %3")
                    .arg(bytesText(block->addressEnd()), bytesText(capacity - block->addressEnd()), capacityText));
            overCapacity_->setFont(location_->font());
        }
        // The table's grouped row speaks for the whole buffer: say the same here.
        if (buffer.offsets.size() > 1)
            overCapacity_->setText(
                overCapacity_->text() + tr("; ") + copiesOverCapacityText(*scope, *analysis, *block));
    } else {
        overCapacity_->setText(tr("unknown (no capacity)"));
        overCapacity_->setFont(location_->font());
    }
    overCapacity_->setPalette(palette);

    const QString shortLocation = shortLocationText(buffer.location());
    location_->setText(shortLocation.isEmpty() ? tr("none") : breakable(shortLocation));
    location_->setToolTip(shortLocation);
    rawBuffer_->setText(toQString(buffer.bufferText()));
    rawBuffer_->setCursorPosition(0);
    rawBuffer_->setToolTip(tr("The dump's buffer string:\n%1").arg(rawBuffer_->text()));
    rawLocation_->setText(toQString(buffer.location()));
    rawLocation_->setCursorPosition(0);
    rawLocation_->setToolTip(tr("The dump's source_location string:\n%1").arg(rawLocation_->text()));
    refreshStorage();
    pages_->setCurrentIndex(1);
}

void BlockDetailsPanel::refreshStorage()
{
    const PlanAnalysis* analysis = session_->analysis();
    const int block = session_->selectedBlock();
    if (!analysis || static_cast<std::size_t>(block) >= analysis->storages.storageOfBlock.size()) {
        storagePlain_.clear();
        storage_->clear();
        return;
    }
    const auto members = storageMembers(
        session_->document(), static_cast<std::size_t>(session_->scopeIndex()), *session_->scope(), *analysis, block);
    QString head = tr("storage %1").arg(analysis->storageOf(block));
    if (members.size() < 2) {
        storagePlain_ = head + tr(" (this block alone)");
        storage_->setText(storagePlain_.toHtmlEscaped());
        return;
    }
    head += QStringLiteral(" \u00b7 ") + inPlaceMark(members.size()) + tr(", its bytes counted once");
    storagePlain_ = (QStringList{head} + storageMemberLines(members, false)).join(QLatin1Char('\n'));
    storage_->setText(
        (QStringList{head.toHtmlEscaped()} + storageMemberLines(members, true, true)).join(QStringLiteral("<br>")));
}

QString BlockDetailsPanel::summaryText() const
{
    if (!hasBlock())
        return {};
    const ScopePlan* scope = session_->scope();
    const PlanDocument* document = session_->document();
    QStringList lines;
    QString heading = nameText();
    if (scope && document)
        heading += tr(" (scope %1, kernel %2)")
                       .arg(toQString(scope->scope),
                           document->dump.kernel.empty() ? tr("unnamed") : toQString(document->dump.kernel));
    lines << heading;
    lines << lifeText() + QStringLiteral(": ") + lifeDetailText();
    lines << tr("Size: %1").arg(sizeText());
    lines << tr("Address range: %1").arg(addressText());
    lines << tr("Offsets: %1").arg(offsetsText());
    lines << tr("Type: %1").arg(typeText());
    lines << tr("Temporary: %1").arg(tempText());
    lines << tr("Over capacity: %1").arg(overCapacityText());
    lines << tr("Location: %1").arg(locationText());
    lines << tr("Storage: %1").arg(storageText());
    lines << tr("Buffer: %1").arg(rawBufferText());
    lines << tr("Source location: %1").arg(rawLocationText());
    if (document)
        lines << tr("Dump: %1").arg(toQString(document->dump.file));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

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
