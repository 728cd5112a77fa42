#pragma once
// memlens's own plan of the planner's IR beside a dump, compared with the dump buffer by
// buffer: every copy's offset, the Life, the size. Where it reproduces the dump, the
// what-ifs re-plan with the same rules (today's seeded shuffle, or the older compilers'
// single unshuffled attempt); where it does not, they stay predicted and say why.
#include "core/dump/dump_model.hpp"
#include "core/planner/compiler_generation.hpp"
#include "core/planner/mlir_module.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct PlanDocument;

// The IR the compiler's planner received: a compile log's section (the last attempt's), or
// an IR file in the planner's form (allocs in local address spaces).
struct PlannerIr {
    std::shared_ptr<const std::string> text;
    std::string file;            // the log or the IR file
    std::int64_t lineOffset = 0; // a line of `text` + lineOffset = the file's line
    // `text` as the planner's reader read it: the compile log's section when its scan read it,
    // and the check keeps the module it read. The check plans it, and each what-if plans a copy
    // of it (cloneModule), instead of reading the text again. Null: read on use.
    std::shared_ptr<const planner::Module> module;
};

struct PlannerDifference {
    std::string name;   // the dump's name of the buffer ("%alloc_3")
    std::string irName; // the IR's name of the buffer memlens planned at its place ("%x_ub")
    std::vector<std::uint64_t> dumpOffsets;
    std::vector<std::uint64_t> plannedOffsets;
    std::int64_t dumpLifeStart = 0, dumpLifeEnd = 0;
    std::int64_t plannedLifeStart = 0, plannedLifeEnd = 0;
};

struct ScopePlannerCheck {
    std::string scope;
    bool reproduces = false;
    std::size_t buffers = 0; // of the dump's scope
    std::vector<PlannerDifference> differences;
    std::string problem; // a difference that is not one buffer's ("memlens plans 12 buffers, the dump has 14")
    // memlens's (the IR's) name of each of the dump's buffers, parallel to them; empty where the
    // counts differ. A re-planned what-if names its buffers by the IR: this pairs them with the dump's.
    std::vector<std::string> irNames;
};

struct PlannerCheck {
    std::string irFile;
    std::string function;
    // The rule set that reproduces the dump: true today's compiler (shuffled seeds), false the
    // older one (one unshuffled attempt); nullopt when neither does.
    std::optional<bool> seedShuffle;
    // The compiler generation whose rules reproduce the dump, tried newest first (its seeds are
    // seedShuffle's); nullopt when none does.
    std::optional<planner::CompilerGeneration> generation;
    std::vector<ScopePlannerCheck> scopes; // the dump's planned scopes, in its order
    PlannerIr ir;
    // What the check compared memlens's plan with: "this dump", or "the compile log's plan"
    // where the plan was read from a log (A5 writes no dump).
    std::string subject = "this dump";

    bool reproduces() const { return seedShuffle.has_value(); }
    const ScopePlannerCheck* scope(const std::string& name) const;
    // "memlens plans this dump identically (14 buffers)" / "memlens's plan differs at %alloc_3:
    // 262144 in the dump, 229376 planned".
    std::string summary() const;
    // Every difference, one a line ("%alloc_3: offsets 262144 in the dump, 229376 planned; Life
    // [3, 6] in the dump, [3, 5] planned"), under the IR it came from: the full list behind summary().
    std::string details() const;
};

// The planner's IR for `document`, or why there is none ("" reason when there is one).
struct PlannerIrResult {
    std::optional<PlannerIr> ir;
    std::string reason;
};
PlannerIrResult plannerIrOf(const PlanDocument& document);

// What attaching a compile log changed, for the bar a reload shows: "" when `after` reads the
// same log as `before` (or none). "The compile log names 65 ops; memlens plans this dump
// identically (17 buffers): what-ifs re-planned." / "...; memlens's plan differs at %alloc_3: ...:
// what-ifs predicted." / "...; <why there is no check>: what-ifs predicted."
std::string attachedLogText(const PlanDocument& before, const PlanDocument& after);

// The check of a plan memlens computed itself from `ir` (for `function`): it is the dump by
// construction, with `generation`'s rules; nothing is planned again.
std::shared_ptr<const PlannerCheck> ownPlanCheck(const Dump& dump, const PlannerIr& ir, const std::string& function,
    planner::CompilerGeneration generation = planner::kNewestGeneration);

// Plans `ir` for the dump's kernel with each compiler generation's rules, newest first, and
// compares each with the dump until one reproduces it. Null (with `note` set) when there is nothing to compare.
std::shared_ptr<const PlannerCheck> checkPlanner(
    const Dump& dump, const PlannerIr& ir, std::string& note, const std::atomic<bool>* cancel = nullptr);

} // namespace memlens
