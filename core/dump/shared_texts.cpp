#include "core/dump/shared_texts.hpp"

#include "core/dump/memref_type.hpp"

namespace memlens {

std::shared_ptr<const std::string> SharedTexts::location(std::string_view text) { return locations_.intern(text); }

SharedConst<BufferType> SharedTexts::type(std::string_view typeText)
{
    if (const auto it = types_.find(typeText); it != types_.end())
        return it->second;
    auto shared = SharedConst<BufferType>::make(describeMemrefType(typeText));
    types_.emplace(std::string(typeText), shared);
    return shared;
}

} // namespace memlens
