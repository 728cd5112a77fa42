#pragma once
// What every command that reads one dump does with it before and after writing:
// check the --scope it was given, and turn the verdicts into the exit status.
#include "core/plan_document.hpp"

#include <optional>
#include <string>

namespace memlens {

// Exit status for a loaded document: 3 when any shown scope overflows, else 0.
int exitStatusFor(const PlanDocument& document, const std::optional<std::string>& scope);

// Throws DumpError when --scope names a scope the dump does not have.
void requireScope(const PlanDocument& document, const std::optional<std::string>& scope);

} // namespace memlens
