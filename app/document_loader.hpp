#pragma once
// Loads dumps off the GUI thread, on a JobRunner: every request gets a job
// number; a result that arrives after a newer request started is dropped, so a
// slow, stale load never replaces what the user asked for last. A load that is
// no longer wanted (a newer one started, cancel(), the loader destroyed) is
// told to stop, and stops within a few thousand JSON values.
#include "app/dump_history.hpp"
#include "core/document/plan_document.hpp"
#include "views/job_runner.hpp"

#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

class QTimer;

namespace memlens {

class DocumentLoader : public QObject {
    Q_OBJECT
public:
    explicit DocumentLoader(QObject* parent = nullptr);
    // Tells every load under way to stop; none is delivered after this.
    ~DocumentLoader() override;

    // Starts loading; returns the job number. Once the kernel and its target
    // are known, their entry in `remembered` overrides the capacity of those scopes.
    int load(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered = {});
    // When set, each dump loaded (but a copy already in `dir`) is first copied
    // there, and the document is built from exactly the bytes copied.
    void setSnapshotDir(const QString& dir) { snapshotDir_ = dir; }

    // Drops every load under way: their results never arrive, and they stop.
    void cancel();
    // True while the load asked for last is under way.
    bool isBusy() const { return jobs_.hasPending(); }
    int latestJob() const { return jobs_.latestJob(); }
    // Bytes of the dump the latest load has parsed so far (it keeps counting only while it runs).
    std::uint64_t bytesRead() const { return bytesRead_ ? bytesRead_->load(std::memory_order_relaxed) : 0; }
    // How often progress() is sent while a load runs (100 ms by default).
    void setProgressInterval(int ms);

signals:
    void started(int job, const QString& dumpPath);
    void loaded(int job, std::shared_ptr<const memlens::PlanDocument> document);
    // Just before loaded(), for a load that took a copy (setSnapshotDir()).
    void versionKept(const memlens::DumpVersion& version);
    void failed(int job, const QString& dumpPath, const QString& message);
    void busyChanged(bool busy);
    // How far the latest load has come: bytes parsed of the file's `total`. Sent when
    // it starts (0), every progress interval while it runs, and once with read ==
    // total just before loaded(); never after cancel() or a failure.
    void progress(int job, qint64 read, qint64 total);

public:
    struct Loaded {
        std::shared_ptr<const PlanDocument> document;
        std::optional<DumpVersion> version; // the copy taken of the bytes loaded
    };
    // A document, or the message saying why there is none.
    using LoadResult = std::variant<Loaded, QString>;

private:
    void finished(int job, const QString& dumpPath, const LoadResult& result);
    void setBusy(bool busy);
    void reportProgress();

    QString snapshotDir_;
    bool busy_ = false;
    // The latest load's counter (LoadOptions::bytesRead), polled on this thread.
    std::shared_ptr<std::atomic<std::uint64_t>> bytesRead_;
    qint64 total_ = 0;
    qint64 reported_ = -1;
    QTimer* progressTimer_;
    JobRunner jobs_; // the latest load only
};

} // namespace memlens
