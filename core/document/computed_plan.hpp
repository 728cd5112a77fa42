#pragma once
// A plan memlens computes itself: an IR file (.mlir, .ttadapter) or a compile log that
// holds "IR Dump Before PlanMemory" is planned as the compiler would plan it, and the
// result is a Dump in the compiler's format, which every command and the window open.
#include "core/base/work_thresholds.hpp"
#include "core/compile_log/log_scan.hpp"
#include "core/document/plan_source.hpp"
#include "core/dump/dump_model.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/plan_pass.hpp"
#include "core/source/ir_index.hpp" // kMaxIrFileBytes: an IR file is read whole up to it
#include "core/source/mlir_location.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace memlens {

enum class InputKind { Dump, Ir, CompileLog };

// Decided by content (sniffCompileLog): a JSON object (a dump), a log with a planner section,
// MLIR text with a func.func; anything else is treated as a dump, whose reader says what is
// wrong. One that starts like JSON is a dump without reading further; a log is read up to its
// first planner section (all of it when it has none).
InputKind inputKindOfFile(const std::string& path);
// Whether `path` is read as a dump, by its first bytes alone (JSON, binary, empty, or not
// readable: the dump reader says what is wrong); else it is IR or a log to plan, which
// readPlanInput reads in one pass.
bool startsLikeDumpFile(const std::string& path);

// The IR memlens plans, from an IR file or from a compile log's last planner section (of
// `function` when given; the log is streamed, never read whole).
struct PlanInput {
    std::string ir;
    // The file's whole text when it is within kMaxIrFileBytes (the IR, or the log: what the IR
    // pane shows), and a log's scan, so that nothing reads the file again.
    std::shared_ptr<const std::string> fileText;
    std::shared_ptr<const LogScan> logScan;
    std::int64_t lineOffset = 0; // a line of `ir` + lineOffset = the line of the file
    bool fromLog = false;
    bool regBaseSection = false;                  // the log's section was printed before hivm-plan-memory-regbase
    std::string afterIr;                          // the log's section printed after the planner ran on it, "" when none
    std::string note;                             // a section the log holds but memlens did not read, "" when none
    std::optional<std::uint64_t> allocatedUbBits; // the log's "Allocated UB size = N bits" for the section
    // The A5 compile's attempt that printed the section ran its planner with
    // disable-vf-reachable-check=true (the last retry's switch): the plan is made with it too.
    bool vfReachableCheckOff = false;
    void applyTo(planner::PlanOptions& options) const;
};
// Throws DumpError naming `path` for what is not a readable regular text file (asked before
// it is opened), a file past kMaxIrFileBytes, or a log without a section to plan.
PlanInput readPlanInput(
    const std::string& path, const std::string& function = {}, const std::atomic<bool>* cancel = nullptr);

// The placements a load's plan may search (every seed together): about 2 s at most on a
// 3,000-op function (1.4 us a placement there; a seed whose storages an earlier failed seed had
// costs none), enough for one whole search of the generated failing one (414,360); past it the
// plan says "not decided" rather than keep the window waiting.
inline constexpr long kLoadSearchBudget = 1400000;

struct ComputedDump {
    Dump dump;
    std::string target;                    // the target planned for
    std::optional<planner::PlanPass> pass; // the compiler's pass planned as (with the options given)
    // Memlens: memlens's plan; CompilerLog: the compiler's offsets, read from the log's
    // section after the planner, with memlens's Lives.
    PlanSource planSource = PlanSource::Memlens;
    // With compiler_log: how many of the function's allocs memlens's own plan places elsewhere
    // (0: memlens plans it identically); with memlens: why the log's offsets were not taken.
    std::size_t compilerDifferences = 0;
    std::string compilerNote;
    // The compiler generation memlens planned as: the newest, or with the compiler's offsets at
    // hand the newest whose plan places every buffer where the compiler did.
    planner::CompilerGeneration generation = planner::kNewestGeneration;
    // The log's "Allocated UB size" beside the same number of memlens's own plan (A5): the
    // compiler's word on the plan's height, when the log prints it.
    std::optional<std::uint64_t> logAllocatedUbBits;
    std::optional<std::uint64_t> plannedAllocatedUbBits;
    std::string function;                          // the function whose plan it is
    std::string note;                              // which of several device functions was taken, "" when one
    bool decided = true;                           // false: the search budget ran out (ComputeOptions::searchBudget)
    std::shared_ptr<const std::string> ir;         // the IR planned (a log's section, or the IR file)
    std::shared_ptr<const planner::Module> module; // `ir` as read to plan it: the what-ifs plan copies of it
    std::int64_t lineOffset = 0;                   // its lines in the file
    std::shared_ptr<const std::string> fileText;   // PlanInput::fileText
    std::shared_ptr<const LogScan> logScan;        // PlanInput::logScan
    std::vector<std::string> logKernels;           // the device functions the log's sections define
};

// "the planner section is cut short: the region opened at line N is not closed ...", for a module
// whose text ends inside a region (planner::Module::cutShortAt).
std::string cutShortText(const planner::Module& module, const PlanInput& input);

struct ComputeOptions {
    const std::atomic<bool>* cancel = nullptr; // stops the read and the plan (LoadCancelled)
    // The device function to plan ("" for every one, showing the first that fails): a log of
    // several kernels' compiles is read for this one's last section.
    std::string function;
    long searchBudget = kLoadSearchBudget; // PlanOptions::searchBudget; 0: unbounded
    // The whole search's time at most (PlanOptions::deadline); zero: no limit.
    std::chrono::milliseconds timeLimit = kLoadTimeLimit;
};

// Plans `path` (an IR or a compile log) and gives the dump the compiler would write for its
// first failing device function, else its first one. Locations point into `path`'s lines.
// Throws DumpError naming `path` when nothing can be planned. A plan whose search ran out of
// its budget is a failing scope whose error says it is not decided.
ComputedDump computeDump(const std::string& path, const ComputeOptions& options = {});

// The IR's location aliases (#loc3 = loc(...)), parsed; a definition that does not parse
// is left out.
AliasTable locationAliasesOf(const planner::Module& module);

// memory_info_*.json as the compiler writes it for one planned function: each alloc's
// location printed inline (through `aliases`, as the compiler prints it); allocs
// without a location of their own point at their line of `irFile`.
// `lineOffset` is added to the IR's lines (an IR read from a log's section).
nlohmann::json compilerDumpJson(const planner::FunctionPlan& plan, const std::string& irFile,
    const AliasTable* aliases = nullptr, std::int64_t lineOffset = 0);
// The same plan as the Dump that reading that JSON back gives (labelled `fileLabel`, whose
// name gives the core), made without the JSON text.
Dump dumpOfPlan(const planner::FunctionPlan& plan, const std::string& irFile, const AliasTable* aliases,
    std::int64_t lineOffset, const std::string& fileLabel);
// JSON text of `json` with invalid UTF-8 (a Latin-1 path in an IR's loc) replaced, never thrown on.
std::string jsonText(const nlohmann::json& json, int indent = -1);
std::string jsonText(const nlohmann::ordered_json& json, int indent = -1);
// "memory_info_aic.json", "memory_info_aiv.json" or "memory_info.json" by the core type.
std::string compilerDumpFileName(const std::string& coreType);

} // namespace memlens
