// The Diagnosis panel: diagnoses off the GUI thread, rows select their blocks
// through the shared session, the jump sets the time cursor.
#include "core/planner/what_if.hpp"
#include "core/text/byte_size.hpp"
#include "support/model_tester_log.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/diagnosis/fit_map_model.hpp"
#include "views/plan_session.hpp"
#include "views/view_text.hpp"

#include <catch2/catch.hpp>

#include <QRegularExpression>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QThreadPool>
#include <QWheelEvent>

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
    CHECK(*panel.diagnosis()->criticalOp == 41);

    QTableWidget* sources = panel.sourceTable();
    REQUIRE(sources->rowCount() == 7); // y and x_hat last, reused in place (0 B of their own)
    CHECK(sources->item(0, 0)->text() == "layer_norm.py:58");
    CHECK(sources->item(0, 1)->text() == "diff");
    CHECK(sources->item(0, 2)->text() == "128 KB"); // %alloc_6 holds the storage :62 and :68 reuse
    CHECK(sources->item(0, 6)->text() == "%alloc, %alloc_6; %alloc_6 reused in place by :62 and :68");
    CHECK(sources->item(1, 4)->text() == "32 KB"); // w's second copy
    QTableWidget* levers = panel.leverTable();
    REQUIRE(levers->rowCount() == 2);
    CHECK(levers->item(0, 0)->text() == "single buffer (multibuffer=False)\nsaves 64 KB");
    CHECK(levers->item(0, 1)->text() == "288 KB\ndoes not fit");
    // Named by where the launcher chooses the value; the line that uses it is in the tooltip.
    CHECK(levers->item(1, 0)->text().startsWith("BLOCK_SIZE 16384 -> 8192 (chosen by block_size_for, lines 71-77)\n"));
    CHECK(levers->item(1, 0)->toolTip().startsWith(
        "BLOCK_SIZE 16384 -> 8192 (layer_norm.py:45 `cols = tl.arange(0, BLOCK_SIZE)`)"));
    CHECK(levers->item(1, 0)->toolTip().contains("BLOCK_SIZE is chosen by block_size_for (lines 71-77), at the launch "
                                                 "on line 89 `BLOCK_SIZE=block_size_for(n)`."));

    // Selecting the lever names the Python lines where the value is chosen: block_size_for, then the keyword.
    QSignalSpy chosen(&panel, &DiagnosisPanel::pythonLinesChosen);
    levers->selectRow(1);
    REQUIRE(chosen.size() == 1);
    CHECK(chosen.front().at(0).toString().endsWith("resources/examples/layer_norm/layer_norm.py"));
    CHECK(chosen.front().at(1).value<std::vector<int>>() == std::vector<int>{71, 72, 73, 74, 75, 76, 77, 89});
    CHECK(levers->item(1, 1)->text().endsWith("\nfits"));
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
    CHECK(panel.jumpButton()->text() == "Go to Op 41");
    panel.jumpButton()->click();
    CHECK(session.cursorOp() == std::optional<std::int64_t>(41));
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
    CHECK(panel.diagnosis()->requiredBytes == 196608);
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

TEST_CASE("in a narrow dock every lever cell is read whole: the verdicts keep their width, the lever wraps",
    "[diagnosis][panel]")
{
    // The dock's widths at a 1024, 1400 and 1920 wide window, and a wide one.
    for (const int width : {272, 300, 380, 700}) {
        PlanSession session;
        DiagnosisPanel panel(&session);
        panel.resize(width, 800);
        panel.show();
        QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
        session.setDocument(example("block16384"));
        REQUIRE(waitForDiagnosis(diagnosed));
        QTest::qWait(50); // layouts settle
        INFO("panel width " << width);
        const QTableWidget* levers = panel.leverTable();
        REQUIRE(levers->rowCount() == 2);
        const QHeaderView* header = levers->horizontalHeader();
        for (int column = 0; column < header->count(); ++column) {
            INFO("column " << column);
            CHECK(header->sectionViewportPosition(column) >= 0);
            CHECK(header->sectionViewportPosition(column) + header->sectionSize(column) <= levers->viewport()->width());
        }
        // No cell elided: each text, wrapped at its column's width, fits inside its row; no word
        // is wider than its column, and the table shows every row.
        const QFontMetrics metrics(levers->font());
        int rowsHeight = 0;
        for (int row = 0; row < levers->rowCount(); ++row) {
            rowsHeight += levers->rowHeight(row);
            for (int column = 0; column < levers->columnCount(); ++column) {
                const QString text = levers->item(row, column)->text();
                // The item delegate's text margins, as it lays a cell out.
                const int margin = levers->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, levers) + 1;
                const int room = levers->columnWidth(column) - 2 * margin;
                INFO("row " << row << " column " << column << ": " << text.toStdString());
                for (const QString& word : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
                    CHECK(metrics.horizontalAdvance(word) <= room);
                const QRect wrapped = metrics.boundingRect(QRect(0, 0, room, 100000), Qt::TextWordWrap, text);
                CHECK(wrapped.height() <= levers->rowHeight(row));
            }
        }
        CHECK(levers->height() >= rowsHeight + header->height());
        CHECK(levers->item(0, 0)->text().endsWith("saves 64 KB"));
    }
}

