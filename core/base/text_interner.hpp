#pragma once
// One copy of each distinct text, handed out as a shared pointer that every
// holder of an equal text shares. The texts live in one block-allocated store
// owned by all the pointers together (no control block per text), and the
// lookup is an open-addressed table of 8 bytes per slot (no node per text): a
// plan of 400,000 distinct locations pays about 100 bytes for each.
#include "core/base/text_slots.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class TextInterner {
public:
    TextInterner();

    // The one copy of `text`: equal texts give the same pointer.
    std::shared_ptr<const std::string> intern(std::string_view text);
    // The same copy's index (0, 1, ... in the order texts were first seen).
    std::uint32_t indexOf(std::string_view text);
    std::shared_ptr<const std::string> text(std::uint32_t index) const;
    const std::string& operator[](std::uint32_t index) const { return (*texts_)[index]; }
    std::size_t size() const { return texts_->size(); }

private:
    std::shared_ptr<std::deque<std::string>> texts_; // stable addresses as it grows
    TextSlots slots_;
};

} // namespace memlens
