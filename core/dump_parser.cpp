#include "core/dump_parser.hpp"

#include "core/dump_error.hpp"
#include "core/memref_type.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace memlens {

namespace {

using json = nlohmann::json;

constexpr std::uint64_t kMaxAddressBytes = 1ull << 40; // 1 TiB: anything above is not a plan
constexpr std::uint64_t kMaxExtentBits = kMaxAddressBytes * 8;
constexpr std::int64_t kMaxOpIndex = std::int64_t(1) << 40;
constexpr std::size_t kMaxDepth = 64;
constexpr std::size_t kShownWarningsPerKind = 3;

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

// Repeated warnings of one kind are logged a few times, then only counted: a
// dump of 100k scopes without "scope" must not print 100k lines.
class RepeatedWarnings {
public:
    void warn(const std::string& kind, const std::string& message)
    {
        auto [it, inserted] = counts_.try_emplace(kind, 0);
        if (inserted)
            order_.push_back(kind);
        if (++it->second <= kShownWarningsPerKind)
            spdlog::warn("{}", message);
    }
    // "... and 99,999 more like it" for every kind that was cut short.
    void flush()
    {
        for (const std::string& kind : order_)
            if (const std::size_t n = counts_[kind]; n > kShownWarningsPerKind)
                spdlog::warn("... and {} more like it ({})", withThousands(n - kShownWarningsPerKind), kind);
        counts_.clear();
        order_.clear();
    }

private:
    std::unordered_map<std::string, std::size_t> counts_;
    std::vector<std::string> order_;
};

// "an op position", "a byte offset".
std::string withArticle(const std::string& noun)
{
    const bool vowel = !noun.empty() && std::string_view("aeiou").find(noun.front()) != std::string_view::npos;
    return (vowel ? "an " : "a ") + noun;
}

std::string describeFound(const json& value)
{
    switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return std::string("a boolean (") + (value.get<bool>() ? "true" : "false") + ")";
    case json::value_t::string: {
        std::string text = value.get<std::string>();
        if (text.size() > 40)
            text = text.substr(0, 40) + "...";
        return "a string (\"" + text + "\")";
    }
    case json::value_t::number_integer:
        return value.get<std::int64_t>() < 0 ? "a negative number (" + std::to_string(value.get<std::int64_t>()) + ")"
                                             : "an integer (" + value.dump() + ")";
    case json::value_t::number_unsigned: return "an integer (" + value.dump() + ")";
    case json::value_t::number_float: return "a number with a fraction (" + value.dump() + ")";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::binary: return "binary data";
    case json::value_t::discarded: break;
    }
    return "nothing";
}

bool meansNoError(std::string_view text)
{
    static constexpr std::string_view none = "none";
    if (text.size() != none.size())
        return text.empty();
    for (std::size_t i = 0; i < none.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != none[i])
            return false;
    return true;
}

// Checks of one JSON value at a known path.
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

    [[noreturn]] void expected(const std::string& path, const std::string& what, const json& found) const
    {
        fail(path, "expected " + what + ", found " + describeFound(found));
    }

    const json& require(const json& object, const std::string& path, const char* key) const
    {
        const auto it = object.find(key);
        if (it == object.end())
            fail(path, std::string("missing key \"") + key + "\"");
        return *it;
    }

    std::uint64_t unsignedValue(const json& value, const std::string& path, std::uint64_t limit, const char* what) const
    {
        if (value.is_number_integer() && !value.is_number_unsigned() && value.get<std::int64_t>() < 0)
            expected(path, std::string("a non-negative ") + what, value);
        if (!value.is_number_integer())
            expected(path, std::string("an integer ") + what, value);
        const std::uint64_t number = value.get<std::uint64_t>();
        if (number > limit)
            fail(path,
                "expected " + withArticle(what) + " of at most " + std::to_string(limit) + ", found "
                    + std::to_string(number));
        return number;
    }

    std::string stringValue(const json& value, const std::string& path) const
    {
        if (!value.is_string())
            expected(path, "a string", value);
        return value.get<std::string>();
    }

