#include "app/document_loader.hpp"

#include "app/app_settings.hpp"
#include "core/dump_error.hpp"

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <spdlog/spdlog.h>

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

// The dump, read once: copied into `snapshotDir` (unless it is a copy there) and parsed from those bytes.
std::shared_ptr<PlanDocument> loadDocument(const QString& dumpPath, const LoadOptions& options,
    const QString& snapshotDir, std::optional<DumpVersion>& version)
{
    if (snapshotDir.isEmpty() || isInside(dumpPath, snapshotDir))
        return std::make_shared<PlanDocument>(loadPlanDocument(dumpPath.toStdString(), options));
    DumpSnapshot snapshot;
    try {
        snapshot = snapshotDump(dumpPath.toStdString(), snapshotDir.toStdString());
    } catch (const std::filesystem::filesystem_error& error) {
        spdlog::warn("cannot keep a copy of {}: {}", dumpPath.toStdString(), error.what());
        return std::make_shared<PlanDocument>(loadPlanDocument(dumpPath.toStdString(), options));
    }
    version = DumpHistory::versionFrom(dumpPath, snapshot);
    auto document
        = std::make_shared<PlanDocument>(buildPlanDocument(std::move(snapshot.dump), dumpPath.toStdString(), options));
    version->irFile = QString::fromStdString(document->irFile);
    return document;
}

LoadResult loadInBackground(
    const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered, const QString& snapshotDir)
{
    try {
        std::optional<DumpVersion> version;
        auto document = loadDocument(dumpPath, options, snapshotDir, version);
        const auto it = remembered.find(capacityOwner(document->dump.kernel, document->target));
        if (it != remembered.end()) {
            CapacitySettings capacity = options.capacity;
            for (const auto& [scope, bytes] : it->second)
                capacity.byScope[scope] = bytes;
            reanalyze(*document, capacity);
        }
        return Loaded{std::shared_ptr<const PlanDocument>(std::move(document)), std::move(version)};
    } catch (const LoadCancelled&) {
        return QStringLiteral("cancelled"); // never shown: a cancelled job's result is dropped
    } catch (const DumpError& error) {
        return QString::fromStdString(error.what());
    } catch (const std::exception& error) {
        return dumpPath + QStringLiteral(": ") + QString::fromStdString(error.what());
    }
}
} // namespace

DocumentLoader::DocumentLoader(QObject* parent)
    : QObject(parent)
{
}

DocumentLoader::~DocumentLoader()
{
    stopAll();
    // The background work polls its stop flag, so this wait is short. Waiting
    // here means no job finishes after the loader is gone.
    for (Job& job : jobs_)
        job.work.waitForFinished();
}

void DocumentLoader::stopAll()
{
    for (Job& job : jobs_)
        job.stop->store(true, std::memory_order_relaxed);
}

void DocumentLoader::cancel()
{
    ++latestJob_;
    stopAll();
}

int DocumentLoader::load(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered)
{
    stopAll(); // their results would be dropped anyway
    const int job = ++latestJob_;
    if (running_++ == 0)
        emit busyChanged(true);
    emit started(job, dumpPath);
    auto stop = std::make_shared<std::atomic<bool>>(false);
    LoadOptions stoppable = options;
    stoppable.cancel = stop;
    QFuture<LoadResult> work = QtConcurrent::run(loadInBackground, dumpPath, stoppable, remembered, snapshotDir_);
    jobs_.push_back({job, stop, work});
    // A watcher owned by the loader, not a continuation with it as context: a
    // continuation whose context is destroyed first trips an assert in Qt.
    auto* watcher = new QFutureWatcher<LoadResult>(this);
    connect(watcher, &QFutureWatcher<LoadResult>::finished, this, [this, watcher, job, dumpPath] {
        watcher->deleteLater();
        finished(job, dumpPath, watcher->future().result());
    });
    watcher->setFuture(work);
    return job;
}

void DocumentLoader::finished(int job, const QString& dumpPath, const LoadResult& result)
{
    std::erase_if(jobs_, [job](const Job& j) { return j.number == job; });
    if (--running_ == 0)
        emit busyChanged(false);
    if (job != latestJob_)
        return; // a newer request is under way or done
    if (const auto* loadedDocument = std::get_if<Loaded>(&result)) {
        if (loadedDocument->version)
            emit versionKept(*loadedDocument->version);
        emit loaded(job, loadedDocument->document);
    } else {
        emit failed(job, dumpPath, std::get<QString>(result));
    }
}

} // namespace memlens
