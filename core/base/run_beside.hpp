#pragma once
// Work on a second thread while this one goes on: the one way core starts a thread.
// The future's get() returns the result or rethrows the work's exception (a
// LoadCancelled among them); a future dropped unread waits for its work, so
// nothing it refers to can go away under it.
#include <functional>
#include <future>
#include <type_traits>
#include <utility>

namespace memlens {

template <typename Work> [[nodiscard]] auto runBeside(Work&& work)
{
    return std::async(std::launch::async, std::forward<Work>(work));
}

// A result worth a thread of its own only for large inputs: started beside the
// caller when `apart`, else computed on the caller's thread when taken.
template <typename Result> class ResultBeside {
public:
    template <typename Work>
    ResultBeside(bool apart, Work work)
        : work_(std::move(work))
    {
        if (apart)
            pending_ = runBeside(work_);
    }

    bool apart() const { return pending_.valid(); }

    // Once only.
    Result take() { return pending_.valid() ? pending_.get() : work_(); }

private:
    std::function<Result()> work_;
    std::future<Result> pending_;
};

} // namespace memlens
