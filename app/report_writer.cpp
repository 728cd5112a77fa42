#include "app/report_writer.hpp"

#include "core/report_files.hpp"
#include "views/block_chart_painter.hpp"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace memlens {

namespace {
QByteArray bytesOf(const std::string& text) { return QByteArray(text.data(), static_cast<qsizetype>(text.size())); }
} // namespace

QString chartTitle(const PlanDocument& document, std::size_t scopeIndex)
{
    const QString kernel = document.dump.kernel.empty() ? QStringLiteral("(unnamed kernel)") : QString::fromStdString(document.dump.kernel);
    return kernel + QStringLiteral(" \u00b7 ") + QString::fromStdString(document.dump.scopes.at(scopeIndex).scope);
}

QByteArray chartPng(const PlanDocument& document, std::size_t scopeIndex, QSize size, const ChartRenderOptions& options)
{
    const QImage image = renderBlockChartImage(document.dump.scopes.at(scopeIndex), document.analyses.at(scopeIndex), size, options);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return png;
}

QByteArray chartSvg(const PlanDocument& document, std::size_t scopeIndex, QSize size, const ChartRenderOptions& options, QString* error)
{
    QByteArray svg;
    QBuffer buffer(&svg);
    buffer.open(QIODevice::WriteOnly);
    if (!writeBlockChartSvg(buffer, document.dump.scopes.at(scopeIndex), document.analyses.at(scopeIndex), size, options, error))
        return {};
    return svg;
}

std::vector<ReportFile> buildReport(const PlanDocument& document, QSize chartSize)
{
    std::vector<ReportFile> files;
    files.push_back({QStringLiteral("summary.md"), bytesOf(summaryMarkdown(document, document.dump.scopes.empty() ? "" : "chart.png"))});
    if (!document.dump.scopes.empty()) {
        const std::size_t scope = reportScopeIndex(document);
        ChartRenderOptions options;
        options.title = chartTitle(document, scope);
        files.push_back({QStringLiteral("chart.png"), chartPng(document, scope, chartSize, options)});
        QString ignored;
        files.push_back({QStringLiteral("chart.svg"), chartSvg(document, scope, chartSize, options, &ignored)});
    }
    files.push_back({QStringLiteral("blocks.csv"), bytesOf(blocksCsv(document))});
    files.push_back({QStringLiteral("live_at_peak.csv"), bytesOf(liveAtPeakCsv(document))});
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
    if (file.write(contents) != contents.size() || !file.commit()) {
        if (error)
            *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        file.cancelWriting();
        return false;
    }
    return true;
}

bool writeReport(const QString& dir, const std::vector<ReportFile>& files, QString* error)
{
    const bool existed = QFileInfo(dir).isDir();
    if (!existed && !QDir().mkpath(dir)) {
        if (error)
            *error = dir + QStringLiteral(": cannot create the folder");
        return false;
    }
    QStringList written;
    for (const ReportFile& file : files) {
        const QString path = QDir(dir).filePath(file.name);
        if (!writeFileAtomically(path, file.contents, error)) {
            for (const QString& done : written)
                QFile::remove(done);
            if (!existed)
                QDir().rmdir(dir);
            return false;
        }
        written << path;
    }
    return true;
}

} // namespace memlens
