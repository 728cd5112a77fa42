#include "core/planner/storage_entries.hpp"

#include "core/planner/buffer_views.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <unordered_set>

namespace memlens::planner {

std::uint64_t alignUp(std::uint64_t value, std::uint64_t align)
{
    return align == 0 ? value : (value + align - 1) / align * align;
}

namespace {

inline bool earlierLife(const BufferLife& a, const BufferLife& b)
{
    return a.allocTime == b.allocTime ? a.freeTime < b.freeTime : a.allocTime < b.allocTime;
}

// Joins sorted lives that overlap or touch, in place.
void joinSortedLives(Lives& lives)
{
    if (lives.empty())
        return;
    std::size_t last = 0;
    for (std::size_t i = 1; i < lives.size(); ++i) {
        if (lives[i].allocTime <= lives[last].freeTime + 1)
            lives[last].freeTime = std::max(lives[last].freeTime, lives[i].freeTime);
        else
            lives[++last] = lives[i];
    }
    lives.resize(last + 1);
}

} // namespace

void mergeLives(Lives& lives)
{
    std::sort(lives.begin(), lives.end(), [](const BufferLife& a, const BufferLife& b) { return earlierLife(a, b); });
    joinSortedLives(lives);
}

void mergeSortedLives(const std::vector<const Lives*>& parts, Lives& out, Lives& scratch)
{
    const auto earlier = [](const BufferLife& a, const BufferLife& b) { return earlierLife(a, b); };
    out.clear();
    bool sorted = true;
    for (const Lives* part : parts) {
        sorted = sorted && std::is_sorted(part->begin(), part->end(), earlier);
        scratch.resize(out.size() + part->size());
        std::merge(out.begin(), out.end(), part->begin(), part->end(), scratch.begin(), earlier);
        out.swap(scratch);
    }
    // Two lives with the same times from different buffers: std::sort's order of them decides
    // which buffer the joined life names, so sort as mergeLives does.
    const bool tie = std::adjacent_find(out.begin(), out.end(), [](const BufferLife& a, const BufferLife& b) {
        return a.allocTime == b.allocTime && a.freeTime == b.freeTime && a.buffer != b.buffer;
    }) != out.end();
    if (!sorted || tie) {
        out.clear();
        for (const Lives* part : parts)
            out.insert(out.end(), part->begin(), part->end());
        std::sort(out.begin(), out.end(), earlier);
    }
    joinSortedLives(out);
}

StorageEntries::StorageEntries(const BufferLives& liveness, const std::vector<SequenceEntry>& sequence,
    const PipeClasses& pipes, const ModuleFacts& facts, const PlanOptions& options)
    : live_(liveness)
    , sequence_(sequence)
    , pipes_(pipes)
    , facts_(facts)
    , options_(options)
{
    // Asked at every conflict test of the search: a flag by value id, not a hash lookup.
    for (const auto& [buffer, info] : live_.infos)
        if (info.memoryUnique) {
            const auto id = static_cast<std::size_t>(buffer->id);
            if (id >= uniqueById_.size())
                uniqueById_.resize(id + 1, false);
            uniqueById_[id] = true;
        }
}

void StorageEntries::build()
{
    generateEntries();
    mergeInplace();
    expandMultiBuffer();
    mergeSameScope();
}

std::vector<std::uintptr_t> StorageEntries::signature() const
{
    std::vector<std::uintptr_t> out;
    auto put = [&](auto value) { out.push_back(static_cast<std::uintptr_t>(value)); };
    auto ptr = [&](const void* p) { out.push_back(reinterpret_cast<std::uintptr_t>(p)); };
    std::map<const StorageEntry*, std::size_t> index;
    for (const StorageEntry* entry : entries_)
        index.emplace(entry, index.size());
    auto indexOf = [&](const StorageEntry* entry) {
        const auto found = index.find(entry);
        put(found == index.end() ? SIZE_MAX : found->second);
    };
    put(entries_.size());
    for (const StorageEntry* entry : entries_) {
        ptr(entry->info->buffer);
        put(entry->multiBuffer);
        indexOf(entry->copyOf);
        put(entry->lives.size());
        for (const BufferLife& life : entry->lives) {
            ptr(life.buffer);
            put(life.allocTime);
            put(life.freeTime);
        }
        put(entry->inplaceBuffers.size());
        for (const Value* buffer : entry->inplaceBuffers)
            ptr(buffer);
        put(entry->relations.size());
        for (const StorageEntry* relation : entry->relations)
            indexOf(relation);
        put(entry->children.size());
        for (const StorageEntry* child : entry->children)
            indexOf(child);
    }
    put(scopeRoots_.size());
    for (const auto& [name, root] : scopeRoots_)
        indexOf(root);
    put(stallPairs_.size());
    for (const auto& [gen, kill] : stallPairs_) {
        ptr(gen);
        ptr(kill);
    }
    put(live_.bufferOrder.size());
    for (const Value* buffer : live_.bufferOrder) {
        ptr(buffer);
        const auto life = live_.lives.find(buffer);
        put(life == live_.lives.end() ? -2 : life->second.allocTime);
        put(life == live_.lives.end() ? -2 : life->second.freeTime);
    }
    return out;
}

const StorageEntry* StorageEntries::entryOf(const Value* buffer) const
{
    const auto found = entryOf_.find(buffer);
    return found == entryOf_.end() ? nullptr : found->second;
}

bool StorageEntries::memoryUnique(const Value* buffer) const
{
    const auto id = static_cast<std::size_t>(buffer->id);
    return id < uniqueById_.size() && uniqueById_[id];
}

std::map<const StorageEntry*, int> StorageEntries::storageNumbers() const
{
    std::set<const StorageEntry*> copies;
    for (const StorageEntry* entry : entries_)
        copies.insert(entry->relations.begin(), entry->relations.end());
    std::map<const StorageEntry*, int> numbers;
    int next = 0;
    for (const StorageEntry* entry : entries_)
        if (!copies.count(entry))
            numbers[entry] = next++;
    return numbers;
}

const std::vector<StorageEntry*>* StorageEntries::slotsOf(const StorageEntry* entry) const
{
    for (const auto& [first, slots] : slots_)
        if (first == entry)
            return &slots;
    return nullptr;
}

// PlanRelationOtherBufferEntryAddress: each slot past the entry's own copies is a clone of it.
void StorageEntries::setSlots(StorageEntry* entry, const std::vector<std::uint64_t>& offsets)
{
    std::vector<StorageEntry*> slots;
    for (const std::uint64_t offset : offsets) {
        auto slot = std::make_unique<StorageEntry>(*entry);
        slot->children.clear();
        slot->relations.clear();
        slot->offset = offset;
        slot->childIdx = -1;
        slots.push_back(slot.get());
        owned_.push_back(std::move(slot));
    }
    for (auto& [first, existing] : slots_)
        if (first == entry) {
            existing = slots;
            return;
        }
    slots_.emplace_back(entry, slots);
}

void StorageEntries::dropSlots(const StorageEntry* entry)
{
    slots_.erase(
        std::remove_if(slots_.begin(), slots_.end(), [&](const auto& x) { return x.first == entry; }), slots_.end());
}

void StorageEntries::generateEntries()
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

bool StorageEntries::inplaceMultiBuffer(const Value* v, const std::vector<BufferPair>& list) const
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

// HasUser / VisitDstOpTypeReachable: whether a `opName` op uses `alloc`, followed through views
// and in-place pairs. A value's users are asked in the IR's use-list order (the last in the text
// first), and the first view met decides alone: its result is asked in the value's place, and
// the value's alloc's pairs are not. Otherwise every pair of that alloc leads on to its partner.
// Each value is asked once, so whether some path ends at such an op does not depend on the order
// the compiler's recursion takes; this walks it with a stack, as a hostile IR may chain
// thousands of pairs.
bool StorageEntries::reaches(const Value* alloc, const char* opName, const PairPartners& partners) const
{
    std::unordered_set<const Value*> visited;
    std::vector<const Value*> pending = {alloc};
    while (!pending.empty()) {
        const Value* value = pending.back();
        pending.pop_back();
        // Views in a chain are asked in turn, each in its source's place.
        const Value* source = nullptr;
        while (value && visited.insert(value).second) {
            source = tracebackToAlloc(value);
            if (!source)
                break;
            const Value* view = nullptr;
            for (auto user = value->users.rbegin(); user != value->users.rend() && !view; ++user) {
                if ((*user)->name == opName)
                    return true;
                if (isViewOp((*user)->name) && !(*user)->results.empty())
                    view = (*user)->results.front();
            }
            if (!view)
                break;
            value = view;
            source = nullptr; // the view answers alone: the pairs are not asked
        }
        if (!source)
            continue;
        const auto found = partners.find(source);
        if (found != partners.end())
            pending.insert(pending.end(), found->second.begin(), found->second.end());
    }
    return false;
}

// A VF call writing `gen` over `kill` would make the next iteration's load wait for this
// one's store: gen reaches a store, kill a load, and gen's alloc is in a loop (IsReuseVFCall).
bool StorageEntries::vfCallStallsLoop(const Value* gen, const Value* kill, PipeReach& reach) const
{
    if (options_.disableVfReachableCheck)
        return false;
    // Both are asked, in this order: the first answer for a set of merged allocs is kept.
    const bool genReachesStore = reach.reachesStore(gen);
    const bool killReachesLoad = reach.reachesLoad(kill);
    if (!genReachesStore || !killReachesLoad || !gen->definingOp)
        return false;
    for (const Op* parent = gen->definingOp->parentOp(); parent; parent = parent->parentOp())
        if (parent->name == "scf.for" || parent->name == "scf.while" || parent->name == "scf.forall"
            || parent->name == "scf.parallel")
            return true; // LoopLikeOpInterface
    return false;
}

std::vector<BufferPair> StorageEntries::inplaceList()
{
    std::vector<BufferPair> list = live_.forcedPairs;
    PairPartners partners; // the list by buffer, for the stall test's walk
    auto addPartners = [&](const Value* a, const Value* b) {
        if (a != b) {
            partners[a].push_back(b);
            partners[b].push_back(a);
        }
    };
    for (const auto& [a, b] : list)
        addPartners(a, b);
    std::set<const Op*> visited;
    PipeReach reach(pipes_.mte2, pipes_.mte3);
    for (const SequenceEntry& entry : sequence_) {
        const GenKill& gk = live_.genKill[entry.index];
        if (!gk.touched || visited.count(entry.op))
            continue;
        visited.insert(entry.op);
        const bool vfCall = isVfCall(*entry.op) && !VfInplaceReuse::hasAliasedOperands(*entry.op);
        std::vector<const Value*> gens = gk.gen;
        std::stable_sort(gens.begin(), gens.end(),
            [&](const Value* a, const Value* b) { return live_.infos.at(a).constBits > live_.infos.at(b).constBits; });
        std::set<const Value*> usedKills;
        for (const Value* gen : gens) {
            const BufferInfo& genInfo = live_.infos.at(gen);
            // Only ignoreInplace keeps a buffer out (GenerateInplaceList): a mem_unique buffer
            // is kept out of alias pairs and shared segments, not out of in-place pairs.
            if (genInfo.ignoreInplace || (options_.rules.inplaceSkipsMemUnique && genInfo.memoryUnique))
                continue;
            for (const Value* kill : gk.kill) {
                const auto killInfo = live_.infos.find(kill);
                if (killInfo == live_.infos.end() || killInfo->second.ignoreInplace
                    || (options_.rules.inplaceSkipsMemUnique && killInfo->second.memoryUnique))
                    continue;
                if (usedKills.count(kill) || killInfo->second.constBits < genInfo.constBits)
                    continue;
                const bool accepted = [&] {
                    if (vfCall && facts_.vfCalls.allows(*entry.op, gen, kill) && !vfCallStallsLoop(gen, kill, reach))
                        return true;
                    if (!hivmOpAllowsInplace(*entry.op, gen, kill, options_.rules, options_.restrictInplaceAsIsa))
                        return false;
                    if (options_.rules.refuseStallingInplace && inplaceMultiBuffer(gen, list)
                        && inplaceMultiBuffer(kill, list) && reaches(gen, "hivm.hir.store", partners)
                        && reaches(kill, "hivm.hir.load", partners)) {
                        stallPairs_.emplace_back(gen, kill);
                        return false;
                    }
                    return true;
                }();
                if (!accepted)
                    continue;
                list.emplace_back(gen, kill);
                addPartners(gen, kill);
                usedKills.insert(kill);
                reach.merge(gen, kill);
                break;
            }
        }
    }
    return list;
}

void StorageEntries::mergeInplace()
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

void StorageEntries::expandMultiBuffer()
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
            copy->copyOf = first;
            first->relations.push_back(copy.get());
            entries_.push_back(copy.get());
            owned_.push_back(std::move(copy));
        }
    }
}

void StorageEntries::mergeSameScope()
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

StorageEntry* StorageEntries::reorder(StorageEntry* root) const
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

} // namespace memlens::planner
