#include "views/run/run_view.hpp"

#include "core/dump/dump_error.hpp"
#include "core/run/config_envelope.hpp"
#include "core/run/run_formats.hpp"
#include "views/run/envelope_table_model.hpp"
#include "views/run/headroom_bar_delegate.hpp"
#include "views/run/run_table_model.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens {

namespace {

struct RunResult {
    std::optional<RunSummary> summary;
    QString error;
};

} // namespace

RunView::RunView(QWidget* parent)
    : QWidget(parent)
    , model_(new RunTableModel(this))
    , proxy_(new QSortFilterProxyModel(this))
    , table_(new QTableView(this))
    , filter_(new QLineEdit(this))
    , header_(new QLabel(this))
    , details_(new QPlainTextEdit(this))
    , shown_(new QLabel(this))
    , envelopePane_(new QWidget(this))
    , envelopeBox_(new QComboBox(envelopePane_))
    , envelopeLabel_(new QLabel(envelopePane_))
    , envelopeModel_(new EnvelopeTableModel(this))
    , envelopeProxy_(new QSortFilterProxyModel(this))
    , envelopeTable_(new QTableView(envelopePane_))
    , copyConfigs_(new QAction(tr("Copy Fitting Configs"), this))
    , saveConfigs_(new QAction(tr("Save Fitting Configs…"), this))
    , progressTimer_(new QTimer(this))
{
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(RunTableModel::SortRole);
    proxy_->setFilterKeyColumn(-1);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(RunTableModel::StatusColumn, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setHighlightSections(false);
    table_->setItemDelegateForColumn(RunTableModel::UsedColumn, new HeadroomBarDelegate(table_));
    connect(table_, &QTableView::clicked, this, &RunView::openIndex);

    header_->setTextFormat(Qt::PlainText);
    header_->setWordWrap(true);
    filter_->setPlaceholderText(tr("Filter by kernel, status, Python line, lever or file"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);

    details_->setReadOnly(true);
    details_->setPlaceholderText(tr("The row under the cursor: its file, error, notes and what changed since the "
                                    "version before. Click a row or press Enter to open its plan."));
    details_->setMinimumHeight(60);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showDetails(current); });
    connect(proxy_, &QAbstractItemModel::modelReset, this, [this] { details_->clear(); });

    shown_->setTextFormat(Qt::PlainText);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &RunView::updateShown);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &RunView::updateShown);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &RunView::updateShown);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &RunView::updateShown);

    // The envelope: one kernel's configs, compiled and re-planned.
    envelopeProxy_->setSourceModel(envelopeModel_);
    envelopeProxy_->setSortRole(EnvelopeTableModel::SortRole);
    envelopeTable_->setModel(envelopeProxy_);
    envelopeTable_->setSortingEnabled(true);
    envelopeTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    envelopeTable_->setSelectionMode(QAbstractItemView::SingleSelection);
    envelopeTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    envelopeTable_->setAlternatingRowColors(true);
    envelopeTable_->setWordWrap(false);
    envelopeTable_->setTabKeyNavigation(false);
    envelopeTable_->verticalHeader()->hide();
    envelopeTable_->horizontalHeader()->setHighlightSections(false);
    envelopeTable_->horizontalHeader()->setStretchLastSection(true);
    envelopeBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    envelopeBox_->setToolTip(tr("The kernel compiled in several configs whose table is shown"));
    connect(envelopeBox_, &QComboBox::currentIndexChanged, this, &RunView::showEnvelope);
    envelopeLabel_->setTextFormat(Qt::PlainText);
    envelopeLabel_->setWordWrap(true);
    envelopeLabel_->setMinimumWidth(120);
    copyConfigs_->setObjectName(QStringLiteral("copyFittingConfigsAction"));
    copyConfigs_->setToolTip(tr("Copy the run's configs that fit as triton.Config entries, to paste into "
                                "@triton.autotune(configs=...) (memlens summary --format py)"));
    saveConfigs_->setObjectName(QStringLiteral("saveFittingConfigsAction"));
    saveConfigs_->setToolTip(tr("Save the run's configs that fit as triton.Config entries in a Python file "
                                "(memlens summary --format py)"));
    connect(copyConfigs_, &QAction::triggered, this, &RunView::copyConfigs);
    connect(saveConfigs_, &QAction::triggered, this, &RunView::chooseAndSaveConfigs);
    auto* copyButton = new QToolButton(envelopePane_);
    copyButton->setDefaultAction(copyConfigs_);
    auto* saveButton = new QToolButton(envelopePane_);
    saveButton->setDefaultAction(saveConfigs_);
    auto* envelopeHead = new QHBoxLayout;
    envelopeHead->setContentsMargins(0, 0, 0, 0);
    envelopeHead->addWidget(envelopeBox_);
    envelopeHead->addWidget(envelopeLabel_, 1);
    envelopeHead->addWidget(copyButton);
    envelopeHead->addWidget(saveButton);
    auto* envelopeLayout = new QVBoxLayout(envelopePane_);
    envelopeLayout->setContentsMargins(0, 0, 0, 0);
    envelopeLayout->setSpacing(2);
    envelopeLayout->addLayout(envelopeHead);
    envelopeLayout->addWidget(envelopeTable_, 1);
    envelopePane_->hide();

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(table_);
    splitter->addWidget(envelopePane_);
    splitter->addWidget(details_);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 1);
    splitter->setChildrenCollapsible(false);
    auto* filterRow = new QHBoxLayout;
    filterRow->setContentsMargins(0, 0, 0, 0);
    filterRow->addWidget(filter_, 1);
    filterRow->addWidget(shown_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(header_);
    layout->addLayout(filterRow);
    layout->addWidget(splitter, 1);

    // By keyboard: one Tab from the filter to the table, one more to the details; Tab leaves the
    // table (rows are chosen with the arrows) and every stop shows where the focus is.
    table_->setTabKeyNavigation(false);
    details_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    header_->setFocusPolicy(Qt::NoFocus);
    setTabOrder(filter_, table_);
    setTabOrder(table_, envelopeBox_);
    setTabOrder(envelopeBox_, envelopeTable_);
    setTabOrder(envelopeTable_, details_);
    table_->installEventFilter(this);
    envelopeTable_->installEventFilter(this);
    // The buttons are reached by their actions' menu items and shortcuts; Tab goes table to table.
    copyButton->setFocusPolicy(Qt::NoFocus);
    saveButton->setFocusPolicy(Qt::NoFocus);

    progressTimer_->setInterval(100);
    connect(progressTimer_, &QTimer::timeout, this, &RunView::updateHeader);
    updateHeader();
    updateShown();
    updateEnvelopes();
}

