#include "core/dump/dump_parser.hpp"

#include "core/base/chip_table.hpp"
#include "core/base/input_file.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/release_storage.hpp"
#include "core/base/run_beside.hpp"
#include "core/dump/buffer_fields.hpp"
#include "core/dump/dump_assembly.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_file_chunks.hpp"
#include "core/dump/fast_list_reader.hpp"
#include "core/dump/list_split.hpp"
#include "core/dump/sax_relay.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <future>
#include <new>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace memlens {

namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxDepth = 64;

std::string describeFound(const json& value) { return FieldValue::of(value).describe(); }

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

// Checks of the few values read into a tree (everything but the buffers).
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

    std::string stringValue(const json& value, const std::string& path) const
    {
        if (!value.is_string())
            expected(path, "a string", value);
        return value.get<std::string>();
    }

private:
    const std::string& file_;
};

// Reads everything but the buffer objects into a small JSON tree; each buffer
// object goes into reused slots (BufferFields) and becomes a Buffer as it
// closes, so no tree node is made per buffer. Tracks the JSON path of the value
// being read.
class DumpSaxHandler : public nlohmann::json_sax<json> {
public:
    DumpSaxHandler(const std::string& file)
        : file_(file)
        , check_(file)
    {
    }

    void setCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
    // Where the bytes come from: the position of a buffer object's end is kept.
    void setPositions(const DumpFileChunks* chunks) { positions_ = chunks; }
    // Buffer lists are read by `lists` where it can, `chunks` skipping what it read.
    void readListsWith(FastListReader* lists, DumpFileChunks* chunks)
    {
        fastLists_ = lists;
        skipper_ = chunks;
        positions_ = chunks;
    }
    // Whether FastListReader took any buffer: a problem's byte offset is then not the file's.
    bool fastListsTook() const { return fastTook_; }

    // Reads the second half of a dump: from a buffer object on, inside the synthetic start of a
    // buffer list, up to the end of that list, where it stops (tailEnded()). A warning makes it
    // give up (its paths would count from the split), as does `*abandon`.
    void readTail(const std::atomic<bool>* abandon)
    {
        readsTail_ = true;
        abandon_ = abandon;
        warnings_.refuseWarnings();
    }
    bool tailEnded() const { return tailEnded_; }
    std::uint64_t tailListEnd() const { return tailListEnd_; } // just past the list's `]`
    std::vector<Buffer> takeTailBuffers() { return std::move(pendingBuffers_); }

    // Whether this reader stands in a buffer list right after the buffer object ending at
    // `objectEnd`: the bytes from there to the split are then a comma and white space.
    bool standsAfterBuffer(std::uint64_t objectEnd) const
    {
        return positions_ && atBufferElement() && lastBufferEnd_ == objectEnd;
    }
    // The second half's buffers, taken where the reader is given `null` in their place.
    void spliceTail(std::vector<Buffer> buffers)
    {
        tail_ = std::move(buffers);
        tailPending_ = true;
    }

