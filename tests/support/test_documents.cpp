#include "support/test_documents.hpp"

#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

namespace memlens::test {

std::shared_ptr<const PlanDocument> loadPath(const std::string& path, CapacitySettings capacity)
{
    LoadOptions options;
    options.capacity = std::move(capacity);
    options.buildHitIndexes = true; // as the window's loads do: a chart hits at once, no wait for a build
    return std::make_shared<const PlanDocument>(loadPlanDocument(path, options));
}

std::shared_ptr<const PlanDocument> loadFixture(const std::string& relative, CapacitySettings capacity)
{
    return loadPath(data(relative).string(), std::move(capacity));
}

std::shared_ptr<const PlanDocument> loadOverflowSample(CapacitySettings capacity)
{
    return loadPath(sample("fake_attn_fwd_overflow/memory_info_aiv.json").string(), std::move(capacity));
}

std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    INFO(path.string());
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

IrIndex loadOk(const std::filesystem::path& path)
{
    IrLoadResult result = loadIrIndex(path);
    INFO(path.string() << ": " << result.error);
    REQUIRE(result.ok());
    return std::move(*result.index);
}

int lineOf(const IrIndex& index, std::string_view needle)
{
    for (int line = 1; line <= index.lineCount(); ++line)
        if (index.lineText(line).find(needle) != std::string_view::npos)
            return line;
    FAIL("no line contains " << needle);
    return 0;
}

ScopePlan scopeOfBlocks(std::vector<Block> blocks)
{
    ScopePlan scope;
    scope.scope = "ub";
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        Buffer buffer;
        buffer.id = static_cast<int>(i);
        scope.buffers.push_back(buffer);
        blocks[i].bufferIndex = static_cast<int>(i);
    }
    scope.blocks = std::move(blocks);
    return scope;
}

RunSummary runFixtureSummary(const std::string& name)
{
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    return summarizeRun(data("runs/" + name).string(), options);
}

void writeText(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

} // namespace memlens::test
