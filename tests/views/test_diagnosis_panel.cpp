// The Diagnosis panel: diagnoses off the GUI thread, rows select their blocks
// through the shared session, the jump sets the time cursor.
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/diagnosis_panel.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> example(const char* folder)
{
    return test::loadPath((test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string());
}

bool waitForDiagnosis(QSignalSpy& spy)
{
    return !spy.isEmpty() || spy.wait(5000);
}

} // namespace

TEST_CASE("the panel shows the example's attribution and levers", "[diagnosis][panel]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    CHECK(panel.diagnosis() == nullptr);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));
    CHECK(diagnosed.front().front().toBool()); // it overflows
    REQUIRE(panel.diagnosis());
    CHECK(*panel.diagnosis()->criticalOp == 19);

    QTableWidget* sources = panel.sourceTable();
    REQUIRE(sources->rowCount() == 5);
    CHECK(sources->item(0, 0)->text() == "layer_norm.py:58");
    CHECK(sources->item(0, 1)->text() == "diff");
    CHECK(sources->item(0, 2)->text() == "128 KB");
    CHECK(sources->item(0, 6)->text() == "%alloc, %alloc_6");
    CHECK(sources->item(1, 4)->text() == "32 KB"); // w's second copy
    QTableWidget* levers = panel.leverTable();
    REQUIRE(levers->rowCount() == 2);
    CHECK(levers->item(0, 0)->text() == "single buffer (multibuffer=False)");
    CHECK(levers->item(0, 3)->text() == "does not fit");
    CHECK(levers->item(1, 0)->text() == "dimension 16384 -> 8192");
    CHECK(levers->item(1, 3)->text() == "fits");
}

TEST_CASE("a source row selects its blocks; the jump sets the time cursor", "[diagnosis][panel]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));

    panel.sourceTable()->selectRow(0);
    const std::vector<int> expected = panel.diagnosis()->bySource[0].blocks;
    REQUIRE(expected.size() == 2);
    CHECK(session.highlightedBlocks() == expected);
    CHECK(session.selectedBlock() == expected.front());
    CHECK(session.scope()->bufferOf(*session.selectedBlockPtr()).ssaName == "%alloc");

    REQUIRE(panel.jumpButton()->isVisibleTo(&panel));
    CHECK(panel.jumpButton()->text() == "Go to Op 19");
    panel.jumpButton()->click();
    CHECK(session.cursorOp() == std::optional<std::int64_t>(19));
}

TEST_CASE("a stale diagnosis is dropped when another document arrives first", "[diagnosis][panel]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    session.setDocument(example("block8192"));
    REQUIRE(waitForDiagnosis(diagnosed));
    QTest::qWait(200); // the first job's result, if it came, would have been shown by now
    REQUIRE(diagnosed.count() == 1);
    CHECK_FALSE(diagnosed.front().front().toBool());
    CHECK(panel.diagnosis()->requiredBytes == 164384);
    session.clear();
    CHECK(panel.diagnosis() == nullptr);
}
