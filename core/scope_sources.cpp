#include "core/scope_sources.hpp"

#include <numeric>

namespace memlens {

ScopeSources::ScopeSources(std::initializer_list<BlockSource> sources)
    : distinct_(std::make_shared<const std::vector<BlockSource>>(sources))
    , indexOfBuffer_(sources.size())
{
    std::iota(indexOfBuffer_.begin(), indexOfBuffer_.end(), 0u);
}

ScopeSources::ScopeSources(
    std::shared_ptr<const std::vector<BlockSource>> distinct, std::vector<std::uint32_t> indexOfBuffer)
    : distinct_(std::move(distinct))
    , indexOfBuffer_(std::move(indexOfBuffer))
{
}

} // namespace memlens
