#pragma once
// A dump file read in chunks of 1 MiB, as an iterator the JSON reader walks:
// the load of a 300 MB dump never holds the whole text. Each chunk is checked
// as it arrives (a NUL byte in JSON text, growth past the size limit, cancel).
// From 8 MiB on, the next chunk is read on another thread while the reader walks this one.
// A reader can start part way (startAt) and skip what another reader read (spliceAt).
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <future>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// A UTF-8 byte order mark, which some editors write before JSON (the JSON reader skips it).
inline constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";

// The first bytes of a file say UTF-16 (as some editors save JSON): a byte order mark, or text
// whose first bytes alternate NUL and ASCII. Binary bytes with a NUL here and there are not.
inline bool looksLikeUtf16(std::string_view head)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(head[i]); };
    if (head.size() >= 2 && ((byte(0) == 0xff && byte(1) == 0xfe) || (byte(0) == 0xfe && byte(1) == 0xff)))
        return true;
    const std::size_t pairs = std::min<std::size_t>(head.size() / 2, 16);
    if (pairs == 0)
        return false;
    const std::size_t zeroAt = byte(0) == 0 ? 0 : 1; // big- or little-endian ASCII
    for (std::size_t p = 0; p < pairs; ++p) {
        const unsigned char zero = byte(2 * p + zeroAt);
        const unsigned char text = byte(2 * p + 1 - zeroAt);
        if (zero != 0 || text == 0 || text >= 0x80)
            return false;
    }
    return true;
}

class DumpFileChunks {
public:
    // Opens `path` (checked like readDumpText: a regular file below the size limit). Throws DumpError.
    // `bytesRead`, when given, follows how far the read has come (a progress bar's numerator).
    DumpFileChunks(
        const std::string& path, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead = nullptr);
    ~DumpFileChunks();
    DumpFileChunks(const DumpFileChunks&) = delete;
    DumpFileChunks& operator=(const DumpFileChunks&) = delete;

    // Reads up to the first byte that is not white space and checks the start of
    // the text (UTF-16, empty). Throws DumpError.
    void start();

    // Instead of start(): reads from byte `offset` on, as if the file held `prefix` just before
    // it (a reader of the second half of a dump starts inside a list). Throws DumpError.
    void startAt(std::uint64_t offset, std::string_view prefix);

    // The open file's descriptor (read elsewhere only with pread: the position is this reader's).
    int fileDescriptor() const;
    // The file's size when it was opened.
    std::uint64_t fileBytes() const { return fileBytes_; }

    // The file offset of the next byte the iterator walking these chunks gives.
    std::uint64_t position() const;

    // When the iterator reaches byte `at`, `decide` is called: nullopt goes on reading there;
    // an offset makes the iterator give the text `null` and then go on from that offset (the
    // bytes between were read by someone else). Once only; before the iterator is made.
    void spliceAt(std::uint64_t at, std::function<std::optional<std::uint64_t>()> decide);
    // Moves the walking iterator forward to byte `offset` (the bytes between were read by someone
    // else, FastListReader). Not with a splice.
    void skipTo(std::uint64_t offset);
    // Until the splice, `bytesRead` also counts what the other reader read: `besideRead` follows
    // its chunks (their bytesRead), which start at the splice point.
    void countBeside(const std::atomic<std::uint64_t>* besideRead) { besideRead_ = besideRead; }

    class Iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = char;
        using difference_type = std::ptrdiff_t;
        using pointer = const char*;
        using reference = const char&;

        Iterator() = default;
        // Starts at the chunk `chunks` holds now. Only one iterator may walk a DumpFileChunks.
        explicit Iterator(DumpFileChunks* chunks)
            : chunks_(chunks)
            , at_(chunks->buffer_.data() + chunks->at_)
            , end_(chunks->buffer_.data() + chunks->size_)
        {
            chunks_->walker_ = this;
            chunks_->stopAtSplice(*this);
        }
        // The JSON reader copies the iterator into place: the last copy made is the one that
        // walks, and position() asks it.
        Iterator(const Iterator& other)
            : chunks_(other.chunks_)
            , at_(other.at_)
            , end_(other.end_)
        {
            if (chunks_)
                chunks_->walker_ = this;
        }
        Iterator& operator=(const Iterator& other)
        {
            chunks_ = other.chunks_;
            at_ = other.at_;
            end_ = other.end_;
            if (chunks_)
                chunks_->walker_ = this;
            return *this;
        }
        reference operator*() const { return *at_; }
        Iterator& operator++()
        {
            // The position lives in the iterator, not behind a pointer: the JSON reader's
            // writes of token text cannot make the compiler reload it for every byte.
            if (++at_ == end_)
                nextChunk();
            return *this;
        }
        bool operator==(const Iterator& other) const { return (at_ == end_) == (other.at_ == other.end_); }

    private:
        friend class DumpFileChunks;
        void nextChunk() { chunks_->advance(*this); }
        DumpFileChunks* chunks_ = nullptr;
        const char* at_ = nullptr;
        const char* end_ = nullptr;
    };

private:
    bool readChunk(); // false at the end of the file
    void checkChunk();
    void advance(Iterator& walker); // the walker reached the end of what it may read
    void stopAtSplice(Iterator& walker) const;
    void jumpTo(std::uint64_t offset);

    enum class Splice { None, Pending, GivingNull, Done };

    std::string path_;
    const std::atomic<bool>* cancel_;
    std::atomic<std::uint64_t>* bytesRead_;
    const std::atomic<std::uint64_t>* besideRead_ = nullptr;
    std::FILE* file_ = nullptr;
    std::uint64_t fileBytes_ = 0;
    std::vector<char> buffer_;
    std::vector<char> next_;         // the chunk being read ahead into
    std::future<std::size_t> ahead_; // its read, when one is under way
    std::size_t at_ = 0;
    std::size_t size_ = 0;
    std::size_t offset_ = 0; // of buffer_[0] in the file
    Iterator* walker_ = nullptr;
    Splice splice_ = Splice::None;
    std::uint64_t spliceAt_ = 0;
    std::uint64_t resumeAt_ = 0;
    std::function<std::optional<std::uint64_t>()> decideSplice_;
    bool sawText_ = false; // a byte that is not white space was read
    bool startsLikeJson_ = false;
};

} // namespace memlens
