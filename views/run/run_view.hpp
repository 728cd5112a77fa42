#pragma once
// The Run view (File > Open Run…): every kernel of a run as the table `memlens summary`
// prints, sortable by raw values, filtered by a text, with a headroom bar per row. A click or
// Enter on a row asks for that kernel's plan (rowOpened); the window shows it and comes back.
// The run is read off the GUI thread (core/run, in parallel), its progress in the header.
#include "core/run/run_summary.hpp"
#include "views/job_runner.hpp"

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace memlens {

class RunTableModel;

class RunView : public QWidget {
    Q_OBJECT
public:
    explicit RunView(QWidget* parent = nullptr);

    // Reads the run folder (or cache) at `path`; the table on show stays until it is read.
    void openRun(const QString& path, const LoadOptions& options);
    // Shows a summary already read.
    void setSummary(RunSummary summary);
    bool isLoading() const { return jobs_.hasPending(); }
    QString runPath() const { return runPath_; }

    RunTableModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QTableView* table() const { return table_; }
    QLineEdit* filterEdit() const { return filter_; }
    QLabel* headerLabel() const { return header_; }
    // What the table has no room for, of the current row: its file, error, notes, the change.
    QPlainTextEdit* detailsPane() const { return details_; }

signals:
    // A row was clicked or Enter pressed on it: show its plan.
    void rowOpened(const memlens::RunRow& row);
    void runShown(const QString& path);
    void runFailed(const QString& path, const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void openIndex(const QModelIndex& proxyIndex);
    void updateHeader();
    void fitColumns();
    void showDetails(const QModelIndex& proxyIndex);

    RunTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QLineEdit* filter_;
    QLabel* header_;
    QPlainTextEdit* details_;
    QTimer* progressTimer_;
    QString runPath_;
    QString loadingPath_;
    // Written by the workers, read by the timer: pieces read and in all.
    std::shared_ptr<std::atomic<std::size_t>> done_ = std::make_shared<std::atomic<std::size_t>>(0);
    std::shared_ptr<std::atomic<std::size_t>> total_ = std::make_shared<std::atomic<std::size_t>>(0);
    JobRunner jobs_;
};

} // namespace memlens
