#include "core/inspect_json.hpp"

#include "core/diagnosis_json.hpp"

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

template <typename T> ojson optionalValue(const std::optional<T>& value)
{
    return value ? ojson(*value) : ojson(nullptr);
}

ojson frameJson(const SourceFrame& frame, const std::string& localPath)
{
    ojson out;
    out["file"] = localPath.empty() ? frame.file : localPath;
    out["line"] = frame.line;
    out["column"] = frame.column;
    out["name"] = frame.name.empty() ? ojson(nullptr) : ojson(frame.name);
    out["location_file"] = frame.file; // as the compiler wrote it
    return out;
}

// Storage truth (issue 10): a block's storage; a scope's holes at the peak address and its overlaps.
ojson blockPairKey(const ScopePlan& scope, int blockIndex)
{
    const Block& block = scope.blocks[static_cast<std::size_t>(blockIndex)];
    return ojson::array({scope.bufferOf(block).id, block.copy});
}

ojson fragmentationJson(const PlanAnalysis& analysis)
{
    if (!analysis.fragmentation)
        return nullptr;
    const AddressSnapshot& at = *analysis.fragmentation;
    ojson out;
    out["at"] = at.op;
    out["high_address_bytes"] = at.highAddress;
    out["live_bytes"] = at.liveBytes;
    out["hole_bytes"] = at.holeBytes();
    out["largest_hole"] = at.largestHole ? ojson::array({at.largestHole->start, at.largestHole->end}) : ojson(nullptr);
    return out;
}

ojson overlapsJson(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    ojson out = ojson::array();
    for (const Overlap& overlap : analysis.overlaps)
        out.push_back({{"a", blockPairKey(scope, overlap.a)}, {"b", blockPairKey(scope, overlap.b)},
            {"from_op", overlap.fromOp}, {"to_op", overlap.toOp}, {"bytes", overlap.bytes}});
    return out;
}

ojson blockJson(const ScopePlan& scope, const PlanAnalysis& analysis, const Block& block, const BlockSource* source)
{
    const Buffer& buffer = scope.bufferOf(block);
    ojson out;
    out["id"] = buffer.id;
    out["buffer"] = buffer.ssaName;
    out["copy"] = block.copy;
    out["offset"] = block.offset;
    out["size"] = block.size;
    out["start"] = block.start;
    out["end"] = block.end;
    out["tmp"] = block.tmp;
    out["over_capacity"] = analysis.isOverCapacity(block);
    out["storage"] = analysis.storageOf(static_cast<int>(&block - scope.blocks.data()));
    out["location"] = buffer.location;
    out["ir"] = nullptr;
    out["python"] = nullptr;
    out["python_frames"] = ojson::array();
    if (source) {
        if (source->ir)
            out["ir"] = {{"file", source->ir->file}, {"line", source->ir->line}};
        if (source->python)
            out["python"] = frameJson(*source->python, source->pythonLocalPath);
        for (const SourceFrame& frame : source->pythonFrames)
            out["python_frames"].push_back(frameJson(
                frame, source->python && frame.file == source->python->file ? source->pythonLocalPath : std::string()));
        if (!source->note.empty())
            out["source_note"] = source->note;
    }
    return out;
}

// Notes on a scope that hold for the whole kernel (compiled without line info).
ojson scopeNotes(const PlanDocument& document)
{
    ojson notes = ojson::array();
    if (document.lineInfo == LineInfo::Missing)
        notes.push_back(kNoLineInfoNote);
    return notes;
}

// Where the IR came from (or why there is none) and whether Python lines can be known.
void addIrFacts(ojson& out, const PlanDocument& document)
{
    out["ir_note"] = document.irNote.empty() ? ojson(nullptr) : ojson(document.irNote);
    out["line_info"]
        = document.lineInfo == LineInfo::Unknown ? ojson(nullptr) : ojson(document.lineInfo == LineInfo::Present);
}

ojson scopeJson(const PlanDocument& document, std::size_t scopeIndex)
{
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    const PlanAnalysis& analysis = document.analyses[scopeIndex];
    ojson out;
    out["scope"] = scope.scope;
    out["status"] = optionalValue(scope.status);
    out["error"] = scope.error;
    out["capacity_bytes"] = analysis.capacity.bytes;
    out["capacity_source"] = capacitySourceKey(analysis.capacity.source);
    out["peak_live_bytes"] = analysis.peakLiveBytes;
    out["peak_live_at"] = optionalValue(analysis.peakLiveAt);
    out["peak_address_bytes"] = analysis.peakAddressBytes;
    out["overflow"] = analysis.overflow;
    out["first_overflow_at"] = optionalValue(analysis.firstOverflowAt);
    out["fragmentation"] = fragmentationJson(analysis);
    out["overlaps"] = overlapsJson(scope, analysis);
    if (analysis.overlapCount > analysis.overlaps.size()) // "overlaps" kept only the first ones
        out["overlap_count"] = analysis.overlapCount;
    ojson blocks = ojson::array();
    for (const Block& block : scope.blocks)
        blocks.push_back(blockJson(scope, analysis, block, document.sourceOf(scopeIndex, block)));
    out["blocks"] = std::move(blocks);
    out["diagnosis"] = diagnosisJson(document, scopeIndex);
    out["notes"] = scopeNotes(document);
    return out;
}

} // namespace

ojson inspectJson(const PlanDocument& document, const std::optional<std::string>& onlyScope)
{
    ojson out;
    out["file"] = document.dump.file;
    out["kernel"] = document.dump.kernel;
    const char* core = coreKindName(document.dump.core);
    out["core"] = core ? ojson(core) : ojson(nullptr);
    out["ir_file"] = document.irFile.empty() ? ojson(nullptr) : ojson(document.irFile);
    addIrFacts(out, document);
    ojson scopes = ojson::array();
    for (std::size_t i = 0; i < document.dump.scopes.size(); ++i) {
        const ScopePlan& scope = document.dump.scopes[i];
        if (onlyScope && scope.scope != *onlyScope)
            continue;
        scopes.push_back(scopeJson(document, i));
    }
    out["scopes"] = std::move(scopes);
    return out;
}

} // namespace memlens

namespace memlens {

nlohmann::ordered_json pythonFrameJson(const SourceFrame& frame, const std::string& localPath)
{
    return frameJson(frame, localPath);
}

} // namespace memlens
