#include "core/dump_model.hpp"

namespace memlens {

const ScopePlan* Dump::findScope(const std::string& name) const
{
    for (const auto& scope : scopes)
        if (scope.scope == name)
            return &scope;
    return nullptr;
}

std::size_t Dump::blockCount() const
{
    std::size_t count = 0;
    for (const auto& scope : scopes)
        count += scope.blocks.size();
    return count;
}

const char* coreKindName(CoreKind kind)
{
    switch (kind) {
    case CoreKind::Vector: return "aiv";
    case CoreKind::Cube: return "aic";
    case CoreKind::Unknown: break;
    }
    return nullptr;
}

} // namespace memlens
