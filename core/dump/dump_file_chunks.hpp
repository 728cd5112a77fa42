#pragma once
// A dump file read in chunks of 1 MiB, as an iterator the JSON reader walks:
// the load of a 300 MB dump never holds the whole text. Each chunk is checked
// as it arrives (a NUL byte in JSON text, growth past the size limit, cancel).
// From 8 MiB on, the next chunk is read on another thread while the reader walks this one.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <future>
#include <iterator>
#include <string>
#include <vector>

namespace memlens {

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

    // The file's size when it was opened.
    std::uint64_t fileBytes() const { return fileBytes_; }

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
        void nextChunk()
        {
            chunks_->at_ = chunks_->size_;
            chunks_->readChunk();
            at_ = chunks_->buffer_.data();
            end_ = at_ + chunks_->size_;
        }
        DumpFileChunks* chunks_ = nullptr;
        const char* at_ = nullptr;
        const char* end_ = nullptr;
    };

private:
    bool readChunk(); // false at the end of the file
    void checkChunk();

    std::string path_;
    const std::atomic<bool>* cancel_;
    std::atomic<std::uint64_t>* bytesRead_;
    std::FILE* file_ = nullptr;
    std::uint64_t fileBytes_ = 0;
    std::vector<char> buffer_;
    std::vector<char> next_;         // the chunk being read ahead into
    std::future<std::size_t> ahead_; // its read, when one is under way
    std::size_t at_ = 0;
    std::size_t size_ = 0;
    std::size_t offset_ = 0; // of buffer_[0] in the file
    bool sawText_ = false;   // a byte that is not white space was read
    bool startsLikeJson_ = false;
};

} // namespace memlens
