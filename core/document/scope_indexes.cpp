#include "core/document/scope_indexes.hpp"

#include "core/analysis/block_hit_index.hpp"
#include "core/document/block_line_index.hpp"
#include "core/document/plan_document.hpp"

namespace memlens {

std::shared_ptr<const BlockHitIndex> ScopeIndexes::hitIndex(const PlanDocument& document, std::size_t scope)
{
    const std::lock_guard lock(hitMutex_);
    auto& index = hit_[scope];
    if (!index)
        index = scope < document.dump.scopes.size() ? std::make_shared<const BlockHitIndex>(document.dump.scopes[scope])
                                                    : std::make_shared<const BlockHitIndex>();
    return index;
}

std::shared_ptr<const BlockHitIndex> ScopeIndexes::builtHitIndex(std::size_t scope) const
{
    const std::unique_lock lock(hitMutex_, std::try_to_lock);
    if (!lock.owns_lock())
        return nullptr; // a build is under way
    const auto found = hit_.find(scope);
    return found != hit_.end() ? found->second : nullptr;
}

std::shared_ptr<const BlockLineIndex> ScopeIndexes::lineIndex(const PlanDocument& document, std::size_t scope)
{
    const std::lock_guard lock(lineMutex_);
    auto& index = line_[scope];
    if (!index)
        index = std::make_shared<const BlockLineIndex>(BlockLineIndex::build(document, scope));
    return index;
}

} // namespace memlens
