// The table of a document's distinct sources: a source of one Python frame is kept
// as a small record and comes back exactly as it was added; any other is kept whole.
#include "core/distinct_sources.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

namespace {

void checkSame(const BlockSource& got, const BlockSource& expected)
{
    CHECK(got.ir == expected.ir);
    CHECK(got.irLines == expected.irLines);
    CHECK(got.python == expected.python);
    CHECK(got.pythonFrames == expected.pythonFrames);
    CHECK(got.chain == expected.chain);
    CHECK(got.pythonLocalPath == expected.pythonLocalPath);
    CHECK(got.note == expected.note);
}

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
    checkSame(table.at(0), withIr);
    checkSame(table.at(1), withoutIr);
    // One object per index, however often it is asked for.
    CHECK(&table.at(0) == &table.at(0));
    CHECK(&table.at(0) != &table.at(1));
    // Made into a scratch source: what the scratch held before leaves nothing behind.
    BlockSource scratch = table.at(0);
    CHECK(&table.into(1, scratch) == &scratch);
    checkSame(scratch, withoutIr);
    table.into(0, scratch);
    checkSame(scratch, withIr);
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
    checkSame(table.at(0), twoFrames);
    checkSame(table.at(1), library);
    checkSame(table.at(2), manyIrLines);
    checkSame(table.at(3), noPython);
    checkSame(table.at(4), empty);
    // Kept whole, into() gives the kept object itself.
    BlockSource scratch;
    CHECK(&table.into(2, scratch) == &table.at(2));
}
