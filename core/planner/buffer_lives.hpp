#pragma once
// What the buffer liveness walk (buffer_liveness.hpp) finds in one function: every local
// alloc with its size and flags, where each is first written (gen) and last read (kill) in
// the planner's op sequence, and the marks and pairs the later phases need. A value: the
// walk returns it, and the storage entries, the search and the result read it.
#include "core/planner/mlir_module.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
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

struct BufferLives {
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
};

} // namespace memlens::planner
