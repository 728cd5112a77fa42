#include "core/document/block_line_index.hpp"
#include "core/document/plan_document.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace memlens;

namespace {

// One scope of `copies.size()` buffers, buffer i expanded into copies[i] blocks, sources given per buffer.
PlanDocument documentWith(const std::vector<int>& copies, std::vector<BlockSource> sources)
{
    PlanDocument document;
    ScopePlan scope;
    scope.scope = "ub";
    for (std::size_t buffer = 0; buffer < copies.size(); ++buffer) {
        scope.buffers.emplace_back();
        for (int copy = 0; copy < copies[buffer]; ++copy) {
            Block block;
            block.bufferIndex = static_cast<int>(buffer);
            block.copy = copy;
            scope.blocks.push_back(block);
        }
    }
    document.dump.scopes.push_back(std::move(scope));
    auto distinct = std::make_shared<DistinctSources>();
    std::vector<std::uint32_t> indexOfBuffer;
    for (BlockSource& source : sources)
        indexOfBuffer.push_back(distinct->add(std::move(source)));
    document.sources.emplace_back(std::move(distinct), std::move(indexOfBuffer));
    return document;
}

BlockSource sourceAt(std::vector<int> irLines, std::vector<SourceFrame> frames)
{
    BlockSource source;
    source.irLines = std::move(irLines);
    source.pythonFrames = std::move(frames);
    if (!source.pythonFrames.empty())
        source.python = source.pythonFrames.front();
    return source;
}

SourceFrame frame(const std::string& file, int line)
{
    SourceFrame out;
    out.file = file;
    out.line = line;
    return out;
}

} // namespace

TEST_CASE("the block-line index maps IR and Python lines to the blocks they allocate", "[block_line_index]")
{
    // Buffer 0 is double-buffered (blocks 0, 1) at IR line 10 from a.py:3; buffer 1 (block 2) has two candidate IR
    // lines, 10 and 12, and two user frames; buffer 2 (block 3) has no source at all.
    const PlanDocument document = documentWith({2, 1, 1},
        {sourceAt({10}, {frame("/k/a.py", 3)}), sourceAt({10, 12}, {frame("/k/a.py", 7), frame("/k/b.py", 3)}),
            BlockSource{}});
    const BlockLineIndex index = BlockLineIndex::build(document, 0);

    CHECK(index.blocksAtIrLine(10) == std::vector<int>{0, 1, 2});
    CHECK(index.blocksAtIrLine(12) == std::vector<int>{2});
    CHECK(index.blocksAtIrLine(11).empty());
    CHECK(index.irLines() == std::vector<int>{10, 12});

    CHECK(index.blocksAtPythonLine("/k/a.py", 3) == std::vector<int>{0, 1});
    CHECK(index.blocksAtPythonLine("/k/a.py", 7) == std::vector<int>{2});
    CHECK(index.blocksAtPythonLine("/k/b.py", 3) == std::vector<int>{2});
    CHECK(index.blocksAtPythonLine("/k/b.py", 7).empty());
    CHECK(index.blocksAtPythonLine("a.py", 3).empty()); // the file as named, not by its file name
    CHECK(index.pythonLines("/k/a.py") == std::vector<int>{3, 7});
    CHECK(index.pythonLines("/k/b.py") == std::vector<int>{3});
    CHECK(index.pythonLines("/k/c.py").empty());
}

TEST_CASE("the block-line index of a scope out of range, or of no document, is empty", "[block_line_index]")
{
    const PlanDocument document = documentWith({1}, {sourceAt({4}, {frame("/k/a.py", 1)})});
    const BlockLineIndex outOfRange = BlockLineIndex::build(document, 1);
    CHECK(outOfRange.irLines().empty());
    CHECK(outOfRange.blocksAtIrLine(4).empty());
    const BlockLineIndex none;
    CHECK(none.blocksAtPythonLine("/k/a.py", 1).empty());
    CHECK(none.pythonLines("/k/a.py").empty());
}

TEST_CASE("the block-line index of the layer-norm example agrees with a scan of every block", "[block_line_index]")
{
    const auto document = test::loadPath(
        (test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string());
    REQUIRE(document->ir);
    for (std::size_t scopeIndex = 0; scopeIndex < document->dump.scopes.size(); ++scopeIndex) {
        const ScopePlan& scope = document->dump.scopes[scopeIndex];
        const BlockLineIndex index = BlockLineIndex::build(*document, scopeIndex);
        // Brute force: for each line, the blocks whose source names it.
        std::set<int> allocating;
        std::set<std::pair<std::string, int>> frames;
        for (int line = 1; line <= document->ir->lineCount(); ++line) {
            std::vector<int> expected;
            for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
                const BlockSource* source = document->sourceOf(scopeIndex, scope.blocks[i]);
                if (source && std::count(source->irLines.begin(), source->irLines.end(), line) > 0)
                    expected.push_back(static_cast<int>(i));
                if (source && line == 1)
                    for (const SourceFrame& f : source->pythonFrames)
                        frames.insert({f.file, f.line});
            }
            CHECK(index.blocksAtIrLine(line) == expected);
            if (!expected.empty())
                allocating.insert(line);
        }
        CHECK(index.irLines() == std::vector<int>(allocating.begin(), allocating.end()));
        REQUIRE_FALSE(frames.empty());
        for (const auto& frame : frames) {
            const auto& [file, line] = frame;
            std::vector<int> expected;
            for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
                const BlockSource* source = document->sourceOf(scopeIndex, scope.blocks[i]);
                if (source
                    && std::any_of(source->pythonFrames.begin(), source->pythonFrames.end(),
                        [&frame](const SourceFrame& f) { return f.file == frame.first && f.line == frame.second; }))
                    expected.push_back(static_cast<int>(i));
            }
            CHECK(index.blocksAtPythonLine(file, line) == expected);
            const auto& lines = index.pythonLines(file);
            CHECK(std::binary_search(lines.begin(), lines.end(), line));
        }
    }
}

TEST_CASE("what a source line allocates reads as buffer names and their total size", "[block_line_index]")
{
    // Buffer 0 (%alloc_7) double-buffered, 512 bytes a copy; buffer 1 (%alloc_8) one block of 1024 bytes.
    PlanDocument document = documentWith({2, 1}, {BlockSource{}, BlockSource{}});
    ScopePlan& scope = document.dump.scopes[0];
    scope.buffers[0].ssaName = "%alloc_7";
    scope.buffers[1].ssaName = "%alloc_8";
    scope.blocks[0].size = scope.blocks[1].size = 512;
    scope.blocks[2].size = 1024;
    CHECK(describeLineAllocation(scope, {0, 1, 2}, 60) == "line 60 allocates %alloc_7, %alloc_8: 2 KB");
    CHECK(describeLineAllocation(scope, {2}, 61) == "line 61 allocates %alloc_8: 1 KB");
    CHECK(describeLineAllocation(scope, {}, 62) == "line 62 allocates nothing");
}
