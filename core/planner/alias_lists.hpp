#pragma once
// Which values alias which (the compiler's alias vectors): each value's aliases in the
// order they were found, each with a flag saying the alias holds only under a condition (a
// select or a branch). Joining two values makes every alias of one an alias of every alias
// of the other, so 10,000 views of one buffer would make 100 million pairs: past
// `maxPairs` pairs no more are made, with a note.
#include "core/planner/mlir_module.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace memlens::planner {

class AliasLists {
public:
    using Items = std::vector<std::pair<const Value*, bool>>; // (alias, only under a condition)

    explicit AliasLists(std::size_t maxPairs)
        : maxPairs_(maxPairs)
    {
    }

    // `buffer` and `aliasBuffer`, with their aliases, become aliases of one another; the note
    // of the pair bound goes to `notes` the first time it is reached.
    void join(const Value* buffer, const Value* aliasBuffer, bool hasCond, std::vector<std::string>& notes);
    // Without `value` unless it aliases itself.
    std::vector<const Value*> of(const Value* value) const;
    // `value`'s aliases, then `value` when it is not one of them.
    std::vector<const Value*> withSelf(const Value* value) const;
    // False when neither `value` nor any alias of it is a local alloc: gen and kill of it do nothing.
    bool touchesPlannable(const Value* value) const;
    // `buffer`'s aliases with their flags, in the order found; nullptr when it has none.
    const Items* itemsOf(const Value* buffer) const;
    std::size_t pairs() const { return std::min(pairs_, maxPairs_); }

private:
    struct List {
        Items items;
        std::unordered_map<const Value*, std::size_t> index; // where each alias sits in items
        std::size_t plannable = 0; // how many of them are local allocs (the only values ever gen'd or killed)
    };
    void addPairs(const Value* origin, const Value* originAlias, const std::vector<const Value*>& buffers,
        const std::vector<const Value*>& aliasBuffers, bool hasCond, std::vector<std::string>& notes);
    const bool* condOf(const Value* buffer, const Value* aliasValue) const;

    std::unordered_map<const Value*, List> lists_;
    std::size_t maxPairs_;
    std::size_t pairs_ = 0; // in every list together, at most maxPairs_ (+1 once noted)
};

} // namespace memlens::planner
