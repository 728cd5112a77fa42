#include "views/diagnosis/diagnosis_panel.hpp"

#include "core/diagnosis/diagnosis_text.hpp"
#include "core/diagnosis/fit_frontier.hpp"
#include "core/diagnosis/fit_map_replan.hpp"
#include "core/diagnosis/fit_map_text.hpp"
#include "core/diagnosis/launch_values.hpp"
#include "views/diagnosis/fit_map_model.hpp"
#include "views/diagnosis/lever_text.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QWheelEvent>

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

// A table as tall as its rows, its rows selected whole, read only (the grid selects cells).
template <typename Table> Table* compactView(Table* table)
{
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setWordWrap(false);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // In a narrow dock a wide table scrolls on its own: the sentences around it keep the dock's width and wrap.
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    return table;
}

QTableWidget* compactTable(const QStringList& headers, QWidget* parent)
{
    auto* table = compactView(new QTableWidget(0, static_cast<int>(headers.size()), parent));
    table->setHorizontalHeaderLabels(headers);
    return table;
}

// As tall as its rows (and the scroll bar it shows when the dock is narrower than its columns):
// the panel scrolls down, a table sideways.
void fitHeightToRows(QTableView* table)
{
    int height = table->horizontalHeader()->sizeHint().height() + 2 * table->frameWidth();
    for (int row = 0; row < table->model()->rowCount(); ++row)
        height += table->rowHeight(row);
    const int last = table->model()->columnCount() - 1;
    int width = 2 * table->frameWidth()
        + std::max(static_cast<const QAbstractItemView*>(table)->sizeHintForColumn(last),
            table->horizontalHeader()->sectionSizeHint(last));
    for (int column = 0; column < last; ++column)
        width += table->columnWidth(column);
    table->setFixedHeight(height + table->horizontalScrollBar()->sizeHint().height());
    table->setMinimumWidth(std::min(width, 120));
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

class FitCellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::paint(painter, option, index);
        if (!index.data(FitMapModel::TodayRole).toBool()) // today's cell of the fit map: outlined
            return;
        painter->save();
        painter->setPen(QPen(option.palette.color(QPalette::Text), 2));
        painter->drawRect(option.rect.adjusted(1, 1, -2, -2));
        painter->restore();
    }
};

} // namespace

