#include "core/dump/buffer_fields.hpp"

#include "core/dump/dump_error.hpp"
#include "core/dump/memref_type.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>

namespace memlens {

namespace {

constexpr std::uint64_t kMaxAddressBytes = 1ull << 40; // 1 TiB: anything above is not a plan
constexpr std::uint64_t kMaxExtentBits = kMaxAddressBytes * 8;
constexpr std::uint64_t kMaxOpIndex = 1ull << 40;
constexpr std::size_t kShownWarningsPerKind = 3;

constexpr std::array<std::string_view, BufferFields::KeyCount> kKeyNames
    = {"buffer", "offset", "extent", "alloc_time_in_ir", "life_time_in_ir", "source_location", "is_tmpbuf"};

// "an op position", "a byte offset".
std::string withArticle(const std::string& noun)
{
    const bool vowel = !noun.empty() && std::string_view("aeiou").find(noun.front()) != std::string_view::npos;
    return (vowel ? "an " : "a ") + noun;
}

// Checks of one field at a known path.
class Checker {
public:
    Checker(const std::string& file)
        : file_(file)
    {
    }

    [[noreturn]] void fail(const std::string& path, const std::string& problem) const
    {
        throw DumpError(file_, path, problem);
    }

    [[noreturn]] void expected(const std::string& path, const std::string& what, const FieldValue& found) const
    {
        fail(path, "expected " + what + ", found " + found.describe());
    }

    bool isInteger(const FieldValue& value) const
    {
        return value.kind == FieldValue::Kind::Negative || value.kind == FieldValue::Kind::Unsigned;
    }