private:
    const std::string& file_;
};

Buffer convertBuffer(const json& object, const std::string& path, int id, const Checker& check,
    std::set<std::string>& warnedKeys, RepeatedWarnings& warnings)
{
    if (!object.is_object())
        check.expected(path, "a buffer object", object);

    Buffer buffer;
    buffer.id = id;
    buffer.bufferText = check.stringValue(check.require(object, path, "buffer"), path + ".buffer");
    const MemrefDescription description = describeBufferText(buffer.bufferText);
    buffer.ssaName = description.ssaName.empty() ? buffer.bufferText : description.ssaName;
    buffer.shape = description.shape;
    buffer.elementType = description.elementType;
    buffer.memrefType = description.typeText;

    buffer.extentBits
        = check.unsignedValue(check.require(object, path, "extent"), path + ".extent", kMaxExtentBits, "size in bits");
    buffer.sizeBytes = (buffer.extentBits + 7) / 8;

    const json& offsets = check.require(object, path, "offset");
    const std::string offsetPath = path + ".offset";
    if (offsets.is_number_integer()) {
        warnings.warn("a single number as offset",
            offsetPath + ": a single number where a list of offsets is usual; reading it as one offset");
        buffer.offsets.push_back(check.unsignedValue(offsets, offsetPath, kMaxAddressBytes, "byte offset"));
    } else if (offsets.is_array()) {
        if (offsets.empty())
            check.fail(offsetPath, "expected at least one offset, found an empty list");
        for (std::size_t i = 0; i < offsets.size(); ++i)
            buffer.offsets.push_back(check.unsignedValue(
                offsets[i], offsetPath + "[" + std::to_string(i) + "]", kMaxAddressBytes, "byte offset"));
    } else {
        check.expected(offsetPath, "a list of byte offsets", offsets);
    }
    for (std::size_t i = 0; i < buffer.offsets.size(); ++i)
        if (buffer.offsets[i] + buffer.sizeBytes > kMaxAddressBytes)
            check.fail(
                offsetPath + "[" + std::to_string(i) + "]", "offset + size exceeds 1 TiB, which no on-chip memory has");

    const json& life = check.require(object, path, "life_time_in_ir");
    const std::string lifePath = path + ".life_time_in_ir";
    if (!life.is_array())
        check.expected(lifePath, "a list of two op positions [first, last]", life);
    if (life.size() != 2)
        check.fail(lifePath,
            "expected a list of two op positions [first, last], found a list of " + std::to_string(life.size()));
    buffer.lifeStart
        = static_cast<std::int64_t>(check.unsignedValue(life[0], lifePath + "[0]", kMaxOpIndex, "op position"));
    buffer.lifeEnd
        = static_cast<std::int64_t>(check.unsignedValue(life[1], lifePath + "[1]", kMaxOpIndex, "op position"));
    if (buffer.lifeEnd < buffer.lifeStart)
        check.fail(lifePath,
            "inverted Life: ends at " + std::to_string(buffer.lifeEnd) + " before it starts at "
                + std::to_string(buffer.lifeStart));

    buffer.allocTime = buffer.lifeStart;
    if (const auto it = object.find("alloc_time_in_ir"); it != object.end()) {
        buffer.allocTime = static_cast<std::int64_t>(
            check.unsignedValue(*it, path + ".alloc_time_in_ir", kMaxOpIndex, "op position"));
        if (buffer.allocTime != buffer.lifeStart)
            warnings.warn("alloc_time_in_ir differs from the Life's start",
                path + ".alloc_time_in_ir is " + std::to_string(buffer.allocTime) + " but the Life starts at "
                    + std::to_string(buffer.lifeStart));
    }
    if (const auto it = object.find("source_location"); it != object.end())
        buffer.location = check.stringValue(*it, path + ".source_location");
    if (const auto it = object.find("is_tmpbuf"); it != object.end()) {
        if (!it->is_boolean())
            check.expected(path + ".is_tmpbuf", "true or false", *it);
        buffer.isTmp = it->get<bool>();
    }

    static const std::set<std::string> known
        = {"buffer", "offset", "extent", "alloc_time_in_ir", "life_time_in_ir", "source_location", "is_tmpbuf"};
    for (const auto& item : object.items())
        if (!known.count(item.key()) && warnedKeys.insert(item.key()).second)
            warnings.warn("unknown key", path + ": ignoring unknown key \"" + item.key() + "\"");
    return buffer;
}

