#pragma once
// A fresh temporary folder for a test, removed when it ends (header-only).
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace memlens::test {

struct TempDir {
    std::filesystem::path path;

    explicit TempDir(const std::string& prefix = "memlens_test_")
    {
        std::random_device rd;
        path = std::filesystem::temp_directory_path()
            / (prefix + std::to_string(::getpid()) + "_" + std::to_string(rd()));
        std::filesystem::create_directories(path);
    }
    ~TempDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    // Writes `content` at `relative` (folders created) and returns the path.
    std::filesystem::path write(const std::string& relative, const std::string& content) const
    {
        const std::filesystem::path p = path / relative;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary | std::ios::trunc) << content;
        return p;
    }
};

// Sets a file's time `secondsAgo` before now (to order cache entries).
inline void setAge(const std::filesystem::path& path, int secondsAgo)
{
    std::filesystem::last_write_time(
        path, std::filesystem::file_time_type::clock::now() - std::chrono::seconds(secondsAgo));
}

} // namespace memlens::test
