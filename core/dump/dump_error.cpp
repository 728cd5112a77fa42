#include "core/dump/dump_error.hpp"

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

std::string errorMessage(const std::exception& error, const std::string& file)
{
    if (dynamic_cast<const DumpError*>(&error))
        return error.what();
    return file + ": " + error.what();
}

} // namespace memlens