// Builds a small JSON tree of everything but the buffer objects, which it converts
// one by one as each closes. Tracks the JSON path of the value being read.
class DumpSaxHandler : public nlohmann::json_sax<json> {
public:
    DumpSaxHandler(const std::string& file)
        : file_(file)
        , check_(file)
    {
    }

    void setCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

    bool null() override { return addValue(json(nullptr)); }
    bool boolean(bool value) override { return addValue(json(value)); }
    bool number_integer(number_integer_t value) override { return addValue(json(value)); }
    bool number_unsigned(number_unsigned_t value) override { return addValue(json(value)); }
    bool number_float(number_float_t value, const string_t& raw) override
    {
        // A whole number past 64 bits arrives here: it has no fraction, it is too large.
        if (raw.find_first_of(".eE") == string_t::npos)
            check_.fail(currentPath(),
                "a whole number too large to read (" + (raw.size() > 40 ? raw.substr(0, 40) + "..." : raw) + ")");
        return addValue(json(value));
    }
    bool string(string_t& value) override
    {
        checkLength(value, "string");
        return addValue(json(std::move(value)));
    }
    // Nothing in a dump is near this long; a longer string is not a plan and
    // would cost time and memory in every step after parsing.
    void checkLength(const std::string& text, const char* what) const
    {
        if (text.size() <= kMaxDumpStringBytes)
            return;
        std::string path;
        if (std::string_view(what) == "key") {
            // The key's own path: its object's path and the key (shortened).
            path = pathOf(frames_.size() - 1);
            path += (path.empty() ? "" : ".") + text.substr(0, 40) + "...";
        } else if (!frames_.empty()) {
            path = currentPath();
        }
        check_.fail(path,
            std::string("a ") + what + " of " + withThousands(text.size()) + " bytes, longer than the "
                + withThousands(kMaxDumpStringBytes) + " bytes memlens reads");
    }

    bool binary(binary_t&) override { check_.fail(currentPath(), "unexpected binary value"); }

    bool start_object(std::size_t) override { return openContainer(json::object()); }
    bool start_array(std::size_t) override { return openContainer(json::array()); }
    bool key(string_t& name) override
    {
        Frame& top = frames_.back();
        checkLength(name, "key");
        // A repeated key would silently merge or replace data (two memory_info_array lists).
        if (!top.keys.insert(name).second)
            check_.fail(pathOf(frames_.size() - 1) + (frames_.size() > 1 ? "." : "") + name,
                "the key appears twice in one object");
        top.key = name;
        return true;
    }
    bool end_object() override { return closeContainer(); }
    bool end_array() override { return closeContainer(); }

    bool parse_error(
        std::size_t position, const std::string& lastToken, const nlohmann::detail::exception& error) override
    {
        std::string reason = error.what();
        // nlohmann's text starts with "[json.exception.parse_error.101] parse error at line 1, column 2: "
        if (const std::size_t colon = reason.find(": ");
            colon != std::string::npos && reason.rfind("[json.exception", 0) == 0)
            reason = reason.substr(colon + 2);
        std::string token = lastToken.size() > 30 ? lastToken.substr(0, 30) + "..." : lastToken;
        const std::string where = frames_.empty() ? std::string() : currentPath();
        check_.fail(where, "invalid JSON at byte " + std::to_string(position) + " (near '" + token + "'): " + reason);
    }