DiagnosisPanel::DiagnosisPanel(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , verdict_(wrappedLabel(this))
    , critical_(wrappedLabel(this))
    , jump_(new QPushButton(this))
    , sources_(compactTable(
          {tr("Source"), tr("Name"), tr("Bytes"), tr("Share"), tr("Copies"), tr("Tmp"), tr("Buffers")}, this))
    , levers_(compactTable({tr("Lever (alone)"), tr("Needs")}, this))
    , leverCaption_(wrappedLabel(this))
    , sourceCaption_(wrappedLabel(this))
    , largest_(wrappedLabel(this))
    , method_(wrappedLabel(this))
    , fitLegend_(wrappedLabel(this))
    , grid_(compactView(new QTableView(this)))
    , gridModel_(new FitMapModel(this))
    , copyConfigs_(new QPushButton(tr("Copy Configs"), this))
    , whatIfLevers_(new QComboBox(this))
    , whatIfText_(new QLineEdit(this))
    , whatIfButton_(new QPushButton(tr("What if…"), this))
    , whatIfError_(wrappedLabel(this))
    , whatIfResult_(wrappedLabel(this))
{
    setObjectName(QStringLiteral("diagnosisPanel"));
    setupLabels();
    layOut();
    connectControls();
    showEmpty(tr("Open a dump to see why its plan overflows and what would fit."));
}

void DiagnosisPanel::setupLabels()
{
    // The verdict column keeps its width (what the lever needs, then whether that fits) and the
    // lever's text (what it saves on its second line) wraps in the rest: every word readable at
    // any dock width, no tooltip needed. How a lever was found is the footer's, or a third line
    // under Needs when the rows differ.
    QHeaderView* leverHeader = levers_->horizontalHeader();
    leverHeader->setStretchLastSection(false);
    leverHeader->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < levers_->columnCount(); ++column)
        leverHeader->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    levers_->setWordWrap(true);
    levers_->setTextElideMode(Qt::ElideNone);
    // A narrower lever column wraps into taller rows: the table grows with them, once the
    // layout has settled (queued: the resize comes from inside the layout's own pass).
    connect(
        leverHeader, &QHeaderView::sectionResized, this,
        [this](int section) {
            if (section == 0)
                fitLeverHeight();
        },
        Qt::QueuedConnection);
    QFont bold = verdict_->font();
    bold.setBold(true);
    verdict_->setFont(bold);
    QPalette secondary = method_->palette();
    secondary.setColor(QPalette::WindowText, secondaryText(secondary));
    method_->setPalette(secondary);
    critical_->setToolTip(tr("The critical op is the first op at which a live block ends at the peak address "
                             "(the compiler's \"requires N bits\")."));
    jump_->setToolTip(tr("Move the time cursor to the critical op"));
    sources_->setToolTip(
        tr("What is live at the critical op, by the Python line that allocated it (the IR line when it has none). "
           "Copies: bytes in multi-buffer copies beyond the first. Select a row to select its blocks."));
    leverCaption_->setText(tr("Levers: each kernel option changed alone, the bytes it saves at the critical op and "
                              "what the plan then needs. Select one to highlight the buffers it changes."));
    sourceCaption_->setText(tr("Live at the critical op, by source line: who holds the bytes. Select a row to "
                               "select its blocks."));
    for (QLabel* caption : {leverCaption_, sourceCaption_}) {
        QFont font = caption->font();
        font.setBold(true);
        caption->setFont(font);
    }
    grid_->setObjectName(QStringLiteral("fitGrid"));
    grid_->setModel(gridModel_);
    grid_->setItemDelegate(new FitCellDelegate(grid_));
    grid_->setSelectionBehavior(QAbstractItemView::SelectItems);
    grid_->verticalHeader()->show();
    grid_->horizontalHeader()->setStretchLastSection(false);
    grid_->setToolTip(
        tr("Every power-of-two config from 1/16x to 2x of today's (outlined). Green: fits, paler as the "
           "headroom shrinks; red: does not fit; * the largest that fit. Click a cell to compare its plan "
           "with today's."));
    whatIfText_->setPlaceholderText(tr("BLOCK_SIZE=4096, multibuffer=False"));
    whatIfText_->setToolTip(tr("A config to plan: NAME=VALUE for the fit map's dimensions and multibuffer=True|False; "
                               "the others keep today's values. Opens the compare view of today's plan against it."));
    whatIfLevers_->setToolTip(tr("Pick a lever to fill in its config"));
    // A lever's label is long (its Python line): the box keeps the dock's width, its list shows them whole.
    whatIfLevers_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    whatIfLevers_->setMinimumContentsLength(18);
}

