#include "core/dump/sax_relay.hpp"

#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace memlens {

namespace {

using json = nlohmann::json;

enum class Event : char {
    Null,
    True,
    False,
    Integer,
    Unsigned,
    Float,
    String,
    Key,
    StartObject,
    StartArray,
    EndObject,
    EndArray,
    Binary, // never from JSON text; passed on all the same
    ParseError,
};

constexpr std::size_t kChunkBytes = std::size_t(1) << 18;
constexpr std::size_t kChunksAhead = 16; // the reader waits when this many chunks are not handled yet

// Chunks of recorded events from the reader to the handler, and back empty for reuse.
class EventQueue {
public:
    std::string takeEmpty()
    {
        std::lock_guard lock(mutex_);
        if (empty_.empty())
            return {};
        std::string chunk = std::move(empty_.back());
        empty_.pop_back();
        return chunk;
    }

    // False once the handler has given up: the reader then stops.
    bool push(std::string chunk)
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return abandoned_ || full_.size() < kChunksAhead; });
        if (abandoned_)
            return false;
        full_.push_back(std::move(chunk));
        changed_.notify_all();
        return true;
    }

    void finish(std::exception_ptr error)
    {
        std::lock_guard lock(mutex_);
        finished_ = true;
        error_ = std::move(error);
        changed_.notify_all();
    }

    // The next chunk, or nullopt once the reader finished and every chunk was taken.
    std::optional<std::string> pop()
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return finished_ || !full_.empty(); });
        if (full_.empty())
            return std::nullopt;
        std::string chunk = std::move(full_.front());
        full_.pop_front();
        changed_.notify_all();
        return chunk;
    }

    void recycle(std::string chunk)
    {
        chunk.clear();
        std::lock_guard lock(mutex_);
        empty_.push_back(std::move(chunk));
    }

    void abandon()
    {
        std::lock_guard lock(mutex_);
        abandoned_ = true;
        changed_.notify_all();
    }

    std::exception_ptr readError()
    {
        std::lock_guard lock(mutex_);
        return error_;
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::string> full_;
    std::vector<std::string> empty_;
    bool finished_ = false;
    bool abandoned_ = false;
    std::exception_ptr error_;
};

// Writes each event as a tag byte and its value into the current chunk.
class EventRecorder : public JsonSax {
public:
    explicit EventRecorder(EventQueue& queue)
        : queue_(queue)
    {
        chunk_.reserve(kChunkBytes + 64);
    }

    bool null() override { return put(Event::Null); }
    bool boolean(bool value) override { return put(value ? Event::True : Event::False); }
    bool number_integer(number_integer_t value) override { return put(Event::Integer, value); }
    bool number_unsigned(number_unsigned_t value) override { return put(Event::Unsigned, value); }
    bool number_float(number_float_t value, const string_t& raw) override
    {
        tag(Event::Float);
        plain(value);
        return text(raw);
    }
    bool string(string_t& value) override
    {
        tag(Event::String);
        return text(value);
    }
    bool binary(binary_t&) override { return put(Event::Binary); }
    bool start_object(std::size_t) override { return put(Event::StartObject); }
    bool start_array(std::size_t) override { return put(Event::StartArray); }
    bool key(string_t& name) override
    {
        tag(Event::Key);
        return text(name);
    }
    bool end_object() override { return put(Event::EndObject); }
    bool end_array() override { return put(Event::EndArray); }
    bool parse_error(
        std::size_t position, const std::string& lastToken, const nlohmann::detail::exception& error) override
    {
        tag(Event::ParseError);
        plain(static_cast<std::uint64_t>(position));
        plain(error.id);
        text(lastToken);
        text(error.what());
        flush();
        return false;
    }

    // Hands the current chunk over; false once the handler has given up.
    bool flush()
    {
        if (chunk_.empty())
            return !stopped_;
        std::string next = queue_.takeEmpty();
        next.reserve(kChunkBytes + 64);
        chunk_.swap(next);
        stopped_ = stopped_ || !queue_.push(std::move(next));
        return !stopped_;
    }

private:
    void tag(Event event) { chunk_.push_back(static_cast<char>(event)); }
    template <typename Value> void plain(Value value)
    {
        const std::size_t at = chunk_.size();
        chunk_.resize(at + sizeof value);
        std::memcpy(chunk_.data() + at, &value, sizeof value);
    }
    bool text(const std::string& value)
    {
        plain(static_cast<std::uint64_t>(value.size()));
        chunk_.append(value);
        return done();
    }
    bool put(Event event)
    {
        tag(event);
        return done();
    }
    template <typename Value> bool put(Event event, Value value)
    {
        tag(event);
        plain(value);
        return done();
    }
    bool done() { return chunk_.size() < kChunkBytes ? !stopped_ : flush(); }

