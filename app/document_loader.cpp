#include "app/document_loader.hpp"

#include "app/app_settings.hpp"
#include "core/base/cancellation.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/document/computed_plan.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_keeper.hpp"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <variant>

namespace memlens {

namespace {
using Loaded = DocumentLoader::Loaded;
using LoadResult = DocumentLoader::LoadResult;

bool isInside(const QString& path, const QString& dir)
{
    return !dir.isEmpty() && QFileInfo(path).absoluteFilePath().startsWith(QDir(dir).absolutePath() + QLatin1Char('/'));
}

// A copy of a file the version was read with, kept in the history's folder; the file itself when
// it cannot be copied (the version is then read with the file, as before), "" for none.
QString keptCompanion(const std::string& file, const QString& snapshotDir)
{
    if (file.empty())
        return {};
    try {
        return QString::fromStdString(keepCompanionFile(file, snapshotDir.toStdString()).string());
    } catch (const std::filesystem::filesystem_error& error) {
        spdlog::warn("cannot keep a copy of {}: {}", file, error.what());
        return QString::fromStdString(file);
    }
}

// The dump, read once: parsed, and copied into `snapshotDir` (unless it is a copy there) from those bytes.
std::shared_ptr<PlanDocument> loadDocument(const QString& dumpPath, const LoadOptions& options,
    const QString& snapshotDir, std::optional<DumpVersion>& version)
{
    // An IR or a compile log is planned, not kept as a dump version.
    if (snapshotDir.isEmpty() || isInside(dumpPath, snapshotDir) || !startsLikeDumpFile(dumpPath.toStdString()))
        return std::make_shared<PlanDocument>(loadPlanDocument(dumpPath.toStdString(), options));
    DumpRead read = readDumpKeepingBytes(dumpPath.toStdString(), options.cancel.get(), options.bytesRead.get());
    const auto written = read.written;
    PendingDumpCopy copy(read, snapshotDir.toStdString()); // written while the plan is analysed
    auto document
        = std::make_shared<PlanDocument>(buildPlanDocument(std::move(read.dump), dumpPath.toStdString(), options));
    attachPlannerCheck(*document, options); // as loadPlanDocument does
    try {
        // Judged by the capacities the document was judged by: History says what the window says.
        std::vector<std::uint64_t> capacities;
        for (const PlanAnalysis& analysis : document->analyses)
            capacities.push_back(analysis.capacity.bytes);
        version = DumpHistory::versionFrom(dumpPath, document->dump, copy.take(), written, capacities);
        // The IR and the log go with it: the next compile overwrites them beside the dump too.
        version->irFile = keptCompanion(document->irFile, snapshotDir);
        version->logFile = document->log ? keptCompanion(document->log->file, snapshotDir) : QString();
    } catch (const std::filesystem::filesystem_error& error) {
        spdlog::warn("cannot keep a copy of {}: {}", dumpPath.toStdString(), error.what());
    }
    return document;
}

LoadResult loadInBackground(
    const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered, const QString& snapshotDir)
{
    try {
        std::optional<DumpVersion> version;
        LoadOptions withRemembered = options;
        withRemembered.rememberedCapacities = remembered; // resolved once, in the load
        auto document = loadDocument(dumpPath, withRemembered, snapshotDir, version);
        return Loaded{std::shared_ptr<const PlanDocument>(std::move(document)), std::move(version)};
    } catch (const LoadCancelled&) {
        throw; // the runner ends the job quietly
    } catch (const std::exception& error) {
        return QString::fromStdString(errorMessage(error, dumpPath.toStdString()));
    }
}
} // namespace

DocumentLoader::DocumentLoader(QObject* parent)
    : QObject(parent)
    , progressTimer_(new QTimer(this))
{
    progressTimer_->setInterval(100);
    connect(progressTimer_, &QTimer::timeout, this, &DocumentLoader::reportProgress);
}

void DocumentLoader::setProgressInterval(int ms) { progressTimer_->setInterval(ms); }

void DocumentLoader::reportProgress()
{
    // The parser may count past the size of a file that grew while it was read.
    const auto read = std::min<qint64>(static_cast<qint64>(bytesRead()), total_);
    if (read == reported_)
        return;
    reported_ = read;
    emit progress(jobs_.latestJob(), read, total_);
}

// The runner drops the results of the loads under way and tells them to stop.
DocumentLoader::~DocumentLoader() = default;

void DocumentLoader::setBusy(bool busy)
{
    if (busy == busy_)
        return;
    busy_ = busy;
    emit busyChanged(busy);
}

void DocumentLoader::cancel()
{
    progressTimer_->stop();
    jobs_.cancelAll();
    setBusy(false);
}

int DocumentLoader::load(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered)
{
    // The new job's own counter: one the job before it still writes to would mislead.
    bytesRead_ = std::make_shared<std::atomic<std::uint64_t>>(0);
    total_ = QFileInfo(dumpPath).size();
    if (!options.logFile.empty()) // read after the dump, on the same counter
        total_ += QFileInfo(QString::fromStdString(options.logFile)).size();
    // Starting a job stops the ones before it: their results would be dropped anyway.
    const int job = jobs_.start(
        [dumpPath, options, remembered, snapshotDir = snapshotDir_, counter = bytesRead_](const JobCancel& cancel) {
            LoadOptions stoppable = options;
            stoppable.cancel = cancel.flag();
            stoppable.bytesRead = counter;
            stoppable.buildHitIndexes = true; // the chart's, so a click never waits for it
            return loadInBackground(dumpPath, stoppable, remembered, snapshotDir);
        },
        // Only the latest job is ever delivered.
        [this, dumpPath](const LoadResult& result) { finished(jobs_.latestJob(), dumpPath, result); });
    // Nothing is delivered before the event loop runs again, so these come first.
    setBusy(true);
    emit started(job, dumpPath);
    // Zero, whatever the job has read already: it may have started on its first chunk.
    reported_ = 0;
    emit progress(job, 0, total_);
    progressTimer_->start();
    return job;
}

void DocumentLoader::finished(int job, const QString& dumpPath, const LoadResult& result)
{
    progressTimer_->stop();
    setBusy(false);
    if (const auto* loadedDocument = std::get_if<Loaded>(&result)) {
        if (reported_ != total_) {
            reported_ = total_;
            emit progress(job, total_, total_);
        }
        if (loadedDocument->version)
            emit versionKept(*loadedDocument->version);
        emit loaded(job, loadedDocument->document);
    } else {
        emit failed(job, dumpPath, std::get<QString>(result));
    }
}

} // namespace memlens