void DiagnosisPanel::layOut()
{
    // Everything in one scroll area: the tables show all their rows and nothing is clipped in a small dock.
    auto* scroll = scroll_ = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    for (QWidget* child : std::initializer_list<QWidget*>{verdict_, critical_, jump_, sources_, levers_, leverCaption_,
             sourceCaption_, largest_, fitLegend_, grid_, copyConfigs_, method_})
        child->setParent(content);
    auto* criticalRow = new QHBoxLayout;
    criticalRow->addWidget(critical_, 1);
    criticalRow->addWidget(jump_, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(verdict_);
    layout->addLayout(criticalRow);
    // What would fit first (a few rows), then what is live at the critical op.
    layout->addWidget(leverCaption_);
    layout->addWidget(levers_);
    layout->addWidget(largest_);
    layout->addWidget(fitLegend_);
    layout->addWidget(grid_);
    layout->addWidget(copyConfigs_, 0, Qt::AlignLeft);
    // The lever picker above the config line: side by side they would widen a narrow dock.
    layout->addWidget(whatIfLevers_);
    auto* whatIfRow = new QHBoxLayout;
    whatIfRow->addWidget(whatIfText_, 1);
    whatIfRow->addWidget(whatIfButton_);
    layout->addLayout(whatIfRow);
    layout->addWidget(whatIfError_);
    layout->addWidget(whatIfResult_);
    layout->addWidget(sourceCaption_);
    layout->addWidget(sources_);
    layout->addWidget(method_);
    layout->addStretch(1);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

void DiagnosisPanel::connectControls()
{
    connect(jump_, &QPushButton::clicked, this, &DiagnosisPanel::jumpToCriticalOp);
    connect(sources_, &QTableWidget::itemSelectionChanged, this, &DiagnosisPanel::onSourceRowChanged);
    connect(levers_, &QTableWidget::itemSelectionChanged, this, &DiagnosisPanel::onLeverRowChanged);
    connect(
        grid_, &QTableView::clicked, this, [this](const QModelIndex& index) { openCell(index.row(), index.column()); });
    grid_->installEventFilter(this);             // Enter or Space on a cell does what a click does
    grid_->viewport()->installEventFilter(this); // the wheel scrolls the panel, not the grid sideways
    connect(whatIfButton_, &QPushButton::clicked, this, &DiagnosisPanel::whatIf);
    connect(whatIfText_, &QLineEdit::returnPressed, this, &DiagnosisPanel::whatIf);
    connect(whatIfLevers_, qOverload<int>(&QComboBox::activated), this, [this](int index) {
        const QString config = whatIfLevers_->itemData(index).toString();
        if (!config.isEmpty())
            whatIfText_->setText(config);
    });
    connect(copyConfigs_, &QPushButton::clicked, this, &DiagnosisPanel::copyConfigs);
    connect(session_, &PlanSession::scopeChanged, this, &DiagnosisPanel::startDiagnosis);
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
        showEmpty(notPlannedDiagnosisText(*document, scope));
        return;
    }
    QStringList otherPaths = otherDumps_ ? otherDumps_() : QStringList();
    otherPaths.removeAll(QString::fromStdString(document->dump.file));
    // Without the window's source folders a version's constexprs go unnamed and match no cell.
    const LoadOptions otherOptions = otherOptions_ ? otherOptions_() : LoadOptions();
    // Another plan, or another scope: what the panel shows is not its answer. Say so at once
    // (a big plan takes seconds), from the top, and drop the last kernel's what-if.
    if (!diagnosed_ || diagnosed_->dump.file != document->dump.file || diagnosed_->dump.kernel != document->dump.kernel
        || diagnosedScope_ != scope) {
        showEmpty(tr("Diagnosing %1…").arg(toQString(document->dump.kernel)));
        whatIfText_->clear();
        scroll_->verticalScrollBar()->setValue(0);
    }
    diagnosed_ = document;
    diagnosedScope_ = scope;
    std::shared_ptr<FitEvaluator> evaluator = fitEvaluator_ ? fitEvaluator_() : nullptr;
    jobs_.start(
        [document, scope, otherPaths, otherOptions, evaluator](const JobCancel& cancel) {
            Result result{diagnoseScope(*document, scope), {}, {}};
            result.map = buildFitMap(*document, scope, result.diagnosis, evaluator.get());
            // The sentence above the grid says what the grid's stars say, on the capacity on show.
            result.diagnosis.largestFitting = largestFittingOf(result.diagnosis, result.map);
            for (const QString& path : otherPaths) {
                if (cancel.requested())
                    break;
                try {
                    auto other = std::make_shared<PlanDocument>(loadPlanDocument(path.toStdString(), otherOptions));
                    if (other->dump.kernel == document->dump.kernel)
                        result.others.push_back(std::move(other));
                } catch (const std::exception&) {
                    // A version that cannot be read again shows no compiled numbers.
                }
            }
            attachCompiled(result.map, *document, scope, result.others);
            return result;
        },
        [this](Result result) { showDiagnosis(std::move(result)); });
}

void DiagnosisPanel::showEmpty(const QString& text)
{
    diagnosis_.reset();
    hasFitMap_ = false;
    others_.clear();
    gridModel_->clear();
    grid_->hide();
    fitLegend_->clear();
    copyConfigs_->hide();
    whatIfLevers_->clear();
    whatIfLevers_->hide();
    whatIfText_->hide();
    whatIfButton_->hide();
    whatIfError_->clear();
    whatIfResult_->clear();
    verdict_->setText(breakable(text)); // it may name a kernel or a file too long for the dock
    critical_->clear();
    jump_->hide();
    sources_->setRowCount(0);
    levers_->setRowCount(0);
    sources_->hide(); // no table of nothing: its headers alone would linger
    levers_->hide();
    leverCaption_->hide();
    sourceCaption_->hide();
    fitHeightToRows(sources_);
    fitLeverHeight();
    largest_->clear();
    method_->hide();
}

void DiagnosisPanel::showDiagnosis(Result result)
{
    diagnosis_ = std::move(result.diagnosis);
    // The grid's model holds the map the panel shows: one copy, one answer to cellAt.
    hasFitMap_ = true;
    gridModel_->setMap(std::move(result.map));
    others_ = std::move(result.others);
    const Diagnosis& d = *diagnosis_;
    verdict_->setText(toQString(verdictSentence(d)));
    critical_->setText(criticalOpText(d, session_->document()));
    if (d.criticalOp)
        jump_->setText(tr("Go to Op %1").arg(*d.criticalOp));
    jump_->setVisible(d.criticalOp.has_value());
    fillSources();
    fillLevers();
    fillGrid();
    fillWhatIf();
    largest_->setText(d.criticalOp ? toQString(largestFittingSentence(d)) : QString());
    method_->setText(leverMethodText(d)); // re-planned rows never sit over "predicted"
    method_->setToolTip(toQString(methodText(d)));
    method_->setVisible(!d.levers.empty() || d.largestFitting);
    emit diagnosed(d.shortBytes > 0);
}

void DiagnosisPanel::fillSources()
{
    const Diagnosis& d = *diagnosis_;
    const QSignalBlocker blocker(sources_);
    sourceCaption_->setVisible(!d.bySource.empty());
    sources_->setVisible(!d.bySource.empty());
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
        sources_->setItem(row, 6, cell(toQString(shareBuffersText(share))));
    }
    sources_->resizeColumnsToContents();
    fitHeightToRows(sources_);
}

