#include "core/planner/level_search.hpp"

#include <algorithm>
#include <optional>
#include <set>

namespace memlens::planner {

namespace {

constexpr std::uint64_t kUnlimited = UINT64_MAX;
constexpr int kDmaBuffer = 1;
constexpr int kScalarBuffer = 2;
constexpr int kOtherBuffer = 4; // neither scalar nor DMA

const Op* parentLoop(const Value* buffer)
{
    for (const Op* op = buffer->definingOp ? buffer->definingOp->parentOp() : nullptr; op; op = op->parentOp())
        if (op->name == "scf.for" || op->name == "scf.while")
            return op;
    return nullptr;
}

// The one innermost loop holding every alloc of an entry; nullptr when an alloc is
// outside loops or the allocs sit in different loops.
const Op* entryLoop(const StorageEntry* entry)
{
    std::set<const Op*> loops;
    for (const Value* buffer : entry->inplaceBuffers) {
        if (!buffer->definingOp)
            continue;
        const Op* loop = parentLoop(buffer);
        if (!loop)
            return nullptr;
        loops.insert(loop);
    }
    return loops.size() == 1 ? *loops.begin() : nullptr;
}

} // namespace

SearchBudget::SearchBudget(const PlanOptions& options, long* shared)
    : options_(options)
    , shared_(shared)
{
}

bool SearchBudget::spend()
{
    ++placements_;
    --guard_;
    if (shared_)
        --*shared_;
    if (options_.deadline && (placements_ & 255) == 1 && std::chrono::steady_clock::now() > *options_.deadline)
        timedOut_ = true;
    return stop() == Stop::None;
}

bool SearchBudget::pastDeadline()
{
    if (options_.deadline && std::chrono::steady_clock::now() > *options_.deadline)
        timedOut_ = true;
    return timedOut_ || (options_.cancel && options_.cancel->load(std::memory_order_relaxed));
}

SearchBudget::Stop SearchBudget::stop() const
{
    if (options_.cancel && options_.cancel->load(std::memory_order_relaxed))
        return Stop::Cancelled;
    if (timedOut_)
        return Stop::TimedOut;
    if (shared_ && *shared_ < 0 && guard_ >= 0)
        return Stop::BudgetSpent;
    if (guard_ < 0)
        return Stop::GuardSpent;
    return Stop::None;
}

LevelSearch::LevelSearch(StorageEntries& entries, SearchBudget& budget)
    : entries_(entries)
    , budget_(budget)
{
}

bool LevelSearch::lifeConflict(const Lives& b1, const Lives& b2, bool allowStallPoints, bool b2Ordered) const
{
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < b1.size() && j < b2.size()) {
        // The walk below would step over every life of b2 that ends before b1[i] starts, one by
        // one (a segment's lives span the whole function): find the first that does not.
        if (b2Ordered && b2[j].freeTime < b1[i].allocTime && b1[i].allocTime <= b1[i].freeTime) {
            const std::int64_t from = b1[i].allocTime;
            j = static_cast<std::size_t>(std::partition_point(b2.begin() + static_cast<std::ptrdiff_t>(j), b2.end(),
                                             [&](const BufferLife& life) { return life.freeTime < from; })
                - b2.begin());
            continue;
        }
        const auto lo = std::max(b1[i].allocTime, b2[j].allocTime);
        const auto hi = std::min(b1[i].freeTime, b2[j].freeTime);
        if (lo <= hi && !(allowStallPoints && lo == hi && stallPairAcross(b1[i].buffer, b2[j].buffer)))
            return true;
        if (b1[i].freeTime < b2[j].freeTime)
            ++i;
        else
            ++j;
    }
    return false;
}

// The storages of `a` and `b` hold the two sides of an in-place pair refused for the pipe:
// they may touch at one op.
bool LevelSearch::stallPairAcross(const Value* a, const Value* b) const
{
    const StorageEntry* e1 = entries_.entryOf(a);
    const StorageEntry* e2 = entries_.entryOf(b);
    if (!e1 || !e2)
        return false;
    auto holds = [](const StorageEntry* e, const Value* buffer) {
        return std::find(e->inplaceBuffers.begin(), e->inplaceBuffers.end(), buffer) != e->inplaceBuffers.end();
    };
    for (const auto& [gen, kill] : entries_.stallPairs())
        if ((holds(e1, gen) && holds(e2, kill)) || (holds(e1, kill) && holds(e2, gen)))
            return true;
    return false;
}

