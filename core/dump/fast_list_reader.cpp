#include "core/dump/fast_list_reader.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/run_beside.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/dump/object_batch_queue.hpp"

#include <simdjson.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <future>
#include <optional>
#include <string_view>

namespace memlens {

namespace ondemand = simdjson::ondemand;

namespace {

// A window smaller than this costs more in setting up a pass than it reads.
constexpr std::size_t kSmallestWindowBytes = std::size_t(16) << 10;

bool isJsonWhiteSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// A place in `bytes` that looks like the boundary between two objects of a list: `}`, white
// space, a comma, white space, `{`. Returns the comma's index. From the bytes alone it is a guess
// (the same bytes can sit in a string); a window cut there only reads if it is right.
std::optional<std::size_t> boundaryComma(std::string_view bytes, std::size_t close)
{
    std::size_t at = close + 1;
    while (at < bytes.size() && isJsonWhiteSpace(bytes[at]))
        ++at;
    if (at == bytes.size() || bytes[at] != ',')
        return std::nullopt;
    const std::size_t comma = at++;
    while (at < bytes.size() && isJsonWhiteSpace(bytes[at]))
        ++at;
    if (at == bytes.size() || bytes[at] != '{')
        return std::nullopt;
    return comma;
}

std::optional<std::size_t> lastBoundary(std::string_view bytes)
{
    for (std::size_t close = bytes.rfind('}'); close != std::string_view::npos && close > 0;
         close = bytes.rfind('}', close - 1))
        if (const auto comma = boundaryComma(bytes, close))
            return comma;
    return std::nullopt;
}

std::optional<std::size_t> firstBoundary(std::string_view bytes)
{
    for (std::size_t close = bytes.find('}'); close != std::string_view::npos; close = bytes.find('}', close + 1))
        if (const auto comma = boundaryComma(bytes, close))
            return comma;
    return std::nullopt;
}

// A string the streaming reader reads to the same bytes: no `\u` escape (its checks of
// surrogates are its own), no control byte, within the length limit. `raw` is the token as
// simdjson gives it: the quoted text, then any white space.
bool isPlainString(std::string_view raw, std::string_view unescaped)
{
    if (unescaped.size() > kMaxDumpStringBytes)
        return false;
    while (!raw.empty() && isJsonWhiteSpace(raw.back()))
        raw.remove_suffix(1);
    if (raw.size() < 2 || raw.front() != '"' || raw.back() != '"')
        return false;
    raw = raw.substr(1, raw.size() - 2);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const auto byte = static_cast<unsigned char>(raw[i]);
        if (byte < 0x20)
            return false;
        if (byte == '\\' && ++i < raw.size() && raw[i] == 'u')
            return false;
    }
    return true;
}

// Fills `slot` as the streaming reader's handler fills it for a scalar; false when the value is
// not one it takes (a fraction, a number past 64 bits, a container, anything malformed).
bool takeScalar(ondemand::value& value, FieldValue& slot)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return false;
    switch (type) {
    case ondemand::json_type::string: {
        std::string_view raw;
        std::string_view text;
        raw = value.raw_json_token();
        if (value.get_string().get(text) || !isPlainString(raw, text))
            return false;
        slot.kind = FieldValue::Kind::String;
        slot.text.assign(text);
        return true;
    }
    case ondemand::json_type::number: {
        ondemand::number_type numberType;
        if (value.get_number_type().get(numberType))
            return false;
        if (numberType == ondemand::number_type::signed_integer) {
            std::int64_t number = 0;
            if (value.get_int64().get(number))
                return false;
            if (value.is_negative()) { // written with a minus: the reader's signed event, -0 included
                slot.kind = number < 0 ? FieldValue::Kind::Negative : FieldValue::Kind::Unsigned;
                slot.negative = number;
                slot.number = static_cast<std::uint64_t>(number);
            } else {
                slot.kind = FieldValue::Kind::Unsigned;
                slot.number = static_cast<std::uint64_t>(number);
            }
            return true;
        }
        if (numberType == ondemand::number_type::unsigned_integer) {
            std::uint64_t number = 0;
            if (value.get_uint64().get(number))
                return false;
            slot.kind = FieldValue::Kind::Unsigned;
            slot.number = number;
            return true;
        }
        return false; // a fraction or exponent, or past 64 bits: the streaming reader's own words
    }
    case ondemand::json_type::boolean: {
        bool flag = false;
        if (value.get_bool().get(flag))
            return false;
        slot.kind = FieldValue::Kind::Boolean;
        slot.boolean = flag;
        return true;
    }
    case ondemand::json_type::null: {
        bool isNull = false;
        if (value.is_null().get(isNull) || !isNull)
            return false;
        slot.kind = FieldValue::Kind::Null;
        return true;
    }
    default: return false;
    }
}

