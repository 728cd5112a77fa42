#pragma once
// A summary row from a loaded plan (a dump, or a plan memlens computed from a log): the
// scope closest to its capacity speaks for the kernel on its core, with the diagnosis's
// Python line and lever. The document is not kept: only the row's texts and numbers.
#include "core/document/plan_document.hpp"
#include "core/run/run_row.hpp"

#include <cstddef>
#include <optional>

namespace memlens {

// The scope the row is of: an overflowing one first, else the planned one with the largest share of
// its capacity used; nullopt when no scope was planned (or none has blocks).
std::optional<std::size_t> rowScopeOf(const PlanDocument& document);

// "aiv", "aic" from the file name, else from the kernel's _mix_aiv / _mix_aic; "" when neither says.
std::string rowCoreOf(const PlanDocument& document);

RunRow rowOfDocument(const PlanDocument& document, RowSource source);

} // namespace memlens
