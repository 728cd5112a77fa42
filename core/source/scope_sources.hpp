#pragma once
// The IR and Python lines of every buffer of one scope, [buffer] -> BlockSource.
// Buffers mostly repeat a few locations: each distinct location is resolved
// once and kept once (shared by every scope of a document, core/distinct_sources);
// a buffer holds an index.
#include "core/source/distinct_sources.hpp"
#include "core/source/source_linker.hpp"

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
    ScopeSources(std::shared_ptr<const DistinctSources> distinct, std::vector<std::uint32_t> indexOfBuffer);

    std::size_t size() const { return indexOfBuffer_.size(); }
    bool empty() const { return indexOfBuffer_.empty(); }
    const BlockSource& operator[](std::size_t buffer) const { return distinct_->at(indexOfBuffer_[buffer]); }
    // The same source, made in `scratch` when it is not kept whole (a walk over every
    // buffer that should not keep each one): valid until `scratch` changes.
    const BlockSource& sourceInto(std::size_t buffer, BlockSource& scratch) const
    {
        return distinct_->into(indexOfBuffer_[buffer], scratch);
    }
    // Which distinct location the buffer has: equal for buffers of one location text.
    std::uint32_t distinctIndexOf(std::size_t buffer) const { return indexOfBuffer_[buffer]; }
    const DistinctSources& distinct() const { return *distinct_; }

    class Iterator {
    public:
        Iterator(const ScopeSources* sources, std::size_t at)
            : sources_(sources)
            , at_(at)
        {
        }
        const BlockSource& operator*() const { return sources_->sourceInto(at_, scratch_); }
        Iterator& operator++()
        {
            ++at_;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return at_ != other.at_; }

    private:
        const ScopeSources* sources_;
        std::size_t at_;
        mutable BlockSource scratch_; // what *it refers to, until the iterator moves
    };
    // Iterating keeps nothing: each source is valid until the iterator moves on.
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }

private:
    std::shared_ptr<const DistinctSources> distinct_;
    std::vector<std::uint32_t> indexOfBuffer_;
};

} // namespace memlens
