#include "core/planner/module_facts.hpp"

#include "core/planner/buffer_views.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace memlens::planner {

int coupledBufferId(const Op& mark)
{
    if (mark.name != "annotation.mark")
        return -1;
    const auto found = mark.attributes.find("hivm.tightly_coupled_buffer");
    if (found == mark.attributes.end())
        return -1;
    // #hivm.tightly_coupled_buffer<3>: an attribute without an id is not read as one.
    const std::string& text = found->second;
    const auto open = text.find('<');
    if (open == std::string::npos)
        return -1;
    std::size_t at = open + 1;
    int id = 0;
    bool any = false;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9' && id < 100000000) {
        id = id * 10 + (text[at++] - '0');
        any = true;
    }
    return any ? id : -1;
}

namespace {

using Range = std::pair<long, long>;

// Per id, the span of op numbers its marked allocs are used over, in one function.
std::map<int, Range> coupledRanges(const Op& function)
{
    std::unordered_map<const Op*, long> number;
    long next = 1; // the function itself is 0
    walkNested(function, [&](const Op& op) { number[&op] = next++; });
    std::map<int, Range> ranges;
    walkNested(function, [&](const Op& mark) {
        const int id = coupledBufferId(mark);
        if (id < 0 || mark.operands.empty() || !mark.operands.front()->memref.valid)
            return;
        const Value* alloc = tracebackToAlloc(mark.operands.front());
        if (!alloc || !alloc->definingOp)
            return;
        long lo = number[alloc->definingOp];
        long hi = lo;
        std::vector<const Value*> work = {alloc};
        std::unordered_set<const Value*> seen;
        while (!work.empty()) {
            const Value* value = work.back();
            work.pop_back();
            if (!seen.insert(value).second)
                continue;
            for (const Op* user : value->users) {
                if (const auto at = number.find(user); at != number.end()) {
                    lo = std::min(lo, at->second);
                    hi = std::max(hi, at->second);
                }
                for (const Value* result : user->results)
                    if (result->memref.valid)
                        work.push_back(result);
            }
        }
        auto [range, added] = ranges.emplace(id, Range{lo, hi});
        if (!added)
            range->second = {std::min(range->second.first, lo), std::max(range->second.second, hi)};
    });
    return ranges;
}

bool isHostFunction(const Op& function)
{
    const auto kind = function.attributes.find("hacc.function_kind");
    return kind != function.attributes.end() && kind->second.find("HOST") != std::string::npos;
}

} // namespace

CoupledPairs coupledPairsMayShare(const Op& anyFunction)
{
    CoupledPairs allowed;
    if (!anyFunction.block)
        return allowed;
    // The pairs matter only to a function that marks a coupled buffer: most mark none, and the
    // walk over every sibling for each of them made a module of many functions quadratic.
    bool marks = false;
    walkNested(anyFunction, [&](const Op& op) { marks = marks || coupledBufferId(op) >= 0; });
    if (!marks)
        return allowed;
    std::vector<std::map<int, Range>> perFunction;
    std::vector<int> ids;
    for (const auto& sibling : anyFunction.block->ops) {
        if (sibling->name != "func.func" || isHostFunction(*sibling) || sibling->hasAttribute("hivm.vector_function"))
            continue;
        perFunction.push_back(coupledRanges(*sibling));
        for (const auto& [id, range] : perFunction.back())
            if (std::find(ids.begin(), ids.end(), id) == ids.end())
                ids.push_back(id);
    }
    for (std::size_t i = 0; i < ids.size(); ++i)
        for (std::size_t j = i + 1; j < ids.size(); ++j) {
            bool shared = false;
            bool apart = true;
            for (const auto& ranges : perFunction) {
                const auto a = ranges.find(ids[i]);
                const auto b = ranges.find(ids[j]);
                if (a == ranges.end() || b == ranges.end())
                    continue;
                shared = true;
                if (!(a->second.second < b->second.first || b->second.second < a->second.first)) {
                    apart = false;
                    break;
                }
            }
            if (shared && apart) {
                allowed.emplace(ids[i], ids[j]);
                allowed.emplace(ids[j], ids[i]);
            }
        }
    return allowed;
}

} // namespace memlens::planner
