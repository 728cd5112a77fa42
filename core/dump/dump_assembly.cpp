#include "core/dump/dump_assembly.hpp"

#include "core/dump/dump_error.hpp"
#include "core/dump/record_folding.hpp"

#include <filesystem>

namespace memlens {

namespace {

void expandBlocks(const std::string& file, ScopePlan& scope)
{
    std::size_t total = 0;
    for (const auto& buffer : scope.buffers) {
        // A block keeps its copy's index in 31 bits (Block::copy).
        if (buffer.offsets.size() > kMaxBufferCopies)
            throw DumpError(file, "Record",
                "scope '" + scope.scope + "': buffer " + buffer.ssaName + " has "
                    + std::to_string(buffer.offsets.size()) + " offsets; memlens reads at most "
                    + std::to_string(kMaxBufferCopies));
        total += buffer.offsets.size();
    }
    scope.blocks.reserve(total);
    for (std::size_t b = 0; b < scope.buffers.size(); ++b) {
        const Buffer& buffer = scope.buffers[b];
        for (std::size_t c = 0; c < buffer.offsets.size(); ++c) {
            Block block;
            block.bufferIndex = static_cast<int>(b);
            block.copy = static_cast<int>(c);
            block.offset = buffer.offsets[c];
            block.size = buffer.sizeBytes;
            block.start = buffer.lifeStart;
            block.end = buffer.lifeEnd;
            block.tmp = buffer.isTmp;
            scope.blocks.push_back(block);
        }
    }
}

void setNumber(FieldValue& value, std::int64_t number)
{
    value.kind = number < 0 ? FieldValue::Kind::Negative : FieldValue::Kind::Unsigned;
    value.negative = number;
    value.number = static_cast<std::uint64_t>(number);
}

void setList(BufferFields& fields, BufferFields::Key key, const std::vector<std::int64_t>& numbers)
{
    fields.values[key].kind = FieldValue::Kind::Array;
    for (const std::int64_t number : numbers)
        setNumber(fields.nextItem(key), number);
}

} // namespace

void finishScopes(Dump& dump)
{
    bool folded = false;
    for (auto& scope : dump.scopes) {
        scope.foldedRecords = foldRepeatedRecords(scope);
        folded = folded || scope.foldedRecords > 0;
        expandBlocks(dump.file, scope);
    }
    if (folded)
        renumberBuffers(dump);
}

CoreKind coreKindFromFileName(const std::string& path)
{
    const std::string name = std::filesystem::path(path).filename().string();
    if (name.find("_aiv") != std::string::npos || name.find("-aiv") != std::string::npos)
        return CoreKind::Vector;
    if (name.find("_aic") != std::string::npos || name.find("-aic") != std::string::npos)
        return CoreKind::Cube;
    return CoreKind::Unknown;
}

DumpAssembly::DumpAssembly(std::string file, std::string kernel)
{
    dump_.file = std::move(file);
    dump_.kernel = std::move(kernel);
}

void DumpAssembly::beginScope(const std::string& scope, const std::string& status, const std::string& error)
{
    ScopePlan& plan = scopes_.emplace_back();
    plan.scope = scope;
    plan.status = status;
    plan.error = error;
}

void DumpAssembly::addBuffer(const BufferRecord& record)
{
    fields_.clear();
    fields_.values[BufferFields::BufferText].kind = FieldValue::Kind::String;
    fields_.values[BufferFields::BufferText].text = record.bufferText;
    std::vector<std::int64_t> offsets;
    for (const std::uint64_t offset : record.offsets)
        offsets.push_back(static_cast<std::int64_t>(offset));
    setList(fields_, BufferFields::Offset, offsets);
    setNumber(fields_.values[BufferFields::Extent], static_cast<std::int64_t>(record.extentBits));
    setNumber(fields_.values[BufferFields::AllocTime], record.allocTime);
    setList(fields_, BufferFields::Life, {record.lifeStart, record.lifeEnd});
    fields_.values[BufferFields::Location].kind = FieldValue::Kind::String;
    fields_.values[BufferFields::Location].text = record.location;
    fields_.values[BufferFields::IsTmp].kind = FieldValue::Kind::Boolean;
    fields_.values[BufferFields::IsTmp].boolean = record.tmp;
    ScopePlan& scope = scopes_.back();
    const std::size_t scopeIndex = scopes_.size() - 1;
    const std::size_t index = scope.buffers.size();
    const auto path = [scopeIndex, index] {
        return "Record[" + std::to_string(scopeIndex) + "].memory_info_array[" + std::to_string(index) + "]";
    };
    scope.buffers.push_back(convertBuffer(fields_, dump_.file, path, nextId_++, warnings_, sharedTexts_));
}

Dump DumpAssembly::finish()
{
    if (scopes_.empty()) // as a dump file without records is refused
        throw DumpError(dump_.file, "Record", "the dump has no memory records");
    dump_.scopes = std::move(scopes_);
    scopes_ = {};
    finishScopes(dump_);
    warnings_.flush();
    dump_.core = coreKindFromFileName(dump_.file);
    return std::move(dump_);
}

} // namespace memlens
