#pragma once
// Every file memlens reads is asked what it is before it is opened: opening a FIFO
// blocks until a writer comes, /dev/zero never ends, a directory reads as an error
// without a reason. The answer names what the path is, or errno's reason.
#include <cstdint>
#include <string>

namespace memlens {

struct InputFileCheck {
    std::string problem;     // "" when the path is a regular file that can be opened for reading
    std::uint64_t bytes = 0; // its size when it is one
    bool ok() const { return problem.empty(); }
};

// "no such file", "is a directory", "is a FIFO, not a regular file", "cannot be read: Permission
// denied", "cannot be read: Too many levels of symbolic links", ...; the path itself is not in it.
InputFileCheck checkInputFile(const std::string& path);

// errno's text for `code` ("No space left on device").
std::string errnoText(int code);

} // namespace memlens
