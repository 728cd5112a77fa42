#include "core/planner/alias_lists.hpp"

#include "core/planner/buffer_liveness_detail.hpp"

namespace memlens::planner {

using namespace liveness_detail;

std::vector<const Value*> AliasLists::of(const Value* value) const
{
    std::vector<const Value*> result;
    const auto found = lists_.find(value);
    if (found != lists_.end()) {
        result.reserve(found->second.items.size() + 1);
        for (const auto& [aliasValue, cond] : found->second.items) // unique by construction
            result.push_back(aliasValue);
    }
    return result;
}

std::vector<const Value*> AliasLists::withSelf(const Value* value) const
{
    std::vector<const Value*> result = of(value);
    insertUnique(result, value);
    return result;
}

bool AliasLists::touchesPlannable(const Value* value) const
{
    if (isPlannableAlloc(value))
        return true;
    const auto found = lists_.find(value);
    return found != lists_.end() && found->second.plannable > 0;
}

const AliasLists::Items* AliasLists::itemsOf(const Value* buffer) const
{
    const auto found = lists_.find(buffer);
    return found == lists_.end() ? nullptr : &found->second.items;
}

const bool* AliasLists::condOf(const Value* buffer, const Value* aliasValue) const
{
    const auto found = lists_.find(buffer);
    if (found == lists_.end())
        return nullptr;
    const auto at = found->second.index.find(aliasValue);
    return at == found->second.index.end() ? nullptr : &found->second.items[at->second].second;
}

void AliasLists::addPairs(const Value* origin, const Value* originAlias, const std::vector<const Value*>& buffers,
    const std::vector<const Value*>& aliasBuffers, bool hasCond, std::vector<std::string>& notes)
{
    for (const Value* buffer : buffers) {
        const bool* bufferCond = condOf(origin, buffer);
        const bool bufferHasCond = bufferCond ? *bufferCond : false;
        for (const Value* aliasValue : aliasBuffers) {
            const bool* aliasCond = condOf(originAlias, aliasValue);
            const bool aliasHasCond = aliasCond ? *aliasCond : false;
            const bool resultCond = hasCond || bufferHasCond || aliasHasCond;
            // The compiler updates the flag of an existing pair through a copy, so an
            // existing pair keeps the flag it was first given.
            List& list = lists_[buffer];
            if (list.index.count(aliasValue))
                continue;
            if (pairs_ >= maxPairs_) {
                if (pairs_ == maxPairs_) {
                    notes.push_back("buffers alias in more than " + std::to_string(maxPairs_)
                        + " pairs: the pairs past that are left out, so the plan may reuse memory a view still holds");
                    ++pairs_; // noted once
                }
                continue;
            }
            ++pairs_;
            list.index.emplace(aliasValue, list.items.size());
            list.items.emplace_back(aliasValue, resultCond);
            list.plannable += isPlannableAlloc(aliasValue) ? 1 : 0;
        }
    }
}

void AliasLists::join(const Value* buffer, const Value* aliasBuffer, bool hasCond, std::vector<std::string>& notes)
{
    const std::vector<const Value*> buffers = withSelf(buffer);
    const std::vector<const Value*> aliasBuffers = withSelf(aliasBuffer);
    addPairs(buffer, aliasBuffer, buffers, aliasBuffers, hasCond, notes);
    addPairs(aliasBuffer, buffer, aliasBuffers, buffers, hasCond, notes);
}

} // namespace memlens::planner
