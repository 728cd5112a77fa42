#pragma once
// The inspect JSON built as one tree: the oracle the streamed writer
// (core/cli/inspect_json) is checked against byte for byte, and the easy way for
// a test to look at one key. The blocks are written here on their own; the head
// and tail members come from the writer's parts.
#include "core/cli/inspect_json.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace memlens::test {

nlohmann::ordered_json inspectJson(const PlanDocument& document, const std::optional<std::string>& onlyScope);
nlohmann::ordered_json folderInspectJson(const KernelFolder& kernel, const std::optional<std::string>& onlyScope);

} // namespace memlens::test