// Reads one buffer object into `fields`; false when it is not plain (or not well formed).
bool takeObject(ondemand::value& element, BufferFields& fields)
{
    ondemand::object object;
    if (element.get_object().get(object))
        return false;
    fields.clear();
    for (auto member : object) {
        ondemand::field field;
        if (std::move(member).get(field))
            return false;
        // The key as written, without escapes: its unescaped bytes, then its closing quote.
        // (Its raw text first: unescaping hands the key over.)
        const char* raw = field.key().raw();
        std::string_view name;
        if (field.unescaped_key().get(name))
            return false;
        if (std::memcmp(raw, name.data(), name.size()) != 0 || raw[name.size()] != '"')
            return false;
        const std::optional<BufferFields::Key> key = BufferFields::keyOf(name);
        if (!key || (fields.seen & (1u << *key)))
            return false; // an unknown or repeated key: the streaming reader warns or fails
        fields.seen |= 1u << *key;
        ondemand::value value = field.value();
        ondemand::json_type type;
        if (value.type().get(type))
            return false;
        if (type != ondemand::json_type::array) {
            if (!takeScalar(value, fields.values[*key]))
                return false;
            continue;
        }
        if (*key != BufferFields::Offset && *key != BufferFields::Life)
            return false;
        fields.values[*key].kind = FieldValue::Kind::Array;
        ondemand::array items;
        if (value.get_array().get(items))
            return false;
        for (auto entry : items) {
            ondemand::value item;
            if (entry.get(item) || !takeScalar(item, fields.nextItem(*key)))
                return false;
        }
    }
    return true;
}

} // namespace

struct FastListReader::Parser {
    ondemand::parser parser;
};

// What one window gave.
struct FastListReader::Window {
    enum class End { Nothing, Consumed, ListEnd, StoppedAt, Broken };
    End end = End::Nothing;
    std::size_t taken = 0;
    std::size_t index = 0; // ListEnd: the list's `]`; StoppedAt: the object not taken; Broken: the last `}` taken
};

FastListReader::FastListReader(const std::string& path, const std::atomic<bool>* cancel,
    std::atomic<std::uint64_t>* bytesRead, std::size_t windowBytes)
    : FastListReader(::open(path.c_str(), O_RDONLY | O_CLOEXEC), true, cancel, bytesRead, windowBytes)
{
}

FastListReader::FastListReader(
    int fileDescriptor, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead, std::size_t windowBytes)
    : FastListReader(
        fileDescriptor >= 0 ? ::fcntl(fileDescriptor, F_DUPFD_CLOEXEC, 0) : -1, true, cancel, bytesRead, windowBytes)
{
}

FastListReader::FastListReader(
    int owned, bool, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead, std::size_t windowBytes)
    : file_(owned)
    , cancel_(cancel)
    , bytesRead_(bytesRead)
    , largestWindow_(std::max(windowBytes, std::size_t(64)))
    , parser_(std::make_unique<Parser>())
{
    struct stat status { };
    if (file_ >= 0 && ::fstat(file_, &status) == 0)
        fileBytes_ = static_cast<std::uint64_t>(status.st_size);
}

FastListReader::~FastListReader()
{
    if (file_ >= 0)
        ::close(file_);
}

