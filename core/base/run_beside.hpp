#pragma once
// Work on a second thread while this one goes on: the one way core starts a thread.
// The future's get() returns the result or rethrows the work's exception (a
// LoadCancelled among them); a future dropped unread waits for its work, so
// nothing it refers to can go away under it.
//
// The caller keeps working while its work runs beside it, so that work has one core
// fewer to spread itself over (coresFreeHere): a diagnosis beside `inspect`'s writer
// sweeps its variants on one thread, not on two that fight the writer for two cores.
#include <algorithm>
#include <functional>
#include <future>
#include <thread>
#include <type_traits>
#include <utility>

namespace memlens {

namespace detail {
// How many callers up the chain of runBeside calls that reached this thread keep working.
inline thread_local unsigned besideCallers = 0;
} // namespace detail

// The cores work started on this thread may count on: the machine's, one fewer for each
// caller that went on working beside it; at least one.
inline unsigned coresFreeHere()
{
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return cores > detail::besideCallers ? cores - detail::besideCallers : 1;
}

template <typename Work> [[nodiscard]] auto runBeside(Work&& work)
{
    return std::async(
        std::launch::async, [callers = detail::besideCallers + 1, work = std::forward<Work>(work)]() mutable {
            // Kept for the work's time only, should the thread be one the library reuses.
            struct Count {
                unsigned outer = detail::besideCallers;
                explicit Count(unsigned callers) { detail::besideCallers = callers; }
                ~Count() { detail::besideCallers = outer; }
            } count(callers);
            return work();
        });
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
