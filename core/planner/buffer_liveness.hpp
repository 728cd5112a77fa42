#pragma once
// Which local buffers a function allocates, their aliases, and when each is first
// written (gen) and last read (kill) in the planner's op sequence: the first half of
// the compiler's memory planner. One instance per attempt: `seed` drives the shuffle
// of the live values the compiler does at every kill test and loop entry.
#include "core/base/chip_table.hpp"
#include "core/planner/block_liveness.hpp"
#include "core/planner/mlir_module.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/plan_options.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace memlens::planner {

// The largest alloc memlens plans, in bits (128 GB): the sums of a scope's sizes, their
// copies (at most 64 each) and offsets then stay far inside 64 bits.
inline constexpr std::int64_t kMaxPlannedBits = std::int64_t{1} << 40;

struct BufferInfo {
    const Value* buffer = nullptr;
    const Op* allocOp = nullptr;
    std::string scope; // "ub", "cbuf", "cc", ...
    std::int64_t constBits = 0;
    bool ignoreInplace = false;
    bool memoryUnique = false;
    int cvMixId = -1; // the id of its tightly coupled buffer mark, on the owning core's side
};

struct BufferLife {
    const Value* buffer = nullptr;
    std::int64_t allocTime = -1;
    std::int64_t freeTime = -1;
};

struct GenKill {
    std::vector<const Value*> gen;
    std::vector<const Value*> kill;
    bool touched = false;
};

struct LivenessOptions {
    bool multiBuffer = true; // honour hivm.multi_buffer marks
    bool shuffle = true;     // false: live values in their own order (compilers before the seeded retries)
    // PlanOptions::disableTightlyCoupledBufferReuse: the owning side of a tightly coupled buffer is mem_unique.
    bool tightlyCoupledUnique = false;
    PlanRules rules; // the pass's liveness rules (markKillsEveryLiveValue, whileSiblingKeepsAlive, ...)
    // Every view of a buffer aliases every other: 10,000 views of one buffer would make
    // 100 million pairs. Pairs past this many are not made (with a note).
    std::size_t maxAliasPairs = 1000000;
};

class BufferLiveness {
public:
    BufferLiveness(const Function& function, const std::vector<SequenceEntry>& sequence, const BlockLiveness& liveness,
        unsigned seed, LivenessOptions options = {});
    void build();
    // The lists of another seed without building again: which buffers an op writes first
    // and reads last does not depend on the seed, only the order the shuffled live values
    // give them, so build() records each shuffle and this replays them with `seed`.
    void reshuffle(unsigned seed);

    std::vector<const Value*> bufferOrder; // allocs in walk order
    std::unordered_map<const Value*, BufferInfo> infos;
    std::unordered_map<const Value*, BufferLife> lives;
    std::vector<GenKill> genKill; // per sequence index
    std::unordered_map<const Value*, std::uint32_t> multiBuffer;
    std::vector<std::pair<const Value*, const Value*>> forcedPairs;
    std::unordered_set<const Value*> tempBuffers;
    // Every alloc a hivm.tightly_coupled_buffer<id> mark names, with that id (either core's side).
    std::unordered_map<const Value*, int> coupledIds;
    // The other core's side, never written here (PlanRules::skipsOtherSideOfCoupledBuffer).
    std::unordered_set<const Value*> skippedCoupled;
    std::vector<std::string> errors; // what would stop the compiler's planner
    std::vector<std::string> notes;

    std::vector<const Value*> aliasesOf(const Value* value) const; // without `value` unless self-aliased
    std::size_t aliasPairs() const { return std::min(aliasPairs_, options_.maxAliasPairs); }
    // How many shuffles of live values the build drew from the seed.
    std::size_t shuffleDraws() const { return sites_.size(); }
    // How many live values' additions the shuffle sites keep (only those that add any).
    std::size_t keptCandidates() const;
    static const Value* tracebackToAlloc(const Value* value);
    static bool isViewOp(const std::string& name);

private:
    enum class Status : std::uint8_t { Untracked, Undefined, Defined, Gened, Killed };
    // By Value::id: looked up for every alias of every live value at every op.
    Status& statusOf(const Value* value);
    Status statusAt(const Value* value) const;
    void processOp(int index, const Op& op);
    void processMark(int index, const Op& op);
    void gen(int index, const std::vector<const Value*>& values);
    void genOne(int index, const Value* value);
    void killHandle(int index, const Op& op);
    // The buffers the kill test of `op` would kill for `operand` if it came first.
    std::vector<const Value*> killCandidates(const Op& op, const Value* operand) const;
    // The buffers gen() would write first for `values` if they came first.
    std::vector<const Value*> genCandidates(const std::vector<const Value*>& values) const;
    bool allDeadAfter(const Op& op, const std::vector<const Value*>& aliases) const;
    bool deadAfterNesting(const Value* value, const Op& op) const;
    void genLiveInLoop(int index, const Op& loop);
    void alias(const Value* buffer, const Value* aliasBuffer, bool hasCond = false, bool ignoreInplace = false);
    void aliasLists(const Value* origin, const Value* originAlias, const std::vector<const Value*>& buffers,
        const std::vector<const Value*>& aliasBuffers, bool hasCond);
    const bool* findCond(const Value* buffer, const Value* aliasValue) const;
    bool isPreload(const Value* value) const;
    void extendPreloadBuffers();
    void lifeTimes();
    void initializeForcedPairs();
    void keepSelectInitYieldsApart(const Op& loop, const Op& yield);
    // One shuffle of live values at sequence index `index`: what each of them adds to the
    // gen (or kill) list there when it comes first, and where in that list the additions sit.
    struct ShuffleSite {
        int index = 0;
        bool gens = false;
        std::size_t size = 0; // live values shuffled
        // What the live values that add any add, by their position among the live values
        // (only those: thousands of live values at thousands of sites add nothing mostly).
        std::vector<std::pair<std::size_t, std::vector<const Value*>>> candidates;
        std::size_t listStart = 0;
        std::size_t produced = 0;
    };
    std::vector<std::size_t> shuffledOrder(std::size_t size);
    static std::vector<std::pair<std::size_t, std::vector<const Value*>>> adding(
        std::vector<std::vector<const Value*>>& candidates);

    const Function& function_;
    const std::vector<SequenceEntry>& sequence_;
    const BlockLiveness& liveness_;
    LivenessOptions options_;
    std::mt19937 random_;
    std::vector<Status> status_;
    // A value's aliases in the order they were found, each with its condition flag, and
    // where each sits in that order (the lists grow to every view of a buffer).
    struct AliasList {
        std::vector<std::pair<const Value*, bool>> items;
        std::unordered_map<const Value*, std::size_t> index;
        std::size_t plannable = 0; // how many of them are local allocs (the only values ever gen'd or killed)
    };
    // False when neither `value` nor any alias of it is a local alloc: gen and kill of it do nothing.
    bool touchesPlannable(const Value* value) const;
    std::unordered_map<const Value*, AliasList> aliasVec_;
    std::vector<const Value*> preloadBuffers_;
    // Allocs a loop yields whose init comes from arith.select (PlanRules::selectInitKeepsYieldApart):
    // ignore-in-place when their info is made.
    std::unordered_set<const Value*> selectInitYields_;
    std::vector<ShuffleSite> sites_;
    std::vector<std::size_t> slot_; // a live value's position -> 1 + its entry in a site's candidates (0 after use)
    std::size_t aliasPairs_ = 0;    // in every AliasList together, at most maxAliasPairs (+1 once noted)
};

} // namespace memlens::planner
