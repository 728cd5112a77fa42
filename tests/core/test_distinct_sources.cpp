// The table of a document's distinct sources: a source of one Python frame is kept
// as a small record and comes back exactly as it was added; any other is kept whole.
#include "core/source/distinct_sources.hpp"
#include "support/block_source_checks.hpp"

#include <catch2/catch.hpp>

using namespace memlens;
using memlens::test::checkSameSource;

namespace {

BlockSource plainSource(int line, int column, bool withIr)
{
    BlockSource source;
    const SourceFrame frame{"/src/kernel.py", line, column, "acc", false};
    source.python = frame;
    source.pythonFrames = {frame};
    source.chain = {frame};
    source.pythonLocalPath = "/home/dev/src/kernel.py";
    source.note = withIr ? "" : "no IR file loaded: cannot find the IR line";
    if (withIr) {
        source.ir = IrRef{"/tmp/kernel.ttadapter.mlir", 40 + line};
        source.irLines = {40 + line};
    }
    return source;
}

} // namespace

TEST_CASE("a source of one Python frame is kept as a record and made back exactly", "[sources]")
{
    DistinctSources table;
    const BlockSource withIr = plainSource(12, 4, true);
    const BlockSource withoutIr = plainSource(13, 9, false);
    REQUIRE(table.add(withIr) == 0);
    REQUIRE(table.add(withoutIr) == 1);
    CHECK(table.size() == 2);
    CHECK(table.compactCount() == 2);
    checkSameSource(table.at(0), withIr);
    checkSameSource(table.at(1), withoutIr);
    // One object per index, however often it is asked for.
    CHECK(&table.at(0) == &table.at(0));
    CHECK(&table.at(0) != &table.at(1));
    // Made into a scratch source: what the scratch held before leaves nothing behind.
    BlockSource scratch = table.at(0);
    CHECK(&table.into(1, scratch) == &scratch);
    checkSameSource(scratch, withoutIr);
    table.into(0, scratch);
    checkSameSource(scratch, withIr);
}

TEST_CASE("a source the record cannot hold is kept whole", "[sources]")
{
    DistinctSources table;
    BlockSource twoFrames = plainSource(5, 1, true);
    twoFrames.pythonFrames.push_back(SourceFrame{"/src/caller.py", 80, 2, "", false});
    twoFrames.chain = twoFrames.pythonFrames;
    BlockSource library = plainSource(6, 1, false);
    library.chain.insert(library.chain.begin(), SourceFrame{"/site/triton/language/standard.py", 306, 1, "", true});
    BlockSource manyIrLines = plainSource(7, 1, true);
    manyIrLines.irLines = {47, 90};
    BlockSource noPython;
    noPython.ir = IrRef{"/tmp/k.mlir", 3};
    noPython.irLines = {3};
    noPython.chain = {SourceFrame{"/tmp/k.mlir", 3, 1, "", false}};
    BlockSource empty;
    empty.note = "the block has no source location";
    for (const BlockSource* source : {&twoFrames, &library, &manyIrLines, &noPython, &empty})
        table.add(*source);
    CHECK(table.compactCount() == 0);
    checkSameSource(table.at(0), twoFrames);
    checkSameSource(table.at(1), library);
    checkSameSource(table.at(2), manyIrLines);
    checkSameSource(table.at(3), noPython);
    checkSameSource(table.at(4), empty);
    // Kept whole, into() gives the kept object itself.
    BlockSource scratch;
    CHECK(&table.into(2, scratch) == &table.at(2));
}