// A mem_unique storage shares no memory, except two tightly coupled buffers whose uses never
// meet (PlanRules::coupledPairsMayShare): for them the lifetime test decides.
bool LevelSearch::uniqueConflict(const Lives& a, const Lives& b) const
{
    if (a.empty() || b.empty())
        return false;
    if (!entries_.memoryUnique(a[0].buffer) && !entries_.memoryUnique(b[0].buffer))
        return false;
    if (!entries_.options().rules.coupledPairsMayShare)
        return true;
    const int x = entries_.liveness().infos.at(a[0].buffer).cvMixId;
    const int y = entries_.liveness().infos.at(b[0].buffer).cvMixId;
    return x < 0 || y < 0 || x == y || !entries_.facts().coupledPairs.count({x, y});
}

bool LevelSearch::lifeOrUniqueConflict(const StorageEntry* e, const Segment& segment) const
{
    if (e->lives.empty() || segment.lives.empty())
        return false;
    return uniqueConflict(e->lives, segment.lives)
        || lifeConflict(e->lives, segment.lives, true, segment.ordered && entries_.options().fastSearchSteps);
}

// Some pair of their buffers pipe-conflicts (BufferPipeConflict): one of them a DMA buffer,
// or a scalar one against one that is not. Decided from each entry's classes.
bool LevelSearch::pipeConflict(const StorageEntry* a, const StorageEntry* b) const
{
    if (!a || !b || a->inplaceBuffers.empty() || b->inplaceBuffers.empty())
        return false;
    const PipeClasses& pipes = entries_.pipes();
    // The kinds of an entry's buffers: scalar-touched (whatever else), DMA (not scalar), other.
    auto classes = [&](const StorageEntry* e) {
        if (e->pipeClasses < 0) {
            e->pipeClasses = 0;
            for (const Value* x : e->inplaceBuffers)
                e->pipeClasses |= pipes.scalar.count(x) ? kScalarBuffer
                    : pipes.dma.count(x)                ? kDmaBuffer
                                                        : kOtherBuffer;
        }
        return e->pipeClasses;
    };
    const int x = classes(a);
    const int y = classes(b);
    // BufferPipeConflict asks "both scalar?" first (no conflict, even for a scalar buffer a DMA
    // op also touches), then "one scalar?" (conflict), then "either DMA?" (conflict).
    const int notScalar = kDmaBuffer | kOtherBuffer;
    if (((x & kScalarBuffer) && (y & notScalar)) || ((y & kScalarBuffer) && (x & notScalar)))
        return true;
    return ((x & kDmaBuffer) && (y & notScalar)) || ((y & kDmaBuffer) && (x & notScalar));
}

bool LevelSearch::sameLoop(const StorageEntry* a, const StorageEntry* b) const
{
    for (const StorageEntry* e : {a, b})
        if (e && !e->loop)
            e->loop = entryLoop(e);
    return (a ? *a->loop : nullptr) == (b ? *b->loop : nullptr);
}

// Level 1 (VerifyConflictStage1): `e` may go only over exactly one segment whose last
// occupant is a multi-buffered storage (or one with level-1 slots) of e's loop, and then
// takes every free slot of it too, their offsets put in `offsets`. True: not here.
bool LevelSearch::copySlotsFor(const AddressOutline& outline, StorageEntry* e, SegmentIt start, SegmentIt end,
    std::vector<std::uint64_t>& offsets) const
{
    if (start != end)
        return true;
    const StorageEntry* reuse = (*start)->last;
    if (!reuse)
        return true;
    std::vector<const StorageEntry*> others;
    if (reuse->multiBuffer > 1) {
        for (const StorageEntry* relation : reuse->relations)
            if (relation && relation->offset != 0)
                others.push_back(relation);
    } else if (const auto* slots = entries_.slotsOf(reuse)) {
        for (const StorageEntry* slot : *slots)
            if (slot->offset != 0)
                others.push_back(slot);
    }
    if (others.empty())
        return true;
    const Op* loop1 = entryLoop(e);
    const Op* loop2 = entryLoop(reuse);
    if (!(loop1 && loop2 && loop1 == loop2))
        return true;
    // A multi-buffered entry needs at least its copies' count of free slots and must be a first
    // slot; any entry then takes every slot free of lifetime conflicts.
    if (e->multiBuffer > 1 && (others.size() < e->multiBuffer - 1 || e->relations.empty()))
        return true;
    const auto& placements = outline.placements();
    for (const StorageEntry* other : others) {
        const std::uint64_t offset = other->offset;
        const bool conflict = std::any_of(placements.begin(), placements.end(), [&](const Placement& placed) {
            return placed.first->offset + placed.allExtent > offset && placed.first->offset < offset + e->aligned
                && ((entries_.options().rules.slotTestKeepsMemUnique && uniqueConflict(placed.entry->lives, e->lives))
                    || lifeConflict(placed.entry->lives, e->lives, false));
        });
        if (conflict) {
            offsets.clear();
            return true;
        }
        offsets.push_back(offset);
    }
    return offsets.empty();
}

