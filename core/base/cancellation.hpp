#pragma once
// Stopping work nobody wants any more: the one signal and the one poll.
// A job gets a `const std::atomic<bool>*` (null: it cannot be cancelled); the
// owner sets the flag, the job polls it and unwinds with LoadCancelled.
#include <atomic>
#include <cstddef>
#include <exception>

namespace memlens {

// A load stopped because the user no longer wants it (the window closed, or
// another file was opened): not an error to show.
class LoadCancelled : public std::exception {
public:
    const char* what() const noexcept override { return "the load was cancelled"; }
};

inline bool cancelRequested(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

inline void throwIfCancelled(const std::atomic<bool>* cancel)
{
    if (cancelRequested(cancel))
        throw LoadCancelled();
}

// For tight loops: looks at the flag only when `step` is a multiple of 65,536,
// so that the poll costs nothing per step and a stop still comes within microseconds.
inline void throwIfCancelledAt(std::size_t step, const std::atomic<bool>* cancel)
{
    if ((step & 0xffff) == 0)
        throwIfCancelled(cancel);
}

} // namespace memlens
