#include "core/source/frame_json.hpp"

namespace memlens {

nlohmann::ordered_json sourceFrameJson(const SourceFrame& frame, const std::string& localPath)
{
    nlohmann::ordered_json out;
    out["file"] = localPath.empty() ? frame.file : localPath;
    out["line"] = frame.line;
    out["column"] = frame.column;
    out["name"] = frame.name.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(frame.name);
    out["location_file"] = frame.file;
    return out;
}

} // namespace memlens
