#include "core/planner/search_pruning.hpp"

#include "core/planner/level_search.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace memlens::planner {

namespace {

constexpr int kMostEntriesTested = 128;

} // namespace

bool rollsWithItsFirst(const StorageEntry& entry, ReuseLevel level)
{
    if (entry.multiBuffer <= 1 || !entry.relations.empty() || !entry.copyOf)
        return false;
    return entry.copyOf->appliedLevel >= 0 && static_cast<int>(level) == entry.copyOf->appliedLevel;
}

// As LevelSearch::rollBack pops: a placement stops it when it is neither a level-1 slot nor a
// copy undone with its first, sits above level 0, and the failed storage fits above its
// address (the root's address wraps, as there). Alike when no placement's test depends on the
// size in between; a rollback that stops at none takes its next place from the last placement
// it undoes, so one that undoes only slots and such copies would keep the failed storage's:
// not alike.
bool rollbackStopsAlike(
    const AddressOutline& outline, std::uint64_t smallest, std::uint64_t largest, std::uint64_t capacity)
{
    bool setsCursor = false;
    const auto& placements = outline.placements();
    for (auto placed = placements.rbegin(); placed != placements.rend(); ++placed) {
        if (placed->direct || rollsWithItsFirst(*placed->entry, placed->level))
            continue;
        setsCursor = true;
        if (placed->level == ReuseLevel::AnyFreeAddress)
            continue;
        const std::uint64_t address = placed->childIdx == -1 ? UINT64_MAX : placed->entry->offset;
        const bool stopsSmall = address + smallest <= capacity;
        const bool stopsLarge = address + largest <= capacity;
        if (stopsSmall != stopsLarge)
            return false;
        if (stopsLarge)
            return true;
    }
    return setsCursor;
}

// Why the bound holds. An entry that is not a copy is placed by the search of a level, over
// consecutive segments each free of a life conflict with it (level 0's test; the other levels
// add to it), so within a run of such segments at least its size long: its room. A copy may be
// placed by its first's level-1 slots, which test the placements, not the segments: copies are
// left out. A placement only adds lives to the segments it covers (merged or split alike), so
// an entry's room over the final outline lies within its room now. Entries whose lives both hold
// ops t and t+1 share two ops, so they conflict whatever the stall exception (one shared op)
// allows and never share an address: if at some t their sizes add up to more than the union of
// their rooms now, they cannot all be placed, however the levels go.
void PruningIndex::build(const std::vector<StorageEntry*>& children, std::uint64_t align)
{
    events.clear();
    sizes.assign(children.size(), 0);
    std::vector<std::pair<std::int64_t, std::int64_t>> spans;
    for (std::size_t i = 0; i < children.size(); ++i) {
        const StorageEntry* e = children[i];
        const std::uint64_t size = alignUp(static_cast<std::uint64_t>(e->info->constBits), align);
        if (e->copyOf || size == 0)
            continue;
        // The times t whose [t, t+1] a life holds: [allocTime, freeTime), joined across lives.
        spans.clear();
        for (const BufferLife& life : e->lives)
            if (life.allocTime >= 0 && life.freeTime > life.allocTime)
                spans.emplace_back(life.allocTime, life.freeTime);
        std::sort(spans.begin(), spans.end());
        for (std::size_t k = 0; k < spans.size();) {
            std::int64_t end = spans[k].second;
            std::size_t next = k + 1;
            for (; next < spans.size() && spans[next].first <= end; ++next)
                end = std::max(end, spans[next].second);
            events.push_back(Event{spans[k].first, 1, static_cast<int>(i)});
            events.push_back(Event{end, -1, static_cast<int>(i)});
            k = next;
        }
        if (!spans.empty())
            sizes[i] = size;
    }
    std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return std::tie(a.time, a.step, a.child) < std::tie(b.time, b.step, b.child);
    });
}

