#include "core/dump/dump_display_name.hpp"

#include <filesystem>
#include <system_error>

namespace memlens {

std::string dumpDisplayName(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code error;
    fs::path full = fs::absolute(fs::path(path), error);
    if (error)
        full = fs::path(path);
    full = full.lexically_normal();
    const fs::path folder = full.parent_path().filename();
    if (folder.empty() || folder == "/" || folder == ".")
        return full.filename().string();
    return (folder / full.filename()).generic_string();
}

} // namespace memlens