// PlanRelationOtherBufferEntryAddress: the entry's own copies take the first slots, and every
// slot past them becomes a level-1 slot of its (a single buffer's slots all are).
void LevelSearch::takeCopySlots(const std::vector<std::uint64_t>& offsets, StorageEntry* e)
{
    const std::size_t copies = e->multiBuffer > 1 ? e->multiBuffer - 1 : 0;
    for (std::size_t i = 0; i < copies && i < e->relations.size() && i < offsets.size(); ++i)
        e->relations[i]->offset = offsets[i];
    const std::vector<std::uint64_t> rest(
        offsets.begin() + static_cast<std::ptrdiff_t>(std::min(copies, offsets.size())), offsets.end());
    entries_.setSlots(e, rest);
}

// SpecAllocRelationOtherBufferEntry: the slot (a copy or a level-1 slot) at `offset` is placed with its storage.
void LevelSearch::placeSlot(AddressOutline& outline, StorageEntry* e, std::uint64_t offset)
{
    Segments& segments = outline.segments();
    for (auto start = segments.begin(); start != segments.end(); ++start) {
        if ((*start)->offset != offset)
            continue;
        std::uint64_t size = 0;
        for (auto end = start; end != segments.end(); ++end) {
            size += (*end)->extent;
            if (size < e->aligned)
                continue;
            StorageEntry* slot = nullptr;
            if (const auto* slots = entries_.slotsOf(e))
                for (StorageEntry* candidate : *slots)
                    if (candidate->offset == offset) {
                        slot = candidate;
                        break;
                    }
            if (!slot && e->multiBuffer > 1)
                for (StorageEntry* relation : e->relations)
                    if (relation->offset == offset) {
                        slot = relation;
                        break;
                    }
            if (slot)
                outline.place(slot, start, end, size, ReuseLevel::CopySlotsOnly, true);
            return;
        }
    }
}

// SpecAlloc: the lowest address where `e` fits at `level`.
bool LevelSearch::placeAt(AddressOutline& outline, StorageEntry* e, const SearchCursor& cursor, ReuseLevel level)
{
    if (outline.placed(e))
        return true;
    if (e->aligned == 0) {
        e->offset = 0;
        return true;
    }
    if (counting_ && !budget_.spend())
        return false;
    const bool checkPipes = level == ReuseLevel::NoPipeConflictInLoop || level == ReuseLevel::NoPipeConflict;
    std::optional<AddressRanges> forbidden; // known once needed
    Segments& segments = outline.segments();
    for (auto start = segments.begin(); start != segments.end(); ++start) {
        std::uint64_t size = 0;
        const std::uint64_t allocOffset = (*start)->offset;
        for (auto end = start; end != segments.end(); ++end) {
            size += (*end)->extent;
            if ((e->childIdx == cursor.rollbackIdx && allocOffset == cursor.rollbackAddr)
                || lifeOrUniqueConflict(e, **end)) {
                start = end;
                break;
            }
            if (size < e->aligned)
                continue;
            std::vector<std::uint64_t> slotOffsets;
            if (level == ReuseLevel::CopySlotsOnly && copySlotsFor(outline, e, start, end, slotOffsets))
                break;
            if (checkPipes) {
                if (!forbidden)
                    forbidden = pipeConflictRanges(outline, e, level);
                const PipeFree free = firstPipeFree(*forbidden, e, start, segments);
                // No segment from here on is free of the ranges, and whether one is does not
                // depend on where the scan started: no later start can succeed either. Without
                // this each later start scanned the rest again, quadratic in the segments.
                if (free == PipeFree::Nowhere)
                    return false;
                if (free == PipeFree::Later)
                    break;
            }
            e->offset = allocOffset;
            outline.place(e, start, end, size, level, false);
            if (level == ReuseLevel::CopySlotsOnly) {
                takeCopySlots(slotOffsets, e);
                for (const std::uint64_t offset : slotOffsets)
                    placeSlot(outline, e, offset);
            }
            return true;
        }
    }
    return false;
}