    bool null() override
    {
        if (tailPending_ && atBufferElement())
            return takeTail();
        if (FieldValue* slot = fastSlot())
            slot->kind = FieldValue::Kind::Null;
        return fastDone() || addValue(json(nullptr));
    }
    bool boolean(bool value) override
    {
        if (FieldValue* slot = fastSlot()) {
            slot->kind = FieldValue::Kind::Boolean;
            slot->boolean = value;
        }
        return fastDone() || addValue(json(value));
    }
    bool number_integer(number_integer_t value) override
    {
        if (FieldValue* slot = fastSlot()) {
            slot->kind = value < 0 ? FieldValue::Kind::Negative : FieldValue::Kind::Unsigned;
            slot->negative = value;
            slot->number = static_cast<std::uint64_t>(value);
        }
        return fastDone() || addValue(json(value));
    }
    bool number_unsigned(number_unsigned_t value) override
    {
        if (FieldValue* slot = fastSlot()) {
            slot->kind = FieldValue::Kind::Unsigned;
            slot->number = value;
        }
        return fastDone() || addValue(json(value));
    }
    bool number_float(number_float_t value, const string_t& raw) override
    {
        // A whole number past 64 bits arrives here: it has no fraction, it is too large.
        if (raw.find_first_of(".eE") == string_t::npos)
            check_.fail(currentPath(),
                "a whole number too large to read (" + (raw.size() > 40 ? raw.substr(0, 40) + "..." : raw) + ")");
        if (FieldValue* slot = fastSlot()) {
            slot->kind = FieldValue::Kind::Float;
            slot->fraction = value;
        }
        return fastDone() || addValue(json(value));
    }
    bool string(string_t& value) override
    {
        checkLength(value, "string");
        if (FieldValue* slot = fastSlot()) {
            slot->kind = FieldValue::Kind::String;
            slot->text.swap(value); // both keep their allocation for the next string
        }
        return fastDone() || addValue(json(std::move(value)));
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
            path = pathOf(depth_ - 1);
            path += (path.empty() ? "" : ".") + text.substr(0, 40) + "...";
        } else if (depth_ > 0) {
            path = currentPath();
        }
        check_.fail(path,
            std::string("a ") + what + " of " + withThousands(text.size()) + " bytes, longer than the "
                + withThousands(kMaxDumpStringBytes) + " bytes memlens reads");
    }

    bool binary(binary_t&) override { check_.fail(currentPath(), "unexpected binary value"); }

    bool start_object(std::size_t) override { return openContainer(false); }
    bool start_array(std::size_t) override { return openContainer(true); }
    bool key(string_t& name) override
    {
        Frame& top = frames_[depth_ - 1];
        checkLength(name, "key");
        top.key = name;
        if (top.role == Role::Buffer) {
            top.field = BufferFields::keyOf(name);
            if (top.field) {
                const unsigned bit = 1u << *top.field;
                if (fields_.seen & bit)
                    repeatedKey(name);
                fields_.seen |= bit;
                return true;
            }
            if (warnedKeys_.insert(name).second)
                warnings_.warn("unknown key", pathOf(depth_ - 1) + ": ignoring unknown key \"" + name + "\"");
        }
        // A repeated key would silently merge or replace data (two memory_info_array lists).
        if (!top.keys.insert(name).second)
            repeatedKey(name);
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
        const std::string where = depth_ == 0 ? std::string() : currentPath();
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
        finishScopes(dump);
        warnings_.flush();
        return dump;
    }

