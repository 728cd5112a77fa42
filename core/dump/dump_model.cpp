#include "core/dump/dump_model.hpp"

#include "core/dump/memref_type.hpp"

namespace memlens {

namespace {
const std::string kNoText;
const std::vector<std::int64_t> kNoShape;
} // namespace

const std::string& Buffer::memrefType() const { return type ? type->text : kNoText; }
const std::vector<std::int64_t>& Buffer::shape() const { return type ? type->shape : kNoShape; }
const std::string& Buffer::elementType() const { return type ? type->elementType : kNoText; }
const std::string& Buffer::location() const { return sourceLocation ? *sourceLocation : kNoText; }

namespace {
constexpr std::string_view kAllocText = " = memref.alloc() : ";
} // namespace

std::string Buffer::bufferText() const
{
    if (!bufferTextRebuilt)
        return irregularText ? *irregularText : std::string();
    std::string text;
    text.reserve(ssaName.size() + kAllocText.size() + memrefType().size());
    text.append(ssaName).append(kAllocText).append(memrefType());
    return text;
}

void Buffer::setBufferText(std::string text)
{
    irregularText = SharedConst<std::string>::make(std::move(text));
    bufferTextRebuilt = false;
}

void Buffer::keepBufferTextIfIrregular(std::string_view text)
{
    const std::string& type = memrefType();
    bufferTextRebuilt = !ssaName.empty() && !type.empty()
        && text.size() == ssaName.size() + kAllocText.size() + type.size() && text.starts_with(ssaName)
        && text.substr(ssaName.size(), kAllocText.size()) == kAllocText && text.ends_with(type);
    if (bufferTextRebuilt)
        irregularText.reset();
    else
        irregularText = SharedConst<std::string>::make(text);
}

void Buffer::setLocation(std::string text) { sourceLocation = std::make_shared<const std::string>(std::move(text)); }

void Buffer::setType(std::string_view typeText) { type = SharedConst<BufferType>::make(describeMemrefType(typeText)); }

const ScopePlan* Dump::findScope(const std::string& name) const
{
    for (const auto& scope : scopes)
        if (scope.scope == name)
            return &scope;
    return nullptr;
}

std::size_t Dump::blockCount() const
{
    std::size_t count = 0;
    for (const auto& scope : scopes)
        count += scope.blocks.size();
    return count;
}

const char* coreKindName(CoreKind kind)
{
    switch (kind) {
    case CoreKind::Vector: return "aiv";
    case CoreKind::Cube: return "aic";
    case CoreKind::Unknown: break;
    }
    return nullptr;
}

} // namespace memlens
