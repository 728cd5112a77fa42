#pragma once
// Integer keys that are dense (op numbers, on-chip addresses: few values next to a
// million blocks) put in order by counting instead of sorting, with no copy:
//
//   DenseKeyOrder: a stable counting placement. Items of equal keys keep the order in
//   which their places are asked.
//     if (auto order = DenseKeyOrder<std::int64_t>::of(forEachKey)) {
//         out.resize(order->size());
//         for each item, in the order forEachKey offered its key: out[order->place(key)] = item;
//     } else { sort as usual }
//
//   DenseRanks: the distinct keys, ascending, and each key's rank among them by table.
//
//   KeyRanks: the same for any keys: by table when they are dense, else the distinct keys
//   sorted and each rank found by a binary search.
//
//   orderByKey: the complete operation most callers want. Items in key order, equal
//   keys in the order offered: counted into place when the keys are dense, else a
//   stable sort that a cancel flag can stop.
//
// `forEachKey(visit)` calls visit(key) for every key (twice over: once for the keys'
// range, once to count them). Keys that all differ by multiples of a power of two are
// counted in units of it. Keys spread over more than two such units per key (plus 4096)
// give nullopt: the caller sorts, or searches, instead.
#include "core/base/cancellable_sort.hpp"
#include "core/base/cancellation.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

