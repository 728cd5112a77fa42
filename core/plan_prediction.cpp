#include "core/plan_prediction.hpp"

#include <algorithm>
#include <numeric>

namespace memlens {

namespace {

// Over the compressed op axis: raise every slot of a range to at least a value,
// and ask for the largest value over a range. Both O(log n), bottom-up (no recursion).
class RangeMaxTree {
public:
    explicit RangeMaxTree(int size)
    {
        while (leaves_ < static_cast<std::size_t>(std::max(size, 1)))
            leaves_ *= 2;
        best_.assign(2 * leaves_, 0);
        whole_.assign(2 * leaves_, 0);
    }

    // Slots from..to, inclusive.
    void raise(int from, int to, std::uint64_t value)
    {
        std::size_t low = leaves_ + static_cast<std::size_t>(from);
        std::size_t high = leaves_ + static_cast<std::size_t>(to) + 1;
        const std::size_t first = low, last = high - 1;
        for (; low < high; low /= 2, high /= 2) {
            if (low & 1)
                mark(low++, value);
            if (high & 1)
                mark(--high, value);
        }
        // Every marked node hangs below the paths from the two end leaves: raise their maxima.
        for (std::size_t node = first / 2; node > 0; node /= 2)
            best_[node] = std::max(best_[node], value);
        for (std::size_t node = last / 2; node > 0; node /= 2)
            best_[node] = std::max(best_[node], value);
    }

    std::uint64_t max(int from, int to) const
    {
        std::size_t low = leaves_ + static_cast<std::size_t>(from);
        std::size_t high = leaves_ + static_cast<std::size_t>(to) + 1;
        const std::size_t first = low, last = high - 1;
        std::uint64_t result = 0;
        for (; low < high; low /= 2, high /= 2) {
            if (low & 1)
                result = std::max(result, best_[low++]);
            if (high & 1)
                result = std::max(result, best_[--high]);
        }
        // Values raised over a whole ancestor of the end leaves cover part of the range too.
        for (std::size_t node = first / 2; node > 0; node /= 2)
            result = std::max(result, whole_[node]);
        for (std::size_t node = last / 2; node > 0; node /= 2)
            result = std::max(result, whole_[node]);
        return result;
    }

private:
    void mark(std::size_t node, std::uint64_t value)
    {
        whole_[node] = std::max(whole_[node], value);
        best_[node] = std::max(best_[node], value);
    }

    std::size_t leaves_ = 1;
    std::vector<std::uint64_t> best_;  // largest value anywhere below the node
    std::vector<std::uint64_t> whole_; // largest value raised over the node's whole range
};

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

} // namespace

PlanPredictor::PlanPredictor(const ScopePlan& scope)
    : scope_(scope)
    , alignment_(alignmentOf(scope))
{
    const auto& blocks = scope.blocks;
    std::vector<std::int64_t> ops;
    ops.reserve(blocks.size() * 2);
    for (const Block& block : blocks) {
        ops.push_back(block.start);
        ops.push_back(block.end);
    }
    std::sort(ops.begin(), ops.end());
    ops.erase(std::unique(ops.begin(), ops.end()), ops.end());
    slotCount_ = static_cast<int>(ops.size());
    const auto slotOf = [&ops](std::int64_t op) {
        return static_cast<int>(std::lower_bound(ops.begin(), ops.end(), op) - ops.begin());
    };

    byOffset_.resize(blocks.size());
    std::iota(byOffset_.begin(), byOffset_.end(), 0);
    std::stable_sort(byOffset_.begin(), byOffset_.end(), [&blocks](int a, int b) {
        const Block& x = blocks[static_cast<std::size_t>(a)];
        const Block& y = blocks[static_cast<std::size_t>(b)];
        return x.offset != y.offset ? x.offset < y.offset : x.addressEnd() < y.addressEnd();
    });
    for (int index : byOffset_)
        if (blocks[static_cast<std::size_t>(index)].size > 0)
            byAddressEnd_.push_back(index);
    std::stable_sort(byAddressEnd_.begin(), byAddressEnd_.end(), [&blocks](int a, int b) {
        return blocks[static_cast<std::size_t>(a)].addressEnd() < blocks[static_cast<std::size_t>(b)].addressEnd();
    });
    startSlot_.reserve(blocks.size());
    endSlot_.reserve(blocks.size());
    for (const Block& block : blocks) {
        startSlot_.push_back(slotOf(block.start));
        endSlot_.push_back(slotOf(block.end));
    }
}

PredictedPlan PlanPredictor::predict(const std::vector<std::optional<std::uint64_t>>& sizes) const
{
    const auto& blocks = scope_.blocks;
    PredictedPlan plan;
    plan.offsets.assign(blocks.size(), std::nullopt);
    // Both trees hold, over each placed block's Life, the top of the blocks below:
    // where they end now (new sizes) and where they ended in the dump.
    RangeMaxTree newTops(slotCount_);
    RangeMaxTree dumpTops(slotCount_);
    std::size_t nextBelow = 0;
    for (const int index : byOffset_) {
        const auto i = static_cast<std::size_t>(index);
        const Block& block = blocks[i];
        // Blocks that end at or below this one's offset are below it; they are placed already.
        for (; nextBelow < byAddressEnd_.size(); ++nextBelow) {
            const auto below = static_cast<std::size_t>(byAddressEnd_[nextBelow]);
            if (blocks[below].addressEnd() > block.offset)
                break;
            // A removed block still explains the gap it leaves in the dump: it is no hole.
            dumpTops.raise(startSlot_[below], endSlot_[below], blocks[below].addressEnd());
            if (sizes[below] && plan.offsets[below])
                newTops.raise(startSlot_[below], endSlot_[below], *plan.offsets[below] + *sizes[below]);
        }
        if (!sizes[i])
            continue;
        const std::uint64_t dumpTop = dumpTops.max(startSlot_[i], endSlot_[i]);
        const std::uint64_t newTop = newTops.max(startSlot_[i], endSlot_[i]);
        const std::uint64_t dumpSeat = alignUp(dumpTop, alignment_);
        const std::uint64_t hole = block.offset > dumpSeat ? block.offset - dumpSeat : 0;
        const std::uint64_t offset = alignUp(newTop, alignment_) + hole;
        plan.offsets[i] = offset;
        plan.requiredBytes = std::max(plan.requiredBytes, offset + *sizes[i]);
    }
    return plan;
}

} // namespace memlens