TEST_CASE(
    "the fit map grid: rows of BLOCK_SIZE, today outlined, a click opens that plan", "[diagnosis][panel][fit_map]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));
    REQUIRE(panel.fitMap());
    const QAbstractItemModel* grid = panel.fitGrid()->model();
    REQUIRE(grid->rowCount() == 6);    // 32768 .. 1024, largest on top
    REQUIRE(grid->columnCount() == 2); // multi-buffering on, off
    CHECK(grid->headerData(0, Qt::Vertical).toString() == "BLOCK_SIZE=32768");
    CHECK(grid->headerData(1, Qt::Vertical).toString() == "BLOCK_SIZE=16384");
    CHECK(grid->headerData(0, Qt::Horizontal).toString() == "needs\nmultibuffer on");
    const FitCell* today = panel.cellAt(1, 0);
    REQUIRE(today);
    CHECK(today->today);
    CHECK(grid->index(1, 0).data(FitMapModel::TodayRole).toBool());
    CHECK_FALSE(grid->index(2, 0).data(FitMapModel::TodayRole).toBool());
    CHECK(grid->index(1, 0).data(Qt::FontRole).value<QFont>().bold());
    const FitCell* half = panel.cellAt(2, 0);
    REQUIRE(half);
    CHECK(half->values == std::vector<std::int64_t>{8192});
    CHECK(grid->index(2, 0).data().toString().endsWith(" *")); // the frontier
    CHECK(grid->index(2, 0).data(FitMapModel::RequiredBytesRole).toULongLong() == half->requiredBytes);
    CHECK(grid->index(2, 0).data(Qt::BackgroundRole).value<QColor>()
        != grid->index(1, 0).data(Qt::BackgroundRole).value<QColor>());

    QSignalSpy opened(&panel, &DiagnosisPanel::planOpened);
    panel.openCell(2, 0);
    REQUIRE((!opened.isEmpty() || opened.wait(5000)));
    const auto plan = opened.front().at(2).value<std::shared_ptr<const PlanDocument>>();
    REQUIRE(plan);
    CHECK(plan->analyses[0].peakAddressBytes == half->requiredBytes);
    // The compile log beside the example is the planner's IR and reproduces the dump: re-planned.
    CHECK(opened.front().at(3).toString() == "BLOCK_SIZE=8192, multibuffer=True, re-planned");
    // The What if… box follows the click: it names what is compared now, and its example
    // names this map's own dimension.
    CHECK(panel.whatIfText()->text() == "BLOCK_SIZE=8192, multibuffer=True");
    CHECK(panel.whatIfText()->placeholderText() == "BLOCK_SIZE=8192, multibuffer=False");
    CHECK(panel.methodLabel()->text().startsWith("Levers are re-planned")); // not "predicted" under them

    // The example is not autotuned: Copy Values gives the launcher's keywords, and says what it copied.
    REQUIRE(panel.copyConfigsButton()->text() == "Copy Values");
    QSignalSpy said(&panel, &DiagnosisPanel::statusMessage);
    panel.copyConfigsButton()->click();
    CHECK(QApplication::clipboard()->text().contains("\nBLOCK_SIZE=8192, multibuffer=True\n"));
    CHECK_FALSE(QApplication::clipboard()->text().contains("triton.Config"));
    REQUIRE(said.size() == 1);
    CHECK(said.front().at(0).toString()
        == "Copied the launcher's values to the clipboard: BLOCK_SIZE=8192, multibuffer=True");

    // By keyboard: Enter (or Space) on a cell opens it as a click does; Tab leaves the grid.
    QTableView* view = panel.fitGrid();
    CHECK_FALSE(view->tabKeyNavigation());
    QSignalSpy byKey(&panel, &DiagnosisPanel::planOpened);
    view->setCurrentIndex(grid->index(3, 1));
    QTest::keyClick(view, Qt::Key_Return);
    REQUIRE((!byKey.isEmpty() || byKey.wait(5000)));
    CHECK(byKey.front().at(3).toString().startsWith("BLOCK_SIZE=4096, multibuffer=False"));
}

