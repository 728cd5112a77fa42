#pragma once
// The one checker of planner cases: a file of `// -----` separated modules, each planned
// by memlens's planner and compared with what the case expects. Two styles of expectation:
//
//  - the compiler's lit style (the shared plan-memory.mlir): `CHECK` lines with
//    `hivm.hir.pointer_cast(%[[C..]])` in the order the compiler's pass leaves the casts
//    (pointerCastOrder), `arith.constant N : i64` captures, `expected-error@+1 {{...}}`,
//    `CHECK: warning: ...`;
//  - ours (tests/data/planner_rules): named expectations,
//      // CASE: <function to plan>            (else the first function with a body)
//      // OPTIONS: largest-first | no-shuffle | restrict-inplace-as-isa (any of them)
//      // EXPECT-OFFSETS: %a = 0, 65536       (byte offsets of every copy, in order)
//      // EXPECT-LIFE: %a = 3, 5              (its storage's Life, as a dump shows it)
//      // EXPECT-ERROR: <text>                (in a planner error or a scope's error text)
//      // EXPECT-WARNING: <text>              (a scope's warning, whole); none when absent
//      // EXPECT-SEED: 1                      (the attempt whose plan it is: 0..19)
//    `CHECK` pointer_cast lines may be mixed in (their order is checked as above).
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_module.hpp"
#include "core/planner/pointer_casts.hpp"

#include <map>
#include <string>
#include <vector>

namespace memlens::test {

std::vector<std::string> splitPlannerCases(const std::string& text);

// `ir` with each placeholder ("$G", "$T", ...) written as its type: IR cases spelt once.
std::string withTypes(std::string ir, const std::map<std::string, std::string>& types);

using planner::pointerCastOrder; // core/planner/pointer_casts.hpp

struct PlannerCaseResult {
    std::string name; // the function planned
    bool passed = false;
    std::string why; // what differs, when not passed
};

// `checkOffsets` false: only errors are compared (the lit file's CHECK-REORDER run).
PlannerCaseResult checkPlannerCase(const std::string& text, const std::string& fileName,
    planner::PlanStrategy strategy = planner::PlanStrategy::Default, bool checkOffsets = true);

} // namespace memlens::test
