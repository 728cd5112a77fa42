#pragma once
// File > Export: the chart as PNG or SVG, the table as CSV, the report folder.
// Each export has a plain method (used by tests and the menu alike) and an
// interactive one that asks where and how. Files are written atomically.
#include "core/cli/report_files.hpp"
#include "views/job_runner.hpp"

#include <QObject>
#include <QSize>
#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace memlens {

class AppSettings;
class BlockChartWidget;
class BlockTablePanel;
class PlanSession;
struct ChartRenderOptions;

class ExportController : public QObject {
    Q_OBJECT
public:
    ExportController(
        PlanSession* session, BlockChartWidget* chart, BlockTablePanel* table, AppSettings* settings, QWidget* window);

    enum class ChartFormat { Png, Svg };
    bool exportChart(ChartFormat format, const QString& path, QSize size, bool asShown, QString* error);
    bool exportChartPng(const QString& path, QSize size, bool asShown, QString* error)
    {
        return exportChart(ChartFormat::Png, path, size, asShown, error);
    }
    bool exportChartSvg(const QString& path, QSize size, bool asShown, QString* error)
    {
        return exportChart(ChartFormat::Svg, path, size, asShown, error);
    }
    // Rows as filtered and sorted in the table, or every block of the scope.
    bool exportTableCsv(const QString& path, bool shownRowsOnly, QString* error);
    bool exportReport(const QString& dir, QString* error);

    // The same exports written on a worker thread (a second or more at a million blocks, the
    // window free meanwhile), of the document and view as they are now even if another dump is
    // opened before the file is written: exportStarted now, then `exported` or a warning, then
    // exportEnded, on this thread. One at a time: false (nothing started) without a document
    // or while an export is being written. The menu's exports go this way.
    bool startChartExport(ChartFormat format, const QString& path, QSize size, bool asShown);
    bool startTableCsvExport(const QString& path, bool shownRowsOnly);
    bool startReportExport(const QString& dir);
    bool exporting() const { return exportJobs_.hasPending(); }

    // "_attn_fwd_ub_chart.png": from the kernel and scope.
    QString defaultFileName(const QString& what, const QString& suffix) const;
    // Where the save dialogs start: where the last export of this dump went, else the open
    // dump's folder when it can be written, else the folder of the last export, else Documents.
    QString exportDir() const;
    // A save went to `path` (a file, or a folder when `isDir`): the next dialog starts there.
    void remember(const QString& path, bool isDir);

public slots:
    void chooseAndExportChartPng() { chooseAndExportChart(ChartFormat::Png); }
    void chooseAndExportChartSvg() { chooseAndExportChart(ChartFormat::Svg); }
    void chooseAndExportTableCsv();
    void chooseAndExportReport();

signals:
    void exported(const QString& path);
    void exportStarted(const QString& path);
    void exportEnded();

private:
    ChartRenderOptions renderOptions(bool asShown) const;
    void chooseAndExportChart(ChartFormat format);
    bool chooseChart(const QString& format, QString* path, QSize* size, bool* asShown);
    void reportResult(bool ok, const QString& path, const QString& error);
    // An export's work, taken from the document and view as they are when made; it holds values
    // only, so it runs here (exportChart() and the like) or on a worker (start*Export()).
    using Write = std::function<bool(QString* error)>;
    Write chartWrite(ChartFormat format, const QString& path, QSize size, bool asShown) const;
    Write tableCsvWrite(const QString& path, bool shownRowsOnly) const;
    Write reportWrite(const QString& dir) const;
    std::vector<BlockRef> tableRows(bool shownRowsOnly) const;
    // A document is on show (and a scope, when `needsScope`); else false with *error saying so.
    bool canExport(bool needsScope, QString* error) const;
    bool startExport(const QString& path, Write write);

    // The dump a save last went out from: its dialogs start where that save went.
    std::string exportedFrom_;
    JobRunner exportJobs_{JobRunner::Mode::Concurrent}; // one at a time: startExport refuses a second

    PlanSession* session_;
    BlockChartWidget* chart_;
    BlockTablePanel* table_;
    AppSettings* settings_;
    QWidget* window_;
};

} // namespace memlens
