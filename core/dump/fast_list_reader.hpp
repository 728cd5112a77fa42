#pragma once
// Reads the buffer objects of a dump's `memory_info_array` list with simdjson, a window of the
// file at a time, where the streaming JSON reader would take one event per token. It only takes
// what it is sure the streaming reader would read the same way: plain buffer objects (every key
// known and given once; values integers, strings, booleans or null, and lists of them for
// `offset` and `life_time_in_ir`; strings without `\u` escapes or control bytes, within the
// length limit). At the first object that is not plain (or a window it cannot read) it stops,
// and the streaming reader goes on from that object's first byte: anything unusual, a problem
// included, is read and said by the one reader that names paths and byte offsets.
#include "core/dump/buffer_fields.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace memlens {

// A window of 1 MiB holds about 4,000 buffer objects: one simdjson pass over it costs far more
// than setting the pass up. (4 MiB read no faster and kept 20 MB more at a million buffers.)
inline constexpr std::size_t kFastListWindowBytes = std::size_t(1) << 20;
// From this much file left on, a list is read on two threads (simdjson's reading, and what the
// caller makes of each object): below it, the thread costs more than it saves.
inline constexpr std::uint64_t kPipelinedListBytes = std::uint64_t(8) << 20;

class FastListReader {
public:
    // `path` is the dump being read (opened again here).
    // `bytesRead`, when given, follows the read (it only grows).
    FastListReader(const std::string& path, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead,
        std::size_t windowBytes = kFastListWindowBytes);
    // Reads through a copy of `fileDescriptor` (the streaming reader's own open file: the same
    // bytes even when the path is replaced meanwhile).
    FastListReader(int fileDescriptor, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead,
        std::size_t windowBytes = kFastListWindowBytes);
    ~FastListReader();
    FastListReader(const FastListReader&) = delete;
    FastListReader& operator=(const FastListReader&) = delete;

    // Reads the list's objects from byte `from` (just past its `[`), handing each plain one to
    // `take` in order with the fields as the streaming reader fills them, and the offset just past
    // it. Returns where the streaming reader goes on: the list's `]` when every object was taken,
    // else the first byte of the first object not taken (`from` when none was). Throws
    // LoadCancelled; what `take` throws goes through. From kPipelinedListBytes of file left on
    // (and a second core), simdjson reads on a second thread while `take` runs on this one.
    using Take = std::function<void(BufferFields& fields, std::uint64_t objectEnd)>;
    std::uint64_t read(std::uint64_t from, BufferFields& fields, const Take& take);
    void setPipelinedFrom(std::uint64_t bytes) { pipelinedFrom_ = bytes; }

private:
    struct Window;
    std::uint64_t readHere(std::uint64_t from, BufferFields& fields, const Take& take);
    std::uint64_t readBeside(std::uint64_t from, const Take& take);
    std::size_t fill(std::uint64_t at, std::size_t bytes);
    Window readWindow(std::size_t length, bool cut, std::uint64_t at, BufferFields& fields, const Take& take);

    FastListReader(int owned, bool, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead,
        std::size_t windowBytes);

    int file_ = -1; // owned
    std::uint64_t fileBytes_ = 0;
    const std::atomic<bool>* cancel_;
    std::atomic<std::uint64_t>* bytesRead_;
    std::size_t largestWindow_;
    std::uint64_t pipelinedFrom_ = kPipelinedListBytes;
    std::vector<char> text_; // '[' then the file's bytes, then simdjson's padding
    struct Parser;
    std::unique_ptr<Parser> parser_;
};

} // namespace memlens
