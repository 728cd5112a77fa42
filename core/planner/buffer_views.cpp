#include "core/planner/buffer_views.hpp"

#include <algorithm>
#include <iterator>

namespace memlens::planner {

bool isViewOp(const std::string& name)
{
    static const char* const kViews[]
        = {"memref.subview", "memref.cast", "memref.reinterpret_cast", "memref.expand_shape", "memref.collapse_shape",
            "memref.reshape", "memref.view", "memref.transpose", "memref.memory_space_cast", "hivm.hir.bitcast",
            "memref_ext.alloc_view", "hivm.hir.reinterpret_cast", "memref.extract_strided_metadata"};
    return std::any_of(std::begin(kViews), std::end(kViews), [&](const char* view) { return name == view; });
}

const Value* tracebackToAlloc(const Value* value)
{
    for (int guard = 0; value && guard < 10000; ++guard) {
        const Op* def = value->definingOp;
        if (!def)
            return nullptr;
        if (def->name == "memref.alloc")
            return value;
        if (!isViewOp(def->name) || def->operands.empty())
            return nullptr;
        value = def->operands.front();
    }
    return nullptr;
}

} // namespace memlens::planner