TEST_CASE(
    "the What if box plans a lever or a typed config, and says when a name is wrong", "[diagnosis][panel][fit_map]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));
    REQUIRE(panel.whatIfLevers()->count() == 3); // the hint, then the two levers
    CHECK(panel.whatIfLevers()->itemData(1).toString() == "multibuffer=False");
    CHECK(panel.whatIfLevers()->itemData(2).toString() == "BLOCK_SIZE=8192");

    panel.whatIfText()->setText("BLOCK_SZ=4096");
    panel.whatIfButton()->click();
    CHECK(panel.whatIfError()->text() == "\"BLOCK_SZ\" is not a dimension of the fit map");

    QSignalSpy opened(&panel, &DiagnosisPanel::planOpened);
    panel.whatIfText()->setText("BLOCK_SIZE=4096, multibuffer=False");
    panel.whatIfButton()->click();
    REQUIRE((!opened.isEmpty() || opened.wait(5000)));
    CHECK(panel.whatIfError()->text().isEmpty());
    const auto plan = opened.front().at(2).value<std::shared_ptr<const PlanDocument>>();
    REQUIRE(plan);
    CHECK(plan->analyses[0].peakAddressBytes == panel.fitMap()->find({4096}, false)->requiredBytes);
}

namespace {

// Our own IR in the planner's form, opened by itself: the plan memlens computes is the document's,
// so the planner reproduces it and the What if box re-plans.
const std::filesystem::path kLoopIr = test::data("mlir/double_buffered_loop.mlir");

// The planner's required bytes of `text` planned as it stands.
std::uint64_t plannedBytes(const std::string& text)
{
    planner::WhatIfPlanner planner(text);
    const planner::WhatIfResult baseline = planner.baseline();
    const planner::WhatIfScope* ub = baseline.functions.at(0).findScope("ub");
    REQUIRE(ub);
    return (ub->requiresBits.value_or(ub->highWaterBits) + 7) / 8;
}

} // namespace

TEST_CASE(
    "another kernel's plan clears the last answer at once: levers, what-if text, scroll position", "[diagnosis][panel]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    panel.resize(300, 300); // short: the panel scrolls
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));
    REQUIRE(panel.leverTable()->rowCount() == 2);
    panel.whatIfText()->setText("BLOCK_SIZE=4096");
    panel.show();
    QApplication::processEvents();
    QScrollBar* bar = panel.scrollArea()->verticalScrollBar();
    REQUIRE(bar->maximum() > 0);
    bar->setValue(bar->maximum());

    // Another kernel: before its diagnosis arrives nothing of layer_norm's is left on show.
    auto other = std::make_shared<PlanDocument>(*example("block8192"));
    other->dump.kernel = "_other_kernel";
    diagnosed.clear();
    session.setDocument(other);
    CHECK(panel.diagnosis() == nullptr);
    CHECK(panel.leverTable()->rowCount() == 0);
    CHECK(panel.whatIfText()->text().isEmpty());
    CHECK(bar->value() == 0);
    REQUIRE(waitForDiagnosis(diagnosed));
    CHECK(panel.diagnosis());
}

