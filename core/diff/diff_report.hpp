#pragma once
// What `memlens diff` prints: the comparison of two dumps as JSON (a contract,
// like `inspect`), a plain text table for the terminal, or Markdown for a bug report.
#include "core/diff/plan_diff.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace memlens {

enum class DiffFormat { Text, Markdown, Json };

struct DiffInput {
    const PlanDocument& a;
    const PlanDocument& b;
    const PlanDiff& diff;
    std::optional<std::string> onlyScope; // --scope
};

nlohmann::ordered_json diffJson(const DiffInput& input);
std::string diffText(const DiffInput& input);
std::string diffMarkdown(const DiffInput& input);

// "×2", "×0.5", "×4096", "×1.33": the size ratio as the tables show it.
std::string formatRatio(double ratio);

} // namespace memlens
