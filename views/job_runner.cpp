#include "views/job_runner.hpp"

#include <QMetaObject>

#include <spdlog/spdlog.h>

namespace memlens {

JobRunner::JobRunner(Mode mode)
    : mode_(mode)
    , mailbox_(std::make_shared<Mailbox>())
{
    mailbox_->receiver = new QObject;
}

JobRunner::~JobRunner()
{
    cancelAll();
    // Under the lock, so that no job is posting to the receiver while it goes;
    // deleting it also drops the results already posted and not yet delivered.
    std::lock_guard lock(mailbox_->mutex);
    delete mailbox_->receiver.data();
}

int JobRunner::begin(Flag& flag)
{
    if (mode_ == Mode::LatestOnly)
        cancelAll();
    flag = std::make_shared<std::atomic<bool>>(false);
    const int id = ++latest_;
    flags_.emplace(id, flag);
    return id;
}

bool JobRunner::end(int job, const Flag& flag)
{
    flags_.erase(job);
    return !flag->load(std::memory_order_relaxed);
}

void JobRunner::cancel(int job)
{
    if (const auto it = flags_.find(job); it != flags_.end()) {
        it->second->store(true, std::memory_order_relaxed);
        flags_.erase(it);
    }
}

void JobRunner::cancelAll()
{
    for (auto& [id, flag] : flags_)
        flag->store(true, std::memory_order_relaxed);
    flags_.clear();
}

void JobRunner::post(const std::shared_ptr<Mailbox>& mailbox, std::function<void()> onRunnerThread)
{
    std::lock_guard lock(mailbox->mutex);
    if (QObject* receiver = mailbox->receiver.data())
        QMetaObject::invokeMethod(receiver, std::move(onRunnerThread), Qt::QueuedConnection);
}

void JobRunner::logFailure(const std::exception* error)
{
    spdlog::error("a background job failed: {}", error ? error->what() : "unknown exception");
}

} // namespace memlens
