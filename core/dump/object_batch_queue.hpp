#pragma once
// Buffer objects handed from the thread that reads them (FastListReader's simdjson reading) to
// the thread that makes Buffers of them, a batch at a time: a few batches in flight, each kept
// allocated from one use to the next, so the reader runs ahead by a bounded amount.
#include "core/dump/buffer_fields.hpp"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

namespace memlens {

struct ObjectBatch {
    std::vector<BufferFields> objects; // kept allocated from batch to batch
    std::vector<std::uint64_t> ends;
    std::size_t count = 0;
};

constexpr std::size_t kObjectsPerBatch = 2048;
constexpr std::size_t kBatchesInFlight = 3;

class ObjectBatchQueue {
public:
    ObjectBatchQueue()
    {
        for (ObjectBatch& batch : batches_)
            free_.push_back(&batch);
    }
    // The reader's side. Nullptr once the taker stopped.
    ObjectBatch* emptyBatch()
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return !free_.empty() || stopped_; });
        if (stopped_)
            return nullptr;
        ObjectBatch* batch = free_.front();
        free_.pop_front();
        batch->count = 0;
        return batch;
    }
    void filled(ObjectBatch* batch)
    {
        changeUnderLock([&] { full_.push_back(batch); });
    }
    void finish()
    {
        changeUnderLock([this] { finished_ = true; });
    }
    // The taker's side. Nullptr when the reader finished and every batch was taken.
    ObjectBatch* fullBatch()
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return !full_.empty() || finished_; });
        if (full_.empty())
            return nullptr;
        ObjectBatch* batch = full_.front();
        full_.pop_front();
        return batch;
    }
    void taken(ObjectBatch* batch)
    {
        changeUnderLock([&] { free_.push_back(batch); });
    }
    void stop()
    {
        changeUnderLock([this] { stopped_ = true; });
    }

private:
    // Changes the queue's state, then wakes whichever side waits for it.
    template <typename Change> void changeUnderLock(Change change)
    {
        {
            const std::lock_guard lock(mutex_);
            change();
        }
        changed_.notify_all();
    }

    ObjectBatch batches_[kBatchesInFlight];
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<ObjectBatch*> free_;
    std::deque<ObjectBatch*> full_;
    bool finished_ = false;
    bool stopped_ = false;
};

} // namespace memlens