std::size_t FastListReader::fill(std::uint64_t at, std::size_t bytes)
{
    text_.resize(1 + largestWindow_ + simdjson::SIMDJSON_PADDING);
    text_[0] = '[';
    // pread: the streaming reader's descriptor shares this one's file offset.
    std::size_t got = 0;
    while (got < bytes) {
        const ssize_t read = ::pread(file_, text_.data() + 1 + got, bytes - got, static_cast<off_t>(at + got));
        if (read < 0 && errno == EINTR)
            continue;
        if (read <= 0)
            break;
        got += static_cast<std::size_t>(read);
    }
    if (bytesRead_) {
        std::uint64_t seen = bytesRead_->load(std::memory_order_relaxed);
        while (seen < at + got && !bytesRead_->compare_exchange_weak(seen, at + got, std::memory_order_relaxed)) { }
    }
    if (const void* nul = std::memchr(text_.data() + 1, '\0', got))
        got = static_cast<std::size_t>(static_cast<const char*>(nul) - (text_.data() + 1));
    return got;
}

// Reads the window text_[0, length) (its `[`, the file's bytes from `at`, and `]` in place of
// the comma of a cut), handing each plain object to `take`.
FastListReader::Window FastListReader::readWindow(
    std::size_t length, bool cut, std::uint64_t at, BufferFields& fields, const Take& take)
{
    std::fill(text_.begin() + static_cast<std::ptrdiff_t>(length), text_.end(), ' ');
    const char* const base = text_.data();
    Window window;
    ondemand::document document;
    ondemand::array list;
    if (parser_->parser.iterate(simdjson::padded_string_view(base, length, text_.size())).get(document)
        || document.get_array().get(list))
        return window;
    std::size_t lastClose = 0;
    const auto closeBefore = [base](std::size_t index) { // the `}` or `]` before white space and `index`
        while (index > 0 && isJsonWhiteSpace(base[index - 1]))
            --index;
        return index - 1;
    };
    for (auto entry : list) {
        ondemand::value element;
        const char* start = nullptr;
        if (entry.get(element) || element.current_location().get(start)) {
            if (window.taken > 0)
                window = Window{Window::End::Broken, window.taken, lastClose};
            return window;
        }
        if (*start == ']') { // a comma before the list's end: the streaming reader must see it
            if (window.taken > 0)
                window = Window{Window::End::Broken, window.taken, lastClose};
            return window;
        }
        if (!takeObject(element, fields))
            return Window{Window::End::StoppedAt, window.taken, static_cast<std::size_t>(start - base)};
        const char* next = nullptr;
        const std::size_t after
            = document.current_location().get(next) ? length : static_cast<std::size_t>(next - base);
        lastClose = closeBefore(after);
        take(fields, at + lastClose); // the file offset just past the `}`: window index - 1 + 1
        ++window.taken;
    }
    // The list closed: at the window's own `]` (at its end) or at the dump's.
    const char* next = nullptr;
    const std::size_t after = document.current_location().get(next) ? length : static_cast<std::size_t>(next - base);
    const std::size_t close = closeBefore(after);
    if (base[close] != ']') {
        if (window.taken > 0)
            window = Window{Window::End::Broken, window.taken, lastClose};
        return window;
    }
    window.end = cut && close == length - 1 ? Window::End::Consumed : Window::End::ListEnd;
    window.index = close;
    return window;
}

std::uint64_t FastListReader::read(std::uint64_t from, BufferFields& fields, const Take& take)
{
    if (file_ < 0)
        return from;
    if (coresFreeHere() > 1 && fileBytes_ > from && fileBytes_ - from >= pipelinedFrom_)
        return readBeside(from, take);
    return readHere(from, fields, take);
}

namespace {

// Thrown on the reading thread when the taker stopped: nothing more is wanted.
struct ReadingStopped { };

} // namespace