void RunView::openRun(const QString& path, const LoadOptions& options)
{
    loadingPath_ = path;
    done_->store(0);
    total_->store(0);
    progressTimer_->start();
    updateHeader();
    const std::string runPath = path.toStdString();
    jobs_.start(
        [runPath, load = summaryLoadOptions(options), done = done_, total = total_](const JobCancel& cancel) {
            RunSummaryOptions summaryOptions;
            summaryOptions.load = load;
            summaryOptions.load.cancel = cancel.flag();
            summaryOptions.progress = [done, total](std::size_t count, std::size_t all) {
                done->store(count);
                total->store(all);
            };
            RunResult result;
            try {
                result.summary = summarizeRun(runPath, summaryOptions);
            } catch (const LoadCancelled&) {
                throw;
            } catch (const std::exception& error) {
                result.error = QString::fromStdString(errorMessage(error, runPath));
            }
            return result;
        },
        [this, path](RunResult result) {
            progressTimer_->stop();
            loadingPath_.clear();
            if (!result.summary) {
                updateHeader();
                emit runFailed(path, result.error);
                return;
            }
            setSummary(std::move(*result.summary));
            emit runShown(path);
        });
}

void RunView::setSummary(RunSummary summary)
{
    runPath_ = QString::fromStdString(summary.path);
    model_->setSummary(std::move(summary));
    table_->sortByColumn(RunTableModel::StatusColumn, Qt::AscendingOrder);
    fitColumns();
    updateHeader();
    updateEnvelopes();
    // The most urgent row is current, its details shown (current, not opened: a click opens).
    table_->setCurrentIndex(proxy_->index(0, RunTableModel::KernelColumn));
}

