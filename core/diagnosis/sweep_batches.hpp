#pragma once
// How the predictor cuts many variants into sweeps: each sweep walks the blocks once
// for a batch of variants side by side, in lanes of one tree (lane 0 is the dump's own
// tops). Wider sweeps share more of the walk but need more tree memory; on a large plan
// two narrower sweeps on two threads beat one wide one. docs/performance.md has the
// measurements behind these choices.
#include <cstddef>
#include <vector>

namespace memlens {

// Lanes of the widest sweep: the dump's own and up to 15 variants.
inline constexpr std::size_t kMaxSweepLanes = 16;

struct SweepBatch {
    std::size_t first = 0; // the batch's first variant
    std::size_t lanes = 0; // how many variants it sweeps
    std::size_t width = 0; // lanes of its tree (16, 8 or 4); 0: its variants are predicted one by one
    bool operator==(const SweepBatch&) const = default;
};

struct SweepSchedule {
    std::vector<SweepBatch> batches; // in variant order, covering every variant once
    bool twoAtATime = false;         // the odd batches on a second thread
};

struct SweepWork {
    std::size_t variants = 0;
    std::size_t steps = 0;              // the sweep's steps (about two per block)
    std::size_t bytesPerLane = 0;       // tree and waiting tops of one lane
    std::size_t twoSweepsFromSteps = 0; // from this many steps, two sweeps side by side
    unsigned cores = 1;                 // free for this work (coresFreeHere: not those a caller keeps busy)
};

// Batches of up to 15 variants in one sweep of 16 lanes while the tree memory for 16 lanes is
// within kSweepBudgetBytes; of 3 in one of 4 lanes when only 4 fit or at most 3 are left; one
// by one when not even 4 lanes fit. A plan of `twoSweepsFromSteps` steps or more, with more
// than 7 variants and a second core, is swept 8 lanes (7 variants) at a time, two sweeps side
// by side: a sweep of 8 lanes walks half the memory of one of 16 and takes about 0.6 of its
// time (a million blocks).
SweepSchedule scheduleSweeps(const SweepWork& work);

} // namespace memlens
