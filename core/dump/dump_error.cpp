#include "core/dump/dump_error.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace memlens {

namespace {

// The JSON stops before it closes: the reader ran out of input, or failed at the file's last byte.
bool endsEarly(const std::string& file, const std::string& problem)
{
    if (problem.find("unexpected end of input") != std::string::npos)
        return true;
    const std::string marker = "invalid JSON at byte ";
    const std::size_t at = problem.find(marker);
    if (at == std::string::npos)
        return false;
    const unsigned long long position = std::strtoull(problem.c_str() + at + marker.size(), nullptr, 10);
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(file, error);
    return !error && size > 0 && position >= size;
}

std::string compose(const std::string& file, const std::string& path, const std::string& problem)
{
    std::string text = file;
    if (!path.empty())
        text += ": " + path;
    text += ": " + problem;
    // A file cut short, or one the compiler is still writing.
    if (endsEarly(file, problem))
        text += " (the file ends before its JSON does: it may be cut short, or the compiler may still be writing "
                "it)";
    return text;
}
} // namespace

DumpError::DumpError(std::string file, std::string jsonPath, std::string problem)
    : std::runtime_error(compose(file, jsonPath, problem))
    , file_(std::move(file))
    , jsonPath_(std::move(jsonPath))
    , problem_(std::move(problem))
{
}

std::string errorMessage(const std::exception& error, const std::string& file)
{
    if (dynamic_cast<const DumpError*>(&error))
        return error.what();
    return file + ": " + error.what();
}

} // namespace memlens
