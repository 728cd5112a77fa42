#include "core/source/scope_sources.hpp"

namespace memlens {

ScopeSources::ScopeSources(std::initializer_list<BlockSource> sources)
{
    auto distinct = std::make_shared<DistinctSources>();
    indexOfBuffer_.reserve(sources.size());
    for (const BlockSource& source : sources)
        indexOfBuffer_.push_back(distinct->add(source));
    distinct_ = std::move(distinct);
}

ScopeSources::ScopeSources(std::shared_ptr<const DistinctSources> distinct, std::vector<std::uint32_t> indexOfBuffer)
    : distinct_(std::move(distinct))
    , indexOfBuffer_(std::move(indexOfBuffer))
{
}

} // namespace memlens