TEST_CASE("the What if box re-plans with the planner when the document has its IR", "[diagnosis][panel][what_if]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    const auto document = test::loadPath(kLoopIr.string());
    REQUIRE(document->computedFrom);
    session.setDocument(document);
    REQUIRE(waitForDiagnosis(diagnosed));
    REQUIRE(panel.fitMap());
    REQUIRE_FALSE(panel.fitMap()->empty());
    REQUIRE(panel.whatIfText()->isVisibleTo(&panel));
    const std::string text = test::readText(kLoopIr);

    QSignalSpy opened(&panel, &DiagnosisPanel::planOpened);
    panel.whatIfText()->setText("multibuffer=False");
    panel.whatIfButton()->click();
    REQUIRE((!opened.isEmpty() || opened.wait(10000)));
    CHECK(opened.front().at(3).toString().contains("multibuffer=False"));
    CHECK(opened.front().at(3).toString().endsWith(", re-planned"));
    CHECK(opened.front().at(0).value<std::shared_ptr<const PlanDocument>>() == document); // today's plan
    auto plan = opened.front().at(2).value<std::shared_ptr<const PlanDocument>>();
    REQUIRE(plan);
    // The planner's plan of the IR without its marks, not the dump's blocks with the copies dropped.
    planner::WhatIfPlanner off(text);
    const planner::WhatIfResult offPlan = off.plan(planner::WhatIf::noMultiBuffer());
    const planner::WhatIfScope* offUb = offPlan.functions.at(0).findScope("ub");
    REQUIRE(offUb);
    CHECK(plan->analyses.at(0).peakAddressBytes == (offUb->highWaterBits + 7) / 8);
    CHECK(panel.whatIfResult()->text().contains("multibuffer=False"));
    CHECK(panel.whatIfResult()->text().contains(": re-planned, needs "));

    // A tile dimension: the memref shapes holding it rewritten, as the text rewritten by hand plans.
    opened.clear();
    const QString label = toQString(panel.fitMap()->dims.at(0).label());
    const std::int64_t value = panel.fitMap()->dims.at(0).value;
    panel.whatIfText()->setText(QStringLiteral("%1=%2").arg(label).arg(value / 2));
    panel.whatIfButton()->click();
    REQUIRE((!opened.isEmpty() || opened.wait(10000)));
    CHECK(opened.front().at(3).toString().endsWith(", re-planned"));
    plan = opened.front().at(2).value<std::shared_ptr<const PlanDocument>>();
    std::string rewritten = text;
    const std::string from = "x" + std::to_string(value) + "x", to = "x" + std::to_string(value / 2) + "x";
    const std::string fromFirst = "<" + std::to_string(value) + "x", toFirst = "<" + std::to_string(value / 2) + "x";
    for (const auto& [a, b] : {std::pair{from, to}, std::pair{fromFirst, toFirst}})
        for (auto at = rewritten.find(a); at != std::string::npos; at = rewritten.find(a, at + b.size()))
            rewritten.replace(at, a.size(), b);
    REQUIRE(rewritten != text);
    CHECK(plan->analyses.at(0).peakAddressBytes == plannedBytes(rewritten));
    // The re-planned buffers carry their new shapes.
    bool rewrittenType = false;
    for (const Buffer& buffer : plan->dump.scopes.at(0).buffers)
        rewrittenType = rewrittenType || buffer.memrefType().find(std::to_string(value / 2)) != std::string::npos;
    CHECK(rewrittenType);
}

TEST_CASE("without the planner's IR the What if box predicts from the dump, and says so", "[diagnosis][panel][what_if]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    auto document = std::make_shared<PlanDocument>(*test::loadPath(kLoopIr.string()));
    document->irFile.clear(); // the same plan, no IR to plan again
    document->plannerCheck.reset();
    session.setDocument(document);
    REQUIRE(waitForDiagnosis(diagnosed));
    REQUIRE(panel.fitMap());
    QSignalSpy opened(&panel, &DiagnosisPanel::planOpened);
    panel.whatIfText()->setText("multibuffer=False");
    panel.whatIfButton()->click();
    REQUIRE((!opened.isEmpty() || opened.wait(10000)));
    CHECK(opened.front().at(3).toString().endsWith(", multibuffer=False, predicted from the dump"));
    CHECK(panel.whatIfResult()->text().contains("multibuffer=False: predicted from the dump, needs "));
    CHECK(panel.methodLabel()->text().startsWith("Levers are predicted plans"));
}

