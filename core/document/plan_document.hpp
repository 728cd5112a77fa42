#pragma once
// Everything memlens knows about one opened dump: the plan as dumped, its IR,
// and the analysis of each scope. Built by loadPlanDocument() off the GUI
// thread; both the command line and the window read it and never parse.
#include "core/analysis/plan_analysis.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/document/plan_source.hpp"
#include "core/document/scope_indexes.hpp"
#include "core/dump/dump_model.hpp"
#include "core/planner/plan_pass.hpp"
#include "core/source/line_info.hpp"
#include "core/source/scope_sources.hpp"
#include "core/source/source_linker.hpp"
#include "core/source/triton_cache.hpp"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlens {

struct LogScan; // core/compile_log/log_scan.hpp

struct LoadOptions {
    CapacitySettings capacity;
    // Capacities remembered for kernels (the window's settings): the document's kernel and
    // target pick theirs once both are known, and they win over `capacity`.
    KernelCapacities rememberedCapacities;
    std::string irFile;                  // --ir; empty: look beside the dump
    bool irRequired = false;             // an unreadable irFile is an error (--ir), not a note
    std::string logFile;                 // --log: the compile log; empty: look beside the dump
    bool searchCompileLog = true;        // no --log: look for one beside the dump
    bool logRequired = false;            // a named log that does not fit the dump is an error (--log)
    std::vector<std::string> sourceDirs; // --source-dir
    std::vector<std::pair<std::string, std::string>> substitutions; // --substitute FROM=TO
    // No --ir: look for the IR beside the dump. A run's summary turns it off for a folder that holds no IR
    // file: a folder of a thousand dumps listed once per dump was most of the summary's time.
    bool searchIrBeside = true;
    bool searchTritonCache = true; // no IR beside the dump: look in Triton's cache
    TritonCacheSearch tritonCache; // --triton-cache, the window's setting, the budget
    // The dump this file is a kept copy of (a version in the window's History): the IR, the
    // compile log and the Python files are looked for beside that one, not beside the copy.
    std::string copyOf;
    // A compile log or IR opened as the input: the device function to plan ("" for the last
    // section's, showing its first function that fails).
    std::string function;
    // Build each scope's chart hit index beside the analyses (the window's loads: the chart then
    // never waits for one). The command line draws no chart.
    bool buildHitIndexes = false;
    // Set to true to stop the load soon (loadPlanDocument then throws LoadCancelled).
    std::shared_ptr<const std::atomic<bool>> cancel;
    // When set, follows how many bytes of the dump the parser has read (a real progress percentage).
    std::shared_ptr<std::atomic<std::uint64_t>> bytesRead;
};

// What the load of a planned file read and planned already (loadComputedPlanDocument), handed to
// buildPlanDocument apart from the caller's LoadOptions, so that nothing is read again.
struct PreRead {
    // The target the plan was made for: its capacities judge it when the IR read beside it names none.
    std::string plannedFor;
    // The IR file's text (LoadOptions::irFile's): the IR pane is built of it.
    std::shared_ptr<const std::string> irText;
    // A log's scan: the compile log is built of it, and none is looked for beside.
    std::shared_ptr<const LogScan> logScan;
    // The scan's planner section as read to plan it: the compile log keeps it (CompileLog::plannerModule).
    std::shared_ptr<const planner::Module> logModule;
};

struct PlannerCheck;

struct PlanDocument {
    Dump dump;
    std::string irFile;                    // the IR used; empty when none was found
    std::string irNote;                    // why there is none, or where it came from (the Triton cache)
    std::string irWarning;                 // the IR used may not be the dump's (irTypeMismatch)
    std::string siblingWarning;            // the other core's dump beside it may be stale (core/sibling_dump)
    std::string copyOf;                    // LoadOptions::copyOf: the dump this file is a kept copy of
    std::shared_ptr<const CompileLog> log; // the compile log read for it; null when none
    // memlens's plan of the planner's IR compared with the dump (core/planner_check); null when
    // there is no planner IR (plannerNote says why) or the plan is too large to check.
    std::shared_ptr<const PlannerCheck> plannerCheck;
    std::string plannerNote;
    std::string logNote; // why a log found or named was not used ("" when none was)
    // Set when the plan is memlens's own, computed from this IR or compile log (not a dump the compiler wrote).
    std::optional<std::string> computedFrom;
    PlanSource planSource = PlanSource::Dump;
    std::optional<planner::PlanPass> plannedAs; // the compiler's pass a computed plan follows
    // A compile log opened as the input: the device functions its sections define (a log of
    // several compiles names each kernel; this document plans `dump.kernel`'s last section).
    std::vector<std::string> logKernels;
    LineInfo lineInfo = LineInfo::Unknown;    // Missing: compiled without line info (say kNoLineInfoNote)
    std::optional<std::string> target;        // hacc.target of the IR
    std::vector<PlanAnalysis> analyses;       // parallel to dump.scopes
    std::shared_ptr<const IrIndex> ir;        // null when no IR was found
    std::shared_ptr<const FileFinder> finder; // how files named in the dump and IR are found here
    std::vector<ScopeSources> sources;        // [scope][buffer]: IR and Python lines
    // Built on first use, shared with the document's copies; a change to the scopes starts a new one.
    std::shared_ptr<ScopeIndexes> indexes = std::make_shared<ScopeIndexes>();

