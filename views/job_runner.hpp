#pragma once
// Runs work off the GUI thread and hands each result back on the runner's own
// thread, only while the job is still wanted (docs/design.md, Threading).
//
// Every job gets a number and a cancel flag that is passed INTO the job, so a
// long loop stops as soon as nobody wants its result; core functions take the
// same flag (LoadOptions::cancel, IrIndex::build). A job stops being wanted
// when the runner cancels it (cancel(), cancelAll(), a newer job in LatestOnly
// mode) or when the runner is destroyed.
//
// The runner is meant to be a member of the object that receives the results.
// Results travel through a small object the runner owns, so once the runner
// (and with it the owner) is gone, nothing is delivered and nothing waits: the
// job must capture values only, never the owner.
#include "core/base/cancellation.hpp"

#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>

namespace memlens {

// What a job polls to learn that it is no longer wanted.
class JobCancel {
public:
    explicit JobCancel(std::shared_ptr<const std::atomic<bool>> flag)
        : flag_(std::move(flag))
    {
    }
    bool requested() const { return flag_->load(std::memory_order_relaxed); }
    // Throws LoadCancelled when requested (the runner ends such a job quietly).
    void throwIfRequested() const
    {
        if (requested())
            throw LoadCancelled();
    }
    // The flag itself, for core functions that take one (LoadOptions::cancel, IrIndex::build).
    const std::shared_ptr<const std::atomic<bool>>& flag() const { return flag_; }

private:
    std::shared_ptr<const std::atomic<bool>> flag_;
};

class JobRunner {
public:
    enum class Mode {
        LatestOnly, // a new job cancels every earlier one: only the last request counts (a load, a diff)
        Concurrent, // jobs run side by side, each delivered unless cancelled (reads of different files)
    };

    explicit JobRunner(Mode mode = Mode::LatestOnly);
    // Cancels every job; none is delivered after this, and nothing waits for them.
    ~JobRunner();
    JobRunner(const JobRunner&) = delete;
    JobRunner& operator=(const JobRunner&) = delete;

    // Runs `job(const JobCancel&)` on the global thread pool, then calls
    // `deliver(result)` on this runner's thread unless the job was cancelled
    // meanwhile. Jobs return their errors as values; one that throws
    // LoadCancelled ends quietly, any other exception is logged and the result
    // dropped. Returns the job number (1, 2, ...).
    template <class Job, class Deliver> int start(Job job, Deliver deliver);

    // The job's result will not be delivered, and its flag asks it to stop.
    void cancel(int job);
    void cancelAll();
    // Started, and neither delivered nor cancelled.
    bool isPending(int job) const { return flags_.count(job) > 0; }
    bool hasPending() const { return !flags_.empty(); }
    int latestJob() const { return latest_; }

private:
    // What the jobs share with the runner: where to post results, while the runner lives.
    struct Mailbox {
        std::mutex mutex;
        QPointer<QObject> receiver; // lives on the runner's thread; null once the runner is gone
    };
    using Flag = std::shared_ptr<std::atomic<bool>>;

    int begin(Flag& flag);
    // Called on the runner's thread when a job ends; true when its result is still wanted.
    bool end(int job, const Flag& flag);
    static void post(const std::shared_ptr<Mailbox>& mailbox, std::function<void()> onRunnerThread);
    static void logFailure(const std::exception* error);

    Mode mode_;
    int latest_ = 0;
    std::map<int, Flag> flags_; // pending jobs
    std::shared_ptr<Mailbox> mailbox_;
};

template <class Job, class Deliver> int JobRunner::start(Job job, Deliver deliver)
{
    using Result = std::invoke_result_t<Job&, const JobCancel&>;
    Flag flag;
    const int id = begin(flag);
    // Both callables travel in shared_ptrs: std::function needs copies, a job may hold move-only state.
    auto work = std::make_shared<Job>(std::move(job));
    auto hand = std::make_shared<Deliver>(std::move(deliver));
    QThreadPool::globalInstance()->start([this, id, flag, work, hand, mailbox = mailbox_] {
        std::shared_ptr<Result> result;
        try {
            if (!flag->load(std::memory_order_relaxed))
                result = std::make_shared<Result>((*work)(JobCancel(flag)));
        } catch (const LoadCancelled&) {
        } catch (const std::exception& error) {
            logFailure(&error);
        } catch (...) {
            logFailure(nullptr);
        }
        // Runs only while the runner lives (the receiver is the runner's), so `this` is valid there.
        post(mailbox, [this, id, flag, hand, result] {
            if (end(id, flag) && result)
                (*hand)(std::move(*result)); // last: delivering may destroy the runner's owner
        });
    });
    return id;
}

} // namespace memlens