TEST_CASE("a what-if asked again before the last one is planned shows only the latest", "[diagnosis][panel][what_if]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(test::loadPath(kLoopIr.string()));
    REQUIRE(waitForDiagnosis(diagnosed));
    QSignalSpy opened(&panel, &DiagnosisPanel::planOpened);
    const QString label = toQString(panel.fitMap()->dims.at(0).label());
    const std::int64_t value = panel.fitMap()->dims.at(0).value;
    panel.whatIfText()->setText(QStringLiteral("%1=%2").arg(label).arg(value / 4));
    panel.whatIfButton()->click();
    panel.whatIfText()->setText("multibuffer=False");
    panel.whatIfButton()->click();
    REQUIRE((!opened.isEmpty() || opened.wait(10000)));
    QThreadPool::globalInstance()->waitForDone();
    QTest::qWait(100); // the first one's result, had it been kept, is delivered by now
    REQUIRE(opened.size() == 1);
    CHECK(opened.front().at(3).toString().endsWith("multibuffer=False, re-planned"));
}

TEST_CASE("lever rows have captions and tooltips, and a selected lever highlights the buffers it changes",
    "[diagnosis][panel][levers]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    const auto document = test::loadPath(kLoopIr.string());
    session.setDocument(document);
    REQUIRE(waitForDiagnosis(diagnosed));
    CHECK(diagnosed.front().front().toBool()); // 256 KB of double-buffered tiles against 192 KB
    // One overflow, one share: the title bar's peak address against the capacity.
    const PlanAnalysis& analysis = document->analyses.at(0);
    CHECK(panel.verdictLabel()->text().contains(
        toQString(formatPercent(analysis.peakAddressBytes, analysis.capacity.bytes)) + " of capacity"));
    CHECK(panel.leverCaption()->isVisibleTo(&panel));
    CHECK(panel.leverCaption()->text().startsWith("Levers:"));
    CHECK(panel.sourceCaption()->text().startsWith("Live at the critical op"));
    QTableWidget* levers = panel.leverTable();
    REQUIRE(levers->rowCount() > 0);
    int singleRow = -1;
    for (int row = 0; row < levers->rowCount(); ++row)
        if (panel.diagnosis()->levers[static_cast<std::size_t>(row)].kind == LeverKind::SingleBuffer)
            singleRow = row;
    REQUIRE(singleRow >= 0);
    // The buffers with multi-buffer copies (the tiles marked, and what shares their storage).
    const ScopePlan& scope = document->dump.scopes.at(0);
    std::vector<std::string> copied;
    for (const Buffer& buffer : scope.buffers)
        if (buffer.offsets.size() > 1)
            copied.push_back(buffer.ssaName);
    std::sort(copied.begin(), copied.end());
    REQUIRE_FALSE(copied.empty());
    REQUIRE(copied.size() < scope.buffers.size() + 1);
    const QString tip = levers->item(singleRow, 0)->toolTip();
    for (const std::string& name : copied)
        CHECK(tip.contains(toQString(name)));
    CHECK(tip.contains("multibuffer=False"));

    QSignalSpy selected(&panel, &DiagnosisPanel::leverSelected);
    levers->selectRow(singleRow);
    REQUIRE(selected.size() == 1);
    std::vector<std::string> highlighted;
    for (const int block : session.highlightedBlocks())
        highlighted.push_back(scope.bufferOf(scope.blocks[static_cast<std::size_t>(block)]).ssaName);
    std::sort(highlighted.begin(), highlighted.end());
    highlighted.erase(std::unique(highlighted.begin(), highlighted.end()), highlighted.end());
    CHECK(highlighted == copied);
}

namespace {

// Predicts every cell, but says the re-plan of BLOCK_SIZE=32768 stopped before it decided.
class StoppingEvaluator : public FitEvaluator {
public:
    std::vector<FitEvaluation> evaluate(const FitProblem& problem, const std::vector<FitConfig>& configs) override
    {
        std::vector<FitEvaluation> out = PredictedFitEvaluator().evaluate(problem, configs);
        for (std::size_t i = 0; i < configs.size(); ++i)
            if (configs[i].values.at(0) == 32768)
                out[i] = {out[i].requiredBytes, PlanMethod::Replanned, false,
                    "search stopped after 5 placements: not decided"};
        return out;
    }
};

} // namespace

