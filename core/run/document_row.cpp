#include "core/run/document_row.hpp"

#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/document/planner_check.hpp"
#include "core/source/sibling_dump.hpp"
#include "core/text/byte_size.hpp"

#include <filesystem>

namespace memlens {

namespace {

double usedShare(const PlanAnalysis& analysis)
{
    return analysis.capacity.bytes == 0
        ? 0.0
        : static_cast<double>(analysis.peakAddressBytes) / static_cast<double>(analysis.capacity.bytes);
}

// The constexprs the diagnosis found set the tiles: "BLOCK_SIZE=16384, N_COLS=16384".
std::string constexprText(const TileNames& names)
{
    std::string text;
    for (const KernelConstexpr& constexpr_ : names.constexprs)
        if (constexpr_.value && constexpr_.derivedFrom.empty())
            text += (text.empty() ? "" : ", ") + constexpr_.name + "=" + std::to_string(*constexpr_.value);
    return text;
}

// The first lever predicted to fit; else the largest value that fits; else, for holes, the placement option.
std::string leverText(const Diagnosis& diagnosis)
{
    for (const Lever& lever : diagnosis.levers)
        if (lever.fits) {
            // "BLOCK_SIZE 16384 -> 8192: 192 KB (196608 B), re-planned": the change, what the plan
            // then needs, and whether memlens's planner planned it or predicted it from the dump.
            const std::string change = lever.kind == LeverKind::ScaleDimension
                ? dimensionLabel(lever.dimension, lever.name) + " -> " + std::to_string(lever.to)
                : leverLabel(lever);
            const std::uint64_t bytes = lever.predictedRequiredBytes;
            return change + ": " + formatBytes(bytes) + (bytes < 1024 ? "" : " (" + std::to_string(bytes) + " B)")
                + ", " + planMethodText(lever.how);
        }
    if (diagnosis.largestFitting && diagnosis.largestFitting->value)
        return dimensionLabel(diagnosis.largestFitting->dimension, diagnosis.largestFitting->name) + " -> "
            + std::to_string(*diagnosis.largestFitting->value);
    if (diagnosis.cause == OverflowCause::Placement)
        return "plan_memory_strategy=\"largest-first\"";
    return {};
}

} // namespace

std::optional<std::size_t> rowScopeOf(const PlanDocument& document)
{
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < document.analyses.size(); ++i) {
        const PlanAnalysis& analysis = document.analyses[i];
        if (!analysis.planned || document.dump.scopes[i].blocks.empty())
            continue;
        if (!best)
            best = i;
        const PlanAnalysis& chosen = document.analyses[*best];
        if (std::pair(analysis.overflow, usedShare(analysis)) > std::pair(chosen.overflow, usedShare(chosen)))
            best = i;
    }
    return best;
}

std::string rowCoreOf(const PlanDocument& document)
{
    if (const char* core = coreKindName(document.dump.core))
        return core;
    const std::string& kernel = document.dump.kernel;
    if (kernel.ends_with("_mix_aiv"))
        return "aiv";
    if (kernel.ends_with("_mix_aic"))
        return "aic";
    return {};
}

RunRow rowOfDocument(const PlanDocument& document, RowSource source)
{
    RunRow row;
    row.kernel = mixKernelBase(document.dump.kernel).value_or(document.dump.kernel);
    if (row.kernel.empty())
        row.kernel = std::filesystem::path(document.dump.file).stem().string();
    row.core = rowCoreOf(document);
    row.target = document.target.value_or("");
    row.source = source;
    row.file = document.computedFrom.value_or(document.dump.file);
    if (!document.siblingWarning.empty())
        row.notes.push_back(document.siblingWarning);
    if (document.plannerCheck && document.plannerCheck->generation && document.plannerCheck->reproduces())
        row.compilerGeneration = planner::generationName(*document.plannerCheck->generation);
    if (!planDecided(document)) {
        row.status = RowStatus::Error;
        row.error = "not decided: memlens's search for a plan stopped at the load's limit (memlens plan --budget 0 "
                    "searches as long as the compiler would)";
        return row;
    }
    const std::optional<std::size_t> scope = rowScopeOf(document);
    if (!scope) {
        row.status = RowStatus::NotPlanned;
        row.scope = document.dump.scopes.empty() ? "" : document.dump.scopes.front().scope;
        row.notes.push_back("no scope was planned: the compile stopped at a scope of another core or file");
        // Not planned is no pass when the scope cannot fit: its demand, or the compiler's own
        // "requires N bits", exceeds the capacity.
        for (std::size_t i = 0; i < document.analyses.size(); ++i) {
            const PlanAnalysis& analysis = document.analyses[i];
            if (!analysis.overflow)
                continue;
            row.status = RowStatus::Overflows;
            row.scope = document.dump.scopes[i].scope;
            row.peakBytes = analysis.peakLiveBytes;
            row.capacityBytes = analysis.capacity.bytes;
            row.notes.push_back(analysis.overflowByDemand
                    ? "not planned, and its demand alone (" + std::to_string(analysis.peakLiveBytes)
                        + " B live at once) exceeds the capacity"
                    : "not planned, and its error says the compiler required more than the capacity");
            break;
        }
        return row;
    }
    const PlanAnalysis& analysis = document.analyses[*scope];
    row.scope = document.dump.scopes[*scope].scope;
    row.status = analysis.overflow ? RowStatus::Overflows : RowStatus::Fits;
    row.peakBytes = analysis.peakAddressBytes;
    row.capacityBytes = analysis.capacity.bytes;
    const Diagnosis diagnosis = diagnoseScope(document, *scope);
    if (!diagnosis.bySource.empty() && diagnosis.bySource.front().python)
        row.python = sourceShareLabel(diagnosis.bySource.front());
    if (diagnosis.tileNames) {
        row.config = constexprText(*diagnosis.tileNames);
        for (const KernelConstexpr& constexpr_ : diagnosis.tileNames->constexprs)
            if (constexpr_.value && constexpr_.derivedFrom.empty())
                row.configValues.emplace_back(constexpr_.name, *constexpr_.value);
    }
    if (analysis.overflow)
        row.lever = leverText(diagnosis);
    return row;
}

} // namespace memlens