    std::uint64_t unsignedValue(
        const FieldValue& value, const std::string& path, std::uint64_t limit, const char* what) const
    {
        if (value.kind == FieldValue::Kind::Negative)
            expected(path, std::string("a non-negative ") + what, value);
        if (value.kind != FieldValue::Kind::Unsigned)
            expected(path, std::string("an integer ") + what, value);
        if (value.number > limit)
            fail(path,
                "expected " + withArticle(what) + " of at most " + std::to_string(limit) + ", found "
                    + std::to_string(value.number));
        return value.number;
    }

private:
    const std::string& file_;
};

} // namespace

std::string withThousands(std::size_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

void RepeatedWarnings::warn(const std::string& kind, const std::string& message)
{
    if (refuse_)
        throw WarningRefused();
    auto it = std::find_if(counts_.begin(), counts_.end(), [&](const auto& entry) { return entry.first == kind; });
    if (it == counts_.end())
        it = counts_.insert(counts_.end(), {kind, 0});
    if (++it->second <= kShownWarningsPerKind)
        spdlog::warn("{}", message);
}

void RepeatedWarnings::flush()
{
    for (const auto& [kind, n] : counts_)
        if (n > kShownWarningsPerKind)
            spdlog::warn("... and {} more like it ({})", withThousands(n - kShownWarningsPerKind), kind);
    counts_.clear();
}

std::string FieldValue::describe() const
{
    using json = nlohmann::json;
    switch (kind) {
    case Kind::Missing: break;
    case Kind::Null: return "null";
    case Kind::Boolean: return std::string("a boolean (") + (boolean ? "true" : "false") + ")";
    case Kind::String: return "a string (\"" + (text.size() > 40 ? text.substr(0, 40) + "..." : text) + "\")";
    case Kind::Negative: return "a negative number (" + std::to_string(negative) + ")";
    case Kind::Unsigned: return "an integer (" + std::to_string(number) + ")";
    case Kind::Float: return "a number with a fraction (" + json(fraction).dump() + ")";
    case Kind::Array: return "an array";
    case Kind::Object: return "an object";
    }
    return "nothing";
}

FieldValue FieldValue::of(const nlohmann::json& value)
{
    using json = nlohmann::json;
    FieldValue out;
    switch (value.type()) {
    case json::value_t::null: out.kind = Kind::Null; break;
    case json::value_t::boolean:
        out.kind = Kind::Boolean;
        out.boolean = value.get<bool>();
        break;
    case json::value_t::string:
        out.kind = Kind::String;
        out.text = value.get<std::string>();
        break;
    case json::value_t::number_integer:
        if (value.get<std::int64_t>() < 0) {
            out.kind = Kind::Negative;
            out.negative = value.get<std::int64_t>();
        } else {
            out.kind = Kind::Unsigned;
            out.number = value.get<std::uint64_t>();
        }
        break;
    case json::value_t::number_unsigned:
        out.kind = Kind::Unsigned;
        out.number = value.get<std::uint64_t>();
        break;
    case json::value_t::number_float:
        out.kind = Kind::Float;
        out.fraction = value.get<double>();
        break;
    case json::value_t::array: out.kind = Kind::Array; break;
    case json::value_t::object: out.kind = Kind::Object; break;
    case json::value_t::binary:
    case json::value_t::discarded: out.kind = Kind::Null; break;
    }
    return out;
}

void BufferFields::clear()
{
    for (FieldValue& value : values)
        value.kind = FieldValue::Kind::Missing;
    offsetCount = 0;
    lifeCount = 0;
    seen = 0;
}

std::optional<BufferFields::Key> BufferFields::keyOf(std::string_view name)
{
    for (std::size_t i = 0; i < kKeyNames.size(); ++i)
        if (kKeyNames[i] == name)
            return static_cast<Key>(i);
    return std::nullopt;
}

FieldValue& BufferFields::nextItem(Key list)
{
    std::vector<FieldValue>& items = list == Offset ? offsetItems : lifeItems;
    std::size_t& count = list == Offset ? offsetCount : lifeCount;
    if (count == items.size())
        items.emplace_back();
    return items[count++];
}

BufferFields BufferFields::of(const nlohmann::json& object)
{
    BufferFields fields;
    for (std::size_t i = 0; i < kKeyNames.size(); ++i) {
        const auto it = object.find(std::string(kKeyNames[i]));
        if (it == object.end())
            continue;
        fields.values[i] = FieldValue::of(*it);
        if ((i == Offset || i == Life) && it->is_array())
            for (const auto& item : *it)
                fields.nextItem(static_cast<Key>(i)) = FieldValue::of(item);
    }
    return fields;
}

Buffer convertBuffer(BufferFields& fields, const std::string& file, const std::function<std::string()>& pathOf, int id,
    RepeatedWarnings& warnings, SharedTexts& shared)
{
    const Checker check(file);
    using Key = BufferFields::Key;
    const auto field = [&](Key key) -> const FieldValue& { return fields.values[key]; };
    // The value at `key`: present, else the error names the buffer's path.
    const auto required = [&](Key key, const char* name) -> const FieldValue& {
        if (!field(key).present())
            check.fail(pathOf(), std::string("missing key \"") + name + "\"");
        return field(key);
    };
    const auto at = [&](const char* member) { return pathOf() + member; };

    Buffer buffer;
    buffer.id = id;
    const FieldValue& textValue = required(Key::BufferText, "buffer");
    if (textValue.kind != FieldValue::Kind::String)
        check.expected(at(".buffer"), "a string", textValue);
    const std::string& text = textValue.text;
    const BufferTextParts parts = splitBufferText(text);
    buffer.ssaName = parts.ssaName.empty() ? text : std::string(parts.ssaName);
    if (!parts.typeText.empty())
        buffer.type = shared.type(parts.typeText);
    buffer.keepBufferTextIfIrregular(text);

    const FieldValue& extent = required(Key::Extent, "extent");
    buffer.extentBits = extent.kind == FieldValue::Kind::Unsigned && extent.number <= kMaxExtentBits
        ? extent.number
        : check.unsignedValue(extent, at(".extent"), kMaxExtentBits, "size in bits");
    buffer.sizeBytes = (buffer.extentBits + 7) / 8;

    const FieldValue& offsets = required(Key::Offset, "offset");
    if (check.isInteger(offsets)) {
        const std::string offsetPath = at(".offset");
        warnings.warn("a single number as offset",
            offsetPath + ": a single number where a list of offsets is usual; reading it as one offset");
        buffer.offsets.push_back(check.unsignedValue(offsets, offsetPath, kMaxAddressBytes, "byte offset"));
    } else if (offsets.kind == FieldValue::Kind::Array) {
        if (fields.offsetCount == 0)
            check.fail(at(".offset"), "expected at least one offset, found an empty list");
        buffer.offsets.reserve(fields.offsetCount);
        for (std::size_t i = 0; i < fields.offsetCount; ++i) {
            const FieldValue& item = fields.offsetItems[i];
            // The common case needs no path text.
            if (item.kind == FieldValue::Kind::Unsigned && item.number <= kMaxAddressBytes)
                buffer.offsets.push_back(item.number);
            else
                buffer.offsets.push_back(check.unsignedValue(
                    item, at(".offset[") + std::to_string(i) + "]", kMaxAddressBytes, "byte offset"));
        }
    } else {
        check.expected(at(".offset"), "a list of byte offsets", offsets);
    }
    for (std::size_t i = 0; i < buffer.offsets.size(); ++i)
        if (buffer.offsets[i] + buffer.sizeBytes > kMaxAddressBytes)
            check.fail(
                at(".offset[") + std::to_string(i) + "]", "offset + size exceeds 1 TiB, which no on-chip memory has");

    const FieldValue& life = required(Key::Life, "life_time_in_ir");
    const auto lifePath = [&] { return at(".life_time_in_ir"); };
    if (life.kind != FieldValue::Kind::Array)
        check.expected(lifePath(), "a list of two op positions [first, last]", life);
    if (fields.lifeCount != 2)
        check.fail(lifePath(),
            "expected a list of two op positions [first, last], found a list of " + std::to_string(fields.lifeCount));
    const auto opAt = [&](const FieldValue& value, const auto& where) {
        if (value.kind == FieldValue::Kind::Unsigned && value.number <= kMaxOpIndex)
            return static_cast<std::int64_t>(value.number);
        return static_cast<std::int64_t>(check.unsignedValue(value, where(), kMaxOpIndex, "op position"));
    };
    buffer.lifeStart = opAt(fields.lifeItems[0], [&] { return lifePath() + "[0]"; });
    buffer.lifeEnd = opAt(fields.lifeItems[1], [&] { return lifePath() + "[1]"; });
    if (buffer.lifeEnd < buffer.lifeStart)
        check.fail(lifePath(),
            "inverted Life: ends at " + std::to_string(buffer.lifeEnd) + " before it starts at "
                + std::to_string(buffer.lifeStart));

    buffer.allocTime = buffer.lifeStart;
    if (const FieldValue& alloc = field(Key::AllocTime); alloc.present()) {
        buffer.allocTime = opAt(alloc, [&] { return at(".alloc_time_in_ir"); });
        if (buffer.allocTime != buffer.lifeStart)
            warnings.warn("alloc_time_in_ir differs from the Life's start",
                at(".alloc_time_in_ir is ") + std::to_string(buffer.allocTime) + " but the Life starts at "
                    + std::to_string(buffer.lifeStart));
    }
    if (const FieldValue& location = field(Key::Location); location.present()) {
        if (location.kind != FieldValue::Kind::String)
            check.expected(at(".source_location"), "a string", location);
        buffer.sourceLocation = shared.location(location.text);
    }
    if (const FieldValue& tmp = field(Key::IsTmp); tmp.present()) {
        if (tmp.kind != FieldValue::Kind::Boolean)
            check.expected(at(".is_tmpbuf"), "true or false", tmp);
        buffer.isTmp = tmp.boolean;
    }
    return buffer;
}

} // namespace memlens
