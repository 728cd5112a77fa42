#include "core/planner/address_outline.hpp"

#include <algorithm>

namespace memlens::planner {

namespace {

// The segment over `lives` (merged): ordered when none ends before it starts.
std::shared_ptr<Segment> makeSegment(Lives lives, std::uint64_t offset, std::uint64_t extent, const StorageEntry* last)
{
    const bool ordered = std::all_of(
        lives.begin(), lives.end(), [](const BufferLife& life) { return life.allocTime <= life.freeTime; });
    return std::make_shared<Segment>(Segment{std::move(lives), offset, extent, last, ordered});
}

} // namespace

AddressOutline::AddressOutline(std::uint64_t extent)
{
    segments_.push_back(std::make_shared<Segment>(Segment{{}, 0, extent, nullptr}));
}

Lives AddressOutline::joinedLives(const StorageEntry* e, SegmentIt from, SegmentIt to)
{
    Lives lives;
    if (mergeSorted_) {
        std::vector<const Lives*> parts = {&e->lives};
        for (auto it = from; it != to; ++it)
            parts.push_back(&(*it)->lives);
        mergeSortedLives(parts, lives, scratch_);
        return lives;
    }
    lives = e->lives;
    for (auto it = from; it != to; ++it)
        lives.insert(lives.end(), (*it)->lives.begin(), (*it)->lives.end());
    mergeLives(lives);
    return lives;
}

void AddressOutline::place(
    StorageEntry* e, SegmentIt start, SegmentIt end, std::uint64_t size, ReuseLevel level, bool direct)
{
    const std::uint64_t res = size - e->aligned;
    std::shared_ptr<Segment> last = *end;
    SegmentIt afterEnd = std::next(end);
    std::vector<std::shared_ptr<Segment>> split;
    if (split_) {
        for (auto it = start; it != afterEnd; ++it) {
            Lives lives = joinedLives(e, it, std::next(it));
            const std::uint64_t extent
                = std::next(it) == afterEnd ? e->offset + e->aligned - (*it)->offset : (*it)->extent;
            split.push_back(makeSegment(std::move(lives), (*it)->offset, extent, e));
        }
    } else {
        Lives lives = joinedLives(e, start, afterEnd);
        split.push_back(makeSegment(std::move(lives), e->offset, e->aligned, e));
    }
    SegmentIt insertAt = afterEnd;
    if (res > 0)
        insertAt = segments_.insert(insertAt,
            std::make_shared<Segment>(
                Segment{last->lives, last->offset + last->extent - res, res, last->last, last->ordered}));
    for (auto it = split.rbegin(); it != split.rend(); ++it)
        insertAt = segments_.insert(insertAt, *it);
    Placement record;
    record.level = level;
    record.childIdx = e->childIdx;
    record.tailed = res > 0;
    record.splitNums = split.size();
    record.entry = e;
    record.allExtent = e->aligned;
    record.first = split.front();
    record.direct = direct;
    e->appliedLevel = static_cast<int>(level);
    record.replaced.splice(record.replaced.begin(), segments_, start, insertAt);
    const PlacedRange range{record.first->offset, record.first->offset + record.allExtent, e};
    byAddress_.insert(std::upper_bound(byAddress_.begin(), byAddress_.end(), range,
                          [](const PlacedRange& a, const PlacedRange& b) { return a.start < b.start; }),
        range);
    ++placedCount_[e];
    placements_.push_back(std::move(record));
}

void AddressOutline::undoLast()
{
    Placement& r = placements_.back();
    auto it = std::find(segments_.begin(), segments_.end(), r.first);
    for (std::size_t i = 0; i < r.splitNums && it != segments_.end(); ++i)
        it = segments_.erase(it);
    if (r.tailed && it != segments_.end())
        it = segments_.erase(it);
    segments_.splice(it, r.replaced);
    const std::uint64_t start = r.first->offset;
    auto range = std::lower_bound(byAddress_.begin(), byAddress_.end(), start,
        [](const PlacedRange& a, std::uint64_t at) { return a.start < at; });
    while (range != byAddress_.end() && range->entry != r.entry)
        ++range;
    if (range != byAddress_.end())
        byAddress_.erase(range);
    if (--placedCount_[r.entry] == 0)
        placedCount_.erase(r.entry);
    placements_.pop_back();
}

} // namespace memlens::planner