private:
    // Dom: read into the tree. Buffer: a buffer object, read into fields_. BufferList:
    // its `offset` or `life_time_in_ir` list. Skip: inside a buffer, not kept (checked only).
    enum class Role { Dom, Buffer, BufferList, Skip };

    struct Frame {
        Role role = Role::Dom;
        bool isArray = false;
        json* container = nullptr;              // Dom only
        std::string key;                        // current key when the container is an object
        std::unordered_set<std::string> keys;   // keys seen in the object (a buffer's: only unknown ones)
        std::size_t count = 0;                  // values seen when it is an array
        std::optional<BufferFields::Key> field; // Buffer: the field of the current key; BufferList: its list
        bool isScopeRecord = false;

        void reset(Role newRole, bool array)
        {
            role = newRole;
            isArray = array;
            container = nullptr;
            key.clear();
            if (keys.bucket_count() > 64)
                releaseStorage(keys); // a huge object's buckets are not cleared again for every buffer
            else if (!keys.empty())
                keys.clear();
            count = 0;
            field.reset();
            isScopeRecord = false;
        }
    };

    [[noreturn]] void repeatedKey(const std::string& name) const
    {
        check_.fail(pathOf(depth_ - 1) + (depth_ > 1 ? "." : "") + name, "the key appears twice in one object");
    }

    std::string pathOf(std::size_t depth) const
    {
        std::string path;
        for (std::size_t i = 0; i < depth && i < depth_; ++i) {
            const Frame& frame = frames_[i];
            if (frame.isArray) {
                path += "[" + std::to_string(frame.count) + "]";
            } else if (!frame.key.empty()) { // an object whose first key is not read yet adds nothing
                if (!path.empty())
                    path += ".";
                path += frame.key;
            }
        }
        return path;
    }
    std::string currentPath() const { return pathOf(depth_); }

    // Where in the layout the value about to be read sits.
    bool atScopeRecord() const { return depth_ == 2 && frames_[0].key == "Record" && frames_[1].isArray; }
    bool atBufferElement() const
    {
        return depth_ == 4 && frames_[0].key == "Record" && frames_[1].isArray && frames_[2].key == "memory_info_array"
            && frames_[3].isArray;
    }

    // Every few thousand values, look whether the load was cancelled.
    void pollCancel()
    {
        if ((++events_ & 4095) == 0) {
            throwIfCancelled(cancel_);
            throwIfCancelled(abandon_);
        }
    }

    bool takeTail()
    {
        tailPending_ = false;
        pendingBuffers_.reserve(pendingBuffers_.size() + tail_.size());
        for (Buffer& buffer : tail_) {
            buffer.id += nextId_;      // file order across the whole dump
            if (buffer.sourceLocation) // one copy of each location, as if one reader had read them all
                buffer.sourceLocation = sharedTexts_.location(*buffer.sourceLocation);
            pendingBuffers_.push_back(std::move(buffer));
        }
        nextId_ += static_cast<int>(tail_.size());
        frames_[depth_ - 1].count += tail_.size();
        releaseStorage(tail_); // the second half's list, moved from
        return true;
    }

    // A large dump's buffer list is reserved once, for the bytes left to the end of the file at the
    // density of its first buffers: grown by doubling, a million buffers were each moved about
    // twice (0.05 s a reader), and once more to append the second half's. The reservation is a
    // hint: past what it holds, or when memory refuses it, the list grows as before.
    void reserveByDensity()
    {
        if (listReserved_)
            return;
        const std::size_t count = pendingBuffers_.size();
        if (count == 1)
            listBytesFrom_ = lastBufferEnd_;
        if (count < kBuffersBeforeReserving)
            return;
        listReserved_ = true;
        const std::uint64_t used = lastBufferEnd_ - listBytesFrom_; // by buffers 2 .. count
        const std::uint64_t fileBytes = positions_->fileBytes();
        if (used == 0 || lastBufferEnd_ >= fileBytes)
            return;
        const double perByte = static_cast<double>(count - 1) / static_cast<double>(used);
        const double expected
            = static_cast<double>(count) + 1.02 * perByte * static_cast<double>(fileBytes - lastBufferEnd_);
        const double most = static_cast<double>(kMostReservedBytes / sizeof(Buffer));
        try {
            pendingBuffers_.reserve(static_cast<std::size_t>(std::min(expected, most)));
        } catch (const std::bad_alloc&) {
        }
    }

    // Inside a buffer object: the slot a scalar value goes to (nullptr when it is not kept).
    // Sets fast_ for fastDone().
    FieldValue* fastSlot()
    {
        pollCancel();
        fast_ = depth_ > 0 && frames_[depth_ - 1].role != Role::Dom;
        if (!fast_)
            return nullptr;
        Frame& top = frames_[depth_ - 1];
        FieldValue* slot = nullptr;
        if (top.role == Role::Buffer && top.field)
            slot = &fields_.values[*top.field];
        else if (top.role == Role::BufferList)
            slot = &fields_.nextItem(*top.field);
        return slot;
    }
    // After fastSlot(): true when the value was taken (the array it sits in counted).
    bool fastDone()
    {
        if (!fast_)
            return false;
        if (frames_[depth_ - 1].isArray)
            ++frames_[depth_ - 1].count;
        return true;
    }

    bool addValue(json value)
    {
        if (depth_ == 0) {
            root_ = std::move(value);
            return true;
        }
        if (atBufferElement())
            check_.expected(currentPath(), "a buffer object", value);
        if (atScopeRecord())
            check_.expected(currentPath(), "a memory scope object", value);
        Frame& top = frames_[depth_ - 1];
        if (top.isArray) {
            top.container->push_back(std::move(value));
            ++top.count;
        } else {
            (*top.container)[top.key] = std::move(value);
        }
        return true;
    }

    Frame& pushFrame(Role role, bool array)
    {
        if (depth_ == frames_.size())
            frames_.emplace_back();
        Frame& frame = frames_[depth_++];
        frame.reset(role, array);
        return frame;
    }

    bool openContainer(bool array)
    {
        pollCancel();
        if (depth_ >= kMaxDepth)
            check_.fail(currentPath(), "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        const FieldValue::Kind kind = array ? FieldValue::Kind::Array : FieldValue::Kind::Object;
        if (depth_ > 0 && frames_[depth_ - 1].role != Role::Dom) {
            Frame& top = frames_[depth_ - 1];
            Role role = Role::Skip;
            std::optional<BufferFields::Key> list;
            if (top.role == Role::Buffer && top.field) {
                fields_.values[*top.field].kind = kind;
                if (array && (*top.field == BufferFields::Offset || *top.field == BufferFields::Life)) {
                    role = Role::BufferList;
                    list = top.field;
                }
            } else if (top.role == Role::BufferList) {
                fields_.nextItem(*top.field).kind = kind;
            }
            pushFrame(role, array).field = list;
            return true;
        }
        if (atBufferElement()) {
            if (array)
                check_.fail(currentPath(), "expected a buffer object, found an array");
            fields_.clear();
            pushFrame(Role::Buffer, false);
            return true;
        }
        json empty = array ? json::array() : json::object();
        json* container = nullptr;
        bool isScopeRecord = false;
        if (depth_ == 0) {
            root_ = std::move(empty);
            container = &root_;
        } else {
            Frame& top = frames_[depth_ - 1];
            isScopeRecord = atScopeRecord();
            if (top.isArray) {
                top.container->push_back(std::move(empty));
                container = &top.container->back();
            } else {
                json& slot = (*top.container)[top.key];
                slot = std::move(empty);
                container = &slot;
            }
        }
        Frame& frame = pushFrame(Role::Dom, array);
        frame.container = container;
        frame.isScopeRecord = isScopeRecord;
        if (array && fastLists_ && atBufferElement())
            readListFast();
        return true;
    }

    // Just past a buffer list's `[`: FastListReader takes the plain buffer objects, each made a
    // Buffer here as the streaming reader makes it (same checks, warnings and path), and the
    // JSON reader goes on where it stopped.
    void readListFast()
    {
        const std::uint64_t from = skipper_->position();
        const std::uint64_t resume = fastLists_->read(from, fields_, [this](BufferFields& fields, std::uint64_t end) {
            fastTook_ = true;
            pollCancel();
            pendingBuffers_.push_back(convertBuffer(
                fields, file_, [this] { return currentPath(); }, nextId_++, warnings_, sharedTexts_));
            ++frames_[depth_ - 1].count;
            lastBufferEnd_ = end;
            reserveByDensity();
        });
        skipper_->skipTo(resume);
    }

    bool closeContainer()
    {
        Frame& frame = frames_[--depth_];
        if (frame.role == Role::Buffer) {
            pendingBuffers_.push_back(convertBuffer(
                fields_, file_, [this] { return currentPath(); }, nextId_++, warnings_, sharedTexts_));
            if (positions_) {
                lastBufferEnd_ = positions_->position();
                reserveByDensity();
            }
        } else if (readsTail_ && depth_ == 3) { // the buffer list the second half started in ends
            tailEnded_ = true;
            tailListEnd_ = positions_ ? positions_->position() : 0;
            return false;
        } else if (frame.isScopeRecord) {
            finishRecordElement(*frame.container, currentPath());
            frames_[depth_ - 1].container->back() = json(); // drop what was kept of it
        }
        if (depth_ > 0 && frames_[depth_ - 1].isArray)
            ++frames_[depth_ - 1].count;
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
            if (!isKnownSpace(scope.scope))
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
            // A list that ended well before the file did was reserved for more than it holds.
            if (pendingBuffers_.capacity() > 2 * pendingBuffers_.size() + kBuffersBeforeReserving)
                pendingBuffers_.shrink_to_fit();
            scope.buffers = std::move(pendingBuffers_);
            pendingBuffers_ = {};
            listReserved_ = false;
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
        for (const auto& item : record.items())
            if (!BufferFields::keyOf(item.key()) && warnedKeys_.insert(item.key()).second)
                warnings_.warn("unknown key", path + ": ignoring unknown key \"" + item.key() + "\"");
        BufferFields fields = BufferFields::of(record);
        flatBuffers_.push_back(convertBuffer(
            fields, file_, [&path] { return path; }, nextId_++, warnings_, sharedTexts_));
    }

    const std::string& file_;
    Checker check_;
    json root_;
    std::vector<Frame> frames_; // frames_[0, depth_) are open; the rest are kept for reuse
    std::size_t depth_ = 0;
    BufferFields fields_;
    bool fast_ = false;
    std::vector<Buffer> pendingBuffers_;
    std::vector<Buffer> flatBuffers_;
    std::vector<ScopePlan> scopes_;
    std::set<std::string> warnedKeys_;
    RepeatedWarnings warnings_;
    SharedTexts sharedTexts_; // one copy of each distinct type and location
    const std::atomic<bool>* cancel_ = nullptr;
    const std::atomic<bool>* abandon_ = nullptr;
    std::size_t events_ = 0;
    const DumpFileChunks* positions_ = nullptr;
    FastListReader* fastLists_ = nullptr;
    DumpFileChunks* skipper_ = nullptr;
    bool fastTook_ = false;
    std::uint64_t lastBufferEnd_ = 0;
    static constexpr std::size_t kBuffersBeforeReserving = 4096;
    static constexpr std::size_t kMostReservedBytes = std::size_t(1) << 30;
    std::uint64_t listBytesFrom_ = 0; // where the list's first buffer ended
    bool listReserved_ = false;
    bool readsTail_ = false;
    bool tailEnded_ = false;
    std::uint64_t tailListEnd_ = 0;
    std::vector<Buffer> tail_;
    bool tailPending_ = false;
    bool sawFlatBuffer_ = false;
    int nextId_ = 0;
};

} // namespace

