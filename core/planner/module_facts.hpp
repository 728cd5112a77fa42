#pragma once
// What the plan of one function knows of the rest of its module: the VF functions its calls
// reach (in-place reuse across a call) and the tightly coupled buffers of every function
// (which ids may share memory). The compiler's pass builds both once per module.
#include "core/planner/mlir_module.hpp"
#include "core/planner/vf_inplace_reuse.hpp"

#include <set>
#include <utility>

namespace memlens::planner {

// The ids of hivm.tightly_coupled_buffer<id> marks that may share memory: two different ids
// whose uses (the alloc, everything that uses it or a view of it, in pre-order op numbering)
// never overlap in any function holding both, and that are held together in at least one.
using CoupledPairs = std::set<std::pair<int, int>>;
CoupledPairs coupledPairsMayShare(const Op& anyFunction);

// The id of a tightly coupled buffer's mark; -1 when the op is no such mark.
int coupledBufferId(const Op& mark);

struct ModuleFacts {
    explicit ModuleFacts(const Op& function)
        : vfCalls(function)
        , coupledPairs(coupledPairsMayShare(function))
    {
    }
    VfInplaceReuse vfCalls;
    CoupledPairs coupledPairs;
};

} // namespace memlens::planner
