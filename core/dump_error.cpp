#include "core/dump_error.hpp"

namespace memlens {

namespace {
std::string compose(const std::string& file, const std::string& path, const std::string& problem)
{
    std::string text = file;
    if (!path.empty())
        text += ": " + path;
    return text + ": " + problem;
}
} // namespace

DumpError::DumpError(std::string file, std::string jsonPath, std::string problem)
    : std::runtime_error(compose(file, jsonPath, problem))
    , file_(std::move(file))
    , jsonPath_(std::move(jsonPath))
    , problem_(std::move(problem))
{
}

} // namespace memlens
