#pragma once
// In-place reuse across a call of a VF function (hivm.vector_function): which buffer a
// call may write over which dying one, and when doing so would stall the load and store
// pipes. Both planners (hivm-plan-memory and hivm-plan-memory-regbase) use it alike.
//
// The callee side: an argument written by exactly one vector.transfer_write and never
// read may take the place of an argument read by exactly one vector.transfer_read and
// never written, when the read comes before the write in the same block, the write's
// elements are not wider than the read's, and both reach their arguments through equal
// slices (memref.subview, tensor.extract_slice, scf.for iter_args). The call side maps
// those argument pairs to the allocs the call's operands come from.
#include "core/planner/mlir_module.hpp"

#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace memlens::planner {

bool isVfCall(const Op& op); // func.call carrying hivm.vector_function

class VfInplaceReuse {
public:
    // The facts of every VF call in `function`, its callees looked up among its siblings.
    explicit VfInplaceReuse(const Op& function);

    // Does the callee let `gen` (an alloc a call writes) take `kill`'s (an alloc it reads) place?
    bool allows(const Op& call, const Value* gen, const Value* kill) const;
    // Two operands of the call come from one alloc: no VF pair is taken at it.
    static bool hasAliasedOperands(const Op& call);

    // Per callee: a written argument -> the read arguments it may take the place of.
    using ArgumentPairs = std::map<const Value*, std::set<const Value*>>;
    static ArgumentPairs calleePairs(const Op& callee);

private:
    std::map<const Op*, std::map<const Value*, std::set<const Value*>>> calls_;
};

// Which allocs reach a load's output (MTE2) or a store's input (MTE3), remembered per set of
// allocs merged in place: a merge carries the dying one's known reach to the one taking its
// place, so a chain load -> VF -> VF -> store is seen to reach both ends. A fact is computed
// the first time it is asked, from the alloc it is asked for, and kept for its set.
class PipeReach {
public:
    PipeReach(const std::unordered_set<const Value*>& mte2, const std::unordered_set<const Value*>& mte3)
        : mte2_(mte2)
        , mte3_(mte3)
    {
    }
    bool reachesLoad(const Value* alloc) { return reaches(alloc, mte2_, loadKnown_); }
    bool reachesStore(const Value* alloc) { return reaches(alloc, mte3_, storeKnown_); }
    void merge(const Value* gen, const Value* kill);

private:
    const Value* root(const Value* value);
    bool reaches(const Value* alloc, const std::unordered_set<const Value*>& pipe,
        std::unordered_map<const Value*, bool>& known);

    const std::unordered_set<const Value*>& mte2_;
    const std::unordered_set<const Value*>& mte3_;
    std::unordered_map<const Value*, bool> loadKnown_;
    std::unordered_map<const Value*, bool> storeKnown_;
    std::unordered_map<const Value*, const Value*> parent_;
};

} // namespace memlens::planner