namespace {

Dump finishParse(DumpSaxHandler& handler, const std::string& fileLabel)
{
    Dump dump = handler.finish();
    dump.core = coreKindFromFileName(fileLabel);
    spdlog::debug(
        "{}: kernel '{}', {} scope(s), {} block(s)", fileLabel, dump.kernel, dump.scopes.size(), dump.blockCount());
    return dump;
}

} // namespace

Dump parseDumpText(std::string_view text, const std::string& fileLabel, const std::atomic<bool>* cancel)
{
    // UTF-16 (as some editors save JSON) starts with a byte order mark or has
    // a NUL beside the first ASCII character (two NULs are NUL bytes, not text).
    if (looksLikeUtf16(text.substr(0, 64)))
        throw DumpError(fileLabel, "", "the file is UTF-16 text; memlens reads JSON in UTF-8 (save it as UTF-8)");
    // The JSON reader would take a NUL byte for the end of the text and ignore the
    // rest. (Text that does not even start like JSON gets the reader's own message.)
    const std::size_t first
        = text.find_first_not_of(" \t\r\n", text.starts_with(kUtf8ByteOrderMark) ? kUtf8ByteOrderMark.size() : 0);
    const bool startsLikeJson
        = first != std::string_view::npos && (text[first] == '{' || text[first] == '[' || text[first] == '\0');
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
    return finishParse(handler, fileLabel);
}

