#include "app/document_loader.hpp"

#include "core/dump_error.hpp"

#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <spdlog/spdlog.h>

#include <optional>
#include <variant>

namespace memlens {

namespace {
struct Loaded {
    std::shared_ptr<const PlanDocument> document;
    std::optional<DumpVersion> version; // the copy taken of the bytes loaded
};
using LoadResult = std::variant<Loaded, QString>;

bool isInside(const QString& path, const QString& dir)
{
    return !dir.isEmpty() && QFileInfo(path).absoluteFilePath().startsWith(QDir(dir).absolutePath() + QLatin1Char('/'));
}

// The dump, read once: copied into `snapshotDir` (unless it is a copy there) and parsed from those bytes.
std::shared_ptr<PlanDocument> loadDocument(const QString& dumpPath, const LoadOptions& options, const QString& snapshotDir,
                                           std::optional<DumpVersion>& version)
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
    auto document = std::make_shared<PlanDocument>(buildPlanDocument(std::move(snapshot.dump), dumpPath.toStdString(), options));
    version->irFile = QString::fromStdString(document->irFile);
    return document;
}

LoadResult loadInBackground(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered, const QString& snapshotDir)
{
    try {
        std::optional<DumpVersion> version;
        auto document = loadDocument(dumpPath, options, snapshotDir, version);
        if (const auto it = remembered.find(document->dump.kernel); it != remembered.end()) {
            CapacitySettings capacity = options.capacity;
            for (const auto& [scope, bytes] : it->second)
                capacity.byScope[scope] = bytes;
            reanalyze(*document, capacity);
        }
        return Loaded{std::shared_ptr<const PlanDocument>(std::move(document)), std::move(version)};
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
    QtConcurrent::run(loadInBackground, dumpPath, options, remembered, snapshotDir_).then(this, [this, job, dumpPath](LoadResult result) {
        if (--running_ == 0)
            emit busyChanged(false);
        if (job != latestJob_)
            return; // a newer request is under way or done
        if (auto* loadedDocument = std::get_if<Loaded>(&result)) {
            if (loadedDocument->version)
                emit versionKept(*loadedDocument->version);
            emit loaded(job, loadedDocument->document);
        }
        else
            emit failed(job, dumpPath, std::get<QString>(result));
    });
    return job;
}

} // namespace memlens
