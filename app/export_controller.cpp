#include "app/export_controller.hpp"

#include "app/app_settings.hpp"
#include "app/chart_export_dialog.hpp"
#include "app/report_folder_dialog.hpp"
#include "app/report_writer.hpp"
#include "core/cli/report_files.hpp"
#include "views/chart/block_chart_painter.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>

namespace memlens {

ExportController::ExportController(
    PlanSession* session, BlockChartWidget* chart, BlockTablePanel* table, AppSettings* settings, QWidget* window)
    : QObject(window)
    , session_(session)
    , chart_(chart)
    , table_(table)
    , settings_(settings)
    , window_(window)
{
}

ChartRenderOptions ExportController::renderOptions(bool asShown) const
{
    ChartRenderOptions options;
    options.title = chartTitle(*session_->document(), static_cast<std::size_t>(session_->scopeIndex()));
    if (asShown) {
        options.window = chart_->mapping().window();
        options.selectedBlock = session_->selectedBlock();
        options.highlightedBlocks = session_->highlightedBlocks();
        options.cursorOp = session_->cursorOp();
    }
    return options;
}

// Each export is a write made here from the document and the view as they are now, holding
// values only (the document by shared_ptr): run in place by exportChart() and the like, or on
// a worker by the start*Export() methods.
ExportController::Write ExportController::chartWrite(
    ChartFormat format, const QString& path, QSize size, bool asShown) const
{
    const auto scope = static_cast<std::size_t>(session_->scopeIndex());
    return [document = session_->sharedDocument(), scope, format, path, size, options = renderOptions(asShown)](
               QString* error) {
        const QByteArray bytes = format == ChartFormat::Png
            ? captionedChartPng(*document, scope, size, options) // the report's status header on top
            : chartSvg(*document, scope, size, options, error);
        if (bytes.isEmpty()) {
            if (error && error->isEmpty())
                *error = tr("The chart could not be drawn as %1.").arg(format == ChartFormat::Png ? "PNG" : "SVG");
            return false;
        }
        return writeFileAtomically(path, bytes, error);
    };
}

std::vector<BlockRef> ExportController::tableRows(bool shownRowsOnly) const
{
    const auto scope = static_cast<std::size_t>(session_->scopeIndex());
    const ScopePlan& plan = *session_->scope();
    std::vector<BlockRef> rows;
    if (shownRowsOnly) {
        // The proxy's order and filter. CSV lines are blocks: a grouped row (a buffer's
        // copies, or a storage's buffers) writes one line for each block it stands for.
        const BlockFilterProxy* proxy = table_->proxy();
        for (int row = 0; row < proxy->rowCount(); ++row) {
            const int sourceRow = proxy->mapToSource(proxy->index(row, 0)).row();
            for (const int block : table_->model()->blocksAt(sourceRow))
                if (block >= 0 && block < static_cast<int>(plan.blocks.size()))
                    rows.emplace_back(scope, static_cast<std::size_t>(block));
        }
    } else {
        for (std::size_t b = 0; b < plan.blocks.size(); ++b)
            rows.emplace_back(scope, b);
    }
    return rows;
}

ExportController::Write ExportController::tableCsvWrite(const QString& path, bool shownRowsOnly) const
{
    // The rows are read here, as the table shows them now; the lines are made by the write.
    return [document = session_->sharedDocument(), path, rows = tableRows(shownRowsOnly)](QString* error) {
        const std::string csv = blocksCsv(*document, rows);
        return writeFileAtomically(path, QByteArray(csv.data(), static_cast<qsizetype>(csv.size())), error);
    };
}

ExportController::Write ExportController::reportWrite(const QString& dir) const
{
    return [document = session_->sharedDocument(), dir](
               QString* error) { return writeReport(dir, buildReport(*document), error); };
}

bool ExportController::canExport(bool needsScope, QString* error) const
{
    if (needsScope ? session_->hasScope() : session_->document() != nullptr)
        return true;
    if (error)
        *error = tr("No dump is open.");
    return false;
}

bool ExportController::exportChart(ChartFormat format, const QString& path, QSize size, bool asShown, QString* error)
{
    return canExport(true, error) && chartWrite(format, path, size, asShown)(error);
}

bool ExportController::exportTableCsv(const QString& path, bool shownRowsOnly, QString* error)
{
    return canExport(true, error) && tableCsvWrite(path, shownRowsOnly)(error);
}

bool ExportController::exportReport(const QString& dir, QString* error)
{
    return canExport(false, error) && reportWrite(dir)(error);
}

bool ExportController::startChartExport(ChartFormat format, const QString& path, QSize size, bool asShown)
{
    return !exporting() && canExport(true, nullptr) && startExport(path, chartWrite(format, path, size, asShown));
}

bool ExportController::startTableCsvExport(const QString& path, bool shownRowsOnly)
{
    return !exporting() && canExport(true, nullptr) && startExport(path, tableCsvWrite(path, shownRowsOnly));
}

bool ExportController::startReportExport(const QString& dir)
{
    return !exporting() && canExport(false, nullptr) && startExport(dir, reportWrite(dir));
}

bool ExportController::startExport(const QString& path, Write write)
{
    struct Written {
        bool ok = false;
        QString error;
    };
    exportJobs_.start(
        [write = std::move(write)](const JobCancel&) {
            Written written;
            written.ok = write(&written.error);
            return written;
        },
        [this, path](Written written) {
            emit exportEnded();
            reportResult(written.ok, path, written.error); // last: its warning box may outlive the window
        });
    emit exportStarted(path);
    return true;
}

QString ExportController::defaultFileName(const QString& what, const QString& suffix) const
{
    QString kernel = QStringLiteral("memlens");
    QString scope;
    if (const PlanDocument* document = session_->document(); document && !document->dump.kernel.empty())
        kernel = QString::fromStdString(document->dump.kernel);
    if (const ScopePlan* plan = session_->scope())
        scope = QLatin1Char('_') + QString::fromStdString(plan->scope);
    QString name
        = kernel + scope + QLatin1Char('_') + what + (suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix);
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
    return name;
}

QString ExportController::exportDir() const
{
    const QString last = settings_->value(SettingId::LastExportDir).toString();
    if (const PlanDocument* document = session_->document()) {
        // A kept version's copy lives in History's folder: the file it came from says where the dump is.
        const std::string& file = document->copyOf.empty() ? document->dump.file : document->copyOf;
        if (!exportedFrom_.empty() && exportedFrom_ == file && !last.isEmpty() && QFileInfo(last).isDir())
            return last;
        const QFileInfo folder(QFileInfo(QString::fromStdString(file)).absolutePath());
        if (folder.isDir() && folder.isWritable())
            return folder.absoluteFilePath();
    }
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

void ExportController::remember(const QString& path, bool isDir)
{
    if (const PlanDocument* document = session_->document())
        exportedFrom_ = document->copyOf.empty() ? document->dump.file : document->copyOf;
    settings_->setValue(
        SettingId::LastExportDir, isDir ? QFileInfo(path).absoluteFilePath() : QFileInfo(path).absolutePath());
}

void ExportController::reportResult(bool ok, const QString& path, const QString& error)
{
    if (ok) {
        emit exported(path);
        return;
    }
    QMessageBox::warning(window_, tr("Export Failed"), tr("Nothing was written.\n\n%1").arg(error));
}

bool ExportController::chooseChart(const QString& format, QString* path, QSize* size, bool* asShown)
{
    ChartExportDialog dialog(format, chart_->size(), window_);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const QString suffix = format.toLower();
    *path = QFileDialog::getSaveFileName(window_, tr("Export Chart as %1").arg(format),
        QDir(exportDir()).filePath(defaultFileName(QStringLiteral("chart"), suffix)),
        tr("%1 images (*.%2)").arg(format, suffix));
    *size = dialog.imageSize();
    *asShown = dialog.asShown();
    return !path->isEmpty();
}

void ExportController::chooseAndExportChart(ChartFormat format)
{
    QString path;
    QSize size;
    bool asShown = false;
    if (!chooseChart(
            format == ChartFormat::Png ? QStringLiteral("PNG") : QStringLiteral("SVG"), &path, &size, &asShown))
        return;
    remember(path, false);
    startChartExport(format, path, size, asShown);
}

void ExportController::chooseAndExportTableCsv()
{
    QMessageBox question(QMessageBox::Question, tr("Export Table as CSV"), tr("Which rows should the CSV hold?"),
        QMessageBox::Cancel, window_);
    QPushButton* shown = question.addButton(tr("Rows as Shown (filtered and sorted)"), QMessageBox::AcceptRole);
    question.addButton(tr("All Blocks of This Scope"), QMessageBox::AcceptRole);
    question.setDefaultButton(shown);
    if (question.exec() == QMessageBox::Cancel || question.clickedButton() == question.button(QMessageBox::Cancel))
        return;
    const bool shownOnly = question.clickedButton() == shown;
    const QString path = QFileDialog::getSaveFileName(window_, tr("Export Table as CSV"),
        QDir(exportDir()).filePath(defaultFileName(QStringLiteral("blocks"), QStringLiteral("csv"))),
        tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    remember(path, false);
    startTableCsvExport(path, shownOnly);
}

void ExportController::chooseAndExportReport()
{
    ReportFolderDialog dialog(window_, exportDir());
    if (dialog.exec() != QDialog::Accepted || dialog.folder().isEmpty())
        return;
    const QString dir = dialog.folder();
    QStringList existing;
    for (const QString& name : {QStringLiteral("summary.md"), QStringLiteral("chart.png"), QStringLiteral("chart.svg"),
             QStringLiteral("blocks.csv"), QStringLiteral("live_at_peak.csv"), QStringLiteral("plan.html")})
        if (QFileInfo::exists(QDir(dir).filePath(name)))
            existing << name;
    if (!existing.isEmpty()
        && QMessageBox::question(window_, tr("Replace Files?"),
               tr("%1 already holds %2. Replace them?").arg(dir, existing.join(QStringLiteral(", "))),
               QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
            != QMessageBox::Yes)
        return;
    remember(dir, true);
    startReportExport(dir);
}

} // namespace memlens
