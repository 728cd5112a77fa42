#pragma once
// The generations of the compiler's memory planner that memlens re-plans as, each a named
// rule set with the options and error texts of its time. They differ in:
// - earlier (before 2026-03-30): one attempt with the live values unshuffled; the compilers
//   that wrote the real samples' dumps.
// - 52f96a1 (2026-08-22): 20 attempts, each shuffling its live values with the attempt as the
//   seed; a SIMT or MIX function on an A5 target has simt-vf-dynamic-size KB of UB (216 by
//   default, within [UB - 120 KB, UB - 32 KB]).
// - newer (after 2026-08-22): shared-mem-dynamic-size in bytes (no default: a SIMT or MIX
//   function must be given one, within [(UB - 128 KB), (UB - 32 KB)]); a loop whose init comes
//   from arith.select never takes its yielded buffer in place of a loop-local source; the A5
//   pass enters its search within capacity on a split outline (PlanRules::splitOutlineAtMultiLevel).
//   The default.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::planner {

enum class CompilerGeneration { Earlier, G52f96a1, Newer };

constexpr CompilerGeneration kNewestGeneration = CompilerGeneration::Newer;

// "earlier", "52f96a1", "newer".
std::string generationName(CompilerGeneration generation);
// The generation a name (or an alias of it: "before-seeds", "c297e461", "newest") names.
std::optional<CompilerGeneration> parseGeneration(std::string_view name);
// Newest first: the order the planner check tries them in.
std::vector<CompilerGeneration> generationsNewestFirst();
// One line per generation for a usage text: name, date, what tells it apart.
std::string generationsHelp(const std::string& indent);

} // namespace memlens::planner
