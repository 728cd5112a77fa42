#pragma once
// The required bytes of every variant the levers and the largest-fitting search may
// ask for (a dimension scaled, multi-buffering off), predicted together in one sweep
// of the blocks: a million-block plan is swept once, not a dozen times. What to ask
// for is the diagnosis's rule; how to answer it fast is this unit's.
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/plan_prediction.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace memlens {

class PredictedRequirements {
public:
    // `scalings`: the (dimension, value) pairs swept at once; others are predicted when asked.
    PredictedRequirements(const ScopePlan& scope, const Diagnosis& diagnosis,
        const std::vector<std::pair<std::int64_t, std::int64_t>>& scalings);
    PredictedRequirements(const PredictedRequirements&) = delete; // its size rules point at it
    PredictedRequirements& operator=(const PredictedRequirements&) = delete;

    std::uint64_t singleBuffer()
    {
        if (!singleBuffer_)
            singleBuffer_ = predictor_.requiredBytes({singleBufferSizes()}).front();
        return *singleBuffer_;
    }

    std::uint64_t at(std::int64_t dim, std::int64_t to)
    {
        if (to == dim)
            return today_;
        const auto [it, added] = scaled_.try_emplace({dim, to}, 0);
        if (added)
            it->second = predictor_.requiredBytes({scaledSizes(dim, to)}).front();
        return it->second;
    }

    // The sizes with candidate dimension `from` scaled to `to` in every buffer whose shape has it.
    SizeRule scaledSizes(std::int64_t from, std::int64_t to) const { return ruleOf(scalingOf(from, to)); }

    // Extra copies of every multi-buffered buffer removed: multibuffer=False applies to the whole kernel.
    SizeRule singleBufferSizes() const { return ruleOf(multiBufferingOff()); }

private:
    // A variant of the sizes: one candidate dimension scaled (its bit in bufferDims_, and for
    // a halving, quartering, ... the shift that gives scaledBufferBytes()'s answer without a
    // division per block per variant, else -1), or with bit 0, multi-buffering off.
    struct Scaling {
        std::uint8_t bit = 0;
        std::int64_t from = 0;
        std::int64_t to = 0;
        int shift = -1;
    };
    static Scaling multiBufferingOff() { return {}; }

    // What a block's size in a variant reads of the block and its buffer, in 16 bytes (a million
    // blocks in sweep order: 19 MB, not 29): the extent, the buffer's bits in bufferDims_ and
    // whether the block is an extra copy of a multi-buffered buffer share a word. An extent too
    // large for it (past 2^55 bits: only a hostile dump) is read from the buffer instead.
    struct SizeInputs {
        std::uint64_t size;
        std::uint64_t packed; // extentBits << 9 | dims << 1 | copy
        std::uint8_t dims() const { return static_cast<std::uint8_t>(packed >> 1); }
        bool copy() const { return (packed & 1) != 0; }
    };
    static constexpr std::uint64_t kPackedExtentLimit = std::uint64_t(1) << 55;
    SizeInputs inputsOf(const Block& block) const
    {
        const std::uint64_t bits = extentsApart_ ? 0 : scope_.bufferOf(block).extentBits;
        return {block.size,
            bits << 9 | std::uint64_t(bufferDims_[static_cast<std::size_t>(block.bufferIndex)]) << 1
                | (block.copy > 0 ? 1u : 0u)};
    }
    std::uint64_t extentBitsOf(const SizeInputs& inputs, std::size_t block) const
    {
        return extentsApart_ ? scope_.bufferOf(scope_.blocks[block]).extentBits : inputs.packed >> 9;
    }

    // Block `block`'s size in a variant; `inputs` are what it reads of it.
    std::optional<std::uint64_t> sizeIn(const Scaling& scaling, const SizeInputs& inputs, std::size_t block) const
    {
        if (scaling.bit == 0)
            return inputs.copy() ? std::nullopt : std::optional<std::uint64_t>(inputs.size);
        if ((inputs.dims() & scaling.bit) == 0)
            return inputs.size;
        if (scaling.shift < 0)
            return scaledBufferBytes(scope_.bufferOf(scope_.blocks[block]), scaling.from, scaling.to);
        const std::uint64_t bits = extentBitsOf(inputs, block) >> scaling.shift;
        return bits / 8 + (bits % 8 != 0 ? 1 : 0);
    }

    SizeRule ruleOf(const Scaling& scaling) const
    {
        return [this, scaling](std::size_t i) { return sizeIn(scaling, inputsOf(scope_.blocks[i]), i); };
    }

    Scaling scalingOf(std::int64_t from, std::int64_t to) const
    {
        const auto k = static_cast<std::size_t>(std::find(dims_.begin(), dims_.end(), from) - dims_.begin());
        assert(k < dims_.size()); // levers and the search scale the diagnosis's dimensions only
        const auto ratio = from > 0 && to > 0 && from % to == 0 ? static_cast<std::uint64_t>(from / to) : 0;
        return {std::uint8_t(1u << k), from, to, std::has_single_bit(ratio) ? std::countr_zero(ratio) : -1};
    }

    static_assert(kMaxDimensions <= 8, "a buffer's candidate dimensions are the bits of one byte");
    const ScopePlan& scope_;
    PlanPredictor predictor_;
    std::uint64_t today_;
    std::optional<std::uint64_t> singleBuffer_;
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint64_t> scaled_;
    std::vector<std::int64_t> dims_;       // the diagnosis's dimensions
    std::vector<std::uint8_t> bufferDims_; // per buffer, bit k when its shape has dims_[k]
    bool extentsApart_ = false;            // some extent does not fit SizeInputs::packed
};

} // namespace memlens
