#include "core/dump/dump_file_chunks.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/run_beside.hpp"
#include "core/base/work_thresholds.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"

#include <algorithm>
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

void DumpFileChunks::startAt(std::uint64_t offset, std::string_view prefix)
{
    if (offset < prefix.size() || prefix.size() > buffer_.size() || offset > fileBytes_
        || std::fseek(file_, static_cast<long>(offset), SEEK_SET) != 0)
        throw DumpError(path_, "", "cannot read from byte " + std::to_string(offset));
    std::copy(prefix.begin(), prefix.end(), buffer_.begin());
    offset_ = offset - prefix.size(); // the prefix stands just before the byte read from
    size_ = prefix.size();
    at_ = 0;
    checkChunk();
}

int DumpFileChunks::fileDescriptor() const { return ::fileno(file_); }

std::uint64_t DumpFileChunks::position() const
{
    if (!walker_ || splice_ == Splice::GivingNull)
        return offset_ + at_;
    return offset_ + static_cast<std::uint64_t>(walker_->at_ - buffer_.data());
}

void DumpFileChunks::spliceAt(std::uint64_t at, std::function<std::optional<std::uint64_t>()> decide)
{
    splice_ = Splice::Pending;
    spliceAt_ = at;
    decideSplice_ = std::move(decide);
}

void DumpFileChunks::stopAtSplice(Iterator& walker) const
{
    if (splice_ == Splice::Pending && spliceAt_ >= offset_ && spliceAt_ < offset_ + size_)
        walker.end_ = buffer_.data() + (spliceAt_ - offset_);
}

void DumpFileChunks::advance(Iterator& walker)
{
    static constexpr char kNull[] = "null";
    for (;;) {
        if (splice_ == Splice::GivingNull) { // it has given `null`: on from where the other reader stopped
            splice_ = Splice::Done;
            jumpTo(resumeAt_);
        } else if (splice_ == Splice::Pending && position() == spliceAt_) {
            at_ = static_cast<std::size_t>(walker.at_ - buffer_.data());
            const std::optional<std::uint64_t> resume = decideSplice_();
            decideSplice_ = nullptr;
            if (resume) {
                splice_ = Splice::GivingNull;
                resumeAt_ = *resume;
                walker.at_ = kNull;
                walker.end_ = kNull + 4;
                return;
            }
            splice_ = Splice::Done;
            walker.end_ = buffer_.data() + size_;
            if (walker.at_ != walker.end_)
                return;
            continue; // the splice point ends this chunk
        } else {
            at_ = size_;
            readChunk();
        }
        walker.at_ = buffer_.data() + at_;
        walker.end_ = buffer_.data() + size_;
        stopAtSplice(walker);
        if (walker.at_ != walker.end_ || size_ == 0)
            return;
    }
}

void DumpFileChunks::skipTo(std::uint64_t offset)
{
    if (!walker_ || splice_ != Splice::None || offset <= position())
        return;
    if (offset >= offset_ + size_) {
        jumpTo(offset);
    } else {
        at_ = static_cast<std::size_t>(offset - offset_);
    }
    walker_->at_ = buffer_.data() + at_;
    walker_->end_ = buffer_.data() + size_;
}

void DumpFileChunks::jumpTo(std::uint64_t offset)
{
    if (ahead_.valid())
        ahead_.get(); // what it read ahead is not wanted now
    if (offset > fileBytes_ || std::fseek(file_, static_cast<long>(offset), SEEK_SET) != 0)
        throw DumpError(path_, "", "cannot read from byte " + std::to_string(offset));
    offset_ = offset;
    size_ = 0;
    at_ = 0;
    readChunk();
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
    if (bytesRead_) {
        // Until the splice, what the other reader read from the splice point on counts too.
        std::uint64_t beside = 0;
        if (besideRead_ && splice_ == Splice::Pending)
            beside = besideRead_->load(std::memory_order_relaxed);
        // Only forward: a FastListReader may have read past this chunk already.
        const std::uint64_t now = offset_ + size_ + (beside > spliceAt_ ? beside - spliceAt_ : 0);
        std::uint64_t shown = bytesRead_->load(std::memory_order_relaxed);
        while (shown < now && !bytesRead_->compare_exchange_weak(shown, now, std::memory_order_relaxed)) { }
    }
    return size_ > 0;
}

void DumpFileChunks::checkChunk()
{
    if (offset_ == 0) {
        // UTF-16 (as some editors save JSON) starts with a byte order mark or has a NUL
        // beside the first ASCII character (two NULs are NUL bytes, not text): said before
        // the NUL check below would call it a NUL byte.
        if (looksLikeUtf16(std::string_view(buffer_.data(), size_)))
            throw DumpError(path_, "", "the file is UTF-16 text; memlens reads JSON in UTF-8 (save it as UTF-8)");
    }
    std::size_t from = 0;
    if (offset_ == 0 && std::string_view(buffer_.data(), size_).starts_with(kUtf8ByteOrderMark))
        from = kUtf8ByteOrderMark.size();
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
