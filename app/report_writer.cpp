#include "app/report_writer.hpp"

#include "core/analysis/capacity.hpp"
#include "core/base/run_beside.hpp"
#include "core/cli/plan_page.hpp"
#include "core/cli/report_files.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/plan_document.hpp"
#include "core/text/byte_size.hpp"
#include "views/chart/block_chart_painter.hpp"
#include "views/chart/chart_caption.hpp"
#include "views/scope_text.hpp"
#include "views/style.hpp"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QSaveFile>
#include <QTemporaryDir>

#include <QCoreApplication>

#include <signal.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace memlens {

namespace {
QByteArray bytesOf(const std::string& text) { return QByteArray(text.data(), static_cast<qsizetype>(text.size())); }
QString systemReason(int code) { return QString::fromLocal8Bit(std::strerror(code)); }
} // namespace

QString chartTitle(const PlanDocument& document, std::size_t scopeIndex)
{
    const QString kernel = document.dump.kernel.empty() ? QStringLiteral("(unnamed kernel)")
                                                        : QString::fromStdString(document.dump.kernel);
    return kernel + QStringLiteral(" \u00b7 ") + QString::fromStdString(document.dump.scopes.at(scopeIndex).scope);
}

QStringList chartCaption(const PlanDocument& document, std::size_t scopeIndex)
{
    const ScopePlan& scope = document.dump.scopes.at(scopeIndex);
    const PlanAnalysis& analysis = document.analyses.at(scopeIndex);
    const auto bytes = [](std::uint64_t n) { return QString::fromStdString(formatBytes(n)); };
    QStringList lines;
    lines << chartTitle(document, scopeIndex) + QStringLiteral(" \u2014 ") + verdictText(scope, analysis);
    const std::uint64_t capacity = analysis.capacity.bytes;
    const QString source = QString::fromStdString(describeCapacitySource(analysis.capacity));
    if (analysis.peakAddressBytes > capacity)
        lines << QStringLiteral("needs %1, has %2 (capacity %3): %4 short")
                     .arg(bytes(analysis.peakAddressBytes), bytes(capacity), source,
                         bytes(analysis.peakAddressBytes - capacity));
    else
        lines << QStringLiteral("peak address %1 of %2 capacity (%3, capacity %4)")
                     .arg(bytes(analysis.peakAddressBytes), bytes(capacity),
                         QString::fromStdString(formatPercent(analysis.peakAddressBytes, capacity)), source);
    if (!scope.error.empty())
        lines << QStringLiteral("error: ") + printableText(QString::fromStdString(scope.error));
    return lines;
}

QImage captionedChartImage(const PlanDocument& document, std::size_t scopeIndex, QSize size,
    const ChartRenderOptions& options, const QStringList& lines)
{
    // The caption on top; the chart takes the rest, so the image keeps the size asked for.
    const int captionHeight = chartCaptionHeight(size, lines);
    // The caption's first line names kernel and scope: the chart's own title row would say it again.
    ChartRenderOptions chartOptions = options;
    if (!lines.isEmpty())
        chartOptions.title.clear();
    const QImage chart = renderBlockChartImage(document.dump.scopes.at(scopeIndex), document.analyses.at(scopeIndex),
        QSize(size.width(), size.height() - captionHeight), chartOptions);
    QImage out(size, QImage::Format_ARGB32_Premultiplied);
    out.fill(style::white());
    QPainter painter(&out);
    paintChartCaption(painter, size, lines);
    painter.drawImage(QPoint(0, captionHeight), chart);
    return out;
}

QByteArray captionedChartPng(
    const PlanDocument& document, std::size_t scopeIndex, QSize size, const ChartRenderOptions& options)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    captionedChartImage(document, scopeIndex, size, options, chartCaption(document, scopeIndex)).save(&buffer, "PNG");
    return png;
}

QByteArray chartSvg(
    const PlanDocument& document, std::size_t scopeIndex, QSize size, const ChartRenderOptions& options, QString* error)
{
    QByteArray svg;
    QBuffer buffer(&svg);
    buffer.open(QIODevice::WriteOnly);
    // The PNG's caption on top (kernel, verdict, shortfall, the compiler's error), as text.
    if (!writeBlockChartSvg(buffer, document.dump.scopes.at(scopeIndex), document.analyses.at(scopeIndex), size,
            options, error, kMaxExactSvgBlocks, chartCaption(document, scopeIndex)))
        return {};
    return svg;
}

