#pragma once
// The address outline of one scope's search: the space from 0 up as a list of segments,
// each remembering the lives of the storages placed in it and the last one placed, so a
// storage can go where every earlier occupant's life allows. Each placement is recorded
// and can be undone, newest first (the compiler's UpdateOutline and RollbackOutline).
#include "core/planner/storage_entries.hpp"

#include <cstdint>
#include <list>
#include <memory>
#include <unordered_map>
#include <vector>

namespace memlens::planner {

// The level a storage was placed at: what the placement forbade besides a life conflict
// (and mem_unique), strictest last. The search tries each storage from the strictest down.
enum class ReuseLevel {
    AnyFreeAddress = 0,       // only a life conflict (or mem_unique) forbids
    CopySlotsOnly = 1,        // only a multi-buffered storage's slots in the same loop, all of them
    NoPipeConflictInLoop = 2, // nor over a storage of the same loop whose pipe conflicts
    NoPipeConflict = 3,       // nor over any storage whose pipe conflicts
};

struct Segment {
    Lives lives;                        // of every storage placed over it
    std::uint64_t offset = 0;           // bits
    std::uint64_t extent = 0;           // bits
    const StorageEntry* last = nullptr; // the storage placed over it last
    // Every life has allocTime <= freeTime, so the merged lives end in increasing order too
    // and a conflict test may skip those ending before a time by binary search.
    bool ordered = true;
};
using Segments = std::list<std::shared_ptr<Segment>>;
using SegmentIt = Segments::iterator;

// One placement, as undo needs it (the compiler's PlanRecord).
struct Placement {
    ReuseLevel level = ReuseLevel::AnyFreeAddress;
    int childIdx = -1;         // the entry's place among its root's children
    bool tailed = false;       // the last segment was split, its rest kept after
    std::size_t splitNums = 0; // segments the placement made
    StorageEntry* entry = nullptr;
    std::uint64_t allExtent = 0;    // the entry's aligned size
    std::shared_ptr<Segment> first; // the first segment the placement made
    Segments replaced;              // the segments it took over, for undo
    bool direct = false;            // a level-1 slot placed with its storage, undone with it
};

// A placement's address range, for the pipe tests of levels 2 and 3.
struct PlacedRange {
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    const StorageEntry* entry = nullptr;
};

class AddressOutline {
public:
    // One free segment [0, extent).
    explicit AddressOutline(std::uint64_t extent);

    Segments& segments() { return segments_; }
    const Segments& segments() const { return segments_; }
    const std::vector<Placement>& placements() const { return placements_; }
    // The placements' ranges by start address, kept so as each placement is made and undone.
    const std::vector<PlacedRange>& byAddress() const { return byAddress_; }
    bool placed(const StorageEntry* entry) const { return placedCount_.count(entry) > 0; }

    // After a restart the segments an entry covers stay apart, each with its own lives
    // (the compiler's split outline); before, they merge into one.
    void setSplitSegments(bool split) { split_ = split; }
    bool splitSegments() const { return split_; }
    // false: a placement sorts the lives it joins (mergeLives) rather than merging them (PlanOptions::fastSearchSteps).
    void setMergeSorted(bool merge) { mergeSorted_ = merge; }

    // Places `entry` (its offset already set to start's) over [start, end], whose extents add up to `size`.
    void place(StorageEntry* entry, SegmentIt start, SegmentIt end, std::uint64_t size, ReuseLevel level, bool direct);
    void undoLast();

private:
    Segments segments_;
    std::vector<Placement> placements_;
    std::vector<PlacedRange> byAddress_;
    std::unordered_map<const StorageEntry*, int> placedCount_; // placements of each entry
    bool split_ = false;
    bool mergeSorted_ = true;
    Lives scratch_; // working space of mergeSortedLives
    // The lives of a segment a placement makes: `e`'s and those of [from, to).
    Lives joinedLives(const StorageEntry* e, SegmentIt from, SegmentIt to);
};

} // namespace memlens::planner
