#pragma once
// std::sort that a load's cancel flag can stop midway: a million-element sort takes
// a quarter of a second, too long to wait for after Cancel. The comparison looks at
// the flag every 65,536 calls and throws LoadCancelled (the range is then left in
// some order; a cancelled load throws it away).
#include "core/base/cancellation.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace memlens {

template <typename Iterator, typename Less>
void sortCancellably(Iterator first, Iterator last, Less less, const std::atomic<bool>* cancel)
{
    if (!cancel) {
        std::sort(first, last, less);
        return;
    }
    std::uint32_t calls = 0;
    std::sort(first, last, [&](const auto& a, const auto& b) {
        if ((++calls & 0xffff) == 0)
            throwIfCancelled(cancel);
        return less(a, b);
    });
}

} // namespace memlens
