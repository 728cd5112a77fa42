#include "views/diagnosis/diagnosis_panel.hpp"

#include "core/byte_size.hpp"
#include "core/diagnosis_text.hpp"
#include "core/unplanned_scope.hpp"
#include "views/plan_session.hpp"
#include "views/view_text.hpp"

#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens {

namespace {

QLabel* wrappedLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QTableWidget* compactTable(const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setWordWrap(false);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    return table;
}

// As tall as its rows and at least as wide as its columns: the panel scrolls, not the table.
void fitHeightToRows(QTableWidget* table)
{
    int height = table->horizontalHeader()->sizeHint().height() + 2 * table->frameWidth();
    for (int row = 0; row < table->rowCount(); ++row)
        height += table->rowHeight(row);
    table->setFixedHeight(height);
    // The last column stretches, so its current width would only ever grow: measure its contents.
    const int last = table->columnCount() - 1;
    int width = 2 * table->frameWidth()
        + std::max(static_cast<const QAbstractItemView*>(table)->sizeHintForColumn(last),
            table->horizontalHeader()->sectionSizeHint(last));
    for (int column = 0; column < last; ++column)
        width += table->columnWidth(column);
    table->setMinimumWidth(width);
    // resizeColumnsToContents() sized the last column to its text too, and the header
    // stretches it again only when it is resized: after a reload the table ended short.
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setStretchLastSection(true);
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    return item;
}

QString joined(const std::vector<std::string>& items)
{
    QStringList list;
    for (const std::string& item : items)
        list << toQString(item);
    return list.join(QStringLiteral(", "));
}

} // namespace

