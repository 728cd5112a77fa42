#include "support/inspect_tree.hpp"

#include "core/document/kernel_folder.hpp"
#include "core/document/plan_document.hpp"
#include "core/source/frame_json.hpp"

namespace memlens::test {

namespace {

using ojson = nlohmann::ordered_json;

ojson opNameJson(const CompileLog& log, std::int64_t index)
{
    const LogOp* op = log.op(index);
    return op ? ojson(op->name) : ojson(nullptr);
}

ojson blockJson(const ScopePlan& scope, const PlanAnalysis& analysis, const Block& block, const BlockSource* source,
    const CompileLog* log)
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
    if (log) { // with a compile log: the ops the Life runs from and to
        out["start_op"] = opNameJson(*log, block.start);
        out["end_op"] = opNameJson(*log, block.end);
    }
    out["location"] = buffer.location();
    out["ir"] = nullptr;
    out["python"] = nullptr;
    out["python_frames"] = ojson::array();
    if (source) {
        if (source->ir)
            out["ir"] = {{"file", source->ir->file}, {"line", source->ir->line}};
        if (source->python)
            out["python"] = sourceFrameJson(*source->python, source->pythonLocalPath);
        for (const SourceFrame& frame : source->pythonFrames)
            out["python_frames"].push_back(sourceFrameJson(
                frame, source->python && frame.file == source->python->file ? source->pythonLocalPath : std::string()));
        if (!source->note.empty())
            out["source_note"] = source->note;
    }
    return out;
}

ojson blockJsonAt(const PlanDocument& document, std::size_t scopeIndex, std::size_t blockIndex)
{
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    const Block& block = scope.blocks[blockIndex];
    return blockJson(
        scope, document.analyses[scopeIndex], block, document.sourceOf(scopeIndex, block), document.log.get());
}

ojson scopeJson(const PlanDocument& document, std::size_t scopeIndex)
{
    ojson out = inspectScopeHeadJson(document, scopeIndex);
    ojson blocks = ojson::array();
    for (std::size_t b = 0; b < document.dump.scopes[scopeIndex].blocks.size(); ++b)
        blocks.push_back(blockJsonAt(document, scopeIndex, b));
    out["blocks"] = std::move(blocks);
    ojson tail = inspectScopeTailJson(document, scopeIndex);
    for (auto& [key, value] : tail.items())
        out[key] = std::move(value);
    return out;
}

} // namespace

ojson inspectJson(const PlanDocument& document, const std::optional<std::string>& onlyScope)
{
    ojson out = inspectFileHeadJson(document);
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

ojson folderInspectJson(const KernelFolder& kernel, const std::optional<std::string>& onlyScope)
{
    ojson out;
    out["folder"] = kernel.folder;
    out["kernel"] = kernel.kernel;
    out["dumps"] = ojson::array();
    for (const PlanDocument& document : kernel.documents)
        out["dumps"].push_back(inspectJson(document, onlyScope));
    out["notes"] = kernel.notes;
    return out;
}

} // namespace memlens::test
