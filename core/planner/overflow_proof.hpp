#pragma once
// memlens's overflow proofs: bounds on what a scope needs that show, without the search
// within capacity, that it cannot fit (PlanOptions::proveOverflow). Each says "cannot fit"
// only where the compiler's search would end at the same failure.
#include "core/planner/plan_target.hpp"
#include "core/planner/storage_entries.hpp"

#include <cstdint>
#include <vector>

namespace memlens::planner {

// The least the scope's storages (copies included) need at one op, in aligned bits.
std::uint64_t peakDemandBits(const StorageEntry* root, std::uint64_t align, const std::vector<BufferPair>& stallPairs);

// True when some scope cannot fit whatever the shuffle seed.
bool failsWithEverySeed(const BufferLives& buffers, const PlanTarget& target);

} // namespace memlens::planner
