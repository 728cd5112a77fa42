#pragma once
// What the usage curve says about one op, composed apart from the widget so that it is tested
// without one: the hover text and the legend's labels.
#include "core/analysis/plan_analysis.hpp"

#include <QString>
#include <QStringList>

#include <cstdint>

namespace memlens {

struct CompileLog;

// "op 41  hivm.hir.vreduce <sum>  layer_norm.py:60: live 321 KB · highest address 321 KB (the peak)":
// the op as the compile log describes it (just "op 41" without a log), then the totals in force
// there; the holes are named only when there are some. "" for a plan without usage.
QString usageHoverText(const PlanAnalysis& analysis, const CompileLog* log, std::int64_t op);

// The legend's entries, in the order the curve draws them: live bytes, highest address,
// "capacity 192 KB", peak live.
QStringList usageLegendLabels(const PlanAnalysis& analysis);
// The same as the compact legend beside the curve shows them: one entry a line, each after a
// mark in its line's colour (rich text).
QString usageLegendHtml(const PlanAnalysis& analysis);

} // namespace memlens