ReportFile planPageFile(
    const PlanDocument& document, std::size_t streamedBlocks, std::shared_ptr<const ScopeDiagnoses> diagnoses)
{
    if (!diagnoses)
        diagnoses = std::make_shared<const ScopeDiagnoses>(document);
    if (document.dump.blockCount() >= streamedBlocks) {
        const auto write = [&document, diagnoses](std::ostream& out) {
            // The diagnoses first: a page's blocks written while a diagnosis was still at work held
            // the memory of both at once.
            for (std::size_t scope = 0; scope < document.dump.scopes.size(); ++scope)
                if (document.analyses[scope].planned)
                    diagnoses->of(scope);
            writePlanPage(out, document, *diagnoses);
        };
        return {QStringLiteral("plan.html"), {}, write, {}, true};
    }
    std::ostringstream page;
    writePlanPage(page, document, *diagnoses);
    return {QStringLiteral("plan.html"), bytesOf(page.str()), {}, {}};
}

std::vector<ReportFile> buildReport(const PlanDocument& document, QSize chartSize, std::size_t streamedCsvBlocks,
    std::shared_ptr<const ScopeDiagnoses> diagnoses)
{
    std::vector<ReportFile> files;
    const std::string chartImage = document.dump.scopes.empty() ? "" : "chart.png";
    // summary.md and plan.html both show the diagnosis: worked out once, for the first that asks.
    if (!diagnoses)
        diagnoses = std::make_shared<const ScopeDiagnoses>(document);
    if (document.dump.blockCount() >= streamedCsvBlocks) {
        // The summary's diagnosis is the slowest part of a big report: it runs while the
        // charts are drawn and blocks.csv is written.
        ReportFile summary{QStringLiteral("summary.md"), {}, {}, {}};
        summary.pending = runBeside([&document, chartImage, diagnoses] {
            return bytesOf(summaryMarkdown(document, chartImage, diagnoses.get()));
        }).share();
        files.push_back(std::move(summary));
    } else {
        files.push_back(
            {QStringLiteral("summary.md"), bytesOf(summaryMarkdown(document, chartImage, diagnoses.get())), {}, {}});
    }
    if (!document.dump.scopes.empty()) {
        const std::size_t scope = reportScopeIndex(document);
        ChartRenderOptions options;
        options.title = chartTitle(document, scope);
        // Pasted alone into an issue, the picture says what it shows and why it failed.
        files.push_back({QStringLiteral("chart.png"), captionedChartPng(document, scope, chartSize, options), {}, {}});
        QString ignored;
        files.push_back({QStringLiteral("chart.svg"), chartSvg(document, scope, chartSize, options, &ignored), {}, {}});
    }
    if (document.dump.blockCount() >= streamedCsvBlocks)
        files.push_back(
            {QStringLiteral("blocks.csv"), {}, [&document](std::ostream& out) { writeBlocksCsv(out, document); }, {}});
    else
        files.push_back({QStringLiteral("blocks.csv"), bytesOf(blocksCsv(document)), {}, {}});
    files.push_back({QStringLiteral("live_at_peak.csv"), bytesOf(liveAtPeakCsv(document)), {}, {}});
    files.push_back(planPageFile(document, streamedCsvBlocks, diagnoses));
    return files;
}

bool writeFileAtomically(const QString& path, const QByteArray& contents, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    errno = 0;
    if (file.write(contents) != contents.size() || !file.commit()) {
        const int code = errno; // the failed write's (ENOSPC, EFBIG), where Qt may say "Unknown error"
        if (error)
            *error = path + QStringLiteral(": cannot write: ") + (code ? systemReason(code) : file.errorString());
        file.cancelWriting();
        return false;
    }
    return true;
}