    Dump finish()
    {
        Dump dump;
        dump.file = file_;
        if (!root_.is_object())
            check_.expected("", "a JSON object with \"Header\" and \"Record\"", root_);
        if (const auto header = root_.find("Header"); header != root_.end()) {
            if (!header->is_object())
                check_.expected("Header", "an object", *header);
            if (const auto name = header->find("KernelName"); name != header->end())
                dump.kernel = check_.stringValue(*name, "Header.KernelName");
            else
                spdlog::warn("Header has no KernelName");
        } else {
            spdlog::warn("the dump has no Header; the kernel name is unknown");
        }
        const auto record = root_.find("Record");
        if (record == root_.end())
            check_.fail("", "missing key \"Record\"");
        if (!record->is_array())
            check_.expected("Record", "a list of memory scopes", *record);
        if (scopes_.empty() && !sawFlatBuffer_)
            check_.fail("Record", "the dump has no memory records");
        dump.flatLayout = sawFlatBuffer_;
        if (sawFlatBuffer_) {
            ScopePlan scope;
            scope.scope = "ub";
            scope.buffers = std::move(flatBuffers_);
            scopes_.clear();
            scopes_.push_back(std::move(scope));
        }
        dump.scopes = std::move(scopes_);
        for (auto& scope : dump.scopes)
            expandBlocks(scope);
        warnings_.flush();
        return dump;
    }

private:
    struct Frame {
        json* container = nullptr;
        std::string key;                      // current key when the container is an object
        std::unordered_set<std::string> keys; // every key seen in the object, to refuse repeats
        std::size_t count = 0;                // values seen when it is an array
        bool isBufferElement = false;
        bool isScopeRecord = false;
    };

