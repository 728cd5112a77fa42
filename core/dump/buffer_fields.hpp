#pragma once
// One buffer object of a dump as its SAX events deliver it: a slot per known
// key, filled without building a JSON tree (a dump of a million buffers must
// not allocate a tree node per field). convertBuffer() checks the slots and
// names the JSON path of anything wrong.
#include "core/dump/dump_model.hpp"
#include "core/dump/shared_texts.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// A JSON value seen at a known place: scalars keep their value; of a
// container only its kind is kept (no known field may be one).
struct FieldValue {
    enum class Kind { Missing, Null, Boolean, Negative, Unsigned, Float, String, Array, Object };
    Kind kind = Kind::Missing;
    bool boolean = false;
    std::int64_t negative = 0;
    std::uint64_t number = 0;
    double fraction = 0;
    std::string text; // String: the value; kept allocated across buffers

    bool present() const { return kind != Kind::Missing; }
    // "an integer (7)", "a string (\"...\")": how an error message names it.
    std::string describe() const;

    static FieldValue of(const nlohmann::json& value); // of a value read into a tree (the old flat layout)
};

// The fields of one buffer object; reused from one buffer to the next.
struct BufferFields {
    enum Key { BufferText, Offset, Extent, AllocTime, Life, Location, IsTmp, KeyCount };
    FieldValue values[KeyCount];
    std::vector<FieldValue> offsetItems; // the elements when `offset` is a list
    std::vector<FieldValue> lifeItems;   // the elements when `life_time_in_ir` is a list
    std::size_t offsetCount = 0;         // how many of offsetItems are this buffer's
    std::size_t lifeCount = 0;
    unsigned seen = 0; // bit per Key: refuses a repeated key

    void clear();
    static std::optional<Key> keyOf(std::string_view name);
    // The next element slot of a list field (`offset` or `life_time_in_ir`).
    FieldValue& nextItem(Key list);

    static BufferFields of(const nlohmann::json& object); // for the old flat layout, read as a tree
};

// Repeated warnings of one kind are logged a few times, then only counted.
// Thrown by warn() once refuseWarnings() was called.
struct WarningRefused : std::exception {
    const char* what() const noexcept override { return "a warning where none may be given"; }
};

class RepeatedWarnings {
public:
    void warn(const std::string& kind, const std::string& message);
    void flush(); // "... and 99,999 more like it" for every kind that was cut short
    // A reader of part of a dump cannot name a path right: it gives up instead of warning.
    void refuseWarnings() { refuse_ = true; }

private:
    std::vector<std::pair<std::string, std::size_t>> counts_; // few kinds: a list is enough
    bool refuse_ = false;
};

std::string withThousands(std::size_t n);

// Checks the fields and makes the Buffer; throws DumpError naming `file`, the field's
// JSON path under `path()` and what was wrong. The path is made only when it is written
// (a problem, a warning): a million well-formed buffers make none.
// Types and locations come from `shared`, one copy per distinct text.
Buffer convertBuffer(BufferFields& fields, const std::string& file, const std::function<std::string()>& path, int id,
    RepeatedWarnings& warnings, SharedTexts& shared);

} // namespace memlens
