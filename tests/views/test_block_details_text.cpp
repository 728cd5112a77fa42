// Block Details' texts as functions of the document: what the panel shows and "Copy details" copies.
#include "core/document/plan_document.hpp"
#include "support/test_documents.hpp"
#include "views/table/block_details_text.hpp"
#include "views/view_text.hpp"

#include <catch2/catch.hpp>

using namespace memlens;
using memlens::test::loadFixture;

namespace {

// ub of two_scopes_multibuffer.json: %x_tile's two 8 KB copies (blocks 0 and 1), %row_max, %tmp_buf.
BlockDetailsText detailsOf(const PlanDocument& document, int block)
{
    return blockDetailsText(&document, 0, document.dump.scopes[0], &document.analyses[0], block);
}

} // namespace

TEST_CASE("block details text: a copy of a multi-buffered buffer, against the default capacity", "[details][text]")
{
    const auto document = loadFixture("dumps/two_scopes_multibuffer.json");
    const ScopePlan& ub = document->dump.scopes[0];
    REQUIRE(ub.scope == "ub");
    const BlockDetailsText text = detailsOf(*document, 1);
    CHECK(text.name == "%x_tile");
    CHECK(text.context
        == QString::fromUtf8("ub \u00b7 block 2 of 4 \u00b7 #%1 in file order \u00b7 copy 2 of 2")
               .arg(ub.bufferOf(ub.blocks[1]).id));
    CHECK(text.life == "Life [2, 9]");
    CHECK(text.lifeDetail == QString::fromUtf8("alloc at 2, last use at 9 \u00b7 spans 8 ops"));
    CHECK(text.size == "8192 B (8 KB)");
    CHECK(text.address == "[8192, 16384)");
    CHECK(text.offsets == QStringList{"0 (copy 1 of 2)", "8192 (copy 2 of 2)"});
    CHECK(text.offsetsLine() == "0 (copy 1 of 2), 8192 (copy 2 of 2)");
    CHECK(text.offsetsTip == "Multi-buffering: 2 copies cost 16 KB in total");
    CHECK(text.type == "4096xf16 (f16, shape 4096)");
    CHECK(text.temp == "no");
    CHECK(text.overCapacity
        == "no: ends at 16 KB, 176 KB below the capacity 192 KB (default); none of the buffer's 2 copies ends above "
           "it");
    CHECK_FALSE(text.overCapacityAlarm);
    CHECK(text.rawBuffer == "%x_tile = memref.alloc() : memref<4096xf16, #hivm.address_space<ub>>");
    CHECK(text.rawLocation == "loc(\"/work/kernels/softmax.py\":21:12)");
    CHECK(text.location == shortLocationText("loc(\"/work/kernels/softmax.py\":21:12)"));
    CHECK(text.storage.startsWith("storage "));
    CHECK(text.storage.endsWith(" (this block alone)"));
}

TEST_CASE("block details text: a temporary, one op long, with no location", "[details][text]")
{
    const auto document = loadFixture("dumps/two_scopes_multibuffer.json");
    const BlockDetailsText text = detailsOf(*document, 3);
    CHECK(text.name == "%tmp_buf");
    CHECK(text.lifeDetail == QString::fromUtf8("alloc at 5, last use at 5 \u00b7 spans 1 op"));
    CHECK(text.size == "100 B (100 B)");
    CHECK(text.offsets == QStringList{"32768 (copy 1 of 1)"});
    CHECK(text.offsetsTip.isEmpty());
    CHECK(text.temp == "yes: scratch buffer an op needs internally");
    CHECK(text.location == "unknown");
}

TEST_CASE("block details text: a block above a capacity you set, and its copies", "[details][text]")
{
    CapacitySettings capacity;
    capacity.byScope["ub"] = 12 * 1024;
    const auto document = loadFixture("dumps/two_scopes_multibuffer.json", capacity);
    const BlockDetailsText over = detailsOf(*document, 1);
    CHECK(over.overCapacity
        == "by 4 KB: ends at 16 KB, capacity 12 KB from your setting; 1 of the buffer's 2 copies end above it, the "
           "furthest by 4 KB");
    CHECK(over.overCapacityAlarm);
    const BlockDetailsText below = detailsOf(*document, 0);
    CHECK(below.overCapacity.startsWith("no: ends at 8 KB, 4 KB below the capacity 12 KB from your setting; "));
    CHECK_FALSE(below.overCapacityAlarm);
    // Without an analysis nothing is said of capacity.
    CHECK(blockDetailsText(document.get(), 0, document->dump.scopes[0], nullptr, 0).overCapacity
        == "unknown (no capacity)");
}

TEST_CASE("block details text: the summary for the clipboard, one fact a line", "[details][text]")
{
    const auto document = loadFixture("dumps/two_scopes_multibuffer.json");
    const BlockDetailsText text = detailsOf(*document, 2);
    const QString summary = blockSummaryText(text, document->dump.scopes[0], document.get());
    const QStringList lines = summary.split(QLatin1Char('\n'));
    REQUIRE(lines.size() >= 13);
    CHECK(lines[0] == "%row_max (scope ub, kernel _softmax_kernel)");
    CHECK(lines[1] == QString::fromUtf8("Life [4, 6]: alloc at 4, last use at 6 \u00b7 spans 3 ops"));
    CHECK(lines[2] == "Size: 16384 B (16 KB)");
    CHECK(lines[3] == "Address range: [16384, 32768)");
    CHECK(lines[4] == "Offsets: 16384 (copy 1 of 1)");
    CHECK(lines[5] == "Type: 4096xf32 (f32, shape 4096)");
    CHECK(lines[6] == "Temporary: no");
    CHECK(lines[7].startsWith("Over capacity: no: ends at 32 KB"));
    CHECK(summary.contains("\nSource location: loc(\"/work/kernels/softmax.py\":23:18)\n"));
    CHECK(summary.endsWith(QStringLiteral("Dump: %1\n").arg(toQString(document->dump.file))));
}

TEST_CASE("block details text: the hint says what to do", "[details][text]")
{
    CHECK(detailsHint(false) == "Open a memory plan dump to see its blocks");
    CHECK(detailsHint(true) == "Click a block in the chart or a row in the table");
}
