#pragma once
// An open-addressed table of 8 bytes per slot (a text's hash and its index + 1) over
// texts kept elsewhere: no node and no copy per text. Distinct texts get indices 0, 1, ...
// in the order first seen. TextInterner keeps its own copies of the texts; the source
// linker looks the buffers' own location texts up (a million buffers, 400,000 distinct
// locations: a node-based map of views took a fifth of a second).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace memlens {

class TextSlots {
public:
    TextSlots()
        : slots_(kFirstSlots, 0)
    {
    }

    // The index of the text equal to `text`, where `textAt(i)` gives text i of the `count`
    // known ones; or `count` and true when there is none: the caller then keeps `text` as
    // text `count` (textAt must give it from now on).
    template <typename TextAt>
    std::pair<std::uint32_t, bool> find(std::string_view text, std::size_t count, const TextAt& textAt)
    {
        const std::uint32_t hash = hashOf(text);
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
            const std::uint64_t slot = slots_[at];
            if (slot == 0) {
                const auto index = static_cast<std::uint32_t>(count);
                slots_[at] = (static_cast<std::uint64_t>(hash) << 32) | (index + 1ull);
                if (2 * (count + 1) > slots_.size()) // at most half full: short probes
                    grow();
                return {index, true};
            }
            const auto index = static_cast<std::uint32_t>(slot) - 1;
            if (static_cast<std::uint32_t>(slot >> 32) == hash && std::string_view(textAt(index)) == text)
                return {index, false};
        }
    }

private:
    static constexpr std::size_t kFirstSlots = 64; // a power of two

    static std::uint32_t hashOf(std::string_view text)
    {
        const std::size_t full = std::hash<std::string_view>()(text);
        return static_cast<std::uint32_t>(full ^ (full >> 32));
    }

    void grow()
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

    std::vector<std::uint64_t> slots_;
};

} // namespace memlens
