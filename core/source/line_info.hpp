#pragma once
// Was the kernel compiled with line info? Triton-Ascend passes
// --mlir-print-debuginfo only when TRITON_DISABLE_LINE_INFO is 0/false (its
// default is true): by default the adapter IR carries no Python locations, the
// dump's locations point into the IR itself, and no Python line can be found.
#include "core/dump/dump_model.hpp"
#include "core/source/ir_index.hpp"
#include "core/source/scope_sources.hpp"

#include <string>
#include <vector>

namespace memlens {

enum class LineInfo {
    Unknown, // nothing to tell (no locations at all, or some Python lines but not these)
    Present, // some block has a Python line
    Missing, // the IR has no Python locations: compiled without line info
};

// What to tell the user when line info is missing (the panes, report, inspect, explain).
inline constexpr const char* kNoLineInfoNote
    = "the kernel was compiled without line info (Triton-Ascend's default), so its IR carries no Python locations; "
      "run it again with TRITON_DISABLE_LINE_INFO=0 to bring the Python lines back "
      "(with TRITON_ALWAYS_COMPILE=1 if the kernel comes from Triton's cache)";

// `ir` may be null (no IR found); `sources` is [scope][buffer] as in PlanDocument.
LineInfo detectLineInfo(const Dump& dump, const IrIndex* ir, const std::vector<ScopeSources>& sources);

// True when some op of `ir` carries a location in a file that is not IR (Python).
bool irHasSourceLocations(const IrIndex& ir);

// "true", "false" or "unknown".
const char* lineInfoKey(LineInfo info);

} // namespace memlens
