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
#include "core/base/work_thresholds.hpp"
#include "core/diagnosis/sweep_batches.hpp"
#include "core/dump/dump_model.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace memlens {

struct PredictedPlan {
    std::vector<std::optional<std::uint64_t>> offsets; // per block; nullopt for a removed block
    std::uint64_t requiredBytes = 0;                   // the largest offset + size: the address space needed
};

// One variant of the plan's sizes, asked block by block (index into ScopePlan::blocks):
// the block's new size, or nullopt to remove it. It must give the same answer each time it is
// asked, and may be asked from two threads at once (a large plan sweeps two batches of variants
// side by side).
using SizeRule = std::function<std::optional<std::uint64_t>(std::size_t block)>;

// Many variants asked together, block by block: the new sizes of `block` in variants
// first .. first + count - 1, into sizes[0 .. count - 1] (nullopt removes it). One call per
// block for every variant of a sweep, so that the block and its buffer are read once.
// `rank` is the block's place in placingOrder(): data read per block can be laid out in that
// order and read by rank, in sequence. Like a SizeRule, it may be called from two threads at once.
using VariantSizes = std::function<void(
    std::size_t block, std::size_t rank, std::size_t first, std::size_t count, std::optional<std::uint64_t>* sizes)>;

// How a predictor sweeps: the defaults, or what a test pins (two sweeps side by side from
// fewer steps; the copy compiled for any x86-64 even where AVX2 is there).
struct SweepPolicy {
    std::size_t twoSweepsFromSteps = kTwoSweepsFromSteps; // core/diagnosis/sweep_batches
    bool plainOnly = false;
};

class PlanPredictor {
public:
    explicit PlanPredictor(const ScopePlan& scope, SweepPolicy policy = {});

    // `sizes` has one entry per block of the scope: its new size, or nullopt to remove it.
    PredictedPlan predict(const std::vector<std::optional<std::uint64_t>>& sizes) const;

    // The required bytes of each variant, as predict() would give them, found by sweeping
    // the blocks once for many variants side by side (the tree walk and its cache misses
    // are shared) and without a vector of sizes or offsets per variant.
    std::vector<std::uint64_t> requiredBytes(const std::vector<SizeRule>& variants) const;
    // The same for `variantCount` variants whose sizes `sizesOf` gives together.
    std::vector<std::uint64_t> requiredBytes(std::size_t variantCount, const VariantSizes& sizesOf) const;

    // How requiredBytes cuts `variantCount` variants into sweeps here: two side by side only on
    // a large plan and where this thread has a second core to itself (coresFreeHere: not beside
    // `inspect`'s writer, which keeps one busy).
    SweepSchedule sweepSchedule(std::size_t variantCount) const;

    // The blocks in the order a sweep asks for their sizes (by address). A million blocks in
    // that order are a cache miss each: what a size rule reads per block, laid out in this
    // order, is read in sequence.
    std::vector<int> placingOrder() const;

    // The alignment the dump's offsets honour (at most the scope's: 32 B, 512 B for cc).
    std::uint64_t alignment() const { return alignment_; }

    // Whether a sweep runs the copy compiled for AVX2 (the processor has it, no test said otherwise).
    bool sweepsWithAvx2() const;

private:
    // One sweep's variants: `count` from `first`, their required bytes into `required`.
    struct SweepRequest {
        const VariantSizes& sizesOf;
        std::size_t first;
        std::size_t count;
        std::vector<std::uint64_t>& required;
    };
    template <typename Units, std::size_t Lanes> bool sweepLanes(const SweepRequest& request) const;
    // The same sweep compiled for AVX2 (one instruction for a node's eight 32-bit lanes), run only
    // where the processor has it; both copies inline sweepBody.
    template <typename Units, std::size_t Lanes> bool sweepLanesAvx2(const SweepRequest& request) const;
    template <typename Units, std::size_t Lanes> bool sweepBody(const SweepRequest& request) const;
    template <std::size_t Lanes> bool sweepNarrowFirst(const SweepRequest& request) const;

    const ScopePlan& scope_;
    std::uint64_t alignment_ = 32;
    int slotCount_ = 0;
    // The sweep in order: place a block (`block` its index), or let the blocks above it see
    // its top (`block` is ~index). Both over its Life on the compressed op axis; `waiting` is
    // where its top waits between the two (slots are reused), -1 for a block never seen.
    struct Step {
        int block;
        int from;
        int to;
        int waiting;
    };
    std::vector<Step> steps_;
    SweepPolicy policy_;
    // Per placing step, in order: the block's offset and end in the dump.
    struct Extent {
        std::uint64_t offset;
        std::uint64_t end;
    };
    std::vector<Extent> placed_;
    int waitingSlots_ = 0;
    std::uint64_t highestSeenEnd_ = 0; // the highest dump end a sweep keeps as a top (sized blocks)
};

} // namespace memlens
