#pragma once
// Value liveness per block, as MLIR's Liveness analysis computes it: live-in and
// live-out sets over the blocks of every region, a value's end operation in a block,
// "dead after op", and the values live at an op in a fixed order (block arguments,
// live-ins by definition order, then results in op order).
#include "core/planner/mlir_module.hpp"

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace memlens::planner {

class BlockLiveness {
public:
    explicit BlockLiveness(const Op& root, std::size_t maxCachedLive = kMaxCachedLive);

    bool isLiveOut(const Value* value, const Block* block) const;
    // The last op of `start`'s block that uses `value` (through nested ops), at least `start`.
    const Op* endOperation(const Value* value, const Op* start) const;
    bool isDeadAfter(const Value* value, const Op* op) const;
    // Values live at `op` in `block`. Cached, so the planner's seeds share it, while the
    // cache holds fewer than kMaxCachedLive values: thousands of buffers live together at
    // thousands of ops would fill gigabytes, so past that each call works it out again.
    std::vector<const Value*> liveAt(const Block* block, const Op* op) const;
    // What a kill test at `op` needs of liveAt(block, op) without listing it: how many
    // values are live there, and those of them that end there (not live out, no use after
    // `op` in the block: the only ones it can find dead), each with its position in that
    // list, by position. Worked out for a whole block at once, in O(n log n).
    struct LiveEnding {
        std::size_t size = 0;
        std::vector<std::pair<std::size_t, const Value*>> ending;
    };
    const LiveEnding& liveEndingAt(const Block* block, const Op* op) const;
    static constexpr std::size_t kMaxCachedLive = std::size_t{1} << 20; // 8 MB of pointers
    std::size_t cachedLive() const { return cachedLive_; }              // values in the cache

private:
    struct BlockInfo {
        std::unordered_set<const Value*> in, out, defs, uses;
        std::vector<const Value*> inOrdered;
        std::vector<const Block*> predecessors;
    };
    void collectBlocks(const Op& op);
    void buildBlock(const Block* block);
    const BlockInfo* info(const Block* block) const;
    // The last op of `block` that uses `value` (through nested ops), nullptr when none; cached.
    const Op* lastUserInBlock(const Value* value, const Block* block) const;

    std::unordered_map<const Block*, BlockInfo> blocks_;
    std::vector<const Block*> order_;
    mutable std::unordered_map<const Op*, std::vector<const Value*>> liveCache_;
    std::size_t maxCachedLive_;
    mutable std::size_t cachedLive_ = 0;
    mutable std::unordered_map<const Block*, std::vector<LiveEnding>> endings_; // per op of the block
    mutable std::unordered_map<const Block*, std::unordered_map<const Value*, const Op*>> lastUser_;
};

} // namespace memlens::planner
