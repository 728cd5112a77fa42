#pragma once
// Small helpers of the buffer liveness, shared by its files (buffer_liveness.cpp: the
// walk, gen and kill; buffer_liveness_ops.cpp: what each op does; alias_lists.cpp).
#include "core/base/chip_table.hpp"
#include "core/planner/mlir_module.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace memlens::planner::liveness_detail {

inline bool contains(const std::vector<const Value*>& values, const Value* value)
{
    return std::find(values.begin(), values.end(), value) != values.end();
}

inline void insertUnique(std::vector<const Value*>& values, const Value* value)
{
    if (!contains(values, value))
        values.push_back(value);
}

// The values the planner tracks from Defined on: the first result of a local memref.alloc.
inline bool isPlannableAlloc(const Value* value)
{
    const Op* op = value->definingOp;
    return op && op->name == "memref.alloc" && !op->results.empty() && op->results.front() == value
        && value->memref.valid && isLocalSpace(value->memref.addressSpace);
}

inline const Op* terminatorOf(const Region& region)
{
    if (region.blocks.empty() || region.blocks.back()->ops.empty())
        return nullptr;
    return region.blocks.back()->ops.back().get();
}

inline std::int64_t attributeInteger(const std::string& text)
{
    std::int64_t value = 0;
    bool any = false;
    for (const char c : text) {
        if (c >= '0' && c <= '9') {
            any = true;
            if (value < 1000000)
                value = value * 10 + (c - '0');
        } else if (any) {
            break;
        }
    }
    return any ? value : -1;
}

inline bool isSkippable(const std::string& name)
{
    return name == "func.return" || name == "return" || name == "scf.yield" || name == "memref.dim"
        || name == "hivm.hir.dcci" || name == "scope.return";
}

inline bool touchesLocalBuffer(const Op& op)
{
    for (const Value* value : op.operands)
        if (value->memref.valid && isLocalSpace(value->memref.addressSpace))
            return true;
    for (const Value* value : op.results)
        if (value->memref.valid && isLocalSpace(value->memref.addressSpace))
            return true;
    return false;
}

// Every memref the op reads or defines is in ssbuf (and it has one).
inline bool touchesSsbufOnly(const Op& op)
{
    bool any = false;
    for (const auto* values : {&op.operands, &op.results})
        for (const Value* value : *values)
            if (value->memref.valid) {
                if (value->memref.addressSpace != "ssbuf")
                    return false;
                any = true;
            }
    return any;
}

inline const Op* enclosingLoop(const Op* op)
{
    for (const Op* parent = op ? op->parentOp() : nullptr; parent; parent = parent->parentOp())
        if (parent->name == "scf.for" || parent->name == "scf.while")
            return parent;
    return nullptr;
}

} // namespace memlens::planner::liveness_detail
