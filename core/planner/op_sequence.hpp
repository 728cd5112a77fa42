#pragma once
// The planner's op numbering: a pre-order walk of a function's body where every op
// gets one index (allocs, constants, marks, yields, the return, terminators the
// printer elides), loops and scopes a begin and an end entry, and an scf.if a begin,
// an else entry always and an end entry only when it has an else region. A buffer's
// Life in a dump is a pair of these indices.
#include "core/planner/mlir_module.hpp"

#include <string_view>
#include <vector>

namespace memlens::planner {

enum class EntryKind { Op, Begin, Else, End };

struct SequenceEntry {
    int index = 0;
    EntryKind kind = EntryKind::Op;
    const Op* op = nullptr;
    std::string_view opName; // the op's name, e.g. "hivm.hir.vadd" (a view into op->name)
    int line = 0;            // the op's 1-based text line
};

std::vector<SequenceEntry> linearize(const Function& function);
// The same numbering for any op's regions (the ops inside `op`, not `op` itself).
std::vector<SequenceEntry> linearizeRegions(const Op& op);

} // namespace memlens::planner
