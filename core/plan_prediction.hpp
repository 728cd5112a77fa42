#pragma once
// Predicts where a scope's blocks would sit if some of them were smaller,
// larger or gone (a tile dimension scaled, multi-buffering turned off).
//
// The method keeps the compiler's own stacking: a block stays above every
// block it sat above in the dump whose Life it shares (those could not share
// its addresses), and is placed right on top of the highest of them, aligned
// as the dump is aligned. A hole the planner left beyond that alignment is
// kept in bytes. Unchanged sizes give back the dump's offsets exactly. The
// compiler plans again from scratch, so its placement may differ.
#include "core/dump_model.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace memlens {

struct PredictedPlan {
    std::vector<std::optional<std::uint64_t>> offsets; // per block; nullopt for a removed block
    std::uint64_t requiredBytes = 0;                   // the largest offset + size: the address space needed
};

class PlanPredictor {
public:
    explicit PlanPredictor(const ScopePlan& scope);

    // `sizes` has one entry per block of the scope: its new size, or nullopt to remove it.
    PredictedPlan predict(const std::vector<std::optional<std::uint64_t>>& sizes) const;

    // The alignment the dump's offsets honour (at most the scope's: 32 B, 512 B for cc).
    std::uint64_t alignment() const { return alignment_; }

private:
    const ScopePlan& scope_;
    std::uint64_t alignment_ = 32;
    std::vector<int> byOffset_;     // blocks in the order they are placed
    std::vector<int> byAddressEnd_; // blocks with a size, in order of offset + size
    std::vector<int> startSlot_;    // per block: its Life on the compressed op axis
    std::vector<int> endSlot_;
    int slotCount_ = 0;
};

} // namespace memlens
