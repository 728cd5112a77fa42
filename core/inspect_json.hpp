#pragma once
// The model as `memlens inspect` prints it (docs/design.md, Command line: a stable contract).
#include "core/kernel_folder.hpp"
#include "core/plan_document.hpp"
#include "core/work_thresholds.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>

namespace memlens {

// `onlyScope` limits "scopes" to that one (which must exist).
nlohmann::ordered_json inspectJson(const PlanDocument& document, const std::optional<std::string>& onlyScope);

// Scopes of this many blocks or more have their diagnosis worked out on a second
// thread while their blocks are written.

// The same JSON as inspectJson(...).dump(2) and a newline, byte for byte, written
// block by block: a dump of a million blocks never exists as one JSON tree.
void writeInspectJson(std::ostream& out, const PlanDocument& document, const std::optional<std::string>& onlyScope,
    std::size_t diagnosisApartFrom = kDiagnosisApartFromBlocks);

// A kernel's folder: {"folder", "kernel", "dumps": [the inspect object of each dump], "notes": [the pair's
// health]}; folderInspectJson(...).dump(2) and a newline, byte for byte.
nlohmann::ordered_json folderInspectJson(const KernelFolder& kernel, const std::optional<std::string>& onlyScope);
void writeFolderInspectJson(std::ostream& out, const KernelFolder& kernel, const std::optional<std::string>& onlyScope,
    std::size_t diagnosisApartFrom = kDiagnosisApartFromBlocks);

} // namespace memlens

namespace memlens {

// A Python frame as `inspect` prints it (file as found here, line, column, name, location_file).
nlohmann::ordered_json pythonFrameJson(const SourceFrame& frame, const std::string& localPath);

} // namespace memlens
