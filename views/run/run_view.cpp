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
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

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
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->setItemDelegateForColumn(RunTableModel::UsedColumn, new HeadroomBarDelegate(table_));
    table_->installEventFilter(this);
    connect(table_, &QTableView::clicked, this, &RunView::openIndex);

    header_->setTextFormat(Qt::PlainText);
    header_->setWordWrap(true);
    filter_->setPlaceholderText(tr("Filter by kernel, status, Python line, lever or file"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(header_);
    layout->addWidget(filter_);
    layout->addWidget(table_, 1);

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
}

void RunView::fitColumns()
{
    QHeaderView* header = table_->horizontalHeader();
    header->resizeSections(QHeaderView::ResizeToContents);
    // Long texts are cut in the middle (the tooltip has them whole) rather than push the file off the view.
    for (const int column : {RunTableModel::PythonColumn, RunTableModel::LeverColumn, RunTableModel::KernelColumn})
        header->resizeSection(column, std::min(header->sectionSize(column), 260));
    header->resizeSection(RunTableModel::UsedColumn, std::max(header->sectionSize(RunTableModel::UsedColumn), 150));
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
    header_->setText(tr("Run %1: %2 kernels and cores; %3")
                         .arg(QDir::toNativeSeparators(QString::fromStdString(summary.path)))
                         .arg(summary.rows.size())
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
