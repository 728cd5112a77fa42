#pragma once
// The model as `memlens inspect` prints it (docs/design.md, Command line: a stable contract).
#include "core/base/work_thresholds.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>

namespace memlens {

struct PlanDocument;
struct KernelFolder;
class ScopeDiagnoses;

// The inspect JSON as ordered_json::dump(2) would write it, and a newline, written
// block by block: a dump of a million blocks never exists as one JSON tree. `onlyScope`
// limits "scopes" to that one (which must exist). Scopes of `diagnosisApartFrom`
// blocks or more have their diagnosis worked out on a second thread while their
// blocks are written. (tests/support/inspect_tree builds the same JSON as one tree,
// as the tests' oracle.)
void writeInspectJson(std::ostream& out, const PlanDocument& document, const std::optional<std::string>& onlyScope,
    std::size_t diagnosisApartFrom = kDiagnosisApartFromBlocks);

// A kernel's folder: {"folder", "kernel", "dumps": [the inspect object of each dump], "notes": [the pair's
// health]}, written the same way.
void writeFolderInspectJson(std::ostream& out, const KernelFolder& kernel, const std::optional<std::string>& onlyScope,
    std::size_t diagnosisApartFrom = kDiagnosisApartFromBlocks);

// The members the writer takes whole from a tree: the file's before "scopes", a scope's
// before "blocks" (in the contract's order) and after them.
nlohmann::ordered_json inspectFileHeadJson(const PlanDocument& document);
nlohmann::ordered_json inspectScopeHeadJson(const PlanDocument& document, std::size_t scopeIndex);
// The tail's diagnosis is taken from `diagnoses` when given (a report shares one per document).
nlohmann::ordered_json inspectScopeTailJson(
    const PlanDocument& document, std::size_t scopeIndex, const ScopeDiagnoses* diagnoses = nullptr);

} // namespace memlens
