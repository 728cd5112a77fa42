#pragma once
// Loads dumps off the GUI thread. Every request gets a job number; a result
// that arrives after a newer request started is dropped, so a slow, stale load
// never replaces what the user asked for last. A load that is no longer wanted
// (a newer one started, cancel(), the loader destroyed) is told to stop, and
// stops within a few thousand JSON values.
#include "app/dump_history.hpp"
#include "core/plan_document.hpp"

#include <QFuture>
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

namespace memlens {

// Capacities the user set, by capacityOwner() (kernel and target) then scope name.
using KernelCapacities = std::map<std::string, std::map<std::string, std::uint64_t>>;

class DocumentLoader : public QObject {
    Q_OBJECT
public:
    explicit DocumentLoader(QObject* parent = nullptr);
    // Stops every load under way and waits for it: no background work outlives
    // the loader (closing the window ends the process at once).
    ~DocumentLoader() override;

    // Starts loading; returns the job number. Once the kernel and its target
    // are known, their entry in `remembered` overrides the capacity of those scopes.
    int load(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered = {});
    // When set, each dump loaded (but a copy already in `dir`) is first copied
    // there, and the document is built from exactly the bytes copied.
    void setSnapshotDir(const QString& dir) { snapshotDir_ = dir; }

    // Drops every load under way: their results never arrive, and they stop.
    void cancel();
    bool isBusy() const { return running_ > 0; }
    int latestJob() const { return latestJob_; }

signals:
    void started(int job, const QString& dumpPath);
    void loaded(int job, std::shared_ptr<const memlens::PlanDocument> document);
    // Just before loaded(), for a load that took a copy (setSnapshotDir()).
    void versionKept(const memlens::DumpVersion& version);
    void failed(int job, const QString& dumpPath, const QString& message);
    void busyChanged(bool busy);

public:
    struct Loaded {
        std::shared_ptr<const PlanDocument> document;
        std::optional<DumpVersion> version; // the copy taken of the bytes loaded
    };
    // A document, or the message saying why there is none.
    using LoadResult = std::variant<Loaded, QString>;

private:
    struct Job {
        int number = 0;
        std::shared_ptr<std::atomic<bool>> stop;
        QFuture<LoadResult> work;
    };
    void finished(int job, const QString& dumpPath, const LoadResult& result);
    void stopAll();

    QString snapshotDir_;
    int latestJob_ = 0;
    int running_ = 0;
    std::vector<Job> jobs_; // loads under way
};

} // namespace memlens
