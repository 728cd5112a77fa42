#pragma once
// The address search of one scope: each storage, in search order, tried at the strictest
// reuse level first and down to the loosest; when one fits nowhere, the placements are
// undone back to one that can go lower, and once everything is undone the search starts
// again with split segments; past that the scope does not fit.
//
// | the compiler (PlanMemory.cpp)           | memlens                                   |
// |-----------------------------------------|-------------------------------------------|
// | PlanMemAddressOfLocalBuffer (levels)     | LevelSearch::planWithin                   |
// | SpecInfo                                 | SearchCursor                              |
// | MultiSpecPlan                            | LevelSearch::placeFromLevel               |
// | SpecAlloc                                | LevelSearch::placeAt                      |
// | VerifyConflictStage0 (life, mem_unique)  | LevelSearch::lifeOrUniqueConflict         |
// | VerifyConflictStage1 (copy slots)        | LevelSearch::copySlotsFor                 |
// | VerifyConflictStage2/3 (pipes)           | LevelSearch::pipeConflictRanges, firstPipeFree |
// | BufferPipeConflict                       | LevelSearch::pipeConflict                 |
// | IsLifeTimeConflict (+ stall points)      | LevelSearch::lifeConflict                 |
// | PlanRelationOtherBufferEntryAddress      | LevelSearch::takeCopySlots                |
// | AllocRelationBuffer                      | LevelSearch::placeSlot                    |
// | ApplyFailStrategy                        | LevelSearch::rollBack                     |
// | UpdateOutline / RollbackOutline          | AddressOutline::place / undoLast          |
// | the unlimited plan at one level          | LevelSearch::planUnlimited                |
#include "core/planner/address_outline.hpp"
#include "core/planner/plan_options.hpp"
#include "core/planner/search_pruning.hpp"
#include "core/planner/storage_entries.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace memlens::planner {

// memlens's bounds on the search within capacity (the compiler's has none but a guard):
// the placements the what-if budget leaves, shared by every seed; a cancel flag; a deadline.
class SearchBudget {
public:
    // What stopped a search that ran out.
    enum class Stop { None, Cancelled, TimedOut, BudgetSpent, GuardSpent };
    static constexpr long kGuard = 2000000; // placements per attempt

    SearchBudget(const PlanOptions& options, long* shared);
    bool spend(); // one placement; false once the search must stop
    // For the work that makes no placements (the plan without a limit): true once the search
    // is cancelled or past its deadline, which stop() then reports.
    bool pastDeadline();
    Stop stop() const;
    long placements() const { return placements_; }

private:
    const PlanOptions& options_;
    long* shared_;
    long guard_ = kGuard;
    long placements_ = 0;
    bool timedOut_ = false;
};

// The address ranges [start, end) of the placed entries an entry may not overlap at
// levels 2 and 3, queried for many candidate offsets while nothing is placed.
class AddressRanges {
public:
    void add(std::uint64_t start, std::uint64_t end) { ranges_.emplace_back(start, end); }
    // `sorted`: added in order of start already (AddressOutline::byAddress).
    void seal(bool sorted = false)
    {
        if (!sorted)
            std::sort(ranges_.begin(), ranges_.end());
        ends_.resize(ranges_.size());
        std::uint64_t most = 0;
        for (std::size_t i = 0; i < ranges_.size(); ++i)
            ends_[i] = most = std::max(most, ranges_[i].second);
    }
    // Some range starts before `end` and ends after `start`.
    bool overlaps(std::uint64_t start, std::uint64_t end) const
    {
        const auto after = std::lower_bound(ranges_.begin(), ranges_.end(), end,
            [](const std::pair<std::uint64_t, std::uint64_t>& range, std::uint64_t at) { return range.first < at; });
        const auto before = static_cast<std::size_t>(after - ranges_.begin());
        return before > 0 && ends_[before - 1] > start;
    }

private:
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges_;
    std::vector<std::uint64_t> ends_; // the largest end among ranges_[0..i]
};

