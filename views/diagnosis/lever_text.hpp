#pragma once
// What the Diagnosis panel says about a lever's value and the frontier it copies, composed apart
// from the panel so that it is tested without one.
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "core/kernel_source/value_choice.hpp"

#include <QString>

#include <vector>

namespace memlens {

// The Python lines where the launcher chooses a value, to show together: the function that
// computes it (its `def` first), then the launch's keyword.
std::vector<int> leverChoiceLines(const ValueChoice& choice);

// The status bar's word after Copy Configs: what went to the clipboard ("Copied 1 triton.Config
// to the clipboard, for triton.autotune", "Copied the launcher's values to the clipboard:
// BLOCK_SIZE=8192, multibuffer=True"); "Nothing to copy: ..." for an empty `copied`.
QString copiedMessage(const QString& copied, bool autotuned);

// "Critical op 41 (hivm.hir.vreduce <sum>): live 321 KB, holes 0 B; multi-buffer copies 64 KB,
// temporaries 1 KB." and the advice on a second line; "The scope has no blocks." without one.
// `document` names the op (null: the number alone).
QString criticalOpText(const Diagnosis& d, const PlanDocument* document);

// The footer under the levers, which speaks for every row above it: re-planned only when all are.
QString leverMethodText(const Diagnosis& d);

// What the panel says of a scope the compiler did not plan: "<why>: no addresses, so nothing to
// diagnose. Its demand, the most bytes live at once, is 96 KB."
QString notPlannedDiagnosisText(const PlanDocument& document, std::size_t scope);

// The What if… result: "BLOCK_SIZE=8192, multibuffer=True: re-planned, needs 192 KB of 192 KB
// (fits)"; without the scope in the plan, the config and the method alone.
QString whatIfResultText(const QString& config, PlanMethod how, const PlanAnalysis* analysis);

// "Fit map, re-planned (capacity 192 KB): today's config outlined, * the largest that fit. ..."
QString fitLegendText(const FitMap& map);

} // namespace memlens
