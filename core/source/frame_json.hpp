#pragma once
// A Python frame as the JSON outputs print it (inspect and diff alike).
#include "core/source/mlir_location.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace memlens {

// {"file": as found here (else as written), "line", "column", "name" (or null),
// "location_file": as the compiler wrote it}.
nlohmann::ordered_json sourceFrameJson(const SourceFrame& frame, const std::string& localPath);

} // namespace memlens