namespace memlens {

namespace dense_keys {

// Lowest key, the stride between slots (a power of two: 1 << shift), table size and key
// count; nullopt when there are no keys or they are too spread out.
struct Span {
    std::uint64_t lowest = 0;
    int shift = 0; // every key is lowest plus a multiple of 1 << shift
    std::size_t slots = 0;
    std::size_t keys = 0;
    std::size_t slotOf(std::uint64_t key) const { return static_cast<std::size_t>((key - lowest) >> shift); }
};

template <typename Key, typename ForEachKey> std::optional<Span> spanOf(ForEachKey& forEachKey)
{
    static_assert(std::is_integral_v<Key>);
    bool any = false;
    Key lowest{}, highest{}, first{};
    // The bits in which keys differ from the first: keys that are all aligned alike (addresses
    // of 32-byte buffers spread over megabytes) share a stride, and count as dense in its units.
    std::uint64_t differing = 0;
    std::size_t keys = 0;
    forEachKey([&](Key key) {
        if (!any)
            first = key;
        lowest = any ? std::min(lowest, key) : key;
        highest = any ? std::max(highest, key) : key;
        differing |= static_cast<std::uint64_t>(key) - static_cast<std::uint64_t>(first);
        any = true;
        ++keys;
    });
    if (!any)
        return std::nullopt;
    const int shift = differing == 0 ? 0 : std::countr_zero(differing);
    const auto width = (static_cast<std::uint64_t>(highest) - static_cast<std::uint64_t>(lowest)) >> shift;
    if (width >= 2 * static_cast<std::uint64_t>(keys) + 4096 || keys >= std::numeric_limits<std::uint32_t>::max())
        return std::nullopt;
    return Span{static_cast<std::uint64_t>(lowest), shift, static_cast<std::size_t>(width) + 1, keys};
}

} // namespace dense_keys

template <typename Key> class DenseKeyOrder {
public:
    template <typename ForEachKey> static std::optional<DenseKeyOrder> of(ForEachKey forEachKey)
    {
        const std::optional<dense_keys::Span> span = dense_keys::spanOf<Key>(forEachKey);
        if (!span)
            return std::nullopt;
        DenseKeyOrder order;
        order.span_ = *span;
        order.places_.assign(span->slots, 0);
        forEachKey([&order](Key key) { ++order.places_[order.slot(key)]; });
        std::uint32_t next = 0; // each key's first place
        for (std::uint32_t& place : order.places_) {
            const std::uint32_t count = place;
            place = next;
            next += count;
        }
        return order;
    }

    std::size_t size() const { return span_.keys; } // how many keys were offered

    // The place of the next item of `key`.
    std::size_t place(Key key) { return places_[slot(key)]++; }

private:
    std::size_t slot(Key key) const { return span_.slotOf(static_cast<std::uint64_t>(key)); }

    dense_keys::Span span_;
    std::vector<std::uint32_t> places_;
};

template <typename Key> class DenseRanks {
public:
    template <typename ForEachKey> static std::optional<DenseRanks> of(ForEachKey forEachKey)
    {
        const std::optional<dense_keys::Span> span = dense_keys::spanOf<Key>(forEachKey);
        if (!span)
            return std::nullopt;
        DenseRanks ranks;
        ranks.span_ = *span;
        ranks.rankAt_.assign(span->slots, 0);
        forEachKey([&ranks](Key key) { ranks.rankAt_[ranks.slot(key)] = 1; });
        for (std::uint32_t& rank : ranks.rankAt_) {
            const std::uint32_t present = rank;
            rank = ranks.count_;
            ranks.count_ += present;
        }
        return ranks;
    }

    std::uint32_t count() const { return count_; }                     // distinct keys
    std::uint32_t rankOf(Key key) const { return rankAt_[slot(key)]; } // `key` must be one of them

    // The distinct keys, ascending.
    std::vector<Key> values() const
    {
        std::vector<Key> values;
        values.reserve(count_);
        for (std::size_t s = 0; s < rankAt_.size(); ++s) {
            const std::uint32_t nextRank = s + 1 < rankAt_.size() ? rankAt_[s + 1] : count_;
            if (nextRank > rankAt_[s]) // a key at this slot
                values.push_back(static_cast<Key>(span_.lowest + (static_cast<std::uint64_t>(s) << span_.shift)));
        }
        return values;
    }

private:
    std::size_t slot(Key key) const { return span_.slotOf(static_cast<std::uint64_t>(key)); }

    dense_keys::Span span_;
    std::uint32_t count_ = 0;
    std::vector<std::uint32_t> rankAt_; // per slot, the rank of its key (or of the next key when absent)
};

template <typename Key> class KeyRanks {
public:
    // Sorting spread-out keys stops with LoadCancelled once `*cancel` is set (when given).
    template <typename ForEachKey>
    explicit KeyRanks(ForEachKey forEachKey, const std::atomic<bool>* cancel = nullptr)
        : dense_(DenseRanks<Key>::of(forEachKey))
    {
        if (dense_) {
            values_ = dense_->values();
            return;
        }
        forEachKey([this](Key key) { values_.push_back(key); });
        sortCancellably(values_.begin(), values_.end(), std::less<>(), cancel);
        values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
    }

    const std::vector<Key>& values() const { return values_; } // the distinct keys, ascending
    std::uint32_t rankOf(Key key) const                        // `key` must be one of them
    {
        if (dense_)
            return dense_->rankOf(key);
        return static_cast<std::uint32_t>(std::lower_bound(values_.begin(), values_.end(), key) - values_.begin());
    }

private:
    std::optional<DenseRanks<Key>> dense_;
    std::vector<Key> values_;
};

// `forEachKey(visit)` offers each item's key and `forEachItem(visit)` the items, both
// in the same order (the first may be called twice, the second once); `keyOf(item)`
// gives an item's key back. Items need a default value (counted places are filled in).
template <typename Key, typename Item, typename ForEachKey, typename ForEachItem, typename KeyOf>
std::vector<Item> orderByKey(
    ForEachKey forEachKey, ForEachItem forEachItem, KeyOf keyOf, const std::atomic<bool>* cancel = nullptr)
{
    std::vector<Item> items;
    if (auto order = DenseKeyOrder<Key>::of(forEachKey)) {
        items.resize(order->size());
        forEachItem([&](Item item) {
            const std::size_t at = order->place(keyOf(item));
            items[at] = std::move(item);
        });
        return items;
    }
    forEachItem([&](Item item) { items.push_back(std::move(item)); });
    std::uint32_t calls = 0;
    std::stable_sort(items.begin(), items.end(), [&](const Item& a, const Item& b) {
        if ((++calls & 0xffff) == 0)
            throwIfCancelled(cancel);
        return keyOf(a) < keyOf(b);
    });
    return items;
}

} // namespace memlens