    const PlanAnalysis* analysisOf(const std::string& scope) const;
    std::shared_ptr<const BlockHitIndex> hitIndexOf(std::size_t scope) const { return indexes->hitIndex(*this, scope); }
    std::shared_ptr<const BlockLineIndex> lineIndexOf(std::size_t scope) const
    {
        return indexes->lineIndex(*this, scope);
    }
    const BlockSource* sourceOf(std::size_t scopeIndex, const Block& block) const;
    // The same source without keeping it (ScopeSources::sourceInto): for a walk over every block.
    const BlockSource* sourceInto(std::size_t scopeIndex, const Block& block, BlockSource& scratch) const;
};

// `dumpPath` may also be an IR file or a compile log (decided by content, core/computed_plan):
// its plan is computed, the IR is attached (it is the IR) and computedFrom says so.
// Throws DumpError for a dump that cannot be read; a missing IR is not an error,
// nor is an IR found beside the dump that does not match it (it is not used,
// and irNote says why). Throws LoadCancelled when options.cancel is set.
// Compares memlens's plan of the planner's IR (the compile log's section, or an IR in the
// planner's form) with the document's plan: PlanDocument::plannerCheck. loadPlanDocument does it.
void attachPlannerCheck(PlanDocument& document, const LoadOptions& options);

PlanDocument loadPlanDocument(const std::string& dumpPath, const LoadOptions& options);
// The same for a dump already parsed (from `dumpPath`, which decides where files are looked for).
PlanDocument buildPlanDocument(
    Dump dump, const std::string& dumpPath, const LoadOptions& options, const PreRead& preRead = {});

// The document of an IR file or a compile log: the plan memlens computes (loadPlanDocument
// calls it for such files). Throws DumpError when nothing in it can be planned.
PlanDocument loadComputedPlanDocument(const std::string& path, const LoadOptions& options);

// false when memlens's own plan of the document stopped at the load's search limit before it was
// decided (PlanAnalysis::decided): its addresses are a partial search's, and no verdict is given
// (exit 2).
bool planDecided(const PlanDocument& document);

// A document of one scope (a report with --scope).
void keepOnlyScope(PlanDocument& document, const std::string& scope);

// The capacity each scope of `document` is analysed against, as settings (for analysing another plan alike).
CapacitySettings capacitySettingsOf(const PlanDocument& document);

// The document with another plan of its kernel (a what-if planned again): `dump` takes the place of
// its plan, its sources linked through the document's IR and file finder, analysed with the same
// capacities. The compile log is dropped: its op numbering is that of the document's plan.
PlanDocument documentWithDump(const PlanDocument& document, Dump dump);

// The capacities a load resolves its scopes against: the options' and, when the document's kernel and
// target have them, the remembered ones.
CapacitySettings capacitySettingsFor(const PlanDocument& document, const LoadOptions& options);

// Analyses every scope (the sweeps) and judges it against `capacity`.
// Throws LoadCancelled soon after `*cancel` becomes true (when given).
void reanalyze(PlanDocument& document, const CapacitySettings& capacity, const std::atomic<bool>* cancel = nullptr);

// Capacity changed: only the verdicts are judged again (milliseconds on a million blocks,
// none of the sweeps). A copy of a document shares its plan, so a copy re-judged is cheap.
void rejudge(PlanDocument& document, const CapacitySettings& capacity);

} // namespace memlens
