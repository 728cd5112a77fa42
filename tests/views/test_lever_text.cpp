// The Diagnosis panel's sentences, made apart from the panel (views/diagnosis/lever_text): the
// critical op, the footer under the levers and the fit map's legend.
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
