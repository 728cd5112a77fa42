#include "core/diagnosis/predicted_requirements.hpp"

#include <algorithm>

namespace memlens {

namespace {

bool hasDimension(const Buffer& buffer, std::int64_t dim)
{
    return std::find(buffer.shape().begin(), buffer.shape().end(), dim) != buffer.shape().end();
}

} // namespace

PredictedRequirements::PredictedRequirements(const ScopePlan& scope, const Diagnosis& diagnosis,
    const std::vector<std::pair<std::int64_t, std::int64_t>>& scalings)
    : scope_(scope)
    , predictor_(scope)
    , today_(diagnosis.requiredBytes)
{
    // Per buffer, which candidate dimensions its shape has (bit k: dimensions[k]), looked
    // up once: the sweep asks every block's size for every variant, in address order.
    for (const DimensionShare& dim : diagnosis.dimensions)
        dims_.push_back(dim.value);
    bufferDims_.reserve(scope.buffers.size());
    for (const Buffer& buffer : scope.buffers) {
        extentsApart_ = extentsApart_ || buffer.extentBits >= kPackedExtentLimit;
        std::uint8_t bits = 0;
        for (std::size_t k = 0; k < dims_.size(); ++k)
            bits |= hasDimension(buffer, dims_[k]) ? std::uint8_t(1u << k) : std::uint8_t(0);
        bufferDims_.push_back(bits);
    }
    std::vector<Scaling> variants;
    for (const auto& [from, to] : scalings)
        variants.push_back(scalingOf(from, to));
    if (diagnosis.multiBufferBytes > 0)
        variants.push_back(multiBufferingOff());
    // Every variant's size of a block in one call. What they read of the block and its
    // buffer is laid out in the order the sweep asks for it, and read in sequence there.
    std::vector<SizeInputs> inputs;
    {
        const std::vector<int> order = predictor_.placingOrder();
        inputs.reserve(order.size());
        for (const int block : order)
            inputs.push_back(inputsOf(scope_.blocks[static_cast<std::size_t>(block)]));
    }
    const std::vector<std::uint64_t> required = predictor_.requiredBytes(variants.size(),
        [this, &variants, &inputs](std::size_t block, std::size_t rank, std::size_t first, std::size_t count,
            std::optional<std::uint64_t>* sizes) {
            for (std::size_t k = 0; k < count; ++k)
                sizes[k] = sizeIn(variants[first + k], inputs[rank], block);
        });
    for (std::size_t i = 0; i < scalings.size(); ++i)
        scaled_[scalings[i]] = required[i];
    if (diagnosis.multiBufferBytes > 0)
        singleBuffer_ = required.back();
}

} // namespace memlens