TEST_CASE("a grid cell whose re-plan stopped says not decided, not its bytes", "[diagnosis][panel][fit_map]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    panel.setFitEvaluator([] { return std::make_unique<StoppingEvaluator>(); });
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));
    REQUIRE(panel.fitMap());
    int stopped = 0;
    int decided = 0;
    const QAbstractItemModel* grid = panel.fitGrid()->model();
    for (int row = 0; row < grid->rowCount(); ++row)
        for (int column = 0; column < grid->columnCount(); ++column) {
            const FitCell* cell = panel.cellAt(row, column);
            const QModelIndex item = grid->index(row, column);
            if (!cell)
                continue;
            if (cell->decided) {
                ++decided;
                CHECK_FALSE(item.data().toString().contains("not decided"));
                continue;
            }
            ++stopped;
            CHECK(item.data().toString() == "not decided");
            CHECK(item.data(Qt::ToolTipRole).toString().contains("search stopped after 5 placements: not decided"));
            CHECK_FALSE(item.data(Qt::ToolTipRole).toString().contains("does not fit"));
        }
    CHECK(stopped == 2); // 32768 with multi-buffering on and off
    CHECK(decided > 0);
}

TEST_CASE("the wheel over the fit map scrolls the panel, not the grid sideways", "[diagnosis][panel][fit_map]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    panel.resize(260, 420); // the grid wider than the dock, the panel taller than its view
    panel.show();
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));
    QTest::qWait(50);
    QTableView* grid = panel.fitGrid();
    QScrollBar* sideways = grid->horizontalScrollBar();
    QScrollBar* down = panel.scrollArea()->verticalScrollBar();
    REQUIRE(sideways->maximum() > 0);
    REQUIRE(down->maximum() > 0);
    REQUIRE(sideways->value() == 0);
    const int before = down->value();
    const QPoint at = grid->viewport()->rect().center();
    QWheelEvent wheel(at, grid->viewport()->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(grid->viewport(), &wheel);
    CHECK(sideways->value() == 0);
    CHECK(down->value() > before);
}

TEST_CASE("the fit map's table model passes the model tester through a map and back to none", "[diagnosis][fit_map]")
{
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(example("block16384"));
    REQUIRE(waitForDiagnosis(diagnosed));
    REQUIRE(panel.fitMap());

    memlens::test::ModelTesterLog log;
    FitMapModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setMap(*panel.fitMap());
    CHECK(model.rowCount() == 6);
    CHECK(model.columnCount() == 2);
    CHECK(model.cellAt(2, 0)
        == &model.map().cells[static_cast<std::size_t>(model.cellAt(2, 0) - model.map().cells.data())]);
    CHECK(model.cellAt(6, 0) == nullptr);
    CHECK(model.cellAt(0, 2) == nullptr);
    CHECK(model.index(2, 0).data(Qt::ToolTipRole).toString().contains("BLOCK_SIZE=8192"));
    model.clear();
    CHECK(model.rowCount() == 0);
    CHECK(model.cellAt(0, 0) == nullptr);
    CHECK(log.messages().isEmpty());
}

TEST_CASE("while a long-named kernel is diagnosed the panel does not widen the dock", "[diagnosis][panel][hostile]")
{
    auto document = std::make_shared<PlanDocument>(*example("block16384"));
    document->dump.kernel = "_k" + std::string(198, 'n'); // no place to break a line
    PlanSession session;
    DiagnosisPanel panel(&session);
    QSignalSpy diagnosed(&panel, &DiagnosisPanel::diagnosed);
    session.setDocument(document);
    // The diagnosis runs off the GUI thread: what shows until it arrives names the kernel.
    const auto labels = panel.findChildren<QLabel*>();
    CHECK(std::any_of(labels.begin(), labels.end(),
        [](const QLabel* label) { return label->text().startsWith(QStringLiteral("Diagnosing _knnn")); }));
    auto* scroll = panel.findChild<QScrollArea*>();
    REQUIRE(scroll);
    CHECK(scroll->widget()->minimumSizeHint().width() < 360);
    REQUIRE(waitForDiagnosis(diagnosed));
    CHECK(scroll->widget()->minimumSizeHint().width() < 360);
}
