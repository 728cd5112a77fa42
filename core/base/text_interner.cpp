#include "core/base/text_interner.hpp"

#include <functional>
#include <stdexcept>

namespace memlens {

namespace {

constexpr std::size_t kFirstSlots = 64; // a power of two

std::uint32_t hashOf(std::string_view text)
{
    const std::size_t full = std::hash<std::string_view>()(text);
    return static_cast<std::uint32_t>(full ^ (full >> 32));
}

} // namespace

TextInterner::TextInterner()
    : texts_(std::make_shared<std::deque<std::string>>())
    , slots_(kFirstSlots, 0)
{
}

std::uint32_t TextInterner::indexOf(std::string_view text)
{
    const std::uint32_t hash = hashOf(text);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
        const std::uint64_t slot = slots_[at];
        if (slot == 0) {
            if (texts_->size() >= 0xffffffffu)
                throw std::length_error("more distinct texts than an index holds");
            const auto index = static_cast<std::uint32_t>(texts_->size());
            texts_->emplace_back(text);
            slots_[at] = (static_cast<std::uint64_t>(hash) << 32) | (index + 1ull);
            if (2 * texts_->size() > slots_.size()) // at most half full: short probes
                grow();
            return index;
        }
        const auto index = static_cast<std::uint32_t>(slot) - 1;
        if (static_cast<std::uint32_t>(slot >> 32) == hash && (*texts_)[index] == text)
            return index;
    }
}

std::shared_ptr<const std::string> TextInterner::text(std::uint32_t index) const
{
    // Shares the ownership of the whole store, points at one text of it.
    return std::shared_ptr<const std::string>(texts_, &(*texts_)[index]);
}

std::shared_ptr<const std::string> TextInterner::intern(std::string_view text) { return this->text(indexOf(text)); }

void TextInterner::grow()
{
    std::vector<std::uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const std::uint64_t slot : old) {
        if (slot == 0)
            continue;
        std::size_t at = static_cast<std::uint32_t>(slot >> 32) & mask;
        while (slots_[at] != 0)
            at = (at + 1) & mask;
        slots_[at] = slot;
    }
}

} // namespace memlens