    EventQueue& queue_;
    std::string chunk_;
    bool stopped_ = false;
};

// A syntax error as the reader reported it, for the handler's parse_error().
class RelayedError : public nlohmann::detail::exception {
public:
    RelayedError(int id, const std::string& what)
        : exception(id, what.c_str())
    {
    }
};

// Reads the events of one chunk back.
class EventReader {
public:
    explicit EventReader(const std::string& chunk)
        : at_(chunk.data())
        , end_(chunk.data() + chunk.size())
    {
    }
    bool atEnd() const { return at_ == end_; }
    Event tag() { return static_cast<Event>(*at_++); }
    template <typename Value> Value plain()
    {
        Value value;
        std::memcpy(&value, at_, sizeof value);
        at_ += sizeof value;
        return value;
    }
    void text(std::string& into)
    {
        const auto size = static_cast<std::size_t>(plain<std::uint64_t>());
        into.assign(at_, size);
        at_ += size;
    }

private:
    const char* at_;
    const char* end_;
};

// Gives one chunk's events to the handler; false when the handler stopped the parse.
bool replay(const std::string& chunk, JsonSax& handler, std::string& scratch, std::string& raw)
{
    EventReader events(chunk);
    while (!events.atEnd()) {
        bool go = true;
        switch (events.tag()) {
        case Event::Null: go = handler.null(); break;
        case Event::True: go = handler.boolean(true); break;
        case Event::False: go = handler.boolean(false); break;
        case Event::Integer: go = handler.number_integer(events.plain<json::number_integer_t>()); break;
        case Event::Unsigned: go = handler.number_unsigned(events.plain<json::number_unsigned_t>()); break;
        case Event::Float: {
            const auto value = events.plain<json::number_float_t>();
            events.text(raw);
            go = handler.number_float(value, raw);
            break;
        }
        case Event::String:
            events.text(scratch);
            go = handler.string(scratch);
            break;
        case Event::Key:
            events.text(scratch);
            go = handler.key(scratch);
            break;
        case Event::StartObject: go = handler.start_object(static_cast<std::size_t>(-1)); break;
        case Event::StartArray: go = handler.start_array(static_cast<std::size_t>(-1)); break;
        case Event::EndObject: go = handler.end_object(); break;
        case Event::EndArray: go = handler.end_array(); break;
        case Event::Binary: {
            json::binary_t none;
            go = handler.binary(none);
            break;
        }
        case Event::ParseError: {
            const auto position = static_cast<std::size_t>(events.plain<std::uint64_t>());
            const int id = events.plain<int>();
            events.text(raw);
            events.text(scratch);
            handler.parse_error(position, raw, RelayedError(id, scratch));
            return false;
        }
        }
        if (!go)
            return false;
    }
    return true;
}

} // namespace

bool relaySaxEvents(const std::function<void(JsonSax& recorder)>& read, JsonSax& handler)
{
    EventQueue queue;
    std::thread reader([&queue, &read] {
        std::exception_ptr error;
        EventRecorder recorder(queue);
        try {
            read(recorder);
        } catch (...) {
            error = std::current_exception(); // after the events recorded before it
        }
        recorder.flush();
        queue.finish(error);
    });
    // However the handler ends (done, stopped, thrown), the reader is told and waited for.
    struct StopReader {
        EventQueue& queue;
        std::thread& reader;
        ~StopReader()
        {
            queue.abandon();
            reader.join();
        }
    } stopReader{queue, reader};
    std::string scratch;
    std::string raw;
    while (std::optional<std::string> chunk = queue.pop()) {
        const bool go = replay(*chunk, handler, scratch, raw);
        queue.recycle(std::move(*chunk));
        if (!go)
            return false;
    }
    if (const std::exception_ptr error = queue.readError())
        std::rethrow_exception(error);
    return true;
}

} // namespace memlens