// Levels 2 and 3 (VerifyConflictStage2/3): the address ranges of placed storages whose pipe
// conflicts with e's, within e's loop at level 2, anywhere at level 3.
AddressRanges LevelSearch::pipeConflictRanges(
    const AddressOutline& outline, const StorageEntry* e, ReuseLevel level) const
{
    AddressRanges ranges;
    auto conflicts = [&](const StorageEntry* placed) {
        return pipeConflict(placed, e) && (level == ReuseLevel::NoPipeConflict || sameLoop(placed, e));
    };
    if (entries_.options().fastSearchSteps) { // by address already: no sort
        for (const PlacedRange& placed : outline.byAddress())
            if (conflicts(placed.entry))
                ranges.add(placed.start, placed.end);
        ranges.seal(true);
        return ranges;
    }
    for (const Placement& placed : outline.placements())
        if (conflicts(placed.entry))
            ranges.add(placed.first->offset, placed.first->offset + placed.allExtent);
    ranges.seal();
    return ranges;
}

// Here when `e` may go at `start`; Later after moving start to just before the first segment
// free of those ranges (the caller's loop steps onto it); Nowhere when no segment from start on is.
LevelSearch::PipeFree LevelSearch::firstPipeFree(
    const AddressRanges& forbidden, const StorageEntry* e, SegmentIt& start, Segments& segments)
{
    for (auto it = start; it != segments.end(); ++it) {
        const std::uint64_t offset = (*it)->offset;
        const bool conflict = forbidden.overlaps(offset, offset + e->aligned);
        if (conflict || (std::next(it) == segments.end() && (*it)->extent < e->aligned))
            continue;
        if (it == start)
            return PipeFree::Here;
        start = std::prev(it);
        return PipeFree::Later;
    }
    return PipeFree::Nowhere;
}

// MultiSpecPlan: e at the cursor's level, else lower, down to its lowest.
bool LevelSearch::placeFromLevel(SearchCursor& cursor, AddressOutline& outline, StorageEntry* e)
{
    for (int level = static_cast<int>(cursor.level); level >= static_cast<int>(cursor.minLevel); --level) {
        if (placeAt(outline, e, cursor, static_cast<ReuseLevel>(level))) {
            if (cursor.childIdx == cursor.specStartIdx)
                cursor.level = cursor.maxLevel;
            ++cursor.childIdx;
            return true;
        }
    }
    return false;
}

// ApplyFailStrategy: undo placements, newest first, to one placed above the lowest level
// whose address can change, and try it one level lower; with none left, restart once with
// split segments, then give up.
LevelSearch::AfterFailure LevelSearch::rollBack(
    SearchCursor& cursor, AddressOutline& outline, StorageEntry* root, std::uint64_t aligned, std::uint64_t capacity)
{
    bool enough = false;
    while (!enough && !outline.placements().empty() && !outline.segments().empty()) {
        if (cursor.childIdx > cursor.specStartIdx)
            cursor.specStartIdx = cursor.childIdx;
        while (!outline.placements().empty()) {
            const Placement& last = outline.placements().back();
            StorageEntry* entry = last.entry;
            const int childIdx = last.childIdx;
            const ReuseLevel level = last.level;
            const bool direct = last.direct;
            outline.undoLast();
            entries_.dropSlots(entry);
            if (direct || rollsWithItsFirst(*entry, level))
                continue;
            cursor.childIdx = childIdx;
            cursor.level = level;
            if (cursor.level > cursor.minLevel) {
                cursor.rollbackAddr = cursor.childIdx == -1 ? UINT64_MAX : root->children[cursor.childIdx]->offset;
                cursor.rollbackIdx = cursor.childIdx;
                if (cursor.rollbackAddr + aligned > capacity) // wraps for the root, as the compiler's does
                    continue;
                enough = true;
                break;
            }
        }
    }
    if (cursor.level > ReuseLevel::AnyFreeAddress && cursor.childIdx >= 0) {
        cursor.level = static_cast<ReuseLevel>(static_cast<int>(cursor.level) - 1);
        return AfterFailure::Continue;
    }
    if (!split_) {
        split_ = true;
        outline.setSplitSegments(true);
        return AfterFailure::Restart;
    }
    return AfterFailure::Failed;
}