    static void expandBlocks(ScopePlan& scope)
    {
        std::size_t total = 0;
        for (const auto& buffer : scope.buffers)
            total += buffer.offsets.size();
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

    std::string pathOf(std::size_t depth) const
    {
        std::string path;
        for (std::size_t i = 0; i < depth && i < frames_.size(); ++i) {
            const Frame& frame = frames_[i];
            if (frame.container->is_array()) {
                path += "[" + std::to_string(frame.count) + "]";
            } else {
                if (!path.empty())
                    path += ".";
                path += frame.key;
            }
        }
        return path;
    }
    std::string currentPath() const { return pathOf(frames_.size()); }

    // Where in the layout the value about to be read sits.
    bool atScopeRecord() const
    {
        return frames_.size() == 2 && frames_[0].key == "Record" && frames_[1].container->is_array();
    }
    bool atBufferElement() const
    {
        return frames_.size() == 4 && frames_[0].key == "Record" && frames_[1].container->is_array()
            && frames_[2].key == "memory_info_array" && frames_[3].container->is_array();
    }

    // Every few thousand values, look whether the load was cancelled.
    void pollCancel()
    {
        if (cancel_ && (++events_ & 4095) == 0 && cancel_->load(std::memory_order_relaxed))
            throw LoadCancelled();
    }

    bool addValue(json value)
    {
        pollCancel();
        if (frames_.empty()) {
            root_ = std::move(value);
            return true;
        }
        if (atBufferElement())
            check_.expected(currentPath(), "a buffer object", value);
        if (atScopeRecord())
            check_.expected(currentPath(), "a memory scope object", value);
        Frame& top = frames_.back();
        if (top.container->is_array()) {
            top.container->push_back(std::move(value));
            ++top.count;
        } else {
            (*top.container)[top.key] = std::move(value);
        }
        return true;
    }

    bool openContainer(json empty)
    {
        pollCancel();
        if (frames_.size() >= kMaxDepth)
            check_.fail(currentPath(), "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        Frame frame;
        if (frames_.empty()) {
            root_ = std::move(empty);
            frame.container = &root_;
        } else if (atBufferElement()) {
            element_ = std::move(empty);
            frame.container = &element_;
            frame.isBufferElement = true;
        } else {
            Frame& top = frames_.back();
            frame.isScopeRecord = atScopeRecord();
            if (top.container->is_array()) {
                top.container->push_back(std::move(empty));
                frame.container = &top.container->back();
            } else {
                json& slot = (*top.container)[top.key];
                slot = std::move(empty);
                frame.container = &slot;
            }
        }
        frames_.push_back(std::move(frame));
        return true;
    }

    bool closeContainer()
    {
        Frame frame = std::move(frames_.back());
        frames_.pop_back();
        if (frame.isBufferElement) {
            pendingBuffers_.push_back(
                convertBuffer(element_, currentPath(), nextId_++, check_, warnedKeys_, warnings_));
            element_ = json();
        } else if (frame.isScopeRecord) {
            finishRecordElement(*frame.container, currentPath());
            frames_.back().container->back() = json(); // drop what was kept of it
        }
        if (!frames_.empty() && frames_.back().container->is_array())
            ++frames_.back().count;
        return true;
    }

    // Record[i] closed: either a scope (with memory_info_array) or, in the old flat layout, a buffer.
    void finishRecordElement(const json& record, const std::string& path)
    {
        if (record.contains("memory_info_array")) {
            if (sawFlatBuffer_)
                check_.fail(path, "a scope record in a Record list that also holds plain buffers");
            const json& array = record["memory_info_array"];
            if (!array.is_array())
                check_.expected(path + ".memory_info_array", "a list of buffers", array);
            ScopePlan scope;
            if (const auto it = record.find("scope"); it != record.end()) {
                scope.scope = check_.stringValue(*it, path + ".scope");
            } else {
                warnings_.warn("record without scope", path + " has no \"scope\"; taking it as ub");
                scope.scope = "ub";
            }
            static const std::set<std::string> knownScopes = {"ub", "cbuf", "cc", "ca", "cb", "ssbuf", "gm"};
            if (!knownScopes.count(scope.scope))
                warnings_.warn("unknown memory scope", path + ".scope: unknown memory scope \"" + scope.scope + "\"");
            if (const auto it = record.find("status"); it != record.end() && !it->is_null())
                scope.status = check_.stringValue(*it, path + ".status");
            // Either key; "" and "none" (written on success by some producers) mean no error.
            for (const char* key : {"error_info", "err_msg"}) {
                const auto it = record.find(key);
                if (it == record.end() || it->is_null())
                    continue;
                std::string text = check_.stringValue(*it, path + "." + key);
                if (!meansNoError(text)) {
                    scope.error = std::move(text);
                    break;
                }
            }
            for (const auto& item : record.items()) {
                static const std::set<std::string> knownKeys
                    = {"scope", "status", "error_info", "err_msg", "memory_info_array"};
                if (!knownKeys.count(item.key()) && warnedKeys_.insert(item.key()).second)
                    warnings_.warn("unknown key", path + ": ignoring unknown key \"" + item.key() + "\"");
            }
            scope.buffers = std::move(pendingBuffers_);
            pendingBuffers_.clear();
            scopes_.push_back(std::move(scope));
            return;
        }
        if (!scopes_.empty())
            check_.fail(path, "missing key \"memory_info_array\" (the other records are memory scopes)");
        if (!record.is_object() || !record.contains("buffer"))
            check_.expected(path, "a memory scope with \"memory_info_array\" or a buffer with \"buffer\"", record);
        if (!sawFlatBuffer_)
            spdlog::info("{}: old flat layout (Record is a list of buffers); reading it as one ub scope", file_);
        sawFlatBuffer_ = true;
        flatBuffers_.push_back(convertBuffer(record, path, nextId_++, check_, warnedKeys_, warnings_));
    }

    const std::string& file_;
    Checker check_;
    json root_;
    json element_;
    std::vector<Frame> frames_;
    std::vector<Buffer> pendingBuffers_;
    std::vector<Buffer> flatBuffers_;
    std::vector<ScopePlan> scopes_;
    std::set<std::string> warnedKeys_;
    RepeatedWarnings warnings_;
    const std::atomic<bool>* cancel_ = nullptr;
    std::size_t events_ = 0;
    bool sawFlatBuffer_ = false;
    int nextId_ = 0;
};

CoreKind coreKindFromFileName(const std::string& path)
{
    const std::string name = std::filesystem::path(path).filename().string();
    // memory_info_aiv.json as the compiler writes it; <kernel>-<time>-aiv.json as memlens keeps it.
    if (name.find("_aiv") != std::string::npos || name.find("-aiv") != std::string::npos)
        return CoreKind::Vector;
    if (name.find("_aic") != std::string::npos || name.find("-aic") != std::string::npos)
        return CoreKind::Cube;
    return CoreKind::Unknown;
}

} // namespace

Dump parseDumpText(std::string_view text, const std::string& fileLabel, const std::atomic<bool>* cancel)
{
    // UTF-16 (as some editors save JSON) starts with a byte order mark or has
    // a NUL beside the first ASCII character.
    const auto byte = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0x100u; };
    if ((byte(0) == 0xff && byte(1) == 0xfe) || (byte(0) == 0xfe && byte(1) == 0xff)
        || (text.size() >= 2 && (byte(0) == 0 || byte(1) == 0)))
        throw DumpError(fileLabel, "", "the file is UTF-16 text; memlens reads JSON in UTF-8 (save it as UTF-8)");
    // The JSON reader would take a NUL byte for the end of the text and ignore the
    // rest. (Text that does not even start like JSON gets the reader's own message.)
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    const bool startsLikeJson = first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
    if (const std::size_t nul = text.find('\0'); startsLikeJson && nul != std::string_view::npos)
        throw DumpError(fileLabel, "", "a NUL byte at offset " + std::to_string(nul) + "; a JSON dump is text");
    bool onlySpace = true;
    for (const char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) {
            onlySpace = false;
            break;
        }
    if (onlySpace)
        throw DumpError(fileLabel, "", "the file is empty; expected a JSON memory dump");
    DumpSaxHandler handler(fileLabel);
    handler.setCancel(cancel);
    json::sax_parse(text.begin(), text.end(), &handler);
    Dump dump = handler.finish();
    dump.core = coreKindFromFileName(fileLabel);
    spdlog::debug(
        "{}: kernel '{}', {} scope(s), {} block(s)", fileLabel, dump.kernel, dump.scopes.size(), dump.blockCount());
    return dump;
}

