#pragma once
// memlens's pruning of the search within capacity (PlanOptions::pruneDoomedSearch): after a
// rollback, when the storages the search must place next cannot all fit over the outline
// that is left, every way of placing them fails, and the search would only come back to
// roll back once more. The tests here show when that is certain and where the next rollback
// stops, so the search may take it at once; the compiler's order of trying is kept.
// LevelSearch::skipDoomed and LevelSearch::cannotPlaceAll are defined beside these.
#include "core/planner/address_outline.hpp"

#include <cstdint>
#include <vector>

namespace memlens::planner {

// A multi-buffer copy planned on its own is undone with its first entry when both were
// placed at the same level; at another level it may be tried again by itself.
bool rollsWithItsFirst(const StorageEntry& entry, ReuseLevel level);

// True when a rollback from the top of `outline`'s placements stops at the same placement (or
// at none) whatever the aligned size, within [smallest, largest], of the storage that failed.
bool rollbackStopsAlike(
    const AddressOutline& outline, std::uint64_t smallest, std::uint64_t largest, std::uint64_t capacity);

} // namespace memlens::planner
