#pragma once
// Which of the compiler's planner passes a plan follows, named and optioned as the
// compiler's own test RUN lines write it: "hivm-plan-memory" (the A2/A3 pass) or
// "hivm-plan-memory-regbase" (the A5 and Ascend310B pass), optionally followed by
// "=name=value" options, several separated by commas or spaces
// ("hivm-plan-memory-regbase=disable-tightly-coupled-buffer-reuse=true").
#include "core/planner/plan_options.hpp"
#include "core/planner/plan_target.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::planner {

struct PlanPass {
    bool regBase = false;
    std::optional<PlanStrategy> strategy;                  // plan-memory-strategy
    std::optional<bool> restrictInplaceAsIsa;              // restrict-inplace-as-isa
    std::optional<int> simtVfDynamicSizeKb;                // simt-vf-dynamic-size (52f96a1: KB)
    std::optional<std::int64_t> sharedMemDynamicSizeBytes; // shared-mem-dynamic-size (newer: bytes)
    std::optional<bool> disableTightlyCoupled;             // disable-tightly-coupled-buffer-reuse
    std::optional<bool> disableVfReachable;                // disable-vf-reachable-check

    std::string name() const { return regBase ? "hivm-plan-memory-regbase" : "hivm-plan-memory"; }
    // The generation an option given implies: simt-vf-dynamic-size is 52f96a1's,
    // shared-mem-dynamic-size the newer one's; nullopt when no option names one.
    std::optional<CompilerGeneration> impliedGeneration() const;
    // Sets the rule set (with options.generation's rules, or the implied generation's) and
    // every option given.
    void applyTo(PlanOptions& options) const;
};

// nullopt with `error` set for an unknown pass, option or value.
std::optional<PlanPass> parsePlanPass(std::string_view text, std::string& error);
// The pass the compiler runs for `target` (its driver's choice by --target); a log's section
// printed before hivm-plan-memory-regbase says that pass ran, whatever the target.
PlanPass passForTarget(const PlanTarget& target, bool regBaseSection = false);

} // namespace memlens::planner