void RunView::fitColumns()
{
    QHeaderView* header = table_->horizontalHeader();
    // The Version column only where a kernel has versions: at 1024 its width is what the file needs.
    const auto& rows = model_->summary().rows;
    table_->setColumnHidden(RunTableModel::VersionColumn,
        std::none_of(rows.begin(), rows.end(), [](const RunRow& row) { return row.versions > 1; }));
    header->resizeSections(QHeaderView::ResizeToContents);
    header->resizeSection(RunTableModel::UsedColumn, std::max(header->sectionSize(RunTableModel::UsedColumn), 110));
    const auto total = [header] {
        int sum = 0;
        for (int column = 0; column < RunTableModel::ColumnCount; ++column)
            sum += header->isSectionHidden(column) ? 0 : header->sectionSize(column);
        return sum;
    };
    const int width = table_->viewport()->width();
    // Past the view's width the long texts give way, cut in the middle (the details pane and the
    // tooltip have them whole), the lever first, then the Python line and the kernel, the file
    // (what tells rows apart) last: no column is pushed off the view. Within the width the file
    // takes the rest.
    constexpr int kNarrowest = 80;
    for (const int column : {RunTableModel::LeverColumn, RunTableModel::PythonColumn, RunTableModel::KernelColumn,
             RunTableModel::FileColumn}) {
        const int over = total() - width;
        if (over <= 0)
            break;
        const int size = header->sectionSize(column);
        header->resizeSection(column, std::max(std::min(size, kNarrowest), size - over));
    }
    if (const int rest = width - total(); rest > 0)
        header->resizeSection(RunTableModel::FileColumn, header->sectionSize(RunTableModel::FileColumn) + rest);
}

void RunView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (model_->rowCount() > 0)
        fitColumns();
}

void RunView::showDetails(const QModelIndex& proxyIndex)
{
    const RunRow* row = proxyIndex.isValid() ? model_->rowAt(proxy_->mapToSource(proxyIndex).row()) : nullptr;
    if (row)
        details_->setPlainText(model_->detailsText(*row));
    else
        details_->clear();
    // The current row's kernel shows its envelope, when it has one.
    if (row)
        for (std::size_t i = 0; i < model_->summary().envelopes.size(); ++i) {
            const ConfigEnvelope& envelope = model_->summary().envelopes[i];
            if (envelope.kernel == row->kernel && envelope.core == row->core && envelope.target == row->target)
                envelopeBox_->setCurrentIndex(static_cast<int>(i));
        }
}

void RunView::updateShown() { shown_->setText(tr("%1 of %2 shown").arg(proxy_->rowCount()).arg(model_->rowCount())); }

void RunView::updateEnvelopes()
{
    const RunSummary& summary = model_->summary();
    {
        const QSignalBlocker blocker(envelopeBox_);
        envelopeBox_->clear();
        for (const ConfigEnvelope& envelope : summary.envelopes)
            envelopeBox_->addItem(
                tr("Configs of %1%2%3")
                    .arg(QString::fromStdString(envelope.kernel),
                        envelope.core.empty() ? QString() : " " + QString::fromStdString(envelope.core),
                        envelope.target.empty() ? QString()
                                                : tr(" on %1").arg(QString::fromStdString(envelope.target))));
    }
    envelopePane_->setVisible(!summary.envelopes.empty());
    showEnvelope(summary.envelopes.empty() ? -1 : 0);
    fittingConfigCount_ = fittingConfigs(summary, std::nullopt).size();
    for (QAction* action : {copyConfigs_, saveConfigs_})
        action->setEnabled(fittingConfigCount_ > 0);
}