void DiagnosisPanel::fillLevers()
{
    const Diagnosis& d = *diagnosis_;
    const QSignalBlocker blocker(levers_);
    levers_->clearSelection();
    levers_->setRowCount(static_cast<int>(d.levers.size()));
    leverCaption_->setVisible(!d.levers.empty());
    levers_->setVisible(!d.levers.empty());
    const ScopePlan* scope = diagnosed_ && diagnosedScope_ < diagnosed_->dump.scopes.size()
        ? &diagnosed_->dump.scopes[diagnosedScope_]
        : nullptr;
    const bool mixedHow = std::any_of(
        d.levers.begin(), d.levers.end(), [&d](const Lever& lever) { return lever.how != d.levers.front().how; });
    for (int row = 0; row < levers_->rowCount(); ++row) {
        const Lever& lever = d.levers[static_cast<std::size_t>(row)];
        levers_->setItem(row, 0,
            cell(toQString(leverChoiceLabel(lever)) + QLatin1Char('\n')
                + tr("saves %1").arg(bytesText(lever.savesBytes))));
        levers_->item(row, 0)->setToolTip(toQString(leverLabel(lever))
            + (scope ? QStringLiteral("\n") + toQString(leverDescription(*scope, lever)) : QString()));
        auto* need = cell(bytesText(lever.predictedRequiredBytes) + QLatin1Char('\n')
                + (lever.fits ? tr("fits") : tr("does not fit"))
                + (mixedHow ? QLatin1Char('\n') + toQString(planMethodText(lever.how)) : QString()),
            true);
        need->setForeground(lever.fits ? style::fits() : style::alarm());
        need->setToolTip(
            tr("%1 bytes, %2").arg(lever.predictedRequiredBytes).arg(toQString(planMethodText(lever.how))));
        levers_->setItem(row, 1, need);
    }
    fitLeverHeight();
    QMetaObject::invokeMethod(this, &DiagnosisPanel::fitLeverHeight, Qt::QueuedConnection);
}

void DiagnosisPanel::fitLeverHeight()
{
    levers_->resizeRowsToContents();
    int height = levers_->horizontalHeader()->sizeHint().height() + 2 * levers_->frameWidth();
    for (int row = 0; row < levers_->rowCount(); ++row)
        height += levers_->rowHeight(row);
    if (levers_->horizontalScrollBar()->isVisible())
        height += levers_->horizontalScrollBar()->sizeHint().height();
    if (levers_->height() != height)
        levers_->setFixedHeight(height);
}

