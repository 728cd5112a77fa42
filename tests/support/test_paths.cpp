#include "support/test_paths.hpp"

#include <algorithm>
#include <cstdio>

namespace memlens::test {

std::filesystem::path samplesDir() { return std::filesystem::path(MEMLENS_SAMPLES_DIR); }
std::filesystem::path dataDir() { return std::filesystem::path(MEMLENS_TEST_DATA_DIR); }
std::filesystem::path sourceDir() { return std::filesystem::path(MEMLENS_SOURCE_DIR); }

bool samplesAvailable(const char* what)
{
    if (std::filesystem::is_directory(samplesDir()))
        return true;
    std::fprintf(stderr, "SKIPPED (%s): real samples not found at %s\n", what, samplesDir().string().c_str());
    return false;
}

std::filesystem::path sample(const std::string& relative) { return samplesDir() / relative; }
std::filesystem::path data(const std::string& relative) { return dataDir() / relative; }

std::vector<std::filesystem::path> testDumpFiles()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(data("dumps")))
        if (entry.is_regular_file())
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::filesystem::path exampleDump(const std::string& folder)
{
    return sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json";
}

} // namespace memlens::test
