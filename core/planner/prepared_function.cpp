#include "core/planner/prepared_function.hpp"

#include <algorithm>

namespace memlens::planner {

namespace {

// Every buffer's size from its alloc's shape now; false when one has none a plan takes (the
// walk's error for it is then needed).
bool readSizes(BufferLives& lives)
{
    for (auto& [buffer, info] : lives.infos) {
        const auto bits = buffer->memref.staticBits();
        if (!bits || *bits > kMaxPlannedBits)
            return false;
        info.constBits = *bits;
    }
    return true;
}

} // namespace

PreparedFunction::PreparedFunction(const Function& function)
    : function_(function)
    , sequence_(linearize(function))
    , liveness_(*function.op)
    , pipes_(classifyBuffers(*function.op))
    , facts_(*function.op)
{
}

const BufferLiveness& PreparedFunction::walk(const LivenessOptions& options, BufferLives& lives)
{
    for (const Walk& kept : kept_)
        if (kept.options == options) {
            lives = kept.lives;
            if (readSizes(lives))
                return *kept.walk;
            break;
        }
    ++walks_;
    fresh_ = std::make_unique<BufferLiveness>(function_, sequence_, liveness_, 0, options);
    lives = fresh_->build();
    const bool keep = lives.errors.empty()
        && std::none_of(kept_.begin(), kept_.end(), [&](const Walk& kept) { return kept.options == options; });
    if (keep) {
        kept_.push_back({options, std::move(fresh_), lives});
        return *kept_.back().walk;
    }
    return *fresh_;
}

} // namespace memlens::planner