void DiagnosisPanel::fillGrid()
{
    const FitMap& map = gridModel_->map();
    if (map.empty()) {
        grid_->hide();
        fitLegend_->clear();
        copyConfigs_->hide();
        return;
    }
    grid_->resizeColumnsToContents();
    grid_->resizeRowsToContents();
    fitHeightToRows(grid_);
    grid_->show();
    fitLegend_->setText(fitLegendText(map));
    const bool pasteable = diagnosis_ && !frontierForKernel(*diagnosis_, map).empty();
    copyConfigs_->setText(diagnosis_ && diagnosis_->autotuned ? tr("Copy Configs") : tr("Copy Values"));
    copyConfigs_->setToolTip(diagnosis_ && diagnosis_->autotuned
            ? tr("Copy the frontier as triton.Config lines to paste into triton.autotune")
            : tr("Copy the frontier as the values the launcher passes (the kernel is not autotuned)"));
    copyConfigs_->setVisible(pasteable);
}

void DiagnosisPanel::fillWhatIf()
{
    whatIfLevers_->clear();
    whatIfError_->clear();
    whatIfResult_->clear();
    const bool shown = hasFitMap_ && !gridModel_->map().empty();
    whatIfLevers_->addItem(tr("Pick a lever…"));
    if (shown)
        for (const Lever& lever : diagnosis_->levers)
            if (const std::string config = leverConfigText(gridModel_->map(), lever); !config.empty())
                whatIfLevers_->addItem(toQString(leverLabel(lever)), toQString(config));
    whatIfLevers_->setVisible(shown);
    whatIfLevers_->view()->setMinimumWidth(whatIfLevers_->view()->sizeHintForColumn(0) + 24);
    if (shown)
        whatIfText_->setPlaceholderText(toQString(exampleConfigText(gridModel_->map())));
    whatIfText_->setVisible(shown);
    whatIfButton_->setVisible(shown);
}

void DiagnosisPanel::whatIf()
{
    if (!hasFitMap_ || gridModel_->map().empty())
        return;
    std::string error;
    const std::optional<FitConfig> config
        = parseConfigText(gridModel_->map(), whatIfText_->text().toStdString(), &error);
    if (!config) {
        whatIfError_->setText(toQString(error));
        return;
    }
    whatIfError_->clear();
    FitCell cell;
    cell.values = config->values;
    if (!gridModel_->map().multibuffer.empty())
        cell.multibuffer = config->multibuffer;
    openConfig(*config, toQString(configText(gridModel_->map(), cell)));
}

const FitMap* DiagnosisPanel::fitMap() const { return hasFitMap_ ? &gridModel_->map() : nullptr; }

const FitCell* DiagnosisPanel::cellAt(int row, int column) const
{
    return hasFitMap_ ? gridModel_->cellAt(row, column) : nullptr;
}

