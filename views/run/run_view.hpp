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

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace memlens {

class EnvelopeTableModel;
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
    // "3 of 12 shown": the rows the filter lets through.
    QLabel* shownLabel() const { return shown_; }

    // The envelope of a kernel compiled in several configs (hidden when the run has none): the
    // kernel chosen in the box (or by the current row), its configs compiled and re-planned.
    QWidget* envelopePane() const { return envelopePane_; }
    QComboBox* envelopeBox() const { return envelopeBox_; }
    QLabel* envelopeLabel() const { return envelopeLabel_; }
    EnvelopeTableModel* envelopeModel() const { return envelopeModel_; }
    QSortFilterProxyModel* envelopeProxy() const { return envelopeProxy_; }
    QTableView* envelopeTable() const { return envelopeTable_; }
    // The configs that fit as triton.Config entries (summary --format py's text): to the clipboard,
    // and to a file chosen in a dialog. Enabled only while the run has such a config (the window
    // shows them in its File menu only then, and only while the run is on show).
    QAction* copyConfigsAction() const { return copyConfigs_; }
    QAction* saveConfigsAction() const { return saveConfigs_; }
    // Whether the run on show has a config that fits (what the two actions give).
    bool hasFittingConfigs() const { return fittingConfigCount_ > 0; }
    // Writes the configs that fit to `file`; the error in words, "" when written.
    QString saveConfigsTo(const QString& file) const;

signals:
    // A row was clicked or Enter pressed on it: show its plan.
    void rowOpened(const memlens::RunRow& row);
    void runShown(const QString& path);
    // After Copy or Save: what was done ("4 configs copied as triton.Config"), or why it failed.
    void configsWritten(const QString& message);
    void configsFailed(const QString& message);
    void runFailed(const QString& path, const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void openIndex(const QModelIndex& proxyIndex);
    void updateHeader();
    void fitColumns();
    void showDetails(const QModelIndex& proxyIndex);
    void updateShown();
    void showEnvelope(int index);
    void updateEnvelopes();
    void copyConfigs();
    void chooseAndSaveConfigs();

    RunTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QLineEdit* filter_;
    QLabel* header_;
    QPlainTextEdit* details_;
    QLabel* shown_;
    QWidget* envelopePane_;
    QComboBox* envelopeBox_;
    QLabel* envelopeLabel_;
    EnvelopeTableModel* envelopeModel_;
    QSortFilterProxyModel* envelopeProxy_;
    QTableView* envelopeTable_;
    QAction* copyConfigs_;
    QAction* saveConfigs_;
    std::size_t fittingConfigCount_ = 0;
    QTimer* progressTimer_;
    QString runPath_;
    QString loadingPath_;
    // Written by the workers, read by the timer: pieces read and in all.
    std::shared_ptr<std::atomic<std::size_t>> done_ = std::make_shared<std::atomic<std::size_t>>(0);
    std::shared_ptr<std::atomic<std::size_t>> total_ = std::make_shared<std::atomic<std::size_t>>(0);
    JobRunner jobs_;
};

} // namespace memlens
