#include "core/dump/dump_file_chunks.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/run_beside.hpp"
#include "core/base/work_thresholds.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"

#include <cctype>
#include <cstring>
#include <filesystem>

namespace memlens {

namespace {
constexpr std::size_t kChunkBytes = 1 << 20;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
} // namespace

DumpFileChunks::DumpFileChunks(
    const std::string& path, const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead)
    : path_(path)
    , cancel_(cancel)
    , bytesRead_(bytesRead)
    , buffer_(kChunkBytes)
{
    checkDumpFile(path);
    file_ = std::fopen(path.c_str(), "rb");
    if (!file_)
        throw DumpError(path, "", "cannot be opened for reading");
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    fileBytes_ = error ? 0 : size;
}

DumpFileChunks::~DumpFileChunks()
{
    if (ahead_.valid())
        ahead_.wait(); // it reads from file_
    if (file_)
        std::fclose(file_);
}

void DumpFileChunks::start()
{
    readChunk(); // checkChunk() tells UTF-16 from NUL bytes in the first chunk
    while (!sawText_ && size_ > 0)
        readChunk(); // a chunk of nothing but white space: the JSON reader skips it anyway
    if (!sawText_)
        throw DumpError(path_, "", "the file is empty; expected a JSON memory dump");
}

bool DumpFileChunks::readChunk()
{
    throwIfCancelled(cancel_);
    offset_ += size_;
    at_ = 0;
    if (ahead_.valid()) {
        size_ = ahead_.get();
        std::swap(buffer_, next_);
    } else {
        size_ = std::fread(buffer_.data(), 1, buffer_.size(), file_);
    }
    // A big file's next chunk is read while the JSON reader walks this one: the copy
    // out of the page cache is then off the reader's thread, which sets the pace.
    if (size_ == buffer_.size() && fileBytes_ >= kReadAheadFromBytes) {
        next_.resize(kChunkBytes);
        ahead_ = runBeside(
            [file = file_, into = next_.data(), bytes = next_.size()] { return std::fread(into, 1, bytes, file); });
    }
    if (offset_ + size_ > kMaxDumpFileBytes)
        throw DumpError(path_, "",
            "grew past " + std::to_string(kMaxDumpFileBytes)
                + " bytes while being read, larger than memlens reads (2 GiB)");
    checkChunk();
    if (bytesRead_)
        bytesRead_->store(offset_ + size_, std::memory_order_relaxed);
    return size_ > 0;
}

void DumpFileChunks::checkChunk()
{
    if (offset_ == 0) {
        // UTF-16 (as some editors save JSON) starts with a byte order mark or has a NUL
        // beside the first ASCII character (two NULs are NUL bytes, not text): said before
        // the NUL check below would call it a NUL byte.
        const auto byte = [&](std::size_t i) { return i < size_ ? static_cast<unsigned char>(buffer_[i]) : 0x100u; };
        if ((byte(0) == 0xff && byte(1) == 0xfe) || (byte(0) == 0xfe && byte(1) == 0xff)
            || (size_ >= 2 && (byte(0) == 0) != (byte(1) == 0)))
            throw DumpError(path_, "", "the file is UTF-16 text; memlens reads JSON in UTF-8 (save it as UTF-8)");
    }
    std::size_t from = 0;
    if (!sawText_) {
        while (from < size_ && isSpace(buffer_[from]))
            ++from;
        if (from == size_)
            return;
        sawText_ = true;
        startsLikeJson_ = buffer_[from] == '{' || buffer_[from] == '[' || buffer_[from] == '\0'; // NULs: said so
    }
    // The JSON reader would take a NUL byte for the end of the text and ignore the
    // rest. (Text that does not even start like JSON gets the reader's own message.)
    if (!startsLikeJson_)
        return;
    if (const void* nul = std::memchr(buffer_.data() + from, '\0', size_ - from))
        throw DumpError(path_, "",
            "a NUL byte at offset " + std::to_string(offset_ + (static_cast<const char*>(nul) - buffer_.data()))
                + "; a JSON dump is text");
}

} // namespace memlens