bool DiagnosisPanel::eventFilter(QObject* watched, QEvent* event)
{
    // The grid is as tall as its rows: a vertical wheel over it would scroll it sideways (Qt's
    // fallback with no vertical bar). It scrolls the panel, as everywhere else in it.
    if (watched == grid_->viewport() && event->type() == QEvent::Wheel) {
        const auto* wheel = static_cast<QWheelEvent*>(event);
        if (wheel->angleDelta().y() != 0 && !(wheel->modifiers() & Qt::ShiftModifier)) {
            QCoreApplication::sendEvent(scroll_->verticalScrollBar(), event);
            return true;
        }
    }
    if (watched == grid_ && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if ((key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Space)
            && grid_->currentIndex().isValid()) {
            openCell(grid_->currentIndex().row(), grid_->currentIndex().column());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void DiagnosisPanel::openCell(int row, int column)
{
    const FitCell* cell = cellAt(row, column);
    if (!cell || cell->today || !diagnosed_ || !diagnosis_)
        return;
    const QString todayLabel = tr("today: %1").arg(QFileInfo(toQString(diagnosed_->dump.file)).fileName());
    const QString config = toQString(configText(gridModel_->map(), *cell));
    // The box says what is compared now, ready to be changed and planned again.
    whatIfText_->setText(config);
    whatIfError_->clear();
    if (cell->compiled) {
        for (const auto& other : others_)
            if (other->dump.file == cell->compiled->file) {
                emit planOpened(
                    diagnosed_, todayLabel, other, tr("%1, compiled (%2)").arg(config, toQString(other->dump.file)));
                return;
            }
    }
    openConfig(cell->config(), config);
}

void DiagnosisPanel::openConfig(const FitConfig& wanted, const QString& config)
{
    if (!diagnosed_ || !diagnosis_ || !hasFitMap_)
        return;
    const QString todayLabel = tr("today: %1").arg(QFileInfo(toQString(diagnosed_->dump.file)).fileName());
    const auto document = diagnosed_;
    const std::size_t scope = diagnosedScope_;
    const Diagnosis diagnosis = *diagnosis_;
    const FitMap map = gridModel_->map();
    struct Planned {
        std::shared_ptr<const PlanDocument> plan;
        bool replanned = false;
    };
    whatIfResult_->setText(tr("%1: planning…").arg(config));
    // Planning again reads and plans the IR: off the GUI thread, and only the latest request is shown.
    cellJobs_.start(
        [document, scope, diagnosis, map, wanted](const JobCancel& cancel) {
            auto replanned = replannedDocument(*document, scope, diagnosis, map, wanted, cancel.flag().get());
            cancel.throwIfRequested(); // a newer request replaced this one: its plan stopped undecided
            if (replanned)
                return Planned{std::make_shared<const PlanDocument>(std::move(*replanned)), true};
            return Planned{
                std::make_shared<const PlanDocument>(predictedDocument(*document, scope, diagnosis, map, wanted)),
                false};
        },
        [this, document, scope, todayLabel, config](Planned planned) {
            const PlanMethod how = planned.replanned ? PlanMethod::Replanned : PlanMethod::Predicted;
            whatIfResult_->setText(
                whatIfResultText(config, how, planned.plan->analysisOf(document->dump.scopes[scope].scope)));
            emit planOpened(document, todayLabel, std::move(planned.plan),
                tr("%1, %2").arg(config, QString::fromLatin1(planMethodText(how))));
        });
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

void DiagnosisPanel::onLeverRowChanged()
{
    const QList<QTableWidgetItem*> selected = levers_->selectedItems();
    if (!diagnosis_ || selected.isEmpty() || !diagnosed_ || diagnosed_ != session_->sharedDocument())
        return;
    const auto row = static_cast<std::size_t>(selected.front()->row());
    if (row >= diagnosis_->levers.size() || diagnosedScope_ >= diagnosed_->dump.scopes.size())
        return;
    const ScopePlan& scope = diagnosed_->dump.scopes[diagnosedScope_];
    const Lever& lever = diagnosis_->levers[row];
    const std::vector<int> blocks = leverBlocks(scope, lever);
    session_->setHighlightedBlocks(blocks);
    emit leverSelected(toQString(leverDescription(scope, lever)), blocks);
    // The Python pane goes where the value is chosen (the launcher), else where it sizes a tile.
    const QString file = toQString(diagnosis_->tileNames->kernelFile);
    if (lever.chosen && !file.isEmpty())
        emit pythonLinesChosen(file, leverChoiceLines(*lever.chosen), toQString(lever.chosen->text()));
    else if (lever.name.python && !lever.name.python->localPath.empty())
        emit pythonLinesChosen(toQString(lever.name.python->localPath), {lever.name.python->line}, {});
}

void DiagnosisPanel::copyConfigs()
{
    if (!hasFitMap_ || !diagnosis_)
        return;
    const QString text = toQString(frontierForKernel(*diagnosis_, gridModel_->map()));
    QApplication::clipboard()->setText(text);
    emit statusMessage(copiedMessage(text, diagnosis_->autotuned));
}

void DiagnosisPanel::jumpToCriticalOp()
{
    if (diagnosis_ && diagnosis_->criticalOp)
        session_->setCursorOp(diagnosis_->criticalOp);
}

} // namespace memlens