namespace {

// The buffers of a dump's second half, read beside the first: from `split` to the end of the
// buffer list it falls in. Nullopt when that reading gave up (a problem or a warning: the
// first half's reader then reads on and says it with the right path).
struct TailRead {
    std::vector<Buffer> buffers;
    std::uint64_t listEnd = 0; // the offset of the list's `]`
};

std::optional<TailRead> readTail(const std::string& path, const ListSplit& split, const std::atomic<bool>* cancel,
    const std::atomic<bool>* abandon, std::atomic<std::uint64_t>* bytesRead)
{
    try {
        DumpFileChunks chunks(path, abandon, bytesRead);
        // The reader starts inside a buffer list, as if the dump began there.
        chunks.startAt(split.nextStart, R"({"Record":[{"memory_info_array":[)");
        DumpSaxHandler handler(path);
        handler.setCancel(cancel);
        handler.readTail(abandon);
        handler.setPositions(&chunks);
        json::sax_parse(DumpFileChunks::Iterator(&chunks), DumpFileChunks::Iterator(), &handler);
        if (!handler.tailEnded())
            return std::nullopt;
        return TailRead{handler.takeTailBuffers(), handler.tailListEnd() - 1};
    } catch (...) { // a cancel among them: the first half's reader sees it too
        return std::nullopt;
    }
}

// Reads the dump in two halves at once when its middle falls inside a buffer list (as nearly all
// of a big dump's bytes do): the second half's buffers are read beside, from the split to the end
// of their list, and given to the first half's reader when it reaches the split. Two readers
// walk the JSON at once (the JSON reader is most of a load's time). False, having read
// nothing, when no split is found. `*spliced` tells whether the second half's buffers were taken.
bool readInHalves(const std::string& path, DumpFileChunks& chunks, DumpSaxHandler& handler,
    const std::atomic<bool>* cancel, bool* spliced)
{
    const std::optional<ListSplit> split = findListSplitInFile(path, chunks.fileBytes() / 2);
    if (!split)
        return false;
    std::atomic<bool> abandon{false};
    std::atomic<std::uint64_t> tailBytes{0};
    std::future<std::optional<TailRead>> tail = runBeside([&path, split = *split, cancel, &abandon, &tailBytes] {
        return readTail(path, split, cancel, &abandon, &tailBytes);
    });
    // However the first half ends (read, thrown), the second half's reader stops and is waited for.
    struct StopTail {
        std::atomic<bool>& abandon;
        std::future<std::optional<TailRead>>& tail;
        ~StopTail()
        {
            abandon = true;
            if (tail.valid())
                tail.wait();
        }
    } stopTail{abandon, tail};
    chunks.spliceAt(split->nextStart, [&]() -> std::optional<std::uint64_t> {
        std::optional<TailRead> read = tail.get();
        if (!read || !handler.standsAfterBuffer(split->objectEnd))
            return std::nullopt; // not a boundary after all, or the second half gave up: read on here
        *spliced = true;
        handler.spliceTail(std::move(read->buffers));
        return read->listEnd;
    });
    chunks.countBeside(&tailBytes);
    handler.setPositions(&chunks);
    json::sax_parse(DumpFileChunks::Iterator(&chunks), DumpFileChunks::Iterator(), &handler);
    return true;
}

// One reader over the whole file: relayed to a second thread from `relayFrom` on.
Dump readByOneReader(const std::string& path, DumpFileChunks& chunks, const std::atomic<bool>* cancel,
    std::uint64_t relayFrom, bool twoCores)
{
    DumpSaxHandler handler(path);
    handler.setCancel(cancel);
    const auto read = [&chunks](JsonSax& events) {
        json::sax_parse(DumpFileChunks::Iterator(&chunks), DumpFileChunks::Iterator(), &events);
    };
    if (chunks.fileBytes() >= relayFrom && twoCores)
        relaySaxEvents(read, handler);
    else
        read(handler);
    return finishParse(handler, path);
}

} // namespace

