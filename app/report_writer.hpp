#pragma once
// Builds the report files of a document in memory and writes them atomically:
// the whole report goes into a hidden temporary folder inside the target and is
// swapped in only when every file is written, so a failed report leaves the
// previous one as it was (and the target's parent needs no write access).
#include "core/base/work_thresholds.hpp"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <future>
#include <iosfwd>
#include <memory>
#include <utility>
#include <vector>

namespace memlens {

struct PlanDocument;
class ScopeDiagnoses;

struct ChartRenderOptions;

struct ReportFile {
    QString name;
    QByteArray contents;
    // When set, the file is written by this instead of from `contents` (blocks.csv of a
    // big document, streamed row by row): it reads the document, which must still live.
    std::function<void(std::ostream&)> write = {};
    // When valid, the contents are still being worked out on another thread (summary.md of
    // a big document: its diagnosis); writeReport() writes such files after the others.
    std::shared_future<QByteArray> pending = {};
    // A streamed file written on a thread of its own while the others are written (plan.html of
    // a big document: it waits for the diagnosis, then writes a second's worth of page).
    bool besideOthers = false;
};

// From this many blocks on, buildReport() streams blocks.csv instead of holding it.

inline const QSize kDefaultReportChartSize(1600, 900);

QString chartTitle(const PlanDocument& document, std::size_t scopeIndex);
// What chart.png says above the chart: kernel, scope and verdict; required
// against capacity (the shortfall when it overflows); the dump's error text.
QStringList chartCaption(const PlanDocument& document, std::size_t scopeIndex);
// An image of `size`: `lines` on top, the chart of the scope below them (without its title row when
// there are lines: the first names kernel and scope).
QImage captionedChartImage(const PlanDocument& document, std::size_t scopeIndex, QSize size,
    const ChartRenderOptions& options, const QStringList& lines);
// The report's chart.png: the chart with its caption.
QByteArray captionedChartPng(
    const PlanDocument& document, std::size_t scopeIndex, QSize size, const ChartRenderOptions& options);
QByteArray chartSvg(const PlanDocument& document, std::size_t scopeIndex, QSize size, const ChartRenderOptions& options,
    QString* error);

// plan.html, the plan page (core/cli/plan_page): written from `write` when the document has
// `streamedBlocks` blocks or more (the document must then outlive the write). Its diagnoses are
// taken from `diagnoses` when given (of `document`: buildReport shares them with summary.md).
ReportFile planPageFile(const PlanDocument& document, std::size_t streamedBlocks = kStreamedCsvBlocks,
    std::shared_ptr<const ScopeDiagnoses> diagnoses = nullptr);

// summary.md, chart.png, chart.svg, blocks.csv, live_at_peak.csv, plan.html; blocks.csv is
// streamed (`write`) when the document has `streamedCsvBlocks` blocks or more. summary.md and
// plan.html show each scope's diagnosis worked out once (ScopeDiagnoses).
// `diagnoses`, when given (of `document`), are shared with whatever else shows them (`report --html`).
std::vector<ReportFile> buildReport(const PlanDocument& document, QSize chartSize = kDefaultReportChartSize,
    std::size_t streamedCsvBlocks = kStreamedCsvBlocks, std::shared_ptr<const ScopeDiagnoses> diagnoses = nullptr);

// Writes one file atomically; false with *error naming the file and the reason.
bool writeFileAtomically(const QString& path, const QByteArray& contents, QString* error);

// Creates `dir` when missing and writes every file into it, replacing the
// previous report (report files this run does not write are removed); false
// with *error (naming the file and the system's reason), the previous report
// intact and none of this run's files left behind, when any write fails.
// Staging folders that killed runs left in `dir` are removed first.
bool writeReport(const QString& dir, const std::vector<ReportFile>& files, QString* error);

} // namespace memlens
