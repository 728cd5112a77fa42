#pragma once
// Re-planning instead of predicting: where the document's IR is in the planner's
// form and the planner's plan of it is the dump's (same required bytes), each
// fit map cell and each lever is planned again by core/planner's what-ifs (the
// memref shapes holding a dimension rewritten, multi-buffer marks removed).
// Only the memory plan is recomputed: the compiler's tiling may also change.
#include "core/diagnosis/fit_map.hpp"

#include <atomic>
#include <memory>
#include <optional>

namespace memlens {

// Null when the document has no IR, the IR cannot be planned, or its plan is not the dump's.
std::unique_ptr<FitEvaluator> replannedEvaluator(const PlanDocument& document, std::size_t scopeIndex);

// The document with the planner's plan of `config` in place of its plan (the IR's memref shapes
// holding a dimension rewritten, multi-buffer marks removed); nullopt where replannedEvaluator()
// would be null or the rewrite is not the config (another constexpr of the same value): predict then.
// `cancel` stops its plan soon (then nullopt).
std::optional<PlanDocument> replannedDocument(const PlanDocument& document, std::size_t scopeIndex,
    const Diagnosis& diagnosis, const FitMap& map, const FitConfig& config, const std::atomic<bool>* cancel = nullptr);

// Why the scope's what-ifs are predicted rather than re-planned, in one phrase; "" when they are
// re-planned (memlens's plan of the planner's IR is the dump's).
std::string replanUnavailableReason(const PlanDocument& document, std::size_t scopeIndex);

// Each lever, and the largest power of two that fits, re-planned where replannedEvaluator() would
// be given (their `how` becomes "re-planned"); left as predicted otherwise.
void replanLevers(const PlanDocument& document, std::size_t scopeIndex, Diagnosis& diagnosis);

} // namespace memlens
