#pragma once
// Cancels a load once it has read a number of bytes (header-only): a watcher thread sets the
// cancel flag when the load's progress counter passes `bytes`.
#include "core/base/cancellation.hpp"

#include <atomic>
#include <cstdint>
#include <thread>

namespace memlens::test {

struct CancelOutcome {
    bool cancelled = false;      // the load threw LoadCancelled
    std::uint64_t bytesRead = 0; // its progress counter when it stopped
};

// `load(cancel, bytesRead)` runs the load with the two counters it is to use.
template <typename Load> CancelOutcome cancelAfterBytes(std::uint64_t bytes, Load load)
{
    std::atomic<bool> cancel{false};
    std::atomic<std::uint64_t> bytesRead{0};
    std::atomic<bool> done{false};
    std::thread watcher([&] {
        while (!done && bytesRead < bytes)
            std::this_thread::yield();
        cancel = true;
    });
    CancelOutcome outcome;
    try {
        load(&cancel, &bytesRead);
    } catch (const LoadCancelled&) {
        outcome.cancelled = true;
    }
    done = true;
    watcher.join();
    outcome.bytesRead = bytesRead.load();
    return outcome;
}

} // namespace memlens::test