namespace {

// Every name a report may hold: the ones this run does not write are removed
// with the old report, so no stale chart outlives a dump without scopes.
const QStringList& reportFileNames()
{
    static const QStringList names
        = {QStringLiteral("summary.md"), QStringLiteral("chart.png"), QStringLiteral("chart.svg"),
            QStringLiteral("blocks.csv"), QStringLiteral("live_at_peak.csv"), QStringLiteral("plan.html")};
    return names;
}

// The hidden folder a report is staged in, inside its target: <prefix><pid>-XXXXXX.
const QString kStagingPrefix = QStringLiteral(".memlens-staging-");

// The hidden list of the per-scope charts (chart-<core>-<scope>.png) a report wrote into its
// folder: the next report replaces those, never a chart-*.png the user put there.
const QString kWrittenChartsFile = QStringLiteral(".memlens-report-charts");

QStringList chartsWrittenBefore(const QDir& target)
{
    QFile list(target.filePath(kWrittenChartsFile));
    QStringList names;
    if (!list.open(QIODevice::ReadOnly))
        return names;
    const QStringList lines = QString::fromUtf8(list.read(1 << 20)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString& name : lines)
        if (name.startsWith(QStringLiteral("chart-")) && name.endsWith(QStringLiteral(".png"))
            && !name.contains(QLatin1Char('/')))
            names << name;
    return names;
}

// The staging folders a killed run left in `dir` (its process is gone) are removed;
// one of a report still being written elsewhere is left alone. A run killed between its
// two moves left the previous report's files set aside in old/: they go back first, where
// no file of that name stands.
void removeStaleStaging(const QString& dir)
{
    const QFileInfoList entries = QDir(dir).entryInfoList(
        {kStagingPrefix + QStringLiteral("*")}, QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QFileInfo& entry : entries) {
        bool isNumber = false;
        const qint64 pid
            = entry.fileName().mid(kStagingPrefix.size()).section(QLatin1Char('-'), 0, 0).toLongLong(&isNumber);
        const bool alive = isNumber && pid > 0 && pid <= std::numeric_limits<pid_t>::max()
            && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
        if (alive)
            continue;
        const QDir setAside(QDir(entry.filePath()).filePath(QStringLiteral("old")));
        for (const QString& name : setAside.entryList(QDir::Files | QDir::Hidden))
            if (!QFileInfo::exists(QDir(dir).filePath(name)))
                QFile::rename(setAside.filePath(name), QDir(dir).filePath(name));
        QDir(entry.filePath()).removeRecursively();
    }
}

// Writes a streamed file; 0, or the errno of what failed (ENOSPC, EFBIG, ...).
int writeStreamed(const QString& path, const std::function<void(std::ostream&)>& write)
{
    errno = 0;
    std::ofstream out(path.toStdString(), std::ios::binary);
    if (!out)
        return errno ? errno : EIO;
    write(out);
    out.flush(); // errno is the failed write's, before close() may change it
    int code = out ? 0 : (errno ? errno : EIO);
    out.close();
    if (!out && code == 0)
        code = errno ? errno : EIO;
    return code;
}

// Moves staged files into `dir`, keeping the old ones aside until every move
// worked; on failure puts everything back as it was.
bool swapIn(const QDir& staged, const QDir& backup, const QString& dir, const QStringList& names, QString* error)
{
    const QDir target(dir);
    QStringList moved;    // new files now in `dir`
    QStringList setAside; // old files now in `backup`
    auto rollback = [&] {
        for (const QString& name : moved)
            QFile::remove(target.filePath(name));
        for (const QString& name : setAside)
            QFile::rename(backup.filePath(name), target.filePath(name));
    };
    QStringList old = reportFileNames();
    old << kWrittenChartsFile;
    old += chartsWrittenBefore(target); // a kernel's report: a chart per scope
    for (const QString& name : names)
        if (!old.contains(name))
            old << name;
    for (const QString& name : old) {
        const QFileInfo existing(target.filePath(name));
        if (!existing.exists() && !existing.isSymLink())
            continue;
        if (existing.isDir()) {
            rollback();
            if (error)
                *error = target.filePath(name) + QStringLiteral(": cannot write: a folder is in the way");
            return false;
        }
        if (QFile old(target.filePath(name)); !old.rename(backup.filePath(name))) {
            rollback();
            if (error)
                *error = target.filePath(name) + QStringLiteral(": cannot replace the previous file: ")
                    + old.errorString();
            return false;
        }
        setAside << name;
    }
    for (const QString& name : names) {
        if (QFile fresh(staged.filePath(name)); !fresh.rename(target.filePath(name))) {
            rollback();
            if (error)
                *error = target.filePath(name) + QStringLiteral(": cannot write: ") + fresh.errorString();
            return false;
        }
        moved << name;
    }
    return true;
}

} // namespace

