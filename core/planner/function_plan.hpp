#pragma once
// One function's plan as the planner gives it: each scope's allocs with their offsets and
// Lives, the records of the compiler's memory dump, the errors and notes, the seed and
// whether the search decided. Made by planFunction (memory_planner.hpp), filled per scope
// by writeScopeResults (plan_result.hpp).
#include "core/planner/mlir_module.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens::planner {

struct PlannedAlloc {
    const Value* buffer = nullptr;
    std::vector<std::uint64_t> offsets; // bytes, one per copy
    std::int64_t bits = 0;              // the alloc's own size
    std::int64_t lifeStart = -1;        // its storage's Life, as a dump shows it
    std::int64_t lifeEnd = -1;
    int storage = -1; // index of its storage entry (first copies, in entry order); -1 when never written
    bool tmp = false;
};

// One record of memory_info_*.json's memory_info_array.
struct DumpItem {
    const Value* buffer = nullptr;
    std::vector<std::uint64_t> offsets;
    std::uint64_t extentBits = 0;
    std::int64_t lifeStart = -1;
    std::int64_t lifeEnd = -1;
    bool tmp = false;
};

struct PlannedScope {
    std::string scope;
    bool planned = true; // false: after a failing scope, never planned (offsets 0)
    bool fits = true;
    std::uint64_t capacityBits = 0;
    std::optional<std::uint64_t> requiresBits; // when it fails
    std::string errorInfo;                     // the compiler's error text, "" when it fits
    std::uint64_t highWaterBits = 0;           // max offset + aligned size over its storages
    std::string warning;                       // the DMA-reuse warning the compiler prints
    bool decided = true;                       // false: the search budget ran out here (fits is false)
    std::vector<PlannedAlloc> allocs;          // every alloc of the space, in IR order
    std::vector<DumpItem> dumpItems;
};

struct FunctionPlan {
    std::string name;
    std::string coreType;
    std::vector<std::string> errors;
    std::vector<std::string> notes;
    std::vector<PlannedScope> scopes;
    bool fits = true;
    int seed = 0; // the attempt whose plan this is
    // false: PlanOptions::searchBudget ran out before any seed fitted; fits is false
    // but the compiler may still find a plan.
    bool decided = true;
    bool cancelled = false; // PlanOptions::cancel stopped it (decided is false)
    long placements = 0;    // made by the searches within capacity, every seed so far
    int seedsRepeated = 0;  // seeds not searched: their storages were an earlier failed seed's
    int sequenceLength = 0;
    // The allocs of its hivm.tightly_coupled_buffer<id> marks: the owning core's side (AIV ub,
    // AIC cbuf) and the other core's, which takes the owning side's offsets once every
    // function is planned (shareCoupledOffsets fills castOffsets).
    struct CoupledBuffer {
        const Value* alloc = nullptr;
        int id = -1;
        bool owned = false;
    };
    std::vector<CoupledBuffer> coupled;
    // The offsets the pass's pointer casts give where they are not the plan's (bytes, per copy).
    std::map<const Value*, std::vector<std::uint64_t>> castOffsets;
};

} // namespace memlens::planner
