#pragma once
// One row of `memlens summary`: what memlens knows of one kernel on one core in a run
// (a folder of dumps, kernel folders, compile logs or a Triton cache). The JSON keys
// are a contract (docs/design.md, Command line): added to, never renamed.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

enum class RowStatus { Overflows, Fits, NotPlanned, Error };
enum class RowSource { Dump, CompileLog, CacheMetadata };

struct RunRow {
    std::string kernel;
    std::string core;   // "aiv", "aic", "" when unknown
    std::string target; // the hacc.target of its IR ("Ascend950PR_950z"), "" when no IR names one
    std::string scope;  // the scope the numbers are of (the one closest to its capacity), "" when none
    std::string config; // "BLOCK_SIZE=16384, multibuffer=True": what the kernel's words and the cache name
    // The kernel's constexprs with the values its memref shapes hold ({"BLOCK_SIZE", 16384}), in the
    // kernel's order; empty when its Python source was not found.
    std::vector<std::pair<std::string, std::int64_t>> configValues;
    RowStatus status = RowStatus::Error;
    std::optional<std::uint64_t> peakBytes;     // the highest offset + size (the compiler's "requires")
    std::optional<std::uint64_t> capacityBytes; // what the scope holds
    std::string python;                         // "kernel.py:58": the line with the most bytes live at the peak
    std::string lever;                          // what makes it fit ("" when it fits or none is known)
    // The compiler generation whose rules memlens reproduced the plan with ("newer", "52f96a1",
    // "earlier"; "" when memlens did not reproduce it or had no planner IR).
    std::string compilerGeneration;
    RowSource source = RowSource::Dump;
    std::string file;
    std::string error;              // why the file could not be read ("" when it could)
    std::vector<std::string> notes; // the pair's health of a mix kernel, cache notes
    // Versions of one kernel and core on one chip generation (watch's copies): 1 the newest, of `versions`.
    std::string versionTime; // sorts in time order: the watch name's time, else the file's
    int version = 1;
    int versions = 1;
    std::string change; // against the next older version ("" for the oldest)

    // capacity - peak: negative when it overflows; nullopt without numbers.
    std::optional<std::int64_t> headroomBytes() const;
    // peak / capacity in percent; nullopt without numbers.
    std::optional<double> usedPercent() const;
};

// One config of a kernel's autotune grid (core/run/config_envelope): a compile of the run, or a
// config memlens's planner re-planned from a compile's IR that the run did not compile.
struct EnvelopeRow {
    std::vector<std::optional<std::int64_t>> values; // one per name of its envelope; nullopt: not set
    RowStatus status = RowStatus::Error;
    std::optional<std::uint64_t> peakBytes;
    std::optional<std::uint64_t> capacityBytes;
    std::string scope;
    // The summary row of the compile (an index into RunSummary::rows); nullopt: re-planned, not compiled.
    std::optional<std::size_t> summaryRow;
    std::string file; // the compile's file; for a re-planned config, the compile whose IR memlens re-planned

    bool compiled() const { return summaryRow.has_value(); }
    std::optional<std::int64_t> headroomBytes() const;
    std::optional<double> usedPercent() const;
};

// A kernel compiled in several configs: one table of them, largest first.
struct ConfigEnvelope {
    std::string kernel;
    std::string core;
    std::string target;
    std::vector<std::string> names; // the constexprs, in the kernel's order
    std::vector<EnvelopeRow> rows;  // compiled and re-planned, largest values first
    // Why no config was re-planned, in one phrase ("" when memlens re-planned, or had nothing to add).
    std::string replanNote;
};

// "fits", "overflows", "not_planned", "error" (the JSON values).
const char* rowStatusKey(RowStatus status);
// "dump", "compile_log", "cache_metadata".
const char* rowSourceKey(RowSource source);

// Where a row stands in the summary: overflowing first (the most short first), then by headroom,
// least first; rows without numbers after them (not planned, then errors), then by kernel and core.
bool rowComesBefore(const RunRow& a, const RunRow& b);

} // namespace memlens
