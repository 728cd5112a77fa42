#pragma once
// Loads dumps off the GUI thread. Every request gets a job number; a result
// that arrives after a newer request started is dropped, so a slow, stale load
// never replaces what the user asked for last.
#include "app/dump_history.hpp"
#include "core/plan_document.hpp"

#include <QObject>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace memlens {

// Capacities the user set, by kernel name then scope name.
using KernelCapacities = std::map<std::string, std::map<std::string, std::uint64_t>>;

class DocumentLoader : public QObject {
    Q_OBJECT
public:
    explicit DocumentLoader(QObject* parent = nullptr);

    // Starts loading; returns the job number. Once the kernel is known, its
    // entry in `remembered` overrides the capacity of those scopes.
    int load(const QString& dumpPath, const LoadOptions& options, const KernelCapacities& remembered = {});
    // When set, each dump loaded (but a copy already in `dir`) is first copied
    // there, and the document is built from exactly the bytes copied.
    void setSnapshotDir(const QString& dir) { snapshotDir_ = dir; }

    // Drops every load under way: their results never arrive.
    void cancel() { ++latestJob_; }
    bool isBusy() const { return running_ > 0; }
    int latestJob() const { return latestJob_; }

signals:
    void started(int job, const QString& dumpPath);
    void loaded(int job, std::shared_ptr<const memlens::PlanDocument> document);
    // Just before loaded(), for a load that took a copy (setSnapshotDir()).
    void versionKept(const memlens::DumpVersion& version);
    void failed(int job, const QString& dumpPath, const QString& message);
    void busyChanged(bool busy);

private:
    QString snapshotDir_;
    int latestJob_ = 0;
    int running_ = 0;
};

} // namespace memlens