// Where the search stands (the compiler's SpecInfo).
struct SearchCursor {
    ReuseLevel maxLevel = ReuseLevel::NoPipeConflict;
    ReuseLevel minLevel = ReuseLevel::AnyFreeAddress;
    ReuseLevel level = ReuseLevel::NoPipeConflict; // the next entry is tried from this level down
    int childIdx = -1;                             // the entry being placed: -1 the root, else its child
    int specStartIdx = 0;                          // the entry the current level was lowered at
    int rollbackIdx = -1;                          // after a rollback: that entry may not go back to...
    std::uint64_t rollbackAddr = UINT64_MAX;       // ...this address
};

class LevelSearch {
public:
    LevelSearch(StorageEntries& entries, SearchBudget& budget);

    // Every entry at `level` without a capacity: the highest address the scope reaches.
    std::uint64_t planUnlimited(StorageEntry* root, ReuseLevel level, std::uint64_t align);
    // Levels 3..0 within `capacity`, rolling back and restarting once with split segments;
    // false when the scope does not fit (or the budget ran out: budget().stop()).
    bool planWithin(StorageEntry* root, std::uint64_t capacity, std::uint64_t align);

    // Split segments stay on for the rest of the attempt once a scope restarted.
    void setSplitSegments() { split_ = true; }
    // The level each storage landed at in the last search within capacity that fitted, in placement order.
    const std::vector<std::pair<const StorageEntry*, ReuseLevel>>& placedLevels() const { return placedLevels_; }

private:
    enum class AfterFailure { Continue, Restart, Failed };

    bool placeFromLevel(SearchCursor& cursor, AddressOutline& outline, StorageEntry* e);
    bool placeAt(AddressOutline& outline, StorageEntry* e, const SearchCursor& cursor, ReuseLevel level);
    AfterFailure rollBack(SearchCursor& cursor, AddressOutline& outline, StorageEntry* root, std::uint64_t aligned,
        std::uint64_t capacity);
    // memlens's pruning after a rollback (PlanOptions::pruneDoomedSearch; search_pruning.cpp).
    AfterFailure skipDoomed(
        SearchCursor& cursor, AddressOutline& outline, StorageEntry* root, std::uint64_t capacity, std::uint64_t align);
    static bool copiesFollowTheirFirst(const StorageEntry* root);
    // True when children[from..to] cannot all be placed over `outline` however the search goes on.
    // (pruning_ built for `children` first.)
    bool cannotPlaceAll(
        const AddressOutline& outline, const std::vector<StorageEntry*>& children, int from, int to) const;
    // `bOrdered`: b's lives end in increasing order (Segment::ordered), so runs may be skipped.
    bool lifeConflict(const Lives& a, const Lives& b, bool allowStallPoints, bool bOrdered = false) const;
    bool stallPairAcross(const Value* a, const Value* b) const;
    bool uniqueConflict(const Lives& a, const Lives& b) const;
    bool lifeOrUniqueConflict(const StorageEntry* e, const Segment& segment) const;
    bool copySlotsFor(const AddressOutline& outline, StorageEntry* e, SegmentIt start, SegmentIt end,
        std::vector<std::uint64_t>& offsets) const;
    AddressRanges pipeConflictRanges(const AddressOutline& outline, const StorageEntry* e, ReuseLevel level) const;
    enum class PipeFree { Here, Later, Nowhere };
    static PipeFree firstPipeFree(
        const AddressRanges& forbidden, const StorageEntry* e, SegmentIt& start, Segments& segments);
    bool pipeConflict(const StorageEntry* a, const StorageEntry* b) const;
    bool sameLoop(const StorageEntry* a, const StorageEntry* b) const;
    void takeCopySlots(const std::vector<std::uint64_t>& offsets, StorageEntry* e);
    void placeSlot(AddressOutline& outline, StorageEntry* e, std::uint64_t offset);

    StorageEntries& entries_;
    SearchBudget& budget_;
    bool split_ = false;
    bool counting_ = false; // in the search within capacity: placements count
    std::vector<std::pair<const StorageEntry*, ReuseLevel>> placedLevels_;
    mutable PruningIndex pruning_; // of the search within capacity, when it prunes
};

// "[hivm-plan-memory] There reused some dma buffers in SCOPE address space, ..."
std::string dmaReuseWarning(const std::string& scope, std::uint64_t unlimitedBits, std::uint64_t capacityBits);

} // namespace memlens::planner
