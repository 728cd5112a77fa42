#pragma once
// A plan memlens computes itself: an IR file (.mlir, .ttadapter) or a compile log that
// holds "IR Dump Before PlanMemory" is planned as the compiler would plan it, and the
// result is a Dump in the compiler's format, which every command and the window open.
#include "core/dump/dump_model.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/source/mlir_location.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace memlens {

enum class InputKind { Dump, Ir, CompileLog };

// Decided by content: a JSON object (a dump), a log with a PlanMemory section, MLIR text
// with a func.func; anything else is treated as a dump, whose reader says what is wrong.
InputKind inputKindOf(std::string_view text);
// The same for a file: one that starts like JSON is a dump without reading further.
InputKind inputKindOfFile(const std::string& path);

// The IR of the last "IR Dump Before PlanMemory (hivm-plan-memory)" section of a compile
// log and the log's 1-based line of its first line; nullopt when `text` has none.
struct LogSection {
    std::string text;
    int firstLine = 1;
};
std::optional<LogSection> lastPlanMemorySection(const std::string& text);

struct ComputedDump {
    Dump dump;
    std::string target;   // the target planned for
    std::string function; // the function whose plan it is
    std::string note;     // which of several device functions was taken, "" when one
};

// Plans `text` (read from `path`, an IR or a compile log) and gives the dump the compiler
// would write for its first failing device function, else its first one. Locations
// point into `path`'s lines. Throws DumpError naming `path` when nothing can be planned.
ComputedDump computeDump(const std::string& text, const std::string& path);

// The IR's location aliases (#loc3 = loc(...)), parsed; a definition that does not parse
// is left out.
AliasTable locationAliasesOf(const planner::Module& module);

// memory_info_*.json as the compiler writes it for one planned function: each alloc's
// location printed inline (through `aliases`, as the compiler prints it); allocs
// without a location of their own point at their line of `irFile`.
nlohmann::json compilerDumpJson(
    const planner::FunctionPlan& plan, const std::string& irFile, const AliasTable* aliases = nullptr);
// "memory_info_aic.json", "memory_info_aiv.json" or "memory_info.json" by the core type.
std::string compilerDumpFileName(const std::string& coreType);

} // namespace memlens
