#pragma once
// Loads dumps off the GUI thread. Every request gets a job number; a result
// that arrives after a newer request started is dropped, so a slow, stale load
// never replaces what the user asked for last.
#include "core/plan_document.hpp"

#include <QObject>
#include <QString>

#include <memory>

namespace memlens {

class DocumentLoader : public QObject {
    Q_OBJECT
public:
    explicit DocumentLoader(QObject* parent = nullptr);

    // Starts loading; returns the job number.
    int load(const QString& dumpPath, const LoadOptions& options);
    // Drops every load under way: their results never arrive.
    void cancel() { ++latestJob_; }
    bool isBusy() const { return running_ > 0; }
    int latestJob() const { return latestJob_; }

signals:
    void started(int job, const QString& dumpPath);
    void loaded(int job, std::shared_ptr<const memlens::PlanDocument> document);
    void failed(int job, const QString& dumpPath, const QString& message);
    void busyChanged(bool busy);

private:
    int latestJob_ = 0;
    int running_ = 0;
};

} // namespace memlens
