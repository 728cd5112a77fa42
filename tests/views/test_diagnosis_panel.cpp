// The Diagnosis panel: diagnoses off the GUI thread, rows select their blocks
// through the shared session, the jump sets the time cursor.
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <QHeaderView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QThreadPool>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> example(const char* folder)
{
    return test::loadPath(
        (test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string());
}

bool waitForDiagnosis(QSignalSpy& spy) { return !spy.isEmpty() || spy.wait(5000); }

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

TEST_CASE("a source row selects its blocks, the jump sets the time cursor", "[diagnosis][panel]")
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
    // A plan of 60k tiles that overflows: its diagnosis (some twenty predicted plans) takes a while.
    auto big = std::make_shared<PlanDocument>();
    ScopePlan scope;
    scope.scope = "ub";
    for (int i = 0; i < 60000; ++i) {
        Buffer buffer;
        buffer.id = i;
        buffer.setType("memref<4096xf16, #hivm.address_space<ub>>");
        buffer.extentBits = 4096 * 16;
        buffer.sizeBytes = 8192;
        scope.buffers.push_back(buffer);
        Block block;
        block.bufferIndex = i;
        block.offset = static_cast<std::uint64_t>(i % 40) * 8192;
        block.size = 8192;
        block.start = i / 40;
        block.end = i / 40 + 3;
        scope.blocks.push_back(block);
    }
    big->dump.scopes.push_back(std::move(scope));
    big->analyses.push_back(analyzePlan(big->dump.scopes[0], Capacity{196608, CapacitySource::Setting, {}}));
    REQUIRE(big->analyses[0].overflow);

    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(big);
    session.setDocument(example("block8192"));
    REQUIRE(waitForDiagnosis(diagnosed));
    QThreadPool::globalInstance()->waitForDone();
    QTest::qWait(100); // the big plan's result, had it been kept, is delivered by now
    for (const QList<QVariant>& arguments : diagnosed)
        CHECK_FALSE(arguments.front().toBool()); // never the big plan's overflow
    REQUIRE(panel.diagnosis());
    CHECK(panel.diagnosis()->requiredBytes == 164384);
    session.clear();
    CHECK(panel.diagnosis() == nullptr);
}

TEST_CASE(
    "after a reload the Diagnosis tables still fill their width (the last column stretches)", "[diagnosis][panel]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    panel.resize(1400, 800);
    panel.show();
    const auto fillsWidth = [](const QTableWidget* table) {
        const QHeaderView* header = table->horizontalHeader();
        const int last = header->count() - 1;
        return header->sectionViewportPosition(last) + header->sectionSize(last) == table->viewport()->width();
    };
    for (int load = 0; load < 2; ++load) { // the first open, then a reload, with no resize in between
        QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
        session.setDocument(example("block16384"));
        REQUIRE(waitForDiagnosis(diagnosed));
        QTest::qWait(50); // layouts settle
        INFO("load " << load);
        CHECK(fillsWidth(panel.sourceTable()));
        CHECK(fillsWidth(panel.leverTable()));
    }
}
