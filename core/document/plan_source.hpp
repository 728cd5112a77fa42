#pragma once
// Where a document's plan came from. The word for each is written here once (inspect's
// "plan_source"); code asks the value.
namespace memlens {

enum class PlanSource {
    Dump,        // the compiler's memory dump
    Memlens,     // memlens planned the IR or the log's section
    CompilerLog, // the compiler's offsets, read from the log's section after its planner, with memlens's Lives
};

inline const char* planSourceName(PlanSource source)
{
    switch (source) {
    case PlanSource::Memlens: return "memlens";
    case PlanSource::CompilerLog: return "compiler_log";
    case PlanSource::Dump: break;
    }
    return "dump";
}

} // namespace memlens
