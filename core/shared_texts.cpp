#include "core/shared_texts.hpp"

#include "core/memref_type.hpp"

namespace memlens {

std::shared_ptr<const std::string> SharedTexts::location(std::string_view text)
{
    if (const auto it = locations_.find(text); it != locations_.end())
        return it->second;
    auto shared = std::make_shared<const std::string>(text);
    locations_.emplace(std::string(text), shared);
    return shared;
}

std::shared_ptr<const BufferType> SharedTexts::type(std::string_view typeText)
{
    if (const auto it = types_.find(typeText); it != types_.end())
        return it->second;
    auto shared = std::make_shared<const BufferType>(describeMemrefType(typeText));
    types_.emplace(std::string(typeText), shared);
    return shared;
}

} // namespace memlens
