#pragma once
// A dump that cannot be read: which file, where in its JSON, and what was wrong.
#include <exception>
#include <stdexcept>
#include <string>

namespace memlens {

class DumpError : public std::runtime_error {
public:
    // `jsonPath` is like "Record[0].memory_info_array[3].extent"; empty for whole-file problems.
    DumpError(std::string file, std::string jsonPath, std::string problem);

    const std::string& file() const { return file_; }
    const std::string& jsonPath() const { return jsonPath_; }
    const std::string& problem() const { return problem_; }

private:
    std::string file_;
    std::string jsonPath_;
    std::string problem_;
};

// The one message for an error met while reading `file` (docs/design.md, Errors):
// a DumpError already names its file and JSON path; any other exception (an
// I/O error, out of memory) is prefixed with `file`.
std::string errorMessage(const std::exception& error, const std::string& file);

} // namespace memlens
