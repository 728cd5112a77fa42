// The Diagnosis panel's sentences, made apart from the panel (views/diagnosis/lever_text): the
// critical op, the footer under the levers and the fit map's legend.
#include "support/test_documents.hpp"
#include "views/diagnosis/lever_text.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

TEST_CASE("the critical op's sentence, and a scope without blocks", "[diagnosis][text]")
{
    Diagnosis d;
    CHECK(criticalOpText(d, nullptr) == "The scope has no blocks.");
    d.criticalOp = 41;
    d.liveBytes = 328736;
    d.multiBufferBytes = 65536;
    d.tmpBytes = 1024;
    const QString text = criticalOpText(d, nullptr);
    CHECK(text.startsWith("Critical op 41: live 321 KB, holes 0 B; multi-buffer copies 64 KB, temporaries 1 KB."));
}

TEST_CASE("the footer is re-planned only when every lever is", "[diagnosis][text]")
{
    Diagnosis d;
    Lever predicted;
    Lever replanned;
    replanned.how = PlanMethod::Replanned;
    d.levers = {replanned};
    CHECK(leverMethodText(d).startsWith("Levers are re-planned"));
    d.levers.push_back(predicted);
    CHECK(leverMethodText(d).startsWith("Levers are predicted plans"));
    d.levers.clear();
    CHECK(leverMethodText(d).startsWith("Levers are predicted plans")); // nothing re-planned to speak for
}

TEST_CASE("the fit map's legend says how its cells were found", "[diagnosis][text]")
{
    FitMap map;
    map.capacityBytes = 196608;
    map.cells.emplace_back();
    CHECK(fitLegendText(map).startsWith("Fit map, predicted from the dump (capacity 192 KB): today's config outlined"));
    map.cells.front().how = PlanMethod::Replanned;
    CHECK(fitLegendText(map).startsWith("Fit map, re-planned (capacity 192 KB)"));
}

TEST_CASE("the What if result names the method and, with the scope, what the plan needs", "[diagnosis][text]")
{
    CHECK(whatIfResultText("BLOCK_SIZE=8192", PlanMethod::Predicted, nullptr)
        == "BLOCK_SIZE=8192: predicted from the dump");
    PlanAnalysis analysis;
    analysis.peakAddressBytes = 196608;
    analysis.capacity.bytes = 196608;
    CHECK(whatIfResultText("BLOCK_SIZE=8192", PlanMethod::Replanned, &analysis)
        == "BLOCK_SIZE=8192: re-planned, needs 192 KB of 192 KB (fits)");
    analysis.overflow = true;
    CHECK(whatIfResultText("x", PlanMethod::Replanned, &analysis).endsWith("(does not fit)"));
}

TEST_CASE("a scope the compiler did not plan says why and its demand", "[diagnosis][text]")
{
    const auto document = test::loadFixture("dumps/unplanned/demand_over_capacity.json");
    REQUIRE_FALSE(document->analyses.at(0).planned);
    const QString text = notPlannedDiagnosisText(*document, 0);
    CHECK(text.contains(": no addresses, so nothing to diagnose. Its demand, the most bytes live at once, is 288 KB."));
}
