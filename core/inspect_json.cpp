#include "core/inspect_json.hpp"

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

template <typename T>
ojson optionalValue(const std::optional<T>& value)
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
            out["python_frames"].push_back(frameJson(frame, source->python && frame.file == source->python->file ? source->pythonLocalPath : std::string()));
        if (!source->note.empty())
            out["source_note"] = source->note;
    }
    return out;
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
    ojson blocks = ojson::array();
    for (const Block& block : scope.blocks)
        blocks.push_back(blockJson(scope, analysis, block, document.sourceOf(scopeIndex, block)));
    out["blocks"] = std::move(blocks);
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

nlohmann::ordered_json pythonFrameJson(const SourceFrame& frame, const std::string& localPath) { return frameJson(frame, localPath); }

} // namespace memlens
