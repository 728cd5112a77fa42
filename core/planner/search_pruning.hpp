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

// What cannotPlaceAll reads of the entries, made once per search within capacity: each
// candidate's aligned size and the times t whose ops t and t+1 its lives hold, and its scratch.
struct PruningIndex {
    struct Event {
        std::int64_t time = 0;
        int step = 0; // +1 from this time on, -1 no longer
        int child = 0;
    };
    std::vector<Event> events;        // every candidate's, by time, the ends first
    std::vector<std::uint64_t> sizes; // per child; 0: not a candidate (a copy, no size, no such life)
    // Scratch of one test: rooms by child and segment, what is known and active by child.
    std::vector<char> rooms;
    std::vector<char> known;
    std::vector<char> active;
    std::vector<int> covers;
    std::vector<int> unknown;

    void build(const std::vector<StorageEntry*>& children, std::uint64_t align);
};

// A multi-buffer copy planned on its own is undone with its first entry when both were
// placed at the same level; at another level it may be tried again by itself.
bool rollsWithItsFirst(const StorageEntry& entry, ReuseLevel level);

// True when a rollback from the top of `outline`'s placements stops at the same placement (or
// at none) whatever the aligned size, within [smallest, largest], of the storage that failed.
bool rollbackStopsAlike(
    const AddressOutline& outline, std::uint64_t smallest, std::uint64_t largest, std::uint64_t capacity);

} // namespace memlens::planner
