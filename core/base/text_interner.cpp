#include "core/base/text_interner.hpp"

#include <stdexcept>

namespace memlens {

TextInterner::TextInterner()
    : texts_(std::make_shared<std::deque<std::string>>())
{
}

std::uint32_t TextInterner::indexOf(std::string_view text)
{
    if (texts_->size() >= 0xfffffffeu)
        throw std::length_error("more distinct texts than an index holds");
    const auto [index, added]
        = slots_.find(text, texts_->size(), [this](std::uint32_t i) -> const std::string& { return (*texts_)[i]; });
    if (added)
        texts_->emplace_back(text);
    return index;
}

std::shared_ptr<const std::string> TextInterner::text(std::uint32_t index) const
{
    // Shares the ownership of the whole store, points at one text of it.
    return std::shared_ptr<const std::string>(texts_, &(*texts_)[index]);
}

std::shared_ptr<const std::string> TextInterner::intern(std::string_view text) { return this->text(indexOf(text)); }

} // namespace memlens
