#pragma once
// Texts that many buffers of a dump repeat — their `source_location` and their
// memref type — stored once per distinct text while the dump is read, so a
// million buffers from three hundred source lines hold three hundred strings.
#include "core/base/text_interner.hpp"
#include "core/dump/dump_model.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace memlens {

class SharedTexts {
public:
    std::shared_ptr<const std::string> location(std::string_view text);
    // The type of this `memref<...>` text, its shape and element type read once.
    SharedConst<BufferType> type(std::string_view typeText);

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>()(text); }
    };
    TextInterner locations_;
    std::unordered_map<std::string, SharedConst<BufferType>, Hash, std::equal_to<>> types_;
};

} // namespace memlens
