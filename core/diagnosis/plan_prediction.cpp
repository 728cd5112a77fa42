#include "core/diagnosis/plan_prediction.hpp"

#include "core/base/dense_key_order.hpp"
#include "core/base/release_storage.hpp"
#include "core/base/run_beside.hpp"
#include "core/base/work_thresholds.hpp"
#include "core/diagnosis/range_max_tree.hpp"
#include "core/diagnosis/sweep_batches.hpp"

#include <algorithm>
#include <array>
#include <future>
#include <limits>
#include <memory>
#include <new>
#include <numeric>
#include <tuple>
#include <utility>

namespace memlens {

namespace {

// How many steps ahead the sweep fetches the tree nodes a step will touch.
constexpr std::size_t kPrefetchSteps = 8;

std::uint64_t alignUp(std::uint64_t value, std::uint64_t alignment)
{
    return (value + alignment - 1) / alignment * alignment;
}

std::uint64_t alignmentOf(const ScopePlan& scope)
{
    const std::uint64_t scopeAlignment = scope.scope == "cc" ? 512 : 32;
    std::uint64_t common = 0;
    for (const Block& block : scope.blocks)
        common = std::gcd(common, block.offset);
    if (common == 0)
        return scopeAlignment;
    return std::min(scopeAlignment, common & (~common + 1)); // lowest set bit: a power of two
}

// The op axis cut down to the ops where some Life starts or ends: per block, the slot of its
// start and of its end.
struct CompressedOps {
    int count = 0;
    std::vector<int> startSlot;
    std::vector<int> endSlot;
};

CompressedOps compressOps(const std::vector<Block>& blocks)
{
    CompressedOps slots;
    slots.startSlot.reserve(blocks.size());
    slots.endSlot.reserve(blocks.size());
    // Op numbers are dense next to the block count: ranked by a table (a million blocks:
    // sorting and searching their ops took half a second), else sorted and searched.
    const KeyRanks<std::int64_t> ranks([&blocks](const auto& visit) {
        for (const Block& block : blocks) {
            visit(block.start);
            visit(block.end);
        }
    });
    slots.count = static_cast<int>(ranks.values().size());
    for (const Block& block : blocks) {
        slots.startSlot.push_back(static_cast<int>(ranks.rankOf(block.start)));
        slots.endSlot.push_back(static_cast<int>(ranks.rankOf(block.end)));
    }
    return slots;
}

} // namespace

PlanPredictor::PlanPredictor(const ScopePlan& scope, SweepPolicy policy)
    : scope_(scope)
    , alignment_(alignmentOf(scope))
    , policy_(policy)
{
    // Built in phases, each dropping what the next no longer reads: on a million blocks the
    // sorted blocks, the ranks and the steps side by side were the most an inspect held at once.
    const auto& blocks = scope.blocks;

    // Blocks in the order they are placed: by offset, equal offsets in block order (their
    // order changes nothing: each is placed before any of them is seen); sorted as keys,
    // not through the blocks, and carrying what their steps need (a million blocks: each
    // lookup through a block index is a cache miss). `placed_` keeps each one's extent.
    struct Placed {
        int index;
        int from; // its Life's slots
        int to;
        int waiting; // where its top waits between being placed and being seen; -1 if never seen
    };
    struct PlacedAt {
        std::uint64_t offset;
        std::uint64_t end;
        Placed steps;
    };
    std::vector<PlacedAt> byOffset;
    {
        const CompressedOps slots = compressOps(blocks);
        slotCount_ = slots.count;
        byOffset = orderByKey<std::uint64_t, PlacedAt>(
            [&blocks](const auto& visit) {
                for (const Block& block : blocks)
                    visit(block.offset);
            },
            [&](const auto& visit) {
                for (std::size_t i = 0; i < blocks.size(); ++i)
                    visit(PlacedAt{blocks[i].offset, blocks[i].addressEnd(),
                        {static_cast<int>(i), slots.startSlot[i], slots.endSlot[i], -1}});
            },
            [](const PlacedAt& block) { return block.offset; });
    }
    std::vector<Placed> placed;
    placed.reserve(byOffset.size());
    placed_.reserve(byOffset.size());
    for (const PlacedAt& block : byOffset) {
        placed_.push_back({block.offset, block.end});
        placed.push_back(block.steps);
    }
    releaseStorage(byOffset);
    // Blocks with a size, as ranks in `placed`, by end; equal ends keep the placing order.
    // A block whose end wraps past 2^64 is never seen, as one of size 0.
    const auto sized = [this](std::size_t rank) { return placed_[rank].end > placed_[rank].offset; };
    const std::vector<int> byEnd = orderByKey<std::uint64_t, int>(
        [&](const auto& visit) {
            for (std::size_t rank = 0; rank < placed_.size(); ++rank)
                if (sized(rank))
                    visit(placed_[rank].end);
        },
        [&](const auto& visit) {
            for (std::size_t rank = 0; rank < placed_.size(); ++rank)
                if (sized(rank))
                    visit(static_cast<int>(rank));
        },
        [this](int rank) { return placed_[static_cast<std::size_t>(rank)].end; });

    // The order of the sweep comes from the dump alone: every prediction shares it. Each
    // step carries what it needs, so that the sweep reads its steps in order, not per block.
    steps_.reserve(placed.size() + byEnd.size());
    std::vector<int> freeSlots;
    std::size_t nextBelow = 0;
    for (std::size_t rank = 0; rank < placed.size(); ++rank) {
        Placed& block = placed[rank];
        const Extent extent = placed_[rank];
        // Blocks that end at or below this one's offset are below it; they are placed already.
        for (; nextBelow < byEnd.size(); ++nextBelow) {
            const auto belowRank = static_cast<std::size_t>(byEnd[nextBelow]);
            if (placed_[belowRank].end > extent.offset)
                break;
            const Placed& below = placed[belowRank];
            steps_.push_back({~below.index, below.from, below.to, below.waiting});
            freeSlots.push_back(below.waiting);
        }
        if (sized(rank)) {
            highestSeenEnd_ = std::max(highestSeenEnd_, extent.end);
            if (freeSlots.empty())
                freeSlots.push_back(waitingSlots_++);
            block.waiting = freeSlots.back();
            freeSlots.pop_back();
        }
        steps_.push_back({block.index, block.from, block.to, block.waiting});
    }
}

std::vector<int> PlanPredictor::placingOrder() const
{
    std::vector<int> order;
    order.reserve(placed_.size());
    for (const Step& step : steps_)
        if (step.block >= 0)
            order.push_back(step.block);
    return order;
}

PredictedPlan PlanPredictor::predict(const std::vector<std::optional<std::uint64_t>>& sizes) const
{
    const auto& blocks = scope_.blocks;
    PredictedPlan plan;
    plan.offsets.assign(blocks.size(), std::nullopt);
    // Over each placed block's Life, the top of the blocks below it: where they end with
    // their new sizes, and where they ended in the dump (what tells a hole the planner left).
    RangeMaxTree<std::uint64_t, 1> newTops(slotCount_);
    RangeMaxTree<std::uint64_t, 1> dumpTops(slotCount_);
    for (const Step& step : steps_) {
        if (step.block < 0) {
            const auto below = static_cast<std::size_t>(~step.block);
            // A removed block still explains the gap it leaves in the dump: it is no hole.
            const std::uint64_t dumpEnd = blocks[below].addressEnd();
            dumpTops.raise(step.from, step.to, &dumpEnd);
            if (sizes[below] && plan.offsets[below]) {
                const std::uint64_t end = *plan.offsets[below] + *sizes[below];
                newTops.raise(step.from, step.to, &end);
            }
            continue;
        }
        const auto i = static_cast<std::size_t>(step.block);
        if (!sizes[i])
            continue;
        std::uint64_t newTop = 0;
        newTops.max(step.from, step.to, &newTop);
        std::uint64_t dumpTop = 0;
        dumpTops.max(step.from, step.to, &dumpTop);
        const std::uint64_t dumpSeat = alignUp(dumpTop, alignment_);
        const std::uint64_t hole = blocks[i].offset > dumpSeat ? blocks[i].offset - dumpSeat : 0;
        const std::uint64_t offset = alignUp(newTop, alignment_) + hole;
        plan.offsets[i] = offset;
        plan.requiredBytes = std::max(plan.requiredBytes, offset + *sizes[i]);
    }
    return plan;
}

// Tops are kept in units of the alignment, in 15 or 31 bits (`Units`): only their aligned
// value is ever used, and a cache line then holds 16 lanes of a node's two values (or of
// one). Lane 0 holds the dump's own tops (each block's hole comes from them); `variants`
// from `first` take lanes 1 to `count`. A top past what `Units` holds makes the sweep give
// up: the caller then sweeps again with wider units, or predicts the variants one by one.
template <typename Units, std::size_t Lanes>
[[gnu::always_inline]] inline bool PlanPredictor::sweepBody(const SweepRequest& request) const
{
    const VariantSizes& sizesOf = request.sizesOf;
    const std::size_t first = request.first, count = request.count;
    std::vector<std::uint64_t>& required = request.required;
    const std::uint64_t largestEnd = std::uint64_t(std::numeric_limits<Units>::max()) * alignment_;
    const auto unitsOf = [this](std::uint64_t end) { return static_cast<Units>((end + alignment_ - 1) / alignment_); };
    RangeMaxTree<Units, Lanes> newTops(slotCount_);
    std::vector<Units> waiting(static_cast<std::size_t>(waitingSlots_) * Lanes, 0);
    std::array<Units, Lanes> seen{};
    std::array<std::optional<std::uint64_t>, Lanes> sizes{};
    // Kept here and written once at the end: two sweeps side by side write neighbouring entries
    // of `required`, and a shared cache line passed between the cores at every step.
    std::array<std::uint64_t, Lanes> highest{};
    std::size_t rank = 0;
    for (std::size_t n = 0; n < steps_.size(); ++n) {
        if (n + kPrefetchSteps < steps_.size()) {
            const Step& ahead = steps_[n + kPrefetchSteps];
            newTops.prefetch(ahead.from, ahead.to);
        }
        const Step& step = steps_[n];
        if (step.block < 0) {
            newTops.raise(step.from, step.to, waiting.data() + static_cast<std::size_t>(step.waiting) * Lanes);
            continue;
        }
        const auto i = static_cast<std::size_t>(step.block);
        const Extent& block = placed_[rank];
        newTops.max(step.from, step.to, seen.data());
        const std::uint64_t dumpSeat = static_cast<std::uint64_t>(seen[0]) * alignment_;
        const std::uint64_t hole = block.offset > dumpSeat ? block.offset - dumpSeat : 0;
        Units* top = step.waiting >= 0 ? waiting.data() + static_cast<std::size_t>(step.waiting) * Lanes : nullptr;
        if (top) {
            if (block.end > largestEnd)
                return false;
            top[0] = unitsOf(block.end); // removed or not, it explains the gap above it
        }
        sizesOf(i, rank++, first, count, sizes.data());
        for (std::size_t lane = 1; lane <= count; ++lane) {
            const std::optional<std::uint64_t>& size = sizes[lane - 1];
            if (!size) {
                if (top)
                    top[lane] = 0; // removed: raises nothing
                continue;
            }
            const std::uint64_t offset = static_cast<std::uint64_t>(seen[lane]) * alignment_ + hole;
            if (offset < hole || *size > largestEnd || offset > largestEnd - *size)
                return false;
            const std::uint64_t end = offset + *size;
            highest[lane] = std::max(highest[lane], end);
            if (top)
                top[lane] = unitsOf(end);
        }
    }
    for (std::size_t lane = 1; lane <= count; ++lane)
        required[first + lane - 1] = std::max(required[first + lane - 1], highest[lane]);
    return true;
}

// sweepBody is inlined into sweepLanes and sweepLanesAvx2: compiled once for any x86-64 (SSE2 has no 32-bit vector
// maximum: a node's eight lanes took eight instructions) and once for AVX2 (one). Only what is inlined into the AVX2
// copy is compiled for it: a function it calls stays the one every processor runs.
template <typename Units, std::size_t Lanes>
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2")))
#endif
bool PlanPredictor::sweepLanesAvx2(const SweepRequest& request) const
{
    return sweepBody<Units, Lanes>(request);
}

namespace {
bool processorHasAvx2()
{
#if defined(__x86_64__) && defined(__GNUC__)
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
#else
    return false; // elsewhere sweepLanesAvx2 is only another plain copy, never run
#endif
}
} // namespace

bool PlanPredictor::sweepsWithAvx2() const { return processorHasAvx2() && !policy_.plainOnly; }

template <typename Units, std::size_t Lanes> bool PlanPredictor::sweepLanes(const SweepRequest& request) const
{
    if (sweepsWithAvx2())
        return sweepLanesAvx2<Units, Lanes>(request);
    return sweepBody<Units, Lanes>(request);
}

// Tops in 15 bits first: half the tree to walk, and every plan of today's on-chip sizes
// fits (15 bits of 32-byte units reach 1 MiB). A larger top sweeps again in 31 bits.
template <std::size_t Lanes> bool PlanPredictor::sweepNarrowFirst(const SweepRequest& request) const
{
    // A dump whose own tops pass 15 bits would make the narrow sweep give up part way.
    const bool dumpFitsNarrow = highestSeenEnd_ <= std::uint64_t(std::numeric_limits<std::int16_t>::max()) * alignment_;
    if (dumpFitsNarrow && sweepLanes<std::int16_t, Lanes>(request))
        return true;
    std::fill_n(request.required.begin() + static_cast<std::ptrdiff_t>(request.first), request.count, 0);
    return sweepLanes<std::int32_t, Lanes>(request);
}

std::vector<std::uint64_t> PlanPredictor::requiredBytes(const std::vector<SizeRule>& variants) const
{
    return requiredBytes(variants.size(),
        [&variants](
            std::size_t block, std::size_t, std::size_t first, std::size_t count, std::optional<std::uint64_t>* sizes) {
            for (std::size_t k = 0; k < count; ++k)
                sizes[k] = variants[first + k](block);
        });
}

SweepSchedule PlanPredictor::sweepSchedule(std::size_t variantCount) const
{
    SweepWork work;
    work.variants = variantCount;
    work.steps = steps_.size();
    work.bytesPerLane = RangeMaxTree<std::int32_t, 1>::bytesPerLane(slotCount_)
        + static_cast<std::size_t>(waitingSlots_) * sizeof(std::int32_t);
    work.twoSweepsFromSteps = policy_.twoSweepsFromSteps;
    work.cores = coresFreeHere();
    return scheduleSweeps(work);
}

std::vector<std::uint64_t> PlanPredictor::requiredBytes(std::size_t variantCount, const VariantSizes& sizesOf) const
{
    std::vector<std::uint64_t> required(variantCount, 0);
    const SweepSchedule schedule = sweepSchedule(variantCount);
    const std::vector<SweepBatch>& batches = schedule.batches;
    // Each batch writes its own variants' entries of `required`.
    const auto sweep = [&](const SweepBatch& batch) {
        const SweepRequest request{sizesOf, batch.first, batch.lanes, required};
        bool swept = false;
        if (batch.width == kMaxSweepLanes)
            swept = sweepNarrowFirst<kMaxSweepLanes>(request);
        else if (batch.width == kMaxSweepLanes / 2)
            swept = sweepNarrowFirst<kMaxSweepLanes / 2>(request);
        else if (batch.width == 4)
            swept = sweepNarrowFirst<4>(request);
        if (swept)
            return;
        const std::vector<int> order = placingOrder();
        for (std::size_t lane = batch.first; lane < batch.first + batch.lanes; ++lane) {
            std::vector<std::optional<std::uint64_t>> sizes(scope_.blocks.size());
            for (std::size_t rank = 0; rank < order.size(); ++rank)
                sizesOf(static_cast<std::size_t>(order[rank]), rank, lane, 1,
                    &sizes[static_cast<std::size_t>(order[rank])]);
            required[lane] = predict(sizes).requiredBytes;
        }
    };
    if (!schedule.twoAtATime) {
        for (const SweepBatch& batch : batches)
            sweep(batch);
        return required;
    }
    // The odd batches on a second thread, the even ones here.
    std::future<void> odd = runBeside([&] {
        for (std::size_t b = 1; b < batches.size(); b += 2)
            sweep(batches[b]);
    });
    for (std::size_t b = 0; b < batches.size(); b += 2)
        sweep(batches[b]);
    odd.get();
    return required;
}

} // namespace memlens