std::uint64_t FastListReader::readBeside(std::uint64_t from, const Take& take)
{
    ObjectBatchQueue queue;
    std::future<std::uint64_t> reading = runBeside([this, from, &queue]() -> std::uint64_t {
        struct Finish {
            ObjectBatchQueue& queue;
            ~Finish() { queue.finish(); }
        } finish{queue};
        BufferFields fields;
        ObjectBatch* batch = nullptr;
        const std::uint64_t resume = readHere(from, fields, [&queue, &batch](BufferFields& object, std::uint64_t end) {
            if (!batch && !(batch = queue.emptyBatch()))
                throw ReadingStopped{};
            if (batch->count == batch->objects.size()) {
                batch->objects.emplace_back();
                batch->ends.emplace_back();
            }
            std::swap(batch->objects[batch->count], object); // the reader's fields get the slot's allocations
            batch->ends[batch->count++] = end;
            if (batch->count == kObjectsPerBatch) {
                queue.filled(batch);
                batch = nullptr;
            }
        });
        if (batch)
            queue.filled(batch);
        return resume;
    });
    try {
        while (ObjectBatch* batch = queue.fullBatch()) {
            for (std::size_t i = 0; i < batch->count; ++i)
                take(batch->objects[i], batch->ends[i]);
            queue.taken(batch);
        }
    } catch (...) {
        queue.stop();
        try {
            reading.get();
        } catch (...) { // it stopped because this side did: this side's exception is the one
        }
        throw;
    }
    return reading.get(); // rethrows a cancel
}

std::uint64_t FastListReader::readHere(std::uint64_t from, BufferFields& fields, const Take& take)
{
    std::uint64_t at = from; // the file offset of text_[1]: an object (or white space before it) starts there
    std::size_t windowBytes = std::min(largestWindow_, std::size_t(256) << 10);
    for (;;) {
        throwIfCancelled(cancel_);
        const std::size_t got = fill(at, windowBytes);
        if (got == 0)
            return at;
        const std::string_view bytes(text_.data() + 1, got);
        // Cut at the last boundary (the most read at once); when that does not read, at the first
        // (one object); the window as it is only when it holds the rest of the file.
        std::optional<std::size_t> cuts[3];
        int cutCount = 0;
        if (const auto last = lastBoundary(bytes))
            cuts[cutCount++] = last;
        if (const auto first = firstBoundary(bytes); first && (cutCount == 0 || *first != *cuts[0]))
            cuts[cutCount++] = first;
        if (at + got == fileBytes_)
            cuts[cutCount++] = std::nullopt;
        Window window;
        int used = 0;
        for (; used < cutCount; ++used) {
            const std::optional<std::size_t> cut = cuts[used];
            // A `]` ends the window: in place of the cut's comma, or after the rest of the file
            // (the list's own `]` then ends the reading before it).
            const std::size_t close = cut ? 1 + *cut : 1 + got;
            const char replaced = text_[close];
            text_[close] = ']';
            window = readWindow(close + 1, cut.has_value(), at, fields, take);
            text_[close] = replaced;
            if (window.taken > 0 || window.end == Window::End::ListEnd)
                break;
        }
        if (window.taken == 0 && window.end != Window::End::ListEnd)
            return at; // nothing read here: the streaming reader goes on from this object
        // A window read whole grows the next; one that needed a smaller cut shrinks it (a dump
        // whose strings look like boundaries then costs small windows, not big ones in vain).
        windowBytes
            = std::min(largestWindow_, used == 0 ? windowBytes * 2 : std::max(kSmallestWindowBytes, windowBytes / 4));
        switch (window.end) {
        case Window::End::Consumed:
            at += window.index; // past the comma the window's `]` stood for
            break;
        case Window::End::StoppedAt:
            at += window.index - 1; // that object's first byte: the next window starts there
            break;
        case Window::End::ListEnd: return at + window.index - 1;
        case Window::End::Broken:
            // Objects were taken and what follows the last is not a comma and an object: the
            // streaming reader goes on at that object's `}`, fails there and the dump is read
            // again by it alone, whose words name the problem.
            return at + window.index - 1;
        case Window::End::Nothing: return at;
        }
    }
}

} // namespace memlens
