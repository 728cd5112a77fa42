#pragma once
// The first half of the compiler's memory planner: the walk over the planner's op sequence
// that finds which local buffers a function allocates, their aliases, and when each is
// first written (gen) and last read (kill). One walk per attempt: `seed` drives the shuffle
// of the live values the compiler does at every kill test and loop entry; the walk's
// ShuffleLog gives another seed's lists without walking again.
//
// The parts: aliases in AliasLists, the shuffles in ShuffleLog, the kill test's "dead after
// this op" in DeadAfterTest, and the result in BufferLives. What each op does is a table
// from op name to handler (buffer_liveness_ops.cpp); the region ops' entries are in
// buffer_liveness.cpp.
#include "core/planner/alias_lists.hpp"
#include "core/planner/block_liveness.hpp"
#include "core/planner/buffer_lives.hpp"
#include "core/planner/dead_after_test.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/plan_options.hpp"
#include "core/planner/shuffle_log.hpp"

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

namespace memlens::planner {

struct LivenessOptions {
    bool multiBuffer = true; // honour hivm.multi_buffer marks
    bool shuffle = true;     // false: live values in their own order (compilers before the seeded retries)
    // PlanOptions::disableTightlyCoupledBufferReuse: the owning side of a tightly coupled buffer is mem_unique.
    bool tightlyCoupledUnique = false;
    PlanRules rules; // the pass's liveness rules (markKillsEveryLiveValue, whileSiblingKeepsAlive, ...)
    // The bound on alias pairs (AliasLists).
    std::size_t maxAliasPairs = 1000000;
    bool operator==(const LivenessOptions&) const = default;
};

class BufferLiveness {
public:
    BufferLiveness(const Function& function, const std::vector<SequenceEntry>& sequence, const BlockLiveness& liveness,
        unsigned seed, LivenessOptions options = {});
    // The walk; once per instance.
    BufferLives build();
    const ShuffleLog& shuffleLog() const { return shuffles_; }
    std::size_t aliasPairs() const { return aliases_.pairs(); }

private:
    enum class Status : std::uint8_t { Untracked, Undefined, Defined, Gened, Killed };
    using OpHandler = void (BufferLiveness::*)(int index, const Op& op);
    using EntryHandler = void (BufferLiveness::*)(const SequenceEntry& entry);

    // By Value::id: looked up for every alias of every live value at every op.
    Status& statusOf(const Value* value);
    Status statusAt(const Value* value) const;
    void alias(const Value* buffer, const Value* aliasBuffer, bool hasCond = false, bool ignoreInplace = false);
    bool isPreload(const Value* value) const;
    void gen(int index, const std::vector<const Value*>& values);
    void genOne(int index, const Value* value);
    void killHandle(int index, const Op& op);
    void killMarkedAlloc(int index, const Op& op, const Value* alloc);
    // The buffers the kill test of `op` would kill for `operand` if it came first.
    std::vector<const Value*> killCandidates(const Op& op, const Value* operand) const;
    // The buffers gen() would write first for `values` if they came first.
    std::vector<const Value*> genCandidates(const std::vector<const Value*>& values) const;
    void genLiveInLoop(int index, const Op& loop);

    // The region ops' entries in the sequence (buffer_liveness.cpp).
    static EntryHandler regionHandlerFor(const std::string& name);
    void forEntry(const SequenceEntry& entry);
    void whileEntry(const SequenceEntry& entry);
    void ifEntry(const SequenceEntry& entry);
    void scopeEntry(const SequenceEntry& entry);
    void keepSelectInitYieldsApart(const Op& loop, const Op& yield);

    // Every other op (buffer_liveness_ops.cpp).
    static OpHandler handlerFor(const Op& op);
    void processOp(int index, const Op& op);
    void viewOp(int index, const Op& op);
    void allocOp(int index, const Op& op);
    void loadOp(int index, const Op& op);
    void storeOp(int index, const Op& op);
    void destinationStyleOp(int index, const Op& op);
    void selectOp(int index, const Op& op);
    void markOp(int index, const Op& op);
    void conditionOp(int index, const Op& op);
    void branchOp(int index, const Op& op);
    void callOp(int index, const Op& op);
    void unknownOp(int index, const Op& op);

    // After the walk.
    void extendPreloadBuffers();
    void lifeTimes();
    void initializeForcedPairs();

    const Function& function_;
    const std::vector<SequenceEntry>& sequence_;
    const BlockLiveness& liveness_;
    LivenessOptions options_;
    DeadAfterTest deadAfter_;
    AliasLists aliases_;
    ShuffleLog shuffles_;
    BufferLives out_;
    std::vector<Status> status_;
    std::vector<const Value*> preloadBuffers_;
    // Allocs a loop yields whose init comes from arith.select (PlanRules::selectInitKeepsYieldApart):
    // ignore-in-place when their info is made.
    std::unordered_set<const Value*> selectInitYields_;
    std::vector<std::size_t> slot_; // a live value's position -> 1 + its entry in a site's candidates (0 after use)
};

} // namespace memlens::planner
