#pragma once
// An output stream buffer over a file descriptor that keeps the reason of the first failed
// write. The standard stream over stdout only goes bad; by the time a command checks it, the
// errno of the write that failed (a full disk, a closed pipe, a file-size limit) is gone, and
// all memlens could say was that "a write failed". With this buffer under std::cout the
// message names the cause.
#include <streambuf>
#include <string_view>
#include <vector>

namespace memlens {

// Writes all of `bytes` to `fd`, again after a signal; 0, or the errno of the write that
// failed (ENOSPC for one that took no bytes). The one write loop of memlens's own files.
int writeAllToFd(int fd, std::string_view bytes);

class FdOutputBuffer : public std::streambuf {
public:
    explicit FdOutputBuffer(int fd, std::size_t capacity = 1 << 16);
    ~FdOutputBuffer() override;
    FdOutputBuffer(const FdOutputBuffer&) = delete;
    FdOutputBuffer& operator=(const FdOutputBuffer&) = delete;

    // errno of the first write that failed (ENOSPC for a write that took no bytes), 0 if none.
    int errorCode() const { return error_; }

protected:
    int_type overflow(int_type ch) override;
    std::streamsize xsputn(const char* data, std::streamsize count) override;
    int sync() override;

private:
    bool writeOut(const char* data, std::size_t size);
    bool drain();

    int fd_;
    int error_ = 0;
    std::vector<char> buffer_;
};

} // namespace memlens
