#include "core/base/fd_output_buffer.hpp"

#include <cerrno>

#include <unistd.h>

namespace memlens {

FdOutputBuffer::FdOutputBuffer(int fd, std::size_t capacity)
    : fd_(fd)
    , buffer_(capacity > 0 ? capacity : 1)
{
    setp(buffer_.data(), buffer_.data() + buffer_.size());
}

FdOutputBuffer::~FdOutputBuffer() { drain(); }

int writeAllToFd(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t wrote = ::write(fd, bytes.data(), bytes.size());
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            return wrote < 0 ? errno : ENOSPC;
        bytes.remove_prefix(static_cast<std::size_t>(wrote));
    }
    return 0;
}

bool FdOutputBuffer::writeOut(const char* data, std::size_t size)
{
    if (!error_)
        error_ = writeAllToFd(fd_, std::string_view(data, size));
    return error_ == 0;
}

bool FdOutputBuffer::drain()
{
    const std::size_t pending = static_cast<std::size_t>(pptr() - pbase());
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return writeOut(buffer_.data(), pending);
}

FdOutputBuffer::int_type FdOutputBuffer::overflow(int_type ch)
{
    if (!drain())
        return traits_type::eof();
    if (traits_type::eq_int_type(ch, traits_type::eof()))
        return traits_type::not_eof(ch);
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
    return ch;
}

std::streamsize FdOutputBuffer::xsputn(const char* data, std::streamsize count)
{
    const std::streamsize room = epptr() - pptr();
    if (count <= room) {
        traits_type::copy(pptr(), data, static_cast<std::size_t>(count));
        pbump(static_cast<int>(count));
        return count;
    }
    // Larger than what is left: what is buffered goes first, then the text itself.
    if (!drain() || !writeOut(data, static_cast<std::size_t>(count)))
        return 0;
    return count;
}

int FdOutputBuffer::sync() { return drain() ? 0 : -1; }

} // namespace memlens
