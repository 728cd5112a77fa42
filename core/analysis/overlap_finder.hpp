#pragma once
// The overlaps of a plan: blocks of different storages that are live at a common
// op and share bytes. Two sweeps over the op sequence. The first counts every
// pair without visiting them (two Fenwick trees over the live address ends and
// starts), in O(n log n). The second lists pairs, but only those touching the
// storages that can hold the first `limit` pairs: a generated plan with 15
// million overlapping pairs costs a count and a few thousand visits.
#include "core/dump/dump_model.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace memlens {

struct StorageMap; // core/analysis/storage_analysis.hpp

// Two blocks of different storages live at a common op and sharing bytes.
struct Overlap {
    int a = 0; // block indices; `a` before `b` in (id, copy) order
    int b = 0;
    std::int64_t fromOp = 0; // the intersection of their Lives, inclusive
    std::int64_t toOp = 0;
    std::uint64_t bytes = 0; // length of the intersection of their address ranges
};

// A damaged or generated plan can have millions of overlapping pairs: at most this many are kept.
inline constexpr std::size_t kMaxListedOverlaps = 10000;

// Every overlapping pair once (the first `limit` of them), sorted by (a, b) in (id, copy)
// order; `total`, when given, gets how many there are in all. Blocks of size 0 share no bytes.
// Throws LoadCancelled soon after `*cancel` becomes true (when given).
std::vector<Overlap> findOverlaps(const ScopePlan& scope, const StorageMap& storages,
    std::size_t limit = kMaxListedOverlaps, std::size_t* total = nullptr, const std::atomic<bool>* cancel = nullptr);

} // namespace memlens