void RunView::showEnvelope(int index)
{
    const auto& envelopes = model_->summary().envelopes;
    if (index < 0 || static_cast<std::size_t>(index) >= envelopes.size()) {
        envelopeModel_->setEnvelope(std::nullopt);
        envelopeLabel_->clear();
        return;
    }
    if (envelopeBox_->currentIndex() != index) {
        envelopeBox_->setCurrentIndex(index); // comes back here
        return;
    }
    const ConfigEnvelope& envelope = envelopes[static_cast<std::size_t>(index)];
    envelopeModel_->setEnvelope(envelope);
    // Largest first, as the envelope holds them (the sort is stable: later constexprs keep that order).
    envelopeTable_->sortByColumn(0, Qt::DescendingOrder);
    const auto replanned = std::count_if(
        envelope.rows.begin(), envelope.rows.end(), [](const EnvelopeRow& row) { return !row.compiled(); });
    QString text = tr("Largest that fits: %1. %2 compiled, %3 re-planned by memlens (not compiled).")
                       .arg(QString::fromStdString(largestFittingText(envelope, std::nullopt)))
                       .arg(static_cast<qint64>(envelope.rows.size()) - replanned)
                       .arg(replanned);
    if (!envelope.replanNote.empty())
        text += " " + QString::fromStdString(envelope.replanNote);
    envelopeLabel_->setText(text);
    envelopeLabel_->setToolTip(text);
    envelopeTable_->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
}

QString RunView::saveConfigsTo(const QString& file) const
{
    QSaveFile out(file);
    const std::string text = summaryPython(model_->summary(), std::nullopt);
    if (!out.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(file), out.errorString());
    out.write(text.data(), static_cast<qint64>(text.size()));
    if (!out.commit())
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(file), out.errorString());
    return {};
}

void RunView::copyConfigs()
{
    const std::size_t count = fittingConfigs(model_->summary(), std::nullopt).size();
    if (count == 0)
        return;
    QApplication::clipboard()->setText(QString::fromStdString(summaryPython(model_->summary(), std::nullopt)));
    emit configsWritten(tr("%n config(s) that fit copied as triton.Config entries", nullptr, static_cast<int>(count)));
}

void RunView::chooseAndSaveConfigs()
{
    const std::size_t count = fittingConfigs(model_->summary(), std::nullopt).size();
    if (count == 0)
        return;
    const QString file = QFileDialog::getSaveFileName(this, tr("Save Fitting Configs"),
        QDir(runPath_).filePath(QStringLiteral("autotune_configs.py")), tr("Python (*.py)"));
    if (file.isEmpty())
        return;
    if (const QString error = saveConfigsTo(file); !error.isEmpty()) {
        emit configsFailed(error);
        return;
    }
    emit configsWritten(
        tr("%n config(s) that fit saved to %1", nullptr, static_cast<int>(count)).arg(QDir::toNativeSeparators(file)));
}

void RunView::updateHeader()
{
    if (!loadingPath_.isEmpty()) {
        const std::size_t total = total_->load();
        header_->setText(total == 0 ? tr("Reading %1…").arg(QDir::toNativeSeparators(loadingPath_))
                                    : tr("Reading %1… %2 of %3 files")
                                          .arg(QDir::toNativeSeparators(loadingPath_))
                                          .arg(done_->load())
                                          .arg(total));
        return;
    }
    const RunSummary& summary = model_->summary();
    if (summary.path.empty()) {
        header_->setText(tr("No run open. File > Open Run… reads a folder of dumps, kernel folders, compile logs "
                            "or a Triton cache."));
        return;
    }
    header_->setText(tr("Run %1: %2; %3")
                         .arg(QDir::toNativeSeparators(QString::fromStdString(summary.path)))
                         .arg(QString::fromStdString(rowCountText(summary.rows.size())))
                         .arg(QString::fromStdString(summaryCounts(summary, std::nullopt))));
}

void RunView::openIndex(const QModelIndex& proxyIndex)
{
    if (!proxyIndex.isValid())
        return;
    if (const RunRow* row = model_->rowAt(proxy_->mapToSource(proxyIndex).row()))
        emit rowOpened(*row);
}

bool RunView::eventFilter(QObject* watched, QEvent* event)
{
    // Focus reaching the table with no current row would show no focus: the first row is current.
    if (watched == table_ && event->type() == QEvent::FocusIn && !table_->currentIndex().isValid()
        && proxy_->rowCount() > 0)
        table_->setCurrentIndex(proxy_->index(0, RunTableModel::KernelColumn));
    if (watched == envelopeTable_ && event->type() == QEvent::FocusIn && !envelopeTable_->currentIndex().isValid()
        && envelopeProxy_->rowCount() > 0)
        envelopeTable_->setCurrentIndex(envelopeProxy_->index(0, 0));
    if (watched == table_ && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            openIndex(table_->currentIndex());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace memlens
