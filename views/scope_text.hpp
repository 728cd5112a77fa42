#pragma once
// What the title bar says of the scope on show, as plain functions of the document (no widget):
// the verdict (short for the badge and the scope selector, long and with its reasons for the
// tooltip), the capacity and where it comes from, the peak line, the file line, the warnings.
// The title bar shows them; tests and other views read them here.
#include <QString>
#include <QStringList>

#include <cstddef>

namespace memlens {

struct Capacity;
struct PlanAnalysis;
struct PlanDocument;
struct PlanRequirement;
struct ScopePlan;

// The verdict: "compiled", "overflow", "overflows (the compiler writes success for failed plans)", ...
QString verdictText(const ScopePlan& scope, const PlanAnalysis& analysis);
// The same, short: for the badge and a scope selector's entry ("overflows (status: success)").
QString shortVerdictText(const ScopePlan& scope, const PlanAnalysis& analysis);
// The verdict in full: verdictText(), or for a scope never planned why it was not (which scope failed).
QString longVerdictText(const PlanDocument& document, const ScopePlan& scope, const PlanAnalysis& analysis);
// The badge's tooltip: the verdict in full, what it rests on ("3 block(s) end above the 192 KB
// capacity."), and the status the dump gives.
QString verdictTip(const PlanDocument& document, const ScopePlan& scope, const PlanAnalysis& analysis);

// The capacity and where it comes from, long ("192 KB from the error message", "192 KB ⚠ default:
// Ascend910B/910_93, ...") and short, as the bar's label says it ("192 KB ⚠ default"; the long
// text when the capacity is not a guess).
struct CapacityLabel {
    QString longText;
    QString shortText;
    QString tip;          // the bytes, and for a guess what to do about it
    bool guessed = false; // the default of the chips that write dumps: nothing gave the capacity
};
CapacityLabel capacityLabel(const Capacity& capacity);

// The peak line: the verdict's numbers first ("needs 256 KB, has 192 KB, 64 KB short (133% of
// capacity)"), then the peak address, the peak live and where the plan crosses capacity. For a
// scope never planned, its demand; for an empty scope, says so.
QString peakLine(const ScopePlan& scope, const PlanAnalysis& analysis, const PlanRequirement& requirement);
// The peak line's tooltip: the line, what its two peaks mean, and the requirement's sentence.
QString peakTip(const ScopePlan& scope, const PlanAnalysis& analysis, const PlanRequirement& requirement);

// "(unnamed kernel)" for a dump without a name, else the kernel's name.
QString kernelLine(const PlanDocument& document);
// "memory_info_aiv.json · vector core (aiv)": the file (or the file a kept copy came from, with
// `versionText`), how the plan was made, and the core.
QString fileLine(const PlanDocument& document, const QString& versionText = {});
// The document's warnings, each "⚠ …": a stale other core's dump beside it, a compile log saying
// the compiler's retry switched multi-buffering off.
QStringList documentWarnings(const PlanDocument& document);
// "⚠ 2 overlaps: …" naming at most `shown` pairs; "" when the scope has none.
QString overlapsLine(const ScopePlan& scope, const PlanAnalysis& analysis, std::size_t shown);
// "Holes …" at the peak address with its verdict (demand or placement); "" without blocks.
QString holesLine(const PlanAnalysis& analysis);

// The status line of a dump just opened: its blocks (per scope when there are several) and its IR.
QString documentStatusText(const PlanDocument& document);
// What a reload did to the IR on show ("The IR is now b.mlir (it was a.mlir)."); "" when it kept it.
QString irChangeText(const PlanDocument& before, const PlanDocument& after);

} // namespace memlens
