#pragma once
// Stable placement of items by an integer key when the keys are dense (a counting sort):
// op numbers and on-chip addresses span few values next to a million blocks, and
// counting them is several times faster than sorting (key, item) pairs, with no copy.
//
//   auto order = DenseKeyOrder<std::int64_t>::over(lowest, highest, items);
//   if (order) { order->count(k) for every key; order->finishCounting();
//                out[order->place(k)] = item, in the order the keys were counted in }
//   else       { sort as usual }
//
// Items of equal keys keep the order they are placed in.
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

namespace memlens {

template <typename Key> class DenseKeyOrder {
    static_assert(std::is_integral_v<Key>);

public:
    // Keys in lowest..highest; nullopt when they span more than two values per item (plus
    // 4096) or there are too many items for 32-bit places: the caller then sorts.
    static std::optional<DenseKeyOrder> over(Key lowest, Key highest, std::size_t items)
    {
        const auto width = static_cast<std::uint64_t>(highest) - static_cast<std::uint64_t>(lowest);
        if (highest < lowest || width >= 2 * static_cast<std::uint64_t>(items) + 4096
            || items >= std::numeric_limits<std::uint32_t>::max())
            return std::nullopt;
        DenseKeyOrder order;
        order.lowest_ = lowest;
        order.places_.assign(static_cast<std::size_t>(width) + 1, 0);
        return order;
    }

    void count(Key key) { ++places_[slot(key)]; }

    // After every key was counted: each key's first place.
    void finishCounting()
    {
        std::uint32_t next = 0;
        for (std::uint32_t& place : places_) {
            const std::uint32_t count = place;
            place = next;
            next += count;
        }
    }

    // The place of the next item of `key`.
    std::size_t place(Key key) { return places_[slot(key)]++; }

private:
    std::size_t slot(Key key) const
    {
        return static_cast<std::size_t>(static_cast<std::uint64_t>(key) - static_cast<std::uint64_t>(lowest_));
    }

    Key lowest_{};
    std::vector<std::uint32_t> places_;
};

} // namespace memlens