// PlanMemAddressForSingleLevel.
std::uint64_t LevelSearch::planUnlimited(StorageEntry* root, ReuseLevel level, std::uint64_t align)
{
    AddressOutline outline(kUnlimited);
    outline.setSplitSegments(split_);
    outline.setMergeSorted(entries_.options().fastSearchSteps);
    SearchCursor cursor;
    cursor.level = cursor.maxLevel = cursor.minLevel = level;
    const int count = static_cast<int>(root->children.size());
    StorageEntry* current = root;
    while (cursor.childIdx < count) {
        // Without a limit nothing is counted, and on thousands of storages this plan alone can
        // take seconds: the deadline and a cancel stop it too (the caller asks budget_.stop()).
        if ((cursor.childIdx & 63) == 63 && budget_.pastDeadline())
            break;
        current->aligned = alignUp(static_cast<std::uint64_t>(current->info->constBits), align);
        current->childIdx = cursor.childIdx;
        if (!placeFromLevel(cursor, outline, current))
            ++cursor.childIdx; // cannot happen without a limit; never loop
        if (cursor.childIdx >= count)
            break;
        current = root->children[cursor.childIdx];
    }
    std::uint64_t high = root->aligned;
    for (const StorageEntry* child : root->children)
        high = std::max(high, child->offset + child->aligned);
    return high;
}

// The levels part of PlanMemAddressOfWholeLocalBuffer.
bool LevelSearch::planWithin(StorageEntry* root, std::uint64_t capacity, std::uint64_t align)
{
    AddressOutline outline(capacity);
    outline.setSplitSegments(split_);
    outline.setMergeSorted(entries_.options().fastSearchSteps);
    SearchCursor cursor;
    const int count = static_cast<int>(root->children.size());
    for (StorageEntry* child : root->children)
        child->offset = 0;
    root->offset = 0;
    counting_ = true;
    const bool prune = entries_.options().pruneDoomedSearch && copiesFollowTheirFirst(root);
    if (prune)
        pruning_.build(root->children, align);
    StorageEntry* current = root;
    while (cursor.childIdx < count) {
        current->aligned = alignUp(static_cast<std::uint64_t>(current->info->constBits), align);
        current->childIdx = cursor.childIdx;
        if (!placeFromLevel(cursor, outline, current)) {
            if (budget_.stop() != SearchBudget::Stop::None) {
                counting_ = false;
                return false;
            }
            AfterFailure next = rollBack(cursor, outline, root, current->aligned, capacity);
            if (next == AfterFailure::Continue && prune)
                next = skipDoomed(cursor, outline, root, capacity, align);
            if (next == AfterFailure::Restart) {
                cursor = SearchCursor();
                current = root;
                continue;
            }
            if (next == AfterFailure::Failed) {
                counting_ = false;
                return false;
            }
        }
        if (cursor.childIdx >= count)
            break;
        current = root->children[cursor.childIdx];
    }
    counting_ = false;
    placedLevels_.clear();
    for (const Placement& placed : outline.placements())
        placedLevels_.emplace_back(placed.entry, placed.level);
    return true;
}

std::string dmaReuseWarning(const std::string& scope, std::uint64_t unlimitedBits, std::uint64_t capacityBits)
{
    return "[hivm-plan-memory] There reused some dma buffers in " + scope
        + " address space, which may stall pipe. Not reusing dma buffer needs " + std::to_string(unlimitedBits)
        + " bits while " + std::to_string(capacityBits) + " bits available!";
}

} // namespace memlens::planner