namespace {

// Reads the dump with its buffer lists taken by FastListReader where it can. Nullopt when a
// problem came after it took buffers: the byte offsets the JSON reader counts skip what it read,
// so the dump is read again without it (warnings before the problem are then said twice; the
// load fails all the same).
std::optional<Dump> readWithFastLists(const std::string& path, DumpFileChunks& chunks, const std::atomic<bool>* cancel,
    std::atomic<std::uint64_t>* bytesRead, std::size_t windowBytes)
{
    FastListReader lists(chunks.fileDescriptor(), cancel, bytesRead, windowBytes);
    DumpSaxHandler handler(path);
    handler.setCancel(cancel);
    handler.readListsWith(&lists, &chunks);
    try {
        json::sax_parse(DumpFileChunks::Iterator(&chunks), DumpFileChunks::Iterator(), &handler);
        return finishParse(handler, path);
    } catch (const DumpError&) {
        if (!handler.fastListsTook())
            throw; // the JSON reader read every byte up to its problem itself
    }
    return std::nullopt;
}

// The streaming reader alone: one reader, or two halves at once.
Dump readStreaming(const std::string& path, DumpFileChunks& chunks, const std::atomic<bool>* cancel,
    std::atomic<std::uint64_t>* bytesRead, std::uint64_t relayFrom, std::uint64_t splitFrom, bool* readInTwo)
{
    const bool twoCores = std::thread::hardware_concurrency() != 1;
    if (!twoCores || chunks.fileBytes() < splitFrom)
        return readByOneReader(path, chunks, cancel, relayFrom, twoCores);
    DumpSaxHandler handler(path);
    handler.setCancel(cancel);
    bool spliced = false;
    try {
        if (!readInHalves(path, chunks, handler, cancel, &spliced)) // no split: nothing read yet
            return readByOneReader(path, chunks, cancel, relayFrom, twoCores);
        Dump dump = finishParse(handler, path);
        if (readInTwo)
            *readInTwo = spliced;
        return dump;
    } catch (const DumpError&) {
        if (!spliced) // the first reader read every byte up to its problem itself
            throw;
    }
    // A problem after the splice: read again by one reader, so that what it says (the bytes
    // near it, the JSON path) is the file's own. Warnings before it are said twice; the load
    // fails all the same.
    DumpFileChunks again(path, cancel, bytesRead);
    again.start();
    return readByOneReader(path, again, cancel, relayFrom, twoCores);
}

} // namespace

Dump loadDumpFile(const std::string& path, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead,
    std::uint64_t relayFrom, std::uint64_t splitFrom, bool* readInTwo, std::uint64_t fastFrom,
    std::size_t fastWindowBytes)
{
    if (readInTwo)
        *readInTwo = false;
    // Read in chunks, never whole: the file's bytes are not kept beside the plan made of them.
    DumpFileChunks chunks(path, cancel, bytesRead);
    chunks.start();
    if (chunks.fileBytes() < fastFrom)
        return readStreaming(path, chunks, cancel, bytesRead, relayFrom, splitFrom, readInTwo);
    if (std::optional<Dump> dump = readWithFastLists(path, chunks, cancel, bytesRead, fastWindowBytes))
        return std::move(*dump);
    DumpFileChunks again(path, cancel, bytesRead);
    again.start();
    return readStreaming(path, again, cancel, bytesRead, relayFrom, splitFrom, readInTwo);
}

} // namespace memlens
