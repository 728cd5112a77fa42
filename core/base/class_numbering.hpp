#pragma once
// Numbers items by equality class, in the order the classes are first seen:
// equal items get one number, the first class 0. Items are indices (into the
// caller's array); `hash(item)` and `equal(a, b)` compare what they stand for.
//
// An open-addressing table over each class's first item, with no node per entry.
// A slot keeps 32 bits of the hash beside the class, so a probe compares items (a
// cache miss on a large array) only when those match: nearly always an item of
// that class. prefetch() lets a loop fetch a slot a few items ahead.
#include "core/base/cancellation.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace memlens {

template <typename Hash, typename Equal> class ClassNumbering {
public:
    ClassNumbering(std::size_t expectedItems, Hash hash, Equal equal)
        : hash_(hash)
        , equal_(equal)
    {
        std::size_t slots = 16;
        while (2 * slots < 3 * expectedItems) // at most two thirds full
            slots *= 2;
        slots_.resize(slots);
    }

    void prefetch(int item) const { __builtin_prefetch(&slots_[hash_(item) & (slots_.size() - 1)]); }

    // The class of `item`: the one of an equal item seen before, else a new one.
    int numberOf(int item)
    {
        const std::uint64_t hash = hash_(item);
        const auto tag = static_cast<std::uint32_t>(hash >> 32);
        const std::size_t mask = slots_.size() - 1;
        std::size_t at = hash & mask;
        while (slots_[at].number >= 0
            && (slots_[at].tag != tag || !equal_(firstItem_[static_cast<std::size_t>(slots_[at].number)], item)))
            at = (at + 1) & mask;
        if (slots_[at].number < 0) {
            slots_[at] = {static_cast<int>(firstItem_.size()), tag};
            firstItem_.push_back(item);
        }
        return slots_[at].number;
    }

    std::size_t count() const { return firstItem_.size(); }

    // Numbers every item of `order`, in that order, into `numbers[item]`, fetching the slot
    // of an item a few steps ahead meanwhile; gives each class's size. Polls `cancel`
    // (throwIfCancelledAt).
    std::vector<int> numberAll(
        const std::vector<int>& order, std::vector<int>& numbers, const std::atomic<bool>* cancel = nullptr)
    {
        constexpr std::size_t kFetchAhead = 8;
        std::vector<int> sizes;
        throwIfCancelledAt(0, cancel);
        for (std::size_t step = 0; step < order.size(); ++step) {
            throwIfCancelledAt(step, cancel);
            if (step + kFetchAhead < order.size())
                prefetch(order[step + kFetchAhead]);
            const int number = numberOf(order[step]);
            if (static_cast<std::size_t>(number) == sizes.size())
                sizes.push_back(0);
            numbers[static_cast<std::size_t>(order[step])] = number;
            ++sizes[static_cast<std::size_t>(number)];
        }
        return sizes;
    }

private:
    struct Slot {
        int number = -1;
        std::uint32_t tag = 0;
    };
    Hash hash_;
    Equal equal_;
    std::vector<Slot> slots_;
    std::vector<int> firstItem_; // class -> the first item seen of it
};

} // namespace memlens