bool writeReport(const QString& dir, const std::vector<ReportFile>& files, QString* error)
{
    const bool existed = QFileInfo(dir).isDir();
    if (!existed && QFileInfo::exists(dir)) {
        if (error)
            *error = dir + QStringLiteral(": --out names a file, not a folder");
        return false;
    }
    if (!existed && !QDir().mkpath(dir)) {
        if (error)
            *error = dir + QStringLiteral(": cannot create the folder");
        return false;
    }
    removeStaleStaging(dir);
    // Everything is written into a hidden folder inside the target first: the previous
    // report is only touched once every new file is complete, and the swap renames
    // within the target, so the folder's parent may be read-only (`--out .`, a container's /out).
    QTemporaryDir staging(QDir(dir).filePath(
        kStagingPrefix + QString::number(QCoreApplication::applicationPid()) + QStringLiteral("-XXXXXX")));
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        staging.remove();
        if (!existed)
            QDir().rmdir(dir);
        return false;
    };
    if (!staging.isValid())
        return fail(dir + QStringLiteral(": cannot create a temporary folder in it: ") + staging.errorString());
    const QDir staged(staging.path());
    if (!staged.mkdir(QStringLiteral("new")) || !staged.mkdir(QStringLiteral("old")))
        return fail(dir + QStringLiteral(": cannot create a temporary folder in it"));
    const QDir fresh(staged.filePath(QStringLiteral("new")));
    const QDir backup(staged.filePath(QStringLiteral("old")));
    QStringList names;
    // Files still being worked out come last, so that the others are written meanwhile.
    std::vector<const ReportFile*> order;
    for (const ReportFile& file : files)
        if (!file.pending.valid())
            order.push_back(&file);
    for (const ReportFile& file : files)
        if (file.pending.valid())
            order.push_back(&file);
    // plan.html of a big document is written beside this thread, which writes the others
    // meanwhile (blocks.csv, a second's worth at a million blocks). A failure is told for the
    // first file in order that failed.
    std::vector<std::future<int>> beside(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        if (order[i]->write && order[i]->besideOthers)
            beside[i] = runBeside([path = fresh.filePath(order[i]->name), &write = order[i]->write] {
                return writeStreamed(path, write);
            });
    const auto cannotWrite = [&dir](const ReportFile& file, const QString& why) {
        return QDir(dir).filePath(file.name) + QStringLiteral(": cannot write: ") + why;
    };
    std::vector<QString> problems(order.size()); // per file, why it was not written
    for (std::size_t i = 0; i < order.size(); ++i) {
        const ReportFile& file = *order[i];
        QString why;
        if (beside[i].valid())
            continue;
        if (file.pending.valid()) {
            if (!writeFileAtomically(fresh.filePath(file.name), file.pending.get(), &why))
                problems[i] = cannotWrite(file, why.section(QStringLiteral(": cannot write: "), 1));
        } else if (file.write) {
            // Streamed: the staging folder already keeps the old report safe until the swap.
            if (const int code = writeStreamed(fresh.filePath(file.name), file.write))
                problems[i] = cannotWrite(file, systemReason(code));
        } else if (!writeFileAtomically(fresh.filePath(file.name), file.contents, &why)) {
            problems[i] = cannotWrite(file, why.section(QStringLiteral(": cannot write: "), 1));
        }
        if (!problems[i].isEmpty())
            break;
    }
    for (std::size_t i = 0; i < order.size(); ++i)
        if (beside[i].valid())
            if (const int code = beside[i].get())
                problems[i] = cannotWrite(*order[i], systemReason(code));
    for (const QString& problem : problems)
        if (!problem.isEmpty())
            return fail(problem);
    for (const ReportFile* file : order)
        names << file->name;
    QStringList charts;
    for (const QString& name : names)
        if (name.startsWith(QStringLiteral("chart-")))
            charts << name;
    if (!charts.isEmpty()) {
        QString why;
        if (!writeFileAtomically(fresh.filePath(kWrittenChartsFile),
                (charts.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8(), &why))
            return fail(why);
        names << kWrittenChartsFile;
    }
    if (!swapIn(fresh, backup, dir, names, error))
        return fail(error ? *error : QString());
    return true; // the QTemporaryDir removes the old files and the staging folder
}

} // namespace memlens
