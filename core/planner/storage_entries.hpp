#pragma once
// The storages one attempt plans: an entry per buffer first written somewhere, merged
// when a buffer takes a dying input's memory in place, cloned per multi-buffer copy, and
// grouped per memory space under the space's first entry (the root); and the order a ub
// scope is searched in. The compiler's GenerateStorageEntry, GenerateInplaceList and
// MergeInplaceEntry, the multi-buffer clones, MergeSameScopeEntry and ReorderEntries.
#include "core/planner/buffer_lives.hpp"
#include "core/planner/inplace_rules.hpp"
#include "core/planner/module_facts.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/plan_options.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace memlens::planner {

using Lives = std::vector<BufferLife>;
using BufferPair = std::pair<const Value*, const Value*>; // (gen, kill)

// Sorts lives and joins those that overlap or touch.
void mergeLives(Lives& lives);
// mergeLives of the parts' lives together, into `out`: when each part is sorted (as merged
// lives are), merged rather than sorted. `scratch` is working space.
void mergeSortedLives(const std::vector<const Lives*>& parts, Lives& out, Lives& scratch);

std::uint64_t alignUp(std::uint64_t value, std::uint64_t align);

struct StorageEntry {
    const BufferInfo* info = nullptr;         // the buffer whose size and space the storage has
    Lives lives;                              // merged lives of every buffer in it
    std::vector<const Value*> inplaceBuffers; // the buffers sharing it, in-place gens first
    std::vector<StorageEntry*> children;      // a scope root's other entries, in search order
    std::uint64_t aligned = 0;                // its size aligned to the space, once searched
    int childIdx = -1;                        // its place among the root's children; -1 the root
    std::uint64_t offset = 0;                 // bits, once placed
    std::vector<StorageEntry*> relations;     // its multi-buffer copies
    const StorageEntry* copyOf = nullptr;     // a copy: the first entry of its multi-buffer
    int appliedLevel = -1;                    // the level it was last placed at (kept when undone)
    std::uint32_t multiBuffer = 1;            // copies, itself included
    // Known once asked (inplaceBuffers do not change while addresses are planned).
    mutable int pipeClasses = -1; // kDmaBuffer | kScalarBuffer | kOtherBuffer of its buffers
    mutable std::optional<const Op*> loop;
};

class StorageEntries {
public:
    StorageEntries(const BufferLives& liveness, const std::vector<SequenceEntry>& sequence, const PipeClasses& pipes,
        const ModuleFacts& facts, const PlanOptions& options);

    // Entries, in place, multi-buffer copies, scopes: the entries as the address search takes them.
    void build();
    // The ub scope's search order: mem_unique, DMA, other, scalar entries (largest first within
    // DMA, other and scalar with largest-first), each followed by its copies. Other scopes keep theirs.
    StorageEntry* reorder(StorageEntry* root) const;

    const std::vector<StorageEntry*>& entries() const { return entries_; } // the compiler's StorageEntryVec
    const std::vector<std::pair<std::string, StorageEntry*>>& scopeRoots() const { return scopeRoots_; }
    const StorageEntry* entryOf(const Value* buffer) const;
    // In-place pairs refused because they would stall the pipe (PlanRules::refuseStallingInplace).
    const std::vector<BufferPair>& stallPairs() const { return stallPairs_; }
    // Everything the address search and the result read of this attempt's storages, as one
    // list: two attempts with equal signatures plan alike (the storages, their order, lives,
    // buffers, copies, scopes and stall pairs; the buffers' lives as the result reads them).
    std::vector<std::uintptr_t> signature() const;
    // The storage number of every entry that is not a copy, in entry order.
    std::map<const StorageEntry*, int> storageNumbers() const;

    // Level-1 slots: the offsets past its own copies a storage takes in a multi-buffered one's slots.
    const std::vector<StorageEntry*>* slotsOf(const StorageEntry* entry) const;
    void setSlots(StorageEntry* entry, const std::vector<std::uint64_t>& offsets);
    void dropSlots(const StorageEntry* entry);
    const std::vector<std::pair<StorageEntry*, std::vector<StorageEntry*>>>& allSlots() const { return slots_; }

    const BufferLives& liveness() const { return live_; }
    const PipeClasses& pipes() const { return pipes_; }
    const ModuleFacts& facts() const { return facts_; }
    const PlanOptions& options() const { return options_; }
    bool memoryUnique(const Value* buffer) const;

private:
    void generateEntries();
    std::vector<BufferPair> inplaceList();
    bool inplaceMultiBuffer(const Value* v, const std::vector<BufferPair>& list) const;
    // Each buffer's partners in the in-place pairs made so far, in the order the pairs were made.
    using PairPartners = std::unordered_map<const Value*, std::vector<const Value*>>;
    bool reaches(const Value* alloc, const char* opName, const PairPartners& partners) const;
    bool vfCallStallsLoop(const Value* gen, const Value* kill, PipeReach& reach) const;
    void mergeInplace();
    void expandMultiBuffer();
    void mergeSameScope();

    const BufferLives& live_;
    std::vector<bool> uniqueById_; // memoryUnique by Value::id
    const std::vector<SequenceEntry>& sequence_;
    const PipeClasses& pipes_;
    const ModuleFacts& facts_;
    const PlanOptions& options_;
    std::vector<std::unique_ptr<StorageEntry>> owned_;
    std::vector<StorageEntry*> entries_;
    std::map<const Value*, StorageEntry*> entryOf_;
    std::vector<std::pair<std::string, StorageEntry*>> scopeRoots_;
    std::vector<BufferPair> stallPairs_;
    std::vector<std::pair<StorageEntry*, std::vector<StorageEntry*>>> slots_;
};

} // namespace memlens::planner
