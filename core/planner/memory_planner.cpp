#include "core/planner/memory_planner.hpp"

#include "core/planner/block_liveness.hpp"
#include "core/planner/buffer_liveness.hpp"
#include "core/planner/inplace_rules.hpp"
#include "core/planner/op_sequence.hpp"

#include <algorithm>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace memlens::planner {

namespace {

constexpr int kLevel0 = 0;
constexpr int kLevel1 = 1;
constexpr int kLevel2 = 2;
constexpr int kLevel3 = 3;
constexpr std::uint64_t kUnlimited = UINT64_MAX;
constexpr long kPlacementBudget = 2000000; // a guard; the compiler's loop has none

std::uint64_t alignUp(std::uint64_t value, std::uint64_t align)
{
    return align == 0 ? value : (value + align - 1) / align * align;
}

using Lives = std::vector<BufferLife>;

void mergeLives(Lives& lives)
{
    if (lives.empty())
        return;
    std::sort(lives.begin(), lives.end(), [](const BufferLife& a, const BufferLife& b) {
        return a.allocTime == b.allocTime ? a.freeTime < b.freeTime : a.allocTime < b.allocTime;
    });
    Lives merged;
    BufferLife current = lives[0];
    for (std::size_t i = 1; i < lives.size(); ++i) {
        const BufferLife& life = lives[i];
        if (life.allocTime <= current.freeTime + 1) {
            current.freeTime = std::max(current.freeTime, life.freeTime);
        } else {
            merged.push_back(current);
            current = life;
        }
    }
    merged.push_back(current);
    lives.swap(merged);
}

struct StorageEntry {
    const BufferInfo* info = nullptr;
    Lives lives;
    std::vector<const Value*> inplaceBuffers;
    std::vector<StorageEntry*> children;
    std::uint64_t aligned = 0;
    int childIdx = -1;
    std::uint64_t offset = 0;
    std::vector<StorageEntry*> relations; // multi-buffer copies
    std::uint32_t multiBuffer = 1;
    // Known once asked (inplaceBuffers do not change while addresses are planned).
    mutable int pipeClasses = -1; // kDmaBuffer | kScalarBuffer | kOtherBuffer of its buffers
    mutable std::optional<const Op*> loop;
};

constexpr int kDmaBuffer = 1;
constexpr int kScalarBuffer = 2;
constexpr int kOtherBuffer = 4; // neither scalar nor DMA

struct Segment {
    Lives lives;
    std::uint64_t offset = 0;
    std::uint64_t extent = 0;
    const StorageEntry* last = nullptr;
};
using Outline = std::list<std::shared_ptr<Segment>>;
using OutlineIt = Outline::iterator;

struct PlanRecord {
    int level = 0;
    int childIdx = -1;
    bool tailed = false;
    std::size_t splitNums = 0;
    StorageEntry* entry = nullptr;
    std::uint64_t allExtent = 0;
    std::shared_ptr<Segment> first;
    Outline replaced;
    bool direct = false;
};
using History = std::vector<PlanRecord>;

struct SpecInfo {
    int maxLevel = kLevel3;
    int minLevel = kLevel0;
    int specLevel = kLevel3;
    int childIdx = -1;
    int specStartIdx = 0;
    int rollbackIdx = -1;
    std::uint64_t rollbackAddr = UINT64_MAX;
};

enum class Status { Success, Restart, Continue, Failed };

// The address ranges [start, end) of the placed entries an entry may not overlap at
// levels 2 and 3, queried for many candidate offsets while nothing is placed.
class AddressRanges {
public:
    void add(std::uint64_t start, std::uint64_t end) { ranges_.emplace_back(start, end); }
    void seal()
    {
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

class Planner {
public:
    Planner(BufferLiveness& liveness, const std::vector<SequenceEntry>& sequence, const PipeClasses& pipes,
        const PlanTarget& target, const PlanOptions& options, long* sharedBudget)
        : live_(liveness)
        , sequence_(sequence)
        , pipes_(pipes)
        , target_(target)
        , options_(options)
        , sharedBudget_(sharedBudget)
    {
    }

    bool plan(FunctionPlan& result);
    long placements() const { return placements_; }
    bool undecided() const { return undecided_; }

private:
    // storage entries
    void generateEntries();
    std::vector<std::pair<const Value*, const Value*>> inplaceList();
    bool inplaceMultiBuffer(const Value* v, const std::vector<std::pair<const Value*, const Value*>>& list) const;
    bool reaches(const Value* v, bool store, const std::vector<std::pair<const Value*, const Value*>>& list) const;
    void mergeInplace();
    void expandMultiBuffer();
    void mergeSameScope();
    StorageEntry* reorder(StorageEntry* root);

    // address planning
    Status planScope(StorageEntry* root, ScopePlan& scope);
    std::uint64_t planSingleLevel(StorageEntry* root, int level, std::uint64_t align);
    std::uint64_t peakLiveBits(const StorageEntry* root, std::uint64_t align) const;
    bool multiSpecPlan(SpecInfo& si, Outline& outline, History& his, StorageEntry* e);
    bool specAlloc(Outline& outline, History& his, StorageEntry* e, const SpecInfo& si, int level);
    bool lifeConflict(const Lives& a, const Lives& b, bool allowStallPoints) const;
    bool stage0(const StorageEntry* e, const Segment& segment) const;
    bool stage1(History& his, StorageEntry* e, OutlineIt start, OutlineIt end, std::vector<std::uint64_t>& offsets);
    AddressRanges stage23Ranges(const History& his, const StorageEntry* e, int level) const;
    bool stage23(const AddressRanges& forbidden, const StorageEntry* e, OutlineIt& start, Outline& outline);
    bool pipeConflict(const StorageEntry* a, const StorageEntry* b) const;
    bool sameLoop(const StorageEntry* a, const StorageEntry* b) const;
    void updateOutline(Outline& outline, History& his, StorageEntry* e, OutlineIt start, OutlineIt end,
        std::uint64_t size, int level, bool direct);
    void rollbackOutline(History& his, Outline& outline);
    Status applyFail(
        SpecInfo& si, Outline& outline, History& his, StorageEntry* root, std::uint64_t aligned, std::uint64_t cap);
    void relationAddresses(const std::vector<std::uint64_t>& offsets, StorageEntry* e);
    void allocRelation(Outline& outline, History& his, StorageEntry* e, std::uint64_t offset);
    std::vector<StorageEntry*>* extraEntries(const StorageEntry* e);

    BufferLiveness& live_;
    const std::vector<SequenceEntry>& sequence_;
    const PipeClasses& pipes_;
    const PlanTarget& target_;
    const PlanOptions& options_;
    std::vector<std::unique_ptr<StorageEntry>> owned_;
    std::vector<StorageEntry*> entries_; // the compiler's StorageEntryVec
    std::map<const Value*, StorageEntry*> entryOf_;
    std::vector<std::pair<std::string, StorageEntry*>> scopeRoots_;
    std::vector<std::pair<const Value*, const Value*>> stallPairs_;
    std::vector<std::pair<StorageEntry*, std::vector<StorageEntry*>>> extras_; // level-1 slots of single buffers
    bool splitOutline_ = false;
    long budget_ = kPlacementBudget;
    long* sharedBudget_ = nullptr; // PlanOptions::searchBudget's remainder, shared by the seeds
    bool searching_ = false;       // in the search within capacity: placements count
    long placements_ = 0;
    bool undecided_ = false;
    bool cancelled() const { return options_.cancel && options_.cancel->load(std::memory_order_relaxed); }
    bool outOfBudget() const
    {
        return budget_ < 0 || (sharedBudget_ && *sharedBudget_ < 0) || cancelled() || timedOut_;
    }
    bool timedOut_ = false; // PlanOptions::deadline passed
};

void Planner::generateEntries()
{
    for (std::size_t i = 0; i < live_.genKill.size(); ++i) {
        for (const Value* buffer : live_.genKill[i].gen) {
            const auto info = live_.infos.find(buffer);
            if (info == live_.infos.end())
                continue;
            auto entry = std::make_unique<StorageEntry>();
            entry->info = &info->second;
            const auto life = live_.lives.find(buffer);
            entry->lives.push_back(life != live_.lives.end() ? life->second : BufferLife{buffer, -1, -1});
            entry->inplaceBuffers.push_back(buffer);
            const auto multi = live_.multiBuffer.find(buffer);
            if (multi != live_.multiBuffer.end())
                entry->multiBuffer = multi->second;
            entryOf_[buffer] = entry.get();
            entries_.push_back(entry.get());
            owned_.push_back(std::move(entry));
        }
    }
}

bool Planner::inplaceMultiBuffer(const Value* v, const std::vector<std::pair<const Value*, const Value*>>& list) const
{
    auto multi = [&](const Value* x) {
        const auto found = live_.multiBuffer.find(x);
        return found != live_.multiBuffer.end() && found->second > 1;
    };
    if (multi(v))
        return true;
    for (const auto& [a, b] : list)
        if ((a == v && multi(b)) || (b == v && multi(a)))
            return true;
    return false;
}

bool Planner::reaches(const Value* v, bool store, const std::vector<std::pair<const Value*, const Value*>>& list) const
{
    const auto& set = store ? pipes_.storeReached : pipes_.loadReached;
    if (set.count(v))
        return true;
    for (const auto& [a, b] : list)
        if ((a == v && set.count(b)) || (b == v && set.count(a)))
            return true;
    return false;
}

std::vector<std::pair<const Value*, const Value*>> Planner::inplaceList()
{
    std::vector<std::pair<const Value*, const Value*>> list = live_.forcedPairs;
    std::set<const Op*> visited;
    for (const SequenceEntry& entry : sequence_) {
        const GenKill& gk = live_.genKill[entry.index];
        if (!gk.touched || visited.count(entry.op))
            continue;
        visited.insert(entry.op);
        std::vector<const Value*> gens = gk.gen;
        std::stable_sort(gens.begin(), gens.end(),
            [&](const Value* a, const Value* b) { return live_.infos.at(a).constBits > live_.infos.at(b).constBits; });
        std::set<const Value*> usedKills;
        for (const Value* gen : gens) {
            const BufferInfo& genInfo = live_.infos.at(gen);
            // Only ignoreInplace keeps a buffer out (GenerateInplaceList): a mem_unique buffer
            // is kept out of alias pairs and shared segments, not out of in-place pairs.
            if (genInfo.ignoreInplace)
                continue;
            for (const Value* kill : gk.kill) {
                const auto killInfo = live_.infos.find(kill);
                if (killInfo == live_.infos.end() || killInfo->second.ignoreInplace)
                    continue;
                if (usedKills.count(kill) || killInfo->second.constBits < genInfo.constBits)
                    continue;
                if (!hivmOpAllowsInplace(*entry.op, gen, kill, options_.restrictInplaceAsIsa))
                    continue;
                if (inplaceMultiBuffer(gen, list) && inplaceMultiBuffer(kill, list) && reaches(gen, true, list)
                    && reaches(kill, false, list)) {
                    stallPairs_.emplace_back(gen, kill);
                    continue;
                }
                list.emplace_back(gen, kill);
                usedKills.insert(kill);
                break;
            }
        }
    }
    return list;
}

void Planner::mergeInplace()
{
    for (const auto& [gen, kill] : inplaceList()) {
        StorageEntry* genEntry = entryOf_.count(gen) ? entryOf_[gen] : nullptr;
        StorageEntry* killEntry = entryOf_.count(kill) ? entryOf_[kill] : nullptr;
        if (!genEntry || !killEntry || genEntry == killEntry)
            continue;
        Lives merged = genEntry->lives;
        merged.insert(merged.end(), killEntry->lives.begin(), killEntry->lives.end());
        mergeLives(merged);
        killEntry->lives.swap(merged);
        killEntry->inplaceBuffers.insert(
            killEntry->inplaceBuffers.begin(), genEntry->inplaceBuffers.begin(), genEntry->inplaceBuffers.end());
        killEntry->multiBuffer = std::max(genEntry->multiBuffer, killEntry->multiBuffer);
        for (const Value* buffer : genEntry->inplaceBuffers)
            entryOf_[buffer] = killEntry;
        entries_.erase(std::find(entries_.begin(), entries_.end(), genEntry));
    }
}

void Planner::expandMultiBuffer()
{
    const std::size_t size = entries_.size();
    for (std::size_t i = 0; i < size; ++i) {
        StorageEntry* first = entries_[i];
        for (std::uint32_t j = 1; j < first->multiBuffer; ++j) {
            auto copy = std::make_unique<StorageEntry>();
            copy->info = first->info;
            copy->lives = first->lives;
            copy->aligned = first->aligned;
            copy->inplaceBuffers = first->inplaceBuffers;
            copy->multiBuffer = first->multiBuffer;
            first->relations.push_back(copy.get());
            entries_.push_back(copy.get());
            owned_.push_back(std::move(copy));
        }
    }
}

void Planner::mergeSameScope()
{
    for (StorageEntry* entry : entries_) {
        auto found = std::find_if(
            scopeRoots_.begin(), scopeRoots_.end(), [&](const auto& root) { return root.first == entry->info->scope; });
        if (found == scopeRoots_.end())
            scopeRoots_.emplace_back(entry->info->scope, entry);
        else
            found->second->children.push_back(entry);
    }
}

StorageEntry* Planner::reorder(StorageEntry* root)
{
    if (root->info->scope != "ub")
        return root;
    std::vector<StorageEntry*> all = {root};
    all.insert(all.end(), root->children.begin(), root->children.end());
    std::vector<StorageEntry*> unique, dma, scalar, other;
    for (StorageEntry* entry : all) {
        bool recorded = false;
        for (const Value* buffer : entry->inplaceBuffers) {
            const auto info = live_.infos.find(buffer);
            if (info != live_.infos.end() && info->second.memoryUnique) {
                unique.push_back(entry);
                recorded = true;
            } else if (pipes_.dma.count(buffer)) {
                dma.push_back(entry);
                recorded = true;
            } else if (pipes_.scalar.count(buffer)) {
                scalar.push_back(entry);
                recorded = true;
            }
            if (recorded)
                break;
        }
        if (!recorded)
            other.push_back(entry);
    }
    if (options_.strategy == PlanStrategy::LargestFirst) {
        auto larger
            = [](const StorageEntry* a, const StorageEntry* b) { return a->info->constBits > b->info->constBits; };
        std::stable_sort(other.begin(), other.end(), larger);
        std::stable_sort(dma.begin(), dma.end(), larger);
        std::stable_sort(scalar.begin(), scalar.end(), larger);
    }
    std::vector<StorageEntry*> ordered = unique;
    ordered.insert(ordered.end(), dma.begin(), dma.end());
    ordered.insert(ordered.end(), other.begin(), other.end());
    ordered.insert(ordered.end(), scalar.begin(), scalar.end());
    // A multi-buffered entry's copies are planned right after it.
    std::vector<StorageEntry*> continuous;
    std::set<StorageEntry*> placed;
    for (StorageEntry* entry : ordered) {
        if (!placed.insert(entry).second)
            continue;
        continuous.push_back(entry);
        for (StorageEntry* relation : entry->relations)
            if (placed.insert(relation).second)
                continuous.push_back(relation);
    }
    StorageEntry* newRoot = continuous.front();
    newRoot->children.assign(continuous.begin() + 1, continuous.end());
    return newRoot;
}

bool Planner::lifeConflict(const Lives& b1, const Lives& b2, bool allowStallPoints) const
{
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < b1.size() && j < b2.size()) {
        const auto lo = std::max(b1[i].allocTime, b2[j].allocTime);
        const auto hi = std::min(b1[i].freeTime, b2[j].freeTime);
        if (lo <= hi) {
            bool allowed = false;
            if (allowStallPoints && lo == hi) {
                const StorageEntry* e1 = entryOf_.count(b1[i].buffer) ? entryOf_.at(b1[i].buffer) : nullptr;
                const StorageEntry* e2 = entryOf_.count(b2[j].buffer) ? entryOf_.at(b2[j].buffer) : nullptr;
                if (e1 && e2)
                    for (const auto& [gen, kill] : stallPairs_) {
                        const bool genIn1 = std::count(e1->inplaceBuffers.begin(), e1->inplaceBuffers.end(), gen) != 0;
                        const bool killIn1
                            = std::count(e1->inplaceBuffers.begin(), e1->inplaceBuffers.end(), kill) != 0;
                        const bool genIn2 = std::count(e2->inplaceBuffers.begin(), e2->inplaceBuffers.end(), gen) != 0;
                        const bool killIn2
                            = std::count(e2->inplaceBuffers.begin(), e2->inplaceBuffers.end(), kill) != 0;
                        if ((genIn1 && killIn2) || (killIn1 && genIn2))
                            allowed = true;
                    }
            }
            if (!allowed)
                return true;
        }
        if (b1[i].freeTime < b2[j].freeTime)
            ++i;
        else
            ++j;
    }
    return false;
}

bool Planner::stage0(const StorageEntry* e, const Segment& segment) const
{
    if (e->lives.empty() || segment.lives.empty())
        return false;
    auto unique = [&](const Value* buffer) {
        const auto info = live_.infos.find(buffer);
        return info != live_.infos.end() && info->second.memoryUnique;
    };
    if (unique(e->lives[0].buffer) || unique(segment.lives[0].buffer))
        return true;
    return lifeConflict(e->lives, segment.lives, true);
}

// Some pair of their buffers pipe-conflicts (buffersPipeConflict): one of them a DMA buffer,
// or a scalar one against one that is not. Decided from each entry's classes.
bool Planner::pipeConflict(const StorageEntry* a, const StorageEntry* b) const
{
    if (!a || !b || a->inplaceBuffers.empty() || b->inplaceBuffers.empty())
        return false;
    // The kinds of an entry's buffers: scalar-touched (whatever else), DMA (not scalar), other.
    auto classes = [&](const StorageEntry* e) {
        if (e->pipeClasses < 0) {
            e->pipeClasses = 0;
            for (const Value* x : e->inplaceBuffers)
                e->pipeClasses |= pipes_.scalar.count(x) ? kScalarBuffer
                    : pipes_.dma.count(x)                ? kDmaBuffer
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

bool Planner::sameLoop(const StorageEntry* a, const StorageEntry* b) const
{
    for (const StorageEntry* e : {a, b})
        if (e && !e->loop)
            e->loop = entryLoop(e);
    return (a ? *a->loop : nullptr) == (b ? *b->loop : nullptr);
}

std::vector<StorageEntry*>* Planner::extraEntries(const StorageEntry* e)
{
    for (auto& [first, slots] : extras_)
        if (first == e)
            return &slots;
    return nullptr;
}

bool Planner::stage1(History& his, StorageEntry* e, OutlineIt start, OutlineIt end, std::vector<std::uint64_t>& offsets)
{
    if (start != end)
        return true;
    const StorageEntry* reuse = (*start)->last;
    if (!reuse)
        return true;
    std::vector<StorageEntry*> others;
    if (reuse->multiBuffer > 1) {
        for (StorageEntry* relation : reuse->relations)
            if (relation && relation->offset != 0)
                others.push_back(relation);
    } else if (auto* slots = extraEntries(reuse)) {
        for (StorageEntry* slot : *slots)
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
    // slot; any entry then takes every slot free of lifetime conflicts (VerifyConflictStage1).
    if (e->multiBuffer > 1 && (others.size() < e->multiBuffer - 1 || e->relations.empty()))
        return true;
    for (std::size_t i = 0; i < others.size(); ++i) {
        const std::uint64_t offset = others[i]->offset;
        const bool conflict = std::any_of(his.begin(), his.end(), [&](const PlanRecord& r) {
            return r.first->offset + r.allExtent > offset && r.first->offset < offset + e->aligned
                && lifeConflict(r.entry->lives, e->lives, false);
        });
        if (conflict) {
            offsets.clear();
            return true;
        }
        offsets.push_back(offset);
    }
    return offsets.empty();
}

// Level 3: entries that pipe-conflict with `e`; level 2: those of them in e's loop.
AddressRanges Planner::stage23Ranges(const History& his, const StorageEntry* e, int level) const
{
    AddressRanges ranges;
    for (const PlanRecord& r : his)
        if (pipeConflict(r.entry, e) && (level == kLevel3 || sameLoop(r.entry, e)))
            ranges.add(r.first->offset, r.first->offset + r.allExtent);
    ranges.seal();
    return ranges;
}

bool Planner::stage23(const AddressRanges& forbidden, const StorageEntry* e, OutlineIt& start, Outline& outline)
{
    bool found = false;
    OutlineIt foundAt;
    for (auto it = start; it != outline.end(); ++it) {
        const std::uint64_t offset = (*it)->offset;
        const bool conflict = forbidden.overlaps(offset, offset + e->aligned);
        if (conflict || (std::next(it) == outline.end() && (*it)->extent < e->aligned))
            continue;
        found = true;
        foundAt = it;
        break;
    }
    if (!found)
        return true;
    if (foundAt == start)
        return false;
    start = std::prev(foundAt);
    return true;
}

void Planner::updateOutline(Outline& outline, History& his, StorageEntry* e, OutlineIt start, OutlineIt end,
    std::uint64_t size, int level, bool direct)
{
    const std::uint64_t res = size - e->aligned;
    std::shared_ptr<Segment> last = *end;
    OutlineIt afterEnd = std::next(end);
    std::vector<std::shared_ptr<Segment>> split;
    if (splitOutline_) {
        for (auto it = start; it != afterEnd; ++it) {
            Lives lives = e->lives;
            lives.insert(lives.end(), (*it)->lives.begin(), (*it)->lives.end());
            mergeLives(lives);
            const std::uint64_t extent
                = std::next(it) == afterEnd ? e->offset + e->aligned - (*it)->offset : (*it)->extent;
            split.push_back(std::make_shared<Segment>(Segment{std::move(lives), (*it)->offset, extent, e}));
        }
    } else {
        Lives lives = e->lives;
        for (auto it = start; it != afterEnd; ++it)
            lives.insert(lives.end(), (*it)->lives.begin(), (*it)->lives.end());
        mergeLives(lives);
        split.push_back(std::make_shared<Segment>(Segment{std::move(lives), e->offset, e->aligned, e}));
    }
    OutlineIt insertAt = afterEnd;
    if (res > 0)
        insertAt = outline.insert(insertAt,
            std::make_shared<Segment>(Segment{last->lives, last->offset + last->extent - res, res, last->last}));
    for (auto it = split.rbegin(); it != split.rend(); ++it)
        insertAt = outline.insert(insertAt, *it);
    PlanRecord record;
    record.level = level;
    record.childIdx = e->childIdx;
    record.tailed = res > 0;
    record.splitNums = split.size();
    record.entry = e;
    record.allExtent = e->aligned;
    record.first = split.front();
    record.direct = direct;
    record.replaced.splice(record.replaced.begin(), outline, start, insertAt);
    his.push_back(std::move(record));
}

void Planner::rollbackOutline(History& his, Outline& outline)
{
    PlanRecord& r = his.back();
    auto it = std::find(outline.begin(), outline.end(), r.first);
    for (std::size_t i = 0; i < r.splitNums && it != outline.end(); ++i)
        it = outline.erase(it);
    if (r.tailed && it != outline.end())
        it = outline.erase(it);
    outline.splice(it, r.replaced);
    his.pop_back();
}

// PlanRelationOtherBufferEntryAddress: the entry's own copies take the first slots, and every
// slot past them becomes an extra entry of its (a single buffer's slots are all extra).
void Planner::relationAddresses(const std::vector<std::uint64_t>& offsets, StorageEntry* e)
{
    const std::size_t copies = e->multiBuffer > 1 ? e->multiBuffer - 1 : 0;
    for (std::size_t i = 0; i < copies && i < e->relations.size() && i < offsets.size(); ++i)
        e->relations[i]->offset = offsets[i];
    std::vector<StorageEntry*> slots;
    for (std::size_t i = copies; i < offsets.size(); ++i) {
        auto slot = std::make_unique<StorageEntry>(*e);
        slot->children.clear();
        slot->relations.clear();
        slot->offset = offsets[i];
        slot->childIdx = -1;
        slots.push_back(slot.get());
        owned_.push_back(std::move(slot));
    }
    if (auto* existing = extraEntries(e))
        *existing = slots;
    else
        extras_.emplace_back(e, slots);
}

void Planner::allocRelation(Outline& outline, History& his, StorageEntry* e, std::uint64_t offset)
{
    for (auto start = outline.begin(); start != outline.end(); ++start) {
        if ((*start)->offset != offset)
            continue;
        std::uint64_t size = 0;
        for (auto end = start; end != outline.end(); ++end) {
            size += (*end)->extent;
            if (size < e->aligned)
                continue;
            StorageEntry* slot = nullptr;
            if (auto* slots = extraEntries(e))
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
                updateOutline(outline, his, slot, start, end, size, kLevel1, true);
            return;
        }
    }
}

bool Planner::specAlloc(Outline& outline, History& his, StorageEntry* e, const SpecInfo& si, int level)
{
    if (std::any_of(his.begin(), his.end(), [&](const PlanRecord& r) { return r.entry == e; }))
        return true;
    if (e->aligned == 0) {
        e->offset = 0;
        return true;
    }
    if (searching_) {
        ++placements_;
        --budget_;
        if (sharedBudget_)
            --*sharedBudget_;
        if (options_.deadline && (placements_ & 255) == 1 && std::chrono::steady_clock::now() > *options_.deadline)
            timedOut_ = true;
        if (outOfBudget())
            return false;
    }
    std::optional<AddressRanges> forbidden; // levels 2 and 3, known once needed
    for (auto start = outline.begin(); start != outline.end(); ++start) {
        std::uint64_t size = 0;
        const std::uint64_t allocOffset = (*start)->offset;
        for (auto end = start; end != outline.end(); ++end) {
            size += (*end)->extent;
            if ((e->childIdx == si.rollbackIdx && allocOffset == si.rollbackAddr) || stage0(e, **end)) {
                start = end;
                break;
            }
            if (size < e->aligned)
                continue;
            std::vector<std::uint64_t> otherOffsets;
            if (level == kLevel1 && stage1(his, e, start, end, otherOffsets))
                break;
            if (level == kLevel2 || level == kLevel3) {
                if (!forbidden)
                    forbidden = stage23Ranges(his, e, level);
                if (stage23(*forbidden, e, start, outline))
                    break;
            }
            e->offset = allocOffset;
            updateOutline(outline, his, e, start, end, size, level, false);
            if (level == kLevel1) {
                relationAddresses(otherOffsets, e);
                for (const std::uint64_t offset : otherOffsets)
                    allocRelation(outline, his, e, offset);
            }
            return true;
        }
    }
    return false;
}

bool Planner::multiSpecPlan(SpecInfo& si, Outline& outline, History& his, StorageEntry* e)
{
    for (int level = si.specLevel; level >= si.minLevel; --level) {
        if (specAlloc(outline, his, e, si, level)) {
            if (si.childIdx == si.specStartIdx)
                si.specLevel = si.maxLevel;
            ++si.childIdx;
            return true;
        }
    }
    return false;
}

Status Planner::applyFail(
    SpecInfo& si, Outline& outline, History& his, StorageEntry* root, std::uint64_t aligned, std::uint64_t cap)
{
    bool enough = false;
    while (!enough && !his.empty() && !outline.empty()) {
        if (si.childIdx > si.specStartIdx)
            si.specStartIdx = si.childIdx;
        while (!his.empty()) {
            StorageEntry* entry = his.back().entry;
            const int childIdx = his.back().childIdx;
            const int level = his.back().level;
            const bool direct = his.back().direct;
            rollbackOutline(his, outline);
            extras_.erase(
                std::remove_if(extras_.begin(), extras_.end(), [&](const auto& x) { return x.first == entry; }),
                extras_.end());
            if (direct || (entry->multiBuffer > 1 && entry->relations.empty()))
                continue;
            si.childIdx = childIdx;
            si.specLevel = level;
            if (si.specLevel > si.minLevel) {
                si.rollbackAddr = si.childIdx == -1 ? UINT64_MAX : root->children[si.childIdx]->offset;
                si.rollbackIdx = si.childIdx;
                if (si.rollbackAddr + aligned > cap) // wraps for the root, as the compiler's does
                    continue;
                enough = true;
                break;
            }
        }
    }
    if (si.specLevel > kLevel0 && si.childIdx >= 0) {
        --si.specLevel;
        return Status::Continue;
    }
    if (!splitOutline_) {
        splitOutline_ = true;
        return Status::Restart;
    }
    return Status::Failed;
}

// The most aligned bits of the scope's storages (copies included) live at one op.
std::uint64_t Planner::peakLiveBits(const StorageEntry* root, std::uint64_t align) const
{
    std::vector<std::pair<std::int64_t, std::int64_t>> changes; // (op, +bits at alloc / -bits after free)
    auto add = [&](const StorageEntry* entry) {
        const auto bits = static_cast<std::int64_t>(alignUp(static_cast<std::uint64_t>(entry->info->constBits), align));
        for (const BufferLife& life : entry->lives)
            if (life.allocTime >= 0 && life.allocTime <= life.freeTime && bits > 0) {
                changes.emplace_back(life.allocTime, bits);
                changes.emplace_back(life.freeTime + 1, -bits);
            }
    };
    add(root);
    for (const StorageEntry* child : root->children)
        add(child);
    std::sort(changes.begin(), changes.end()); // at one op, frees (negative) before allocs
    std::int64_t live = 0;
    std::int64_t peak = 0;
    for (const auto& [op, bits] : changes) {
        live += bits;
        peak = std::max(peak, live);
    }
    return static_cast<std::uint64_t>(peak);
}

std::uint64_t Planner::planSingleLevel(StorageEntry* root, int level, std::uint64_t align)
{
    Outline outline;
    outline.push_back(std::make_shared<Segment>(Segment{{}, 0, kUnlimited, nullptr}));
    History his;
    SpecInfo si;
    si.specLevel = si.maxLevel = si.minLevel = level;
    const int count = static_cast<int>(root->children.size());
    StorageEntry* current = root;
    while (si.childIdx < count) {
        current->aligned = alignUp(static_cast<std::uint64_t>(current->info->constBits), align);
        current->childIdx = si.childIdx;
        if (!multiSpecPlan(si, outline, his, current))
            ++si.childIdx; // cannot happen without a limit; never loop
        if (si.childIdx >= count)
            break;
        current = root->children[si.childIdx];
    }
    std::uint64_t high = root->aligned;
    for (const StorageEntry* child : root->children)
        high = std::max(high, child->offset + child->aligned);
    return high;
}

Status Planner::planScope(StorageEntry* root, ScopePlan& scope)
{
    const auto space = target_.space(root->info->scope);
    const std::uint64_t align = space->alignBits;
    const std::uint64_t cap = space->capacityBits;
    if (root->children.empty()) {
        const std::uint64_t need = alignUp(static_cast<std::uint64_t>(root->info->constBits), align);
        root->offset = 0;
        root->aligned = need;
        if (need > cap) {
            scope.requiresBits = need;
            return Status::Failed;
        }
        return Status::Success;
    }
    std::uint64_t required = alignUp(static_cast<std::uint64_t>(root->info->constBits), align);
    for (const StorageEntry* child : root->children)
        required += alignUp(static_cast<std::uint64_t>(child->info->constBits), align);
    // No reuse when the storages fit side by side, exactly filling the space included
    // (PlanMemAddressOfWholeLocalBuffer: required <= maxBits).
    if (required <= cap) {
        std::uint64_t offset = 0;
        root->offset = 0;
        root->aligned = alignUp(static_cast<std::uint64_t>(root->info->constBits), align);
        offset = root->aligned;
        for (StorageEntry* child : root->children) {
            child->offset = offset;
            child->aligned = alignUp(static_cast<std::uint64_t>(child->info->constBits), align);
            offset += child->aligned;
        }
        return Status::Success;
    }
    root = reorder(root);
    const std::uint64_t unlimited = planSingleLevel(root, kLevel3, align);
    if (unlimited <= cap)
        return Status::Success;
    // Storages live at the same op never share an address (at every level), so when their
    // sizes at one op add up past the capacity no placement within it exists: the search
    // would roll back every entry and restart before it failed. The exception, a one-op
    // overlap of an in-place pair that would stall the pipe, keeps the search.
    if (options_.proveOverflow && stallPairs_.empty() && peakLiveBits(root, align) > cap) {
        splitOutline_ = true; // as after the search's restart
        StorageEntry* again = reorder(root);
        scope.requiresBits = planSingleLevel(again, kLevel0, align);
        return Status::Failed;
    }

    Outline outline;
    outline.push_back(std::make_shared<Segment>(Segment{{}, 0, cap, nullptr}));
    History his;
    SpecInfo si;
    const int count = static_cast<int>(root->children.size());
    StorageEntry* current = root;
    for (const StorageEntry* child : root->children)
        const_cast<StorageEntry*>(child)->offset = 0;
    root->offset = 0;
    searching_ = true;
    while (si.childIdx < count) {
        current->aligned = alignUp(static_cast<std::uint64_t>(current->info->constBits), align);
        current->childIdx = si.childIdx;
        if (!multiSpecPlan(si, outline, his, current)) {
            const bool stopped = outOfBudget();
            const Status status = stopped ? Status::Failed : applyFail(si, outline, his, root, current->aligned, cap);
            if (status == Status::Restart) {
                si = SpecInfo();
                current = root;
                continue;
            }
            if (status == Status::Failed) {
                searching_ = false;
                splitOutline_ = true;
                StorageEntry* again = reorder(root);
                scope.requiresBits = planSingleLevel(again, kLevel0, align);
                if (stopped && cancelled()) {
                    undecided_ = true;
                    scope.decided = false;
                    scope.warning = kPlanCancelledText;
                } else if (stopped && timedOut_) {
                    undecided_ = true;
                    scope.decided = false;
                    scope.warning = searchTimedOutText(placements_);
                } else if (stopped && budget_ >= 0) {
                    undecided_ = true;
                    scope.decided = false;
                    scope.warning = searchStoppedText(options_.searchBudget);
                } else if (stopped) {
                    scope.warning = "the plan was stopped after " + std::to_string(kPlacementBudget) + " placements";
                }
                return Status::Failed;
            }
        }
        if (si.childIdx >= count)
            break;
        current = root->children[si.childIdx];
    }
    searching_ = false;
    // Printed for whichever space needed the search within capacity, named by its enum string.
    scope.warning = "[hivm-plan-memory] There reused some dma buffers in " + root->info->scope
        + " address space, which may stall pipe. Not reusing dma buffer needs " + std::to_string(unlimited)
        + " bits while " + std::to_string(cap) + " bits available!";
    return Status::Success;
}

bool Planner::plan(FunctionPlan& result)
{
    generateEntries();
    mergeInplace();
    expandMultiBuffer();
    mergeSameScope();
    bool failed = false;
    std::map<const StorageEntry*, int> firstIndex;
    {
        int k = 0;
        for (StorageEntry* entry : entries_) {
            bool isCopy = false;
            for (StorageEntry* other : entries_)
                if (std::count(other->relations.begin(), other->relations.end(), entry))
                    isCopy = true;
            if (!isCopy)
                firstIndex[entry] = k++;
        }
    }
    for (const auto& [scopeName, root] : scopeRoots_) {
        ScopePlan scope;
        scope.scope = scopeName;
        const auto space = target_.space(scopeName);
        if (!space) {
            result.errors.push_back("memory space " + scopeName
                + " is not planned by the compiler (\"Temporarily "
                  "unsupported memory buffer space\")");
            scope.planned = false;
            result.scopes.push_back(scope);
            failed = true;
            break;
        }
        scope.capacityBits = space->capacityBits;
        if (failed) {
            scope.planned = false;
        } else if (planScope(root, scope) == Status::Failed) {
            failed = true;
            scope.fits = false;
            if (scope.decided)
                scope.errorInfo = overflowErrorText(scopeName, *scope.requiresBits, scope.capacityBits);
        }
        result.scopes.push_back(scope);
    }
    // Offsets per alloc, entry order, then the level-1 slots.
    std::map<const Value*, std::vector<std::uint64_t>> offsets;
    for (StorageEntry* entry : entries_)
        for (const Value* buffer : entry->inplaceBuffers)
            offsets[buffer].push_back((entry->offset + 7) / 8);
    for (const auto& [first, slots] : extras_)
        for (StorageEntry* slot : slots)
            for (const Value* buffer : slot->inplaceBuffers)
                offsets[buffer].push_back((slot->offset + 7) / 8);
    for (ScopePlan& scope : result.scopes) {
        const StorageEntry* root = nullptr;
        for (const auto& [name, r] : scopeRoots_)
            if (name == scope.scope)
                root = r;
        for (StorageEntry* entry : entries_)
            if (entry->info->scope == scope.scope && scope.planned)
                scope.highWaterBits = std::max(scope.highWaterBits, entry->offset + entry->aligned);
        for (const Value* buffer : live_.bufferOrder) {
            const BufferInfo& info = live_.infos.at(buffer);
            if (info.scope != scope.scope)
                continue;
            PlannedAlloc alloc;
            alloc.buffer = buffer;
            alloc.bits = info.constBits;
            alloc.tmp = live_.tempBuffers.count(buffer) != 0;
            const auto entry = entryOf_.find(buffer);
            if (entry != entryOf_.end()) {
                alloc.offsets = offsets[buffer];
                if (!entry->second->lives.empty()) {
                    alloc.lifeStart = entry->second->lives.front().allocTime;
                    alloc.lifeEnd = entry->second->lives.front().freeTime;
                }
                alloc.storage = firstIndex.count(entry->second) ? firstIndex[entry->second] : -1;
            }
            scope.allocs.push_back(alloc);
        }
        if (!root)
            continue;
        auto addItems = [&](const StorageEntry* entry, bool ownOnly) {
            for (const Value* buffer : entry->inplaceBuffers) {
                if (ownOnly && buffer != entry->info->buffer)
                    continue;
                DumpItem item;
                item.buffer = buffer;
                item.offsets = offsets[buffer];
                item.extentBits = alignUp(static_cast<std::uint64_t>(entry->info->constBits), 8);
                if (!entry->lives.empty()) {
                    item.lifeStart = entry->lives.front().allocTime;
                    item.lifeEnd = entry->lives.front().freeTime;
                }
                item.tmp = live_.tempBuffers.count(buffer) != 0;
                scope.dumpItems.push_back(item);
            }
        };
        addItems(root, true);
        for (const StorageEntry* child : root->children)
            addItems(child, false);
    }
    result.fits = !failed;
    return !failed;
}

// True when some scope cannot fit whatever the shuffle seed. The ops where a buffer is
// first written and last read do not depend on it, only which buffers then merge in
// place; and a merge joins a buffer first written at an op with one read last there, so
// the buffers live at an op and not first written there are in distinct storages, each
// at least as large as the buffer and with at least its copies. Loop-carried pairs the
// compiler forces together are not bounded so: with any, the answer is false.
bool failsWithEverySeed(const BufferLiveness& buffers, const PlanTarget& target)
{
    if (!buffers.forcedPairs.empty())
        return false;
    struct Member {
        std::int64_t start, end;
        std::uint64_t bits; // aligned, times the copies
    };
    std::map<std::string, std::vector<Member>> byScope;
    for (const Value* buffer : buffers.bufferOrder) {
        const auto life = buffers.lives.find(buffer);
        const auto info = buffers.infos.find(buffer);
        if (life == buffers.lives.end() || info == buffers.infos.end())
            continue;
        const auto space = target.space(info->second.scope);
        const BufferLife& l = life->second;
        if (!space || l.allocTime < 0 || l.freeTime <= l.allocTime)
            continue;
        const auto copies = buffers.multiBuffer.count(buffer) ? buffers.multiBuffer.at(buffer) : 1u;
        const std::uint64_t bits = alignUp(static_cast<std::uint64_t>(info->second.constBits), space->alignBits);
        byScope[info->second.scope].push_back({l.allocTime, l.freeTime, bits * copies});
    }
    for (const auto& [scope, members] : byScope) {
        // Live over (start, end]: the sum can only rise at an op just after a start.
        std::vector<std::pair<std::int64_t, std::int64_t>> changes;
        for (const Member& m : members) {
            changes.emplace_back(m.start + 1, static_cast<std::int64_t>(m.bits));
            changes.emplace_back(m.end + 1, -static_cast<std::int64_t>(m.bits));
        }
        std::sort(changes.begin(), changes.end()); // at one op, ends before starts
        std::int64_t live = 0;
        for (const auto& [op, bits] : changes) {
            live += bits;
            if (live > static_cast<std::int64_t>(target.space(scope)->capacityBits))
                return true;
        }
    }
    return false;
}

} // namespace

std::string searchStoppedText(long placements)
{
    return "search stopped after " + std::to_string(placements) + " placements: not decided";
}

std::string searchTimedOutText(long placements)
{
    return "search stopped at its time limit after " + std::to_string(placements) + " placements: not decided";
}

std::string overflowErrorText(const std::string& scope, std::uint64_t requiresBits, std::uint64_t capacityBits)
{
    return scope + " overflow, requires " + std::to_string(requiresBits) + " bits while " + std::to_string(capacityBits)
        + " bits available! (possible reason: tiling basic block is too large or block number is more than what user "
          "expect due to multi-buffer feature is enabled and some ops need extra local buffer.)";
}

FunctionPlan planFunction(const Function& function, const PlanTarget& target, const PlanOptions& options)
{
    FunctionPlan best;
    best.name = function.name;
    best.coreType = function.coreType;
    if (!function.op || !function.body()) {
        best.errors.push_back("function @" + function.name + " has no body");
        best.fits = false;
        return best;
    }
    const auto sequence = linearize(function);
    const BlockLiveness liveness(*function.op);
    const PipeClasses pipes = classifyBuffers(*function.op);
    const int attempts = options.shuffleSeeds ? std::max(1, options.attempts) : 1;
    LivenessOptions livenessOptions;
    livenessOptions.multiBuffer = options.multiBuffer;
    livenessOptions.shuffle = options.shuffleSeeds;
    std::unique_ptr<BufferLiveness> built;
    long remaining = options.searchBudget;
    long placements = 0;
    for (int attempt = 0; attempt < attempts; ++attempt) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            best.fits = false;
            best.decided = false;
            best.cancelled = true;
            best.placements = placements;
            return best;
        }
        FunctionPlan result;
        result.name = function.name;
        result.coreType = function.coreType;
        result.seed = attempt;
        result.sequenceLength = static_cast<int>(sequence.size());
        const auto seed = static_cast<unsigned>(attempt);
        if (built && options.reuseLiveness) {
            built->reshuffle(seed);
        } else {
            built = std::make_unique<BufferLiveness>(function, sequence, liveness, seed, livenessOptions);
            built->build();
        }
        BufferLiveness& buffers = *built;
        result.notes = buffers.notes;
        if (!buffers.errors.empty()) {
            result.errors = buffers.errors;
            result.fits = false;
            return result;
        }
        if (attempt == 0 && attempts > 1 && options.proveOverflow && failsWithEverySeed(buffers, target)) {
            attempt = attempts - 2; // only the last attempt's plan is the answer
            continue;
        }
        Planner planner(buffers, sequence, pipes, target, options, options.searchBudget > 0 ? &remaining : nullptr);
        const bool fits = planner.plan(result);
        placements += planner.placements();
        result.placements = placements;
        if (planner.undecided()) {
            result.decided = false; // later seeds would have no budget left
            result.cancelled = options.cancel && options.cancel->load(std::memory_order_relaxed);
            return result;
        }
        if (fits) {
            // walkAllocToPointerCast: an alloc the plan gives no address (never written, so in no
            // storage) stops the pass once the plan is made.
            for (const Value* buffer : buffers.bufferOrder)
                if (!buffers.lives.count(buffer)) {
                    result.errors.push_back("line " + std::to_string(buffer->definingOp->line) + ": " + buffer->name
                        + ": 'memref.alloc' op error: read before first write (never written, so the compiler's "
                          "plan gives it no address)");
                    result.fits = false;
                }
            return result;
        }
        if (attempt == attempts - 1)
            return result;
    }
    return best;
}

std::vector<const Function*> deviceFunctions(const Module& module, const std::string& name)
{
    std::vector<const Function*> functions;
    for (const Function& function : module.functions)
        if (!function.isHost && function.body() && (name.empty() || function.name == name))
            functions.push_back(&function);
    return functions;
}

std::string planTargetName(const Module& module)
{
    for (const Function* function : deviceFunctions(module))
        if (!function->target.empty())
            return function->target;
    return "Ascend910B1";
}

} // namespace memlens::planner
