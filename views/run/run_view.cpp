#include "views/run/run_view.hpp"

#include "core/dump/dump_error.hpp"
#include "core/run/run_formats.hpp"
#include "views/run/headroom_bar_delegate.hpp"
#include "views/run/run_table_model.hpp"

#include <QDir>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
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

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(table_);
    splitter->addWidget(details_);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(header_);
    layout->addWidget(filter_);
    layout->addWidget(splitter, 1);

    // By keyboard: one Tab from the filter to the table, one more to the details; Tab leaves the
    // table (rows are chosen with the arrows) and every stop shows where the focus is.
    table_->setTabKeyNavigation(false);
    details_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    header_->setFocusPolicy(Qt::NoFocus);
    setTabOrder(filter_, table_);
    setTabOrder(table_, details_);
    table_->installEventFilter(this);

    progressTimer_->setInterval(100);
    connect(progressTimer_, &QTimer::timeout, this, &RunView::updateHeader);
    updateHeader();
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
    // The most urgent row is current, its details shown (current, not opened: a click opens).
    table_->setCurrentIndex(proxy_->index(0, RunTableModel::KernelColumn));
}

void RunView::fitColumns()
{
    QHeaderView* header = table_->horizontalHeader();
    header->resizeSections(QHeaderView::ResizeToContents);
    header->resizeSection(RunTableModel::UsedColumn, std::max(header->sectionSize(RunTableModel::UsedColumn), 110));
    const auto total = [header] {
        int sum = 0;
        for (int column = 0; column < RunTableModel::ColumnCount; ++column)
            sum += header->sectionSize(column);
        return sum;
    };
    const int width = table_->viewport()->width();
    // Past the view's width the long texts give way, cut in the middle (the details pane and the
    // tooltip have them whole), the file first, the lever last: no column is pushed off the view.
    // Within the width the file takes the rest.
    constexpr int kNarrowest = 80;
    for (const int column : {RunTableModel::FileColumn, RunTableModel::PythonColumn, RunTableModel::LeverColumn}) {
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
