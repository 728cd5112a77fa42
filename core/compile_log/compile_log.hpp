#pragma once
// A compile log read for one dump: the planner's op sequence named (each index of a
// Life is an op of the late IR, with its Python line), and what the log says of the
// compile (retries, outcome). Built from core/compile_log/log_scan with the planner's
// own MLIR reader and op numbering (core/planner), so a Life reads as ops.
#include "core/compile_log/log_scan.hpp"
#include "core/dump/dump_model.hpp"
#include "core/planner/mlir_module.hpp"
#include "core/source/ir_index.hpp"
#include "core/source/mlir_location.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

class FileFinder;

// One entry of the planner's op sequence.
struct LogOp {
    int index = 0;
    std::string name;                  // "hivm.hir.vreduce <sum>", "scf.for (begin)", "scf.if (else)"
    std::int64_t logLine = 0;          // 1-based line in the log (past 2^31 in a large log)
    int sectionLine = 0;               // 1-based line in the section's IR (CompileLog::ir)
    std::optional<SourceFrame> python; // the op's user frame, when the IR has locations
    std::string pythonText;            // that line of the Python file, trimmed ("" when not found)
};

struct CompileLog {
    std::string file;
    std::string function;
    std::vector<LogOp> ops;             // by index
    std::vector<std::string> retries;   // "enable-code-motion=false", ...
    std::optional<std::string> outcome; // "failed", "succeeded", or unknown
    std::string note;                   // which section was read, and why
    std::optional<std::string> overflowError;
    std::optional<std::string> dmaReuseWarning;
    std::shared_ptr<const IrIndex>
        ir; // the section's IR (for the IR pane); its lines + sectionFirstLine - 1 = log lines
    // The section read by the planner's reader, once: the planner check plans it as it is.
    std::shared_ptr<const planner::Module> plannerModule;
    std::int64_t sectionFirstLine = 0;

    const LogOp* op(std::int64_t index) const;
    // The retries switched multi-buffering off (all of it, or ub's): the plan is without double
    // buffering.
    bool multiBufferingSwitchedOff() const;
    // "op 19 hivm.hir.vreduce <sum> layer_norm.py:60"
    std::string describe(std::int64_t index) const;
};

// The switches the A5 compiler has set by its attempt `attempt` (1-based), when every earlier
// attempt overflowed ub with auto multi-buffering on. Its order: ub multi-buffering off, all auto
// multi-buffering off, VF fusion all-op, the VF reachable check off. Inferred: an A5 log prints
// no note of its retries and says which scope overflowed only when every attempt failed.
std::vector<std::string> regBaseRetrySwitches(int attempt);

// Why a log cannot be used for a dump ("" when it can): no planner section of the dump's
// kernel, or a function whose ops do not fit the dump's Lives (another compile).
struct CompileLogResult {
    std::shared_ptr<const CompileLog> log;
    std::string problem;
};

// Reads `path` for `dump` (its kernel names the function). Throws DumpError for a file that
// cannot be read, LoadCancelled on cancel; a log that does not fit gives `problem`.
CompileLogResult readCompileLog(const std::string& path, const Dump& dump, const FileFinder* finder,
    const std::atomic<bool>* cancel = nullptr, std::atomic<std::uint64_t>* bytesRead = nullptr,
    std::uint64_t countFrom = 0);
// The same from a scan already made.
// `checkFit` false: the log is the input the plan was made of, so its ops are not tested against the
// dump's Lives (it is never "the log of another compile").
// `module`: the scan's section as already read (the computed path planned it); null: read here.
CompileLogResult compileLogFromScan(LogScan scan, const Dump& dump, const FileFinder* finder, bool checkFit = true,
    std::shared_ptr<const planner::Module> module = nullptr);

// "vreduce" of "hivm.hir.vreduce <sum>", "for (begin)" of "scf.for (begin)": an axis label.
std::string shortOpName(const std::string& name);

// A *.log or *.txt beside the dump that holds a planner section of the dump's kernel; "" when none.
std::string discoverCompileLog(const std::string& dumpPath, const std::string& kernel);

// "from op 9 hivm.hir.load (layer_norm.py:55 x = tl.load(...)) to op 19 hivm.hir.vreduce (layer_norm.py:60)";
// "" without a log, or when it has no op at either end.
std::string lifeOpsText(const CompileLog* log, std::int64_t start, std::int64_t end);

// "Life [9, 19]: from op 9 hivm.hir.load (layer_norm.py:55 x = tl.load(...)) to op 19 hivm.hir.vreduce
// (layer_norm.py:60)"; without a log "Life [9, 19]".
std::string lifeText(const CompileLog* log, std::int64_t start, std::int64_t end);

} // namespace memlens
