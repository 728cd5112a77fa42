#include "app/document_loader.hpp"

#include "core/dump_error.hpp"

#include <QtConcurrent/QtConcurrentRun>

#include <variant>

namespace memlens {

namespace {
using LoadResult = std::variant<std::shared_ptr<const PlanDocument>, QString>;

LoadResult loadInBackground(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered)
{
    try {
        auto document = std::make_shared<PlanDocument>(loadPlanDocument(dumpPath.toStdString(), options));
        if (const auto it = remembered.find(document->dump.kernel); it != remembered.end()) {
            CapacitySettings capacity = options.capacity;
            for (const auto& [scope, bytes] : it->second)
                capacity.byScope[scope] = bytes;
            reanalyze(*document, capacity);
        }
        return std::shared_ptr<const PlanDocument>(std::move(document));
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

int DocumentLoader::load(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered)
{
    const int job = ++latestJob_;
    if (running_++ == 0)
        emit busyChanged(true);
    emit started(job, dumpPath);
    QtConcurrent::run(loadInBackground, dumpPath, options, remembered).then(this, [this, job, dumpPath](LoadResult result) {
        if (--running_ == 0)
            emit busyChanged(false);
        if (job != latestJob_)
            return; // a newer request is under way or done
        if (auto* document = std::get_if<std::shared_ptr<const PlanDocument>>(&result))
            emit loaded(job, *document);
        else
            emit failed(job, dumpPath, std::get<QString>(result));
    });
    return job;
}

} // namespace memlens
