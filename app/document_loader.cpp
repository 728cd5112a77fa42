#include "app/document_loader.hpp"

#include "app/app_settings.hpp"
#include "core/dump_error.hpp"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <variant>

namespace memlens {

namespace {
using LoadResult = DocumentLoader::LoadResult;

LoadResult loadInBackground(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered)
{
    try {
        auto document = std::make_shared<PlanDocument>(loadPlanDocument(dumpPath.toStdString(), options));
        if (const auto it = remembered.find(capacityOwner(document->dump.kernel, document->target)); it != remembered.end()) {
            CapacitySettings capacity = options.capacity;
            for (const auto& [scope, bytes] : it->second)
                capacity.byScope[scope] = bytes;
            reanalyze(*document, capacity);
        }
        return std::shared_ptr<const PlanDocument>(std::move(document));
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
    QFuture<LoadResult> work = QtConcurrent::run(loadInBackground, dumpPath, stoppable, remembered);
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
    if (auto* document = std::get_if<std::shared_ptr<const PlanDocument>>(&result))
        emit loaded(job, *document);
    else
        emit failed(job, dumpPath, std::get<QString>(result));
}

} // namespace memlens
