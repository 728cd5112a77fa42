// What the title bar says of a scope, as functions of the document (views/scope_text): the
// verdict and its tooltip, the capacity and where it comes from, the peak line, the file line.
#include "core/analysis/plan_requirement.hpp"
#include "core/document/plan_document.hpp"
#include "support/test_documents.hpp"
#include "views/scope_text.hpp"
#include "views/storage_text.hpp"

#include <catch2/catch.hpp>

using namespace memlens;
using memlens::test::loadFixture;

namespace {

// A planned scope of one block, with the analysis's numbers given.
struct HandMadeScope {
    ScopePlan scope;
    PlanAnalysis analysis;

    HandMadeScope(std::uint64_t peakAddress, std::uint64_t peakLive, std::uint64_t capacity)
    {
        scope.scope = "ub";
        scope.blocks.push_back(Block{});
        analysis.peakAddressBytes = peakAddress;
        analysis.peakLiveBytes = peakLive;
        analysis.capacity = Capacity{capacity, CapacitySource::ErrorInfo, {}};
    }
};

} // namespace

TEST_CASE("scope text: each verdict, short and long", "[titlebar][text]")
{
    const auto lying = loadFixture("dumps/success_but_overflow.json");
    const ScopePlan& scope = lying->dump.scopes[0];
    const PlanAnalysis& analysis = lying->analyses[0];
    CHECK(verdictText(scope, analysis) == "overflows (the compiler writes success for failed plans)");
    CHECK(shortVerdictText(scope, analysis) == "overflows (status: success)");
    CHECK(verdictTip(*lying, scope, analysis)
        == QStringLiteral("overflows (the compiler writes success for failed plans): The dump says success, but %1 "
                          "block(s) end above the 192 KB capacity (today's compiler writes success and no error text "
                          "for every scope, also of a plan that failed).\nStatus in the dump: success")
               .arg(analysis.overCapacityBlocks.size()));

    const auto compiled = loadFixture("dumps/two_scopes_multibuffer.json");
    CHECK(verdictText(compiled->dump.scopes[0], compiled->analyses[0]) == "compiled");
    CHECK(verdictTip(*compiled, compiled->dump.scopes[0], compiled->analyses[0])
        == "compiled: Every block ends within the 192 KB capacity.\nStatus in the dump: success");

    const auto flat = loadFixture("dumps/flat_layout.json");
    CHECK(verdictText(flat->dump.scopes[0], flat->analyses[0]) == "fits the capacity");
    CHECK(shortVerdictText(flat->dump.scopes[0], flat->analyses[0]) == "fits");
    CHECK(verdictTip(*flat, flat->dump.scopes[0], flat->analyses[0])
              .endsWith("\nThe dump has no status (old flat layout)."));
}

TEST_CASE("scope text: a scope never planned names where the compile stopped", "[titlebar][text]")
{
    const auto document = loadFixture("dumps/compiler_today/cube_stopped_at_cbuf.json");
    const ScopePlan& cc = document->dump.scopes[1];
    const PlanAnalysis& analysis = document->analyses[1];
    CHECK(shortVerdictText(cc, analysis) == "not planned");
    CHECK(longVerdictText(*document, cc, analysis) == "not planned: the compile stopped at scope cbuf");
    CHECK(verdictTip(*document, cc, analysis)
              .startsWith("not planned: the compile stopped at scope cbuf: Every offset of this scope is 0"));
    CHECK(peakLine(cc, analysis, planRequirement(cc, analysis))
        == "demand 128 KB at op 8 (the most bytes live at once; no addresses: not planned)");
}

TEST_CASE("scope text: the capacity, known or guessed, long and short", "[titlebar][text]")
{
    const CapacityLabel known = capacityLabel(Capacity{196608, CapacitySource::ErrorInfo, {}});
    CHECK(known.longText == "192 KB from the error message");
    CHECK(known.shortText == known.longText);
    CHECK(known.tip == "196608 bytes");
    CHECK_FALSE(known.guessed);

    const CapacityLabel guessed = capacityLabel(Capacity{196608, CapacitySource::Default, {}});
    CHECK(guessed.longText
        == QString::fromUtf8("192 KB \u26a0 default: Ascend910B/910_93, the targets whose compiler writes this dump"));
    CHECK(guessed.shortText == QString::fromUtf8("192 KB \u26a0 default"));
    CHECK(guessed.tip.startsWith(guessed.longText + ".\n196608 bytes: no error text, IR target or setting"));
    CHECK(guessed.guessed);

    CHECK(capacityLabel(Capacity{524288, CapacitySource::Setting, {}}).longText == "512 KB from your setting");
}

TEST_CASE("scope text: the peak line puts the verdict's numbers first", "[titlebar][text]")
{
    HandMadeScope over(256 * 1024, 200 * 1024, 192 * 1024);
    over.analysis.peakLiveAt = 4;
    over.analysis.firstOverflowAt = 3;
    PlanRequirement requirement;
    CHECK(peakLine(over.scope, over.analysis, requirement)
        == QString::fromUtf8("needs 256 KB, has 192 KB, 64 KB short (133% of capacity) \u00b7 peak address 256 KB "
                             "\u00b7 peak live 200 KB at op 4 \u00b7 over capacity from op 3"));
    // The error's "requires N bits", when it is the plan's high-water mark, is named beside it.
    requirement.compilerRequiresBits = 256 * 1024 * 8;
    requirement.highWaterBytes = 256 * 1024;
    CHECK(peakLine(over.scope, over.analysis, requirement)
              .contains(QString::fromUtf8("peak address 256 KB = \"requires 2097152 bits\" \u00b7")));
    CHECK(peakTip(over.scope, over.analysis, requirement).startsWith(peakLine(over.scope, over.analysis, requirement)));

    HandMadeScope fits(96 * 1024, 64 * 1024, 192 * 1024);
    CHECK(peakLine(fits.scope, fits.analysis, {})
        == QString::fromUtf8("needs 96 KB of 192 KB (50% of capacity), 96 KB spare \u00b7 peak address 96 KB \u00b7 "
                             "peak live 64 KB"));

    HandMadeScope empty(0, 0, 192 * 1024);
    empty.scope.blocks.clear();
    CHECK(peakLine(empty.scope, empty.analysis, {}) == "no blocks in this scope");
    CHECK(peakTip(empty.scope, empty.analysis, {}).isEmpty());
}

