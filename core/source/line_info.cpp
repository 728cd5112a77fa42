#include "core/source/line_info.hpp"

#include "core/source/file_finder.hpp"

namespace memlens {

namespace {

// Every location of the dump points into an IR file (and there is one at least).
bool dumpPointsOnlyIntoIr(const Dump& dump)
{
    const LocationResolver plain;
    bool any = false;
    for (const ScopePlan& scope : dump.scopes)
        for (const Buffer& buffer : scope.buffers) {
            const ResolvedLocation resolved = resolveLocationText(buffer.location(), plain);
            if (resolved.chain.empty())
                continue;
            if (!looksLikeIrFile(resolved.chain.front().file))
                return false;
            any = true;
        }
    return any;
}

} // namespace

bool irHasSourceLocations(const IrIndex& ir)
{
    for (int line = 1; line <= ir.lineCount(); ++line)
        if (const ResolvedLocation* at = ir.locationAt(line))
            for (const SourceFrame& frame : at->chain)
                if (!frame.file.empty() && !looksLikeIrFile(frame.file))
                    return true;
    return false;
}

LineInfo detectLineInfo(const Dump& dump, const IrIndex* ir, const std::vector<ScopeSources>& sources)
{
    for (const auto& scope : sources)
        for (const BlockSource& source : scope)
            if (source.python)
                return LineInfo::Present;
    // A dump pointing into its IR means the IR had no locations of its own when compiled;
    // with the IR at hand, that IR must carry no Python locations either.
    if (!dumpPointsOnlyIntoIr(dump))
        return LineInfo::Unknown;
    if (ir && irHasSourceLocations(*ir))
        return LineInfo::Unknown;
    return LineInfo::Missing;
}

const char* lineInfoKey(LineInfo info)
{
    switch (info) {
    case LineInfo::Present: return "true";
    case LineInfo::Missing: return "false";
    case LineInfo::Unknown: break;
    }
    return "unknown";
}

} // namespace memlens
