#include "views/scope_text.hpp"

#include "core/analysis/capacity.hpp"
#include "core/analysis/plan_analysis.hpp"
#include "core/analysis/plan_requirement.hpp"
#include "core/analysis/unplanned_scope.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_display_name.hpp"
#include "core/text/byte_size.hpp"
#include "views/storage_text.hpp"
#include "views/view_text.hpp"

#include <QObject>

namespace memlens {

namespace {

bool hasStatus(const ScopePlan& scope) { return scope.status.has_value(); }

QString coreDescription(CoreKind core)
{
    switch (core) {
    case CoreKind::Vector: return QObject::tr("vector core (aiv)");
    case CoreKind::Cube: return QObject::tr("cube core (aic)");
    case CoreKind::Unknown: break;
    }
    return {};
}

// What the verdict rests on, in a sentence.
QString verdictReason(PlanVerdict verdict, const PlanAnalysis& analysis)
{
    const QString capacity = bytesText(analysis.capacity.bytes);
    const auto over = static_cast<qulonglong>(analysis.overCapacityBlocks.size());
    switch (verdict) {
    case PlanVerdict::Fits: return QObject::tr("Every block ends within the %1 capacity.").arg(capacity);
    case PlanVerdict::Overflow: return QObject::tr("%1 block(s) end above the %2 capacity.").arg(over).arg(capacity);
    case PlanVerdict::OverflowDespiteSuccess:
        return QObject::tr("The dump says success, but %1 block(s) end above the %2 capacity (today's compiler writes "
                           "success and no error text for every scope, also of a plan that failed).")
            .arg(over)
            .arg(capacity);
    case PlanVerdict::FailedWithinCapacity:
        return QObject::tr("The compiler reports a failure, yet every block ends within the %1 capacity: the capacity "
                           "may be set too high, or the failure has another cause.")
            .arg(capacity);
    case PlanVerdict::NotDecided:
        return QObject::tr("memlens's search for a plan stopped at its limit before it was decided: the addresses "
                           "are a partial search's, and there is no verdict.");
    case PlanVerdict::NotPlanned:
        return QObject::tr("Every offset of this scope is 0 while its blocks' Lives overlap: the compiler stopped at a "
                           "scope that failed before it planned this one. Its one number is the demand, the most "
                           "bytes live at once.");
    }
    return {};
}

} // namespace

QString verdictText(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    switch (verdictOf(scope, analysis)) {
    case PlanVerdict::Fits: return hasStatus(scope) ? QObject::tr("compiled") : QObject::tr("fits the capacity");
    case PlanVerdict::Overflow: return hasStatus(scope) ? QObject::tr("compile failed") : QObject::tr("overflow");
    case PlanVerdict::OverflowDespiteSuccess:
        return QObject::tr("overflows (the compiler writes success for failed plans)");
    case PlanVerdict::FailedWithinCapacity: return QObject::tr("failed, but the plan fits the capacity");
    case PlanVerdict::NotDecided: return QObject::tr("not decided (the search stopped)");
    case PlanVerdict::NotPlanned: return QObject::tr("not planned");
    }
    return {};
}

QString shortVerdictText(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    switch (verdictOf(scope, analysis)) {
    case PlanVerdict::Fits: return hasStatus(scope) ? QObject::tr("compiled") : QObject::tr("fits");
    case PlanVerdict::Overflow: return hasStatus(scope) ? QObject::tr("compile failed") : QObject::tr("overflow");
    case PlanVerdict::OverflowDespiteSuccess: return QObject::tr("overflows (status: success)");
    case PlanVerdict::FailedWithinCapacity: return QObject::tr("failed, fits capacity");
    case PlanVerdict::NotDecided: return QObject::tr("not decided");
    case PlanVerdict::NotPlanned: return QObject::tr("not planned");
    }
    return {};
}

QString longVerdictText(const PlanDocument& document, const ScopePlan& scope, const PlanAnalysis& analysis)
{
    return verdictOf(scope, analysis) == PlanVerdict::NotPlanned
        ? toQString(notPlannedText(document.dump.scopes, document.analyses))
        : verdictText(scope, analysis);
}

QString verdictTip(const PlanDocument& document, const ScopePlan& scope, const PlanAnalysis& analysis)
{
    QString tip = longVerdictText(document, scope, analysis) + QStringLiteral(": ")
        + verdictReason(verdictOf(scope, analysis), analysis);
    if (scope.status)
        tip += QObject::tr("\nStatus in the dump: %1").arg(toQString(*scope.status));
    else
        tip += QObject::tr("\nThe dump has no status (old flat layout).");
    return tip;
}

CapacityLabel capacityLabel(const Capacity& capacity)
{
    CapacityLabel label;
    const QString bytes = bytesText(capacity.bytes);
    const QString source = toQString(describeCapacitySource(capacity));
    // A guessed capacity must not pass for a known one: the label says "default", its tooltip which chips.
    label.guessed = capacity.source == CapacitySource::Default;
    label.longText
        = label.guessed ? QObject::tr("%1 ⚠ %2").arg(bytes, source) : QStringLiteral("%1 %2").arg(bytes, source);
    label.shortText = label.guessed ? QObject::tr("%1 ⚠ default").arg(bytes) : label.longText;
    label.tip = label.guessed ? QObject::tr("%1.\n%2 bytes: no error text, IR target or setting gives the capacity, "
                                            "so it is that of the only chips whose compiler writes this dump. Another "
                                            "chip: type its capacity in the field to the right.")
                                    .arg(label.longText)
                                    .arg(capacity.bytes)
                              : QObject::tr("%1 bytes").arg(capacity.bytes);
    return label;
}

QString peakLine(const ScopePlan& scope, const PlanAnalysis& analysis, const PlanRequirement& requirement)
{
    if (scope.blocks.empty())
        return QObject::tr("no blocks in this scope");
    if (!analysis.planned)
        return QObject::tr("demand %1 at op %2 (the most bytes live at once; no addresses: not planned)")
            .arg(bytesText(analysis.peakLiveBytes))
            .arg(analysis.peakLiveAt.value_or(0));
    const std::uint64_t capacity = analysis.capacity.bytes;
    const std::uint64_t peakAddress = analysis.peakAddressBytes;
    // The error's figure is the high-water mark: say so where the user reads both.
    const QString figure = requirement.compilerFigureIsHighWater()
        ? QObject::tr(" = \"requires %1 bits\"").arg(*requirement.compilerRequiresBits)
        : QString();
    // The verdict's numbers first: a narrow window elides the end of the line, never them.
    const QString share = QString::fromStdString(formatPercent(peakAddress, capacity));
    QString peak = peakAddress > capacity
        ? QObject::tr("needs %1, has %2, %3 short (%4 of capacity)")
              .arg(bytesText(peakAddress), bytesText(capacity), bytesText(peakAddress - capacity), share)
        : QObject::tr("needs %1 of %2 (%3 of capacity), %4 spare")
              .arg(bytesText(peakAddress), bytesText(capacity), share, bytesText(capacity - peakAddress));
    peak += QObject::tr(" \u00b7 peak address %1%2").arg(bytesText(peakAddress), figure);
    peak += QObject::tr(" \u00b7 peak live %1").arg(bytesText(analysis.peakLiveBytes));
    if (analysis.peakLiveAt)
        peak += QObject::tr(" at op %1").arg(*analysis.peakLiveAt);
    if (analysis.firstOverflowAt)
        peak += QObject::tr(" \u00b7 over capacity from op %1").arg(*analysis.firstOverflowAt);
    return peak;
}

QString peakTip(const ScopePlan& scope, const PlanAnalysis& analysis, const PlanRequirement& requirement)
{
    const QString requirementSentence = toQString(requirementText(requirement));
    if (scope.blocks.empty())
        return {};
    if (!analysis.planned)
        return requirementSentence;
    return QObject::tr("%1\n\nPeak address: the largest offset + size, the address space the plan reserves (the "
                       "high-water mark the compiler's \"requires N bits\" reports).\n"
                       "Peak live: the most bytes live at one op, as the union of their address ranges "
                       "(buffers merged in place count once).\n\n%2.")
        .arg(peakLine(scope, analysis, requirement), requirementSentence);
}

QString kernelLine(const PlanDocument& document)
{
    return document.dump.kernel.empty() ? QObject::tr("(unnamed kernel)") : toQString(document.dump.kernel);
}

QString fileLine(const PlanDocument& document, const QString& versionText)
{
    // A kept version is named by the file it came from, and when it was written.
    const std::string& path = document.copyOf.empty() ? document.dump.file : document.copyOf;
    QString file = toQString(dumpDisplayName(path)); // the folder tells two compiles apart
    if (!versionText.isEmpty())
        file += QStringLiteral(" \u00b7 ") + versionText;
    if (document.computedFrom && document.planSource == PlanSource::CompilerLog)
        file = document.plannedAs && document.plannedAs->regBase
            ? QObject::tr("planned by the compiler, read from %1; A5 writes no dump").arg(file)
            : QObject::tr("planned by the compiler, read from %1").arg(file);
    else if (document.computedFrom)
        file = QObject::tr("plan computed by memlens from %1").arg(file);
    if (const QString core = coreDescription(document.dump.core); !core.isEmpty())
        file += QStringLiteral(" \u00b7 ") + core;
    // The chip, for every input that names one (a dump's IR, a log's section): an A5 log's
    // overflow otherwise never says which chip it is on.
    if (document.target && !document.target->empty())
        file += QStringLiteral(" \u00b7 ") + toQString(*document.target);
    return file;
}

QStringList documentWarnings(const PlanDocument& document)
{
    QStringList warnings;
    if (!document.siblingWarning.empty())
        warnings << QStringLiteral("\u26a0 ") + toQString(document.siblingWarning);
    if (document.log && document.log->multiBufferingSwitchedOff())
        warnings << QStringLiteral("\u26a0 ")
                + QObject::tr("The compile log says the compiler's retry switched multi-buffering off: this dump is "
                              "the plan without double buffering.");
    return warnings;
}

QString overlapsLine(const ScopePlan& scope, const PlanAnalysis& analysis, std::size_t shown)
{
    const QString overlaps = overlapsWarningText(scope, analysis, shown);
    return overlaps.isEmpty() ? QString() : QStringLiteral("\u26a0 ") + overlaps;
}

QString holesLine(const PlanAnalysis& analysis)
{
    const QString holes = holesSummaryText(analysis);
    return holes.isEmpty() ? QString() : QObject::tr("Holes %1").arg(holes);
}

QString documentStatusText(const PlanDocument& document)
{
    // The table shows one scope: a total over several would not match its count.
    QStringList counts;
    for (const ScopePlan& scope : document.dump.scopes)
        counts << QObject::tr("%1 %2").arg(scope.blocks.size()).arg(toQString(scope.scope));
    const QString blocks = document.dump.scopes.size() > 1
        ? QObject::tr("Blocks: %1").arg(counts.join(QStringLiteral(", ")))
        : QObject::tr("%1 blocks").arg(document.dump.blockCount());
    const QString irFile = toQString(document.irFile);
    if (!document.irFile.empty() && !document.irNote.empty()) // taken from Triton's cache; the tooltip says why
        return QObject::tr("%1 · IR %2 (from the Triton cache)").arg(blocks, irFile);
    if (!document.irFile.empty() || document.irNote.empty())
        return QObject::tr("%1 · IR %2").arg(blocks, irFile.isEmpty() ? QObject::tr("none") : irFile);
    return QObject::tr("%1 · %2").arg(blocks, toQString(document.irNote));
}

QString irChangeText(const PlanDocument& before, const PlanDocument& after)
{
    if (before.irFile == after.irFile)
        return {};
    const auto name = [](const std::string& file) { return file.empty() ? QObject::tr("none") : toQString(file); };
    if (after.irFile.empty())
        return QObject::tr("The IR is no longer shown (it was %1).").arg(name(before.irFile));
    return QObject::tr("The IR is now %1 (it was %2).").arg(name(after.irFile), name(before.irFile));
}

} // namespace memlens