Dump loadDumpFile(const std::string& path, const std::atomic<bool>* cancel)
{
    return parseDumpText(readDumpText(path, cancel), path, cancel);
}

std::string readDumpText(const std::string& path, const std::atomic<bool>* cancel)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        throw DumpError(path, "", "no such file");
    if (fs::is_directory(status))
        throw DumpError(path, "", "is a directory, not a memory dump");
    if (!fs::is_regular_file(status))
        throw DumpError(path, "", "is not a regular file");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec)
        throw DumpError(path, "", "cannot read its size: " + ec.message());
    if (size > kMaxDumpFileBytes)
        throw DumpError(path, "", "is " + std::to_string(size) + " bytes, larger than memlens reads (2 GiB)");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DumpError(path, "", "cannot be opened for reading");
    std::string text(size, '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    // The size can be wrong: files under /proc say 0, a growing file says too little.
    char chunk[65536];
    while (in) {
        in.read(chunk, sizeof chunk);
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        if (text.size() + got > kMaxDumpFileBytes)
            throw DumpError(path, "",
                "grew past " + std::to_string(kMaxDumpFileBytes)
                    + " bytes while being read, larger than memlens reads (2 GiB)");
        text.append(chunk, got);
        if (cancel && cancel->load(std::memory_order_relaxed))
            throw LoadCancelled();
    }
    spdlog::debug("{}: read {} bytes", path, text.size());
    return text;
}

} // namespace memlens