DiagnosisPanel::DiagnosisPanel(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , verdict_(wrappedLabel(this))
    , critical_(wrappedLabel(this))
    , jump_(new QPushButton(this))
    , sources_(compactTable(
          {tr("Source"), tr("Name"), tr("Bytes"), tr("Share"), tr("Copies"), tr("Tmp"), tr("Buffers")}, this))
    , levers_(compactTable({tr("Lever (alone)"), tr("Saves"), tr("Predicted need"), tr("Fits")}, this))
    , largest_(wrappedLabel(this))
    , method_(wrappedLabel(this))
{
    setObjectName(QStringLiteral("diagnosisPanel"));
    QFont bold = verdict_->font();
    bold.setBold(true);
    verdict_->setFont(bold);
    QPalette secondary = method_->palette();
    secondary.setColor(QPalette::WindowText, secondaryText(secondary));
    method_->setPalette(secondary);
    method_->setText(tr("Levers are predicted plans: the compiler plans again and may place buffers differently."));
    method_->setToolTip(toQString(kPredictionMethod));
    critical_->setToolTip(tr("The critical op is the first op at which a live block ends at the peak address "
                             "(the compiler's \"requires N bits\")."));
    jump_->setToolTip(tr("Move the time cursor to the critical op"));
    sources_->setToolTip(
        tr("What is live at the critical op, by the Python line that allocated it (the IR line when it has none). "
           "Copies: bytes in multi-buffer copies beyond the first. Select a row to select its blocks."));
    levers_->setSelectionMode(QAbstractItemView::NoSelection);

    // Everything in one scroll area: the tables show all their rows and nothing is clipped in a small dock.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    for (QWidget* child :
        std::initializer_list<QWidget*>{verdict_, critical_, jump_, sources_, levers_, largest_, method_})
        child->setParent(content);
    auto* criticalRow = new QHBoxLayout;
    criticalRow->addWidget(critical_, 1);
    criticalRow->addWidget(jump_, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(verdict_);
    layout->addLayout(criticalRow);
    // What would fit first (a few rows), then what is live at the critical op.
    layout->addWidget(levers_);
    layout->addWidget(largest_);
    layout->addWidget(sources_);
    layout->addWidget(method_);
    layout->addStretch(1);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(jump_, &QPushButton::clicked, this, &DiagnosisPanel::jumpToCriticalOp);
    connect(sources_, &QTableWidget::itemSelectionChanged, this, &DiagnosisPanel::onSourceRowChanged);
    connect(session_, &PlanSession::scopeChanged, this, &DiagnosisPanel::startDiagnosis);
    showEmpty(tr("Open a dump to see why its plan overflows and what would fit."));
}

void DiagnosisPanel::startDiagnosis()
{
    jobs_.cancelAll(); // a newer document or scope is on its way
    const auto document = session_->sharedDocument();
    if (!document || !session_->hasScope()) {
        showEmpty(tr("Open a dump to see why its plan overflows and what would fit."));
        return;
    }
    const auto scope = static_cast<std::size_t>(session_->scopeIndex());
    if (!document->analyses.at(scope).planned) {
        showEmpty(tr("%1: no addresses, so nothing to diagnose. Its demand, the most bytes live at once, is %2.")
                      .arg(QString::fromStdString(notPlannedText(document->dump.scopes, document->analyses)),
                          QString::fromStdString(formatBytes(document->analyses.at(scope).peakLiveBytes))));
        return;
    }
    jobs_.start([document, scope](const JobCancel&) { return diagnoseScope(*document, scope); },
        [this](Diagnosis diagnosis) { showDiagnosis(std::move(diagnosis)); });
}

void DiagnosisPanel::showEmpty(const QString& text)
{
    diagnosis_.reset();
    verdict_->setText(text);
    critical_->clear();
    jump_->hide();
    sources_->setRowCount(0);
    levers_->setRowCount(0);
    fitHeightToRows(sources_);
    fitHeightToRows(levers_);
    largest_->clear();
    method_->hide();
}

void DiagnosisPanel::showDiagnosis(Diagnosis diagnosis)
{
    diagnosis_ = std::move(diagnosis);
    const Diagnosis& d = *diagnosis_;
    verdict_->setText(toQString(verdictSentence(d)));
    if (d.criticalOp) {
        const PlanDocument* document = session_->document();
        QString text = tr("Critical op %1%2: live %3, holes %4; multi-buffer copies %5, temporaries %6.")
                           .arg(*d.criticalOp)
                           .arg(document ? toQString(criticalOpName(*document, d)) : QString())
                           .arg(bytesText(d.liveBytes), bytesText(d.holeBytes), bytesText(d.multiBufferBytes),
                               bytesText(d.tmpBytes));
        if (const std::string advice = adviceSentence(d); !advice.empty())
            text += QStringLiteral("\n") + toQString(advice);
        critical_->setText(text);
        jump_->setText(tr("Go to Op %1").arg(*d.criticalOp));
        jump_->show();
    } else {
        critical_->setText(tr("The scope has no blocks."));
        jump_->hide();
    }
    fillSources();
    fillLevers();
    largest_->setText(d.criticalOp ? toQString(largestFittingSentence(d)) : QString());
    method_->setVisible(!d.levers.empty() || d.largestFitting);
    emit diagnosed(d.shortBytes > 0);
}

void DiagnosisPanel::fillSources()
{
    const Diagnosis& d = *diagnosis_;
    const QSignalBlocker blocker(sources_);
    sources_->clearSelection();
    sources_->setRowCount(static_cast<int>(d.bySource.size()));
    for (int row = 0; row < sources_->rowCount(); ++row) {
        const SourceShare& share = d.bySource[static_cast<std::size_t>(row)];
        auto* source = cell(toQString(sourceShareLabel(share)));
        if (share.python)
            source->setToolTip(toQString(share.pythonFile) + QLatin1Char(':') + QString::number(share.python->line));
        sources_->setItem(row, 0, source);
        sources_->setItem(row, 1, cell(share.names.empty() ? QStringLiteral("-") : toQString(share.nameText())));
        sources_->setItem(row, 2, cell(toQString(shareBytesText(share)), true));
        sources_->setItem(row, 3, cell(toQString(formatPercent(share.bytes, d.requiredBytes)), true));
        sources_->setItem(
            row, 4, cell(share.multiBufferBytes ? bytesText(share.multiBufferBytes) : QStringLiteral("-"), true));
        sources_->setItem(row, 5, cell(share.tmpBytes ? bytesText(share.tmpBytes) : QStringLiteral("-"), true));
        sources_->setItem(row, 6, cell(joined(share.buffers)));
    }
    sources_->resizeColumnsToContents();
    fitHeightToRows(sources_);
}

void DiagnosisPanel::fillLevers()
{
    const Diagnosis& d = *diagnosis_;
    levers_->setRowCount(static_cast<int>(d.levers.size()));
    for (int row = 0; row < levers_->rowCount(); ++row) {
        const Lever& lever = d.levers[static_cast<std::size_t>(row)];
        levers_->setItem(row, 0, cell(toQString(leverLabel(lever))));
        levers_->setItem(row, 1, cell(bytesText(lever.savesBytes), true));
        auto* need = cell(bytesText(lever.predictedRequiredBytes), true);
        need->setToolTip(tr("%1 bytes").arg(lever.predictedRequiredBytes));
        levers_->setItem(row, 2, need);
        auto* fits = cell(lever.fits ? tr("fits") : tr("does not fit"));
        fits->setForeground(lever.fits ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
        levers_->setItem(row, 3, fits);
    }
    levers_->resizeColumnsToContents();
    fitHeightToRows(levers_);
}

void DiagnosisPanel::onSourceRowChanged()
{
    const QList<QTableWidgetItem*> selected = sources_->selectedItems();
    if (!diagnosis_ || selected.isEmpty())
        return;
    const auto row = static_cast<std::size_t>(selected.front()->row());
    if (row >= diagnosis_->bySource.size())
        return;
    const std::vector<int>& blocks = diagnosis_->bySource[row].blocks;
    session_->setHighlightedBlocks(blocks);
    if (!blocks.empty())
        session_->selectBlock(blocks.front());
}

void DiagnosisPanel::jumpToCriticalOp()
{
    if (diagnosis_ && diagnosis_->criticalOp)
        session_->setCursorOp(diagnosis_->criticalOp);
}

} // namespace memlens
