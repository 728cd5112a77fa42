#include "core/inspect_json.hpp"

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

template <typename T>
ojson optionalValue(const std::optional<T>& value)
{
    return value ? ojson(*value) : ojson(nullptr);
}

ojson blockJson(const ScopePlan& scope, const PlanAnalysis& analysis, const Block& block)
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
    return out;
}

ojson scopeJson(const ScopePlan& scope, const PlanAnalysis& analysis)
{
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
        blocks.push_back(blockJson(scope, analysis, block));
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
        scopes.push_back(scopeJson(scope, document.analyses[i]));
    }
    out["scopes"] = std::move(scopes);
    return out;
}

} // namespace memlens