TEST_CASE("scope text: the kernel, the file line and the warnings", "[titlebar][text]")
{
    PlanDocument document;
    CHECK(kernelLine(document) == "(unnamed kernel)");
    document.dump.kernel = "_attn_fwd";
    CHECK(kernelLine(document) == "_attn_fwd");
    document.dump.file = "/work/k1/memory_info_aiv.json";
    document.dump.core = CoreKind::Vector;
    CHECK(fileLine(document) == QString::fromUtf8("k1/memory_info_aiv.json \u00b7 vector core (aiv)"));
    // A kept copy is named by the file it came from, with the version.
    document.copyOf = document.dump.file;
    document.dump.file = "/tmp/copies/3.json";
    CHECK(fileLine(document, "version of 12:03:41.250")
        == QString::fromUtf8("k1/memory_info_aiv.json \u00b7 version of 12:03:41.250 \u00b7 vector core (aiv)"));
    // The chip, when the IR or the log names it.
    document.target = "Ascend950PR_950z";
    CHECK(fileLine(document).endsWith(QString::fromUtf8(" \u00b7 vector core (aiv) \u00b7 Ascend950PR_950z")));

    CHECK(documentWarnings(document).isEmpty());
    document.siblingWarning = "memory_info_aic.json beside it is 5 minutes older";
    CHECK(documentWarnings(document)
        == QStringList{QString::fromUtf8("\u26a0 memory_info_aic.json beside it is 5 minutes older")});
}

TEST_CASE("scope text: the holes and the overlaps lines", "[titlebar][text]")
{
    CapacitySettings capacity;
    capacity.all = 3072;
    const auto holes = loadFixture("dumps/overlaps_and_holes.json", capacity);
    const QString line = holesLine(holes->analyses[0]);
    CHECK(line == QStringLiteral("Holes %1").arg(holesSummaryText(holes->analyses[0])));
    CHECK(line.contains("placement: at most 1.8 KB is live at once"));

    const auto many = loadFixture("dumps/many_overlaps.json");
    const QString overlaps = overlapsLine(many->dump.scopes[0], many->analyses[0], 3);
    CHECK(overlaps == QString::fromUtf8("\u26a0 ") + overlapsWarningText(many->dump.scopes[0], many->analyses[0], 3));
    CHECK(overlaps.count(" at ops ") == 3);
    const auto none = loadFixture("dumps/two_scopes_multibuffer.json");
    CHECK(overlapsLine(none->dump.scopes[0], none->analyses[0], 3).isEmpty());
}

TEST_CASE("scope text: the status line counts the blocks of each scope, as the table counts one", "[text][status]")
{
    const auto twoScopes = loadFixture("dumps/two_scopes_multibuffer.json");
    const QString text = documentStatusText(*twoScopes);
    CHECK(text.startsWith("Blocks: 4 ub, 1 cbuf"));
    CHECK(text.contains(QString::fromUtf8(" \u00b7 "))); // then what became of the IR
    const auto oneScope = loadFixture("dumps/success_but_overflow.json");
    REQUIRE(oneScope->dump.scopes.size() == 1);
    CHECK(documentStatusText(*oneScope).startsWith(
        QStringLiteral("%1 blocks").arg(oneScope->dump.scopes[0].blocks.size())));
}

TEST_CASE("scope text: the status line says where the IR came from", "[text][status]")
{
    PlanDocument document = *loadFixture("dumps/success_but_overflow.json");
    const QString blocks = QStringLiteral("%1 blocks").arg(document.dump.blockCount());
    document.irFile.clear();
    document.irNote.clear();
    CHECK(documentStatusText(document) == blocks + QString::fromUtf8(" \u00b7 IR none"));
    document.irNote = "no IR beside the dump";
    CHECK(documentStatusText(document) == blocks + QString::fromUtf8(" \u00b7 no IR beside the dump"));
    document.irFile = "/cache/k.ttadapter";
    CHECK(documentStatusText(document)
        == blocks + QString::fromUtf8(" \u00b7 IR /cache/k.ttadapter (from the Triton cache)"));
    document.irNote.clear();
    CHECK(documentStatusText(document) == blocks + QString::fromUtf8(" \u00b7 IR /cache/k.ttadapter"));
}

TEST_CASE("scope text: what a reload did to the IR", "[text][reload]")
{
    PlanDocument before;
    PlanDocument after;
    before.irFile = after.irFile = "a.mlir";
    CHECK(irChangeText(before, after).isEmpty()); // the same IR: nothing to say
    after.irFile = "b.mlir";
    CHECK(irChangeText(before, after) == "The IR is now b.mlir (it was a.mlir).");
    before.irFile.clear();
    CHECK(irChangeText(before, after) == "The IR is now b.mlir (it was none).");
    before.irFile = "a.mlir";
    after.irFile.clear();
    CHECK(irChangeText(before, after) == "The IR is no longer shown (it was a.mlir).");
}
