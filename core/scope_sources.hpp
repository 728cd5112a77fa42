#pragma once
// The IR and Python lines of every buffer of one scope, [buffer] -> BlockSource.
// Buffers mostly repeat a few locations: each distinct location is resolved
// once and kept once (shared by every scope of a document); a buffer holds an index.
#include "core/source_linker.hpp"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

namespace memlens {

class ScopeSources {
public:
    ScopeSources() = default;
    // One source per buffer, each kept as given.
    ScopeSources(std::initializer_list<BlockSource> sources);
    ScopeSources(std::shared_ptr<const std::vector<BlockSource>> distinct, std::vector<std::uint32_t> indexOfBuffer);

    std::size_t size() const { return indexOfBuffer_.size(); }
    bool empty() const { return indexOfBuffer_.empty(); }
    const BlockSource& operator[](std::size_t buffer) const { return (*distinct_)[indexOfBuffer_[buffer]]; }

    class Iterator {
    public:
        Iterator(const ScopeSources* sources, std::size_t at)
            : sources_(sources)
            , at_(at)
        {
        }
        const BlockSource& operator*() const { return (*sources_)[at_]; }
        Iterator& operator++()
        {
            ++at_;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return at_ != other.at_; }

    private:
        const ScopeSources* sources_;
        std::size_t at_;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }

private:
    std::shared_ptr<const std::vector<BlockSource>> distinct_;
    std::vector<std::uint32_t> indexOfBuffer_;
};

} // namespace memlens
