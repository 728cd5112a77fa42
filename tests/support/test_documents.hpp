#pragma once
// Loading documents and IR for tests: one place instead of a copy per test file.
#include "core/document/plan_document.hpp"
#include "core/run/run_summary.hpp"
#include "core/source/ir_index.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::test {

std::shared_ptr<const PlanDocument> loadPath(const std::string& path, CapacitySettings capacity = {});
// A fixture under tests/data.
std::shared_ptr<const PlanDocument> loadFixture(const std::string& relative, CapacitySettings capacity = {});
// The real overflow sample (call MEMLENS_REQUIRE_SAMPLES() first).
std::shared_ptr<const PlanDocument> loadOverflowSample(CapacitySettings capacity = {});

// The summary of the run folder tests/data/runs/<name>, with the summary's own load options.
RunSummary runFixtureSummary(const std::string& name);

// A scope of one buffer per block (buffer i has id i), for tests that make blocks up.
ScopePlan scopeOfBlocks(std::vector<Block> blocks);

// Writes `text` as the whole of `path` (bytes as they are).
void writeText(const std::filesystem::path& path, const std::string& text);

// A file's whole text, failing the test when it cannot be read.
std::string readText(const std::filesystem::path& path);

// The IR index of a file, failing the test when it cannot be read.
IrIndex loadOk(const std::filesystem::path& path);
// The first 1-based line whose text contains `needle`; fails the test when none does.
int lineOf(const IrIndex& index, std::string_view needle);

} // namespace memlens::test