bool LevelSearch::cannotPlaceAll(
    const AddressOutline& outline, const std::vector<StorageEntry*>& children, int from, int to) const
{
    PruningIndex& index = pruning_;
    std::vector<const Segment*> order;
    for (const auto& segment : outline.segments())
        order.push_back(segment.get());
    const std::size_t count = index.sizes.size();
    index.rooms.resize(count * order.size());
    index.known.assign(count, 0);
    index.active.assign(count, 0);
    index.covers.assign(order.size(), 0);
    index.unknown.clear();
    std::uint64_t roomBits = 0;
    auto cover = [&](int child, int step) {
        const char* room = &index.rooms[static_cast<std::size_t>(child) * order.size()];
        for (std::size_t s = 0; s < order.size(); ++s) {
            if (!room[s])
                continue;
            if (step > 0 && index.covers[s]++ == 0)
                roomBits += order[s]->extent;
            if (step < 0 && --index.covers[s] == 0)
                roomBits -= order[s]->extent;
        }
    };
    // A candidate's room: false when it has none.
    auto learn = [&](int child) {
        char* room = &index.rooms[static_cast<std::size_t>(child) * order.size()];
        std::fill(room, room + order.size(), 0);
        index.known[static_cast<std::size_t>(child)] = 1;
        const StorageEntry* e = children[static_cast<std::size_t>(child)];
        const std::uint64_t size = index.sizes[static_cast<std::size_t>(child)];
        bool any = false;
        std::size_t runStart = 0;
        std::uint64_t run = 0;
        for (std::size_t s = 0; s <= order.size(); ++s) {
            if (s < order.size() && !lifeOrUniqueConflict(e, *order[s])) {
                run += order[s]->extent;
                continue;
            }
            if (run >= size) {
                std::fill(room + runStart, room + s, 1);
                any = true;
            }
            runStart = s + 1;
            run = 0;
        }
        return any;
    };
    std::uint64_t needed = 0;
    const auto& events = index.events;
    for (std::size_t k = 0; k < events.size(); ++k) {
        const PruningIndex::Event& event = events[k];
        if (event.child >= from && event.child <= to) {
            const auto child = static_cast<std::size_t>(event.child);
            index.active[child] = event.step > 0;
            needed = event.step > 0 ? needed + index.sizes[child] : needed - index.sizes[child];
            if (index.known[child])
                cover(event.child, event.step);
            else if (event.step > 0)
                index.unknown.push_back(event.child);
        }
        if (k + 1 < events.size() && events[k + 1].time == event.time)
            continue;
        // The union of rooms only grows as more are known: learn them until it holds the need.
        while (needed > roomBits && !index.unknown.empty()) {
            const int child = index.unknown.back();
            index.unknown.pop_back();
            if (!index.active[static_cast<std::size_t>(child)] || index.known[static_cast<std::size_t>(child)])
                continue;
            if (!learn(child))
                return true; // no room at all
            cover(child, 1);
        }
        if (needed > roomBits)
            return true;
    }
    return false;
}

// memlens's pruning (PlanOptions::pruneDoomedSearch). After a rollback the search places the
// entries from the cursor's on; every failure since the cursor last moved on was at or below
// specStartIdx, so the search cannot go on past it before they are all placed. When they
// cannot all be placed over what is left (cannotPlaceAll), each way on fails at one of them,
// and the search comes back to undo the placement below the cursor's, in a rollback that
// stops where it would stop now (rollbackStopsAlike): that rollback is made at once. The
// entries tried in between leave nothing the search reads again: their undone placements,
// levels and slots go with them, and an unplaced entry's old offset is read only as a
// copy's slot, never taken by a copy (copySlotsFor), and only when copies follow their first.
LevelSearch::AfterFailure LevelSearch::skipDoomed(
    SearchCursor& cursor, AddressOutline& outline, StorageEntry* root, std::uint64_t capacity, std::uint64_t align)
{
    const auto& children = root->children;
    for (;;) {
        const int from = cursor.childIdx;
        const int to = std::min(cursor.specStartIdx, static_cast<int>(children.size()) - 1);
        // The test costs up to a conflict test per entry and segment: past kMostEntriesTested
        // entries to place (a search walked far back) it is skipped. There, on the generated
        // 3,000-op function's searches, it cost 14% and pruned next to nothing; the corpus's
        // searches are pruned as much with the bound as without.
        if (from < 0 || from > to || outline.placements().empty() || to - from + 1 > kMostEntriesTested)
            return AfterFailure::Continue;
        // The sizes of the entries whose failure could make that rollback.
        std::uint64_t smallest = UINT64_MAX;
        std::uint64_t largest = 0;
        for (int i = from; i <= to; ++i) {
            const std::uint64_t aligned = alignUp(static_cast<std::uint64_t>(children[i]->info->constBits), align);
            if (aligned > 0) {
                smallest = std::min(smallest, aligned);
                largest = std::max(largest, aligned);
            }
        }
        if (largest == 0 || !rollbackStopsAlike(outline, smallest, largest, capacity)
            || !cannotPlaceAll(outline, children, from, to))
            return AfterFailure::Continue;
        const AfterFailure next = rollBack(cursor, outline, root, largest, capacity);
        if (next != AfterFailure::Continue)
            return next;
    }
}

// Whether every multi-buffered entry's copies come right after it, as the ub scope's order
// has them (StorageEntries::reorder): then no entry but a copy looks at an unplaced copy.
bool LevelSearch::copiesFollowTheirFirst(const StorageEntry* root)
{
    std::vector<const StorageEntry*> order = {root};
    order.insert(order.end(), root->children.begin(), root->children.end());
    for (std::size_t i = 0; i < order.size(); ++i)
        for (std::size_t j = 0; j < order[i]->relations.size(); ++j)
            if (i + 1 + j >= order.size() || order[i + 1 + j] != order[i]->relations[j])
                return false;
    return true;
}

} // namespace memlens::planner
