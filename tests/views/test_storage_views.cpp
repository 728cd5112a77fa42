// Storage truth in the window's views: one rectangle per in-place storage with
// its count, every buffer of it in the tooltip and Block Details, the table's
// storage column and grouping, union live bytes, holes and overlaps in the
// title bar, and the address snapshot beside the chart.
#include "core/document/plan_document.hpp"
#include "support/shown_text.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/chart/address_strip_widget.hpp"
#include "views/chart/block_chart_painter.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_details_panel.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QCheckBox>
#include <QLabel>
#include <QTest>
#include <QToolButton>
#include <QXmlStreamReader>
#include <QtCharts/QLineSeries>

using namespace memlens;
using namespace memlens::test::shown;
using memlens::test::loadFixture;

namespace {

std::shared_ptr<const PlanDocument> inPlaceTriple()
{
    CapacitySettings capacity;
    capacity.all = 6 * 1024;
    return loadFixture("dumps/in_place_triple.json", capacity);
}

std::shared_ptr<const PlanDocument> bundledOverflow()
{
    return memlens::test::loadPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string());
}

// 8192 fits exactly: its top sits above a 32 KB hole at op 27.
std::shared_ptr<const PlanDocument> bundledFit()
{
    return memlens::test::loadPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block8192/memory_info_aiv.json").string());
}

int svgRects(const QByteArray& svg)
{
    int rects = 0;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QStringLiteral("rect"))
            ++rects;
    return rects;
}

} // namespace

TEST_CASE("the chart draws an in-place storage once, marked with its count", "[storage][chart]")
{
    const auto doc = inPlaceTriple();
    const ScopePlan& plan = doc->dump.scopes.at(0);
    QBuffer svg;
    svg.open(QIODevice::WriteOnly);
    REQUIRE(writeBlockChartSvg(svg, plan, doc->analyses.at(0), QSize(900, 600), {}));
    CHECK(svgRects(svg.data()) == 2); // %acc, and %x/%y/%z as one
    CHECK(QString::fromUtf8(svg.data()).contains(QString::fromUtf8("\u00d73 in place")));
}

TEST_CASE("the chart's tooltip and Block Details list every buffer of the storage with its lines",
    "[storage][chart][details]")
{
    PlanSession session;
    BlockChartWidget chart(&session);
    BlockDetailsPanel details(&session);
    session.setDocument(inPlaceTriple());
    chart.resize(900, 500);
    chart.show();
    REQUIRE(QTest::qWaitForWindowExposed(&chart));

    // The one rectangle stands for its first block, whichever buffer was hit.
    const QPoint centre = chart.mapping().blockPixelRect(session.scope()->blocks.at(3)).center();
    CHECK(chart.blockAt(centre) == 1);
    const QString tip = chart.toolTipForBlock(2);
    CHECK(tip.contains(QString::fromUtf8("\u00d73 in place")));
    for (const char* line : {"in_place.py:12", "in_place.py:13", "in_place.py:14"})
        CHECK(tip.contains(line));
    CHECK_FALSE(chart.toolTipForBlock(0).contains("in place"));

    session.selectBlock(3);
    const QString storage = detailsShown(session).storage;
    CHECK(storage.startsWith(QString::fromUtf8("storage 1 \u00b7 \u00d73 in place")));
    CHECK(storage.contains(QString::fromUtf8("%x \u2014 IR line unknown \u00b7 in_place.py:12")));
    CHECK(storage.contains(QString::fromUtf8("%z \u2014 IR line unknown \u00b7 in_place.py:14")));
    CHECK(details.summaryText().contains("Storage: storage 1"));
    session.selectBlock(0);
    CHECK(detailsShown(session).storage == "storage 0 (this block alone)");
}

TEST_CASE("the table has a storage column and groups by storage or by copies, one at a time", "[storage][table]")
{
    PlanSession session;
    BlockTablePanel view(&session);
    session.setDocument(loadFixture("dumps/in_place_multibuffer.json"));
    BlockTableModel* model = view.model();
    REQUIRE(model->rowCount() == 5);
    QStringList storages;
    for (int row = 0; row < model->rowCount(); ++row)
        storages << model->index(row, BlockTableModel::StorageColumn).data().toString();
    CHECK(storages == QStringList{"0", "1", "0", "1", "2"});

    view.groupStoragesBox()->setChecked(true);
    CHECK(model->groupStorages());
    REQUIRE(model->rowCount() == 3);
    CHECK(model->blocksAt(0) == std::vector<int>{0, 2}); // %a copy 1 with %b copy 1
    CHECK(model->index(0, BlockTableModel::BufferColumn).data().toString()
        == QString::fromUtf8("%a \u00b7 \u00d72 in place"));
    CHECK(model->index(0, BlockTableModel::AddressColumn).data().toString() == "[0, 1024)");
    CHECK(view.countText() == "3 of 3 storages");

    view.groupCopiesBox()->setChecked(true);
    CHECK(model->groupCopies());
    CHECK_FALSE(view.groupStoragesBox()->isChecked());
    CHECK(model->rowCount() == 3); // %a, %b, %c
    CHECK(model->blocksAt(0) == std::vector<int>{0, 1});
}

TEST_CASE("the table's live-at-cursor count gives union bytes", "[storage][table]")
{
    PlanSession session;
    BlockTablePanel view(&session);
    session.setDocument(inPlaceTriple());
    view.liveAtCursorBox()->setChecked(true);
    session.setCursorOp(4);
    CHECK(view.countText() == "4 of 4 blocks \u00b7 live at op 4: 5 KB");
}

TEST_CASE(
    "the title bar and the usage curve count in-place bytes once: the example fits 6 KB", "[storage][titlebar][usage]")
{
    PlanSession session;
    TitleBar bar(&session);
    UsageChartView usage(&session);
    session.setDocument(inPlaceTriple());
    CHECK(verdictShown(session) == "compiled");
    CHECK(peakShown(session).contains("peak live 5 KB at op 2"));
    CHECK(overlapsShown(session).isEmpty());
    double top = 0;
    for (const QPointF& point : usage.liveSeries()->points())
        top = std::max(top, point.y());
    CHECK(top == Approx(5 * 1024)); // bytes: 5 KB, not 13
}

TEST_CASE("the title bar names the holes at the peak address: demand for the bundled overflow", "[storage][titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(bundledOverflow());
    const QString holes = holesShown(session);
    INFO(holes.toStdString());
    CHECK(holes.startsWith("Holes at op 41, where the highest address peaks"));
    CHECK(holes.contains("demand"));

    session.setDocument(bundledFit());
    const QString fit = holesShown(session);
    INFO(fit.toStdString());
    CHECK(fit.startsWith("Holes at op 27, where the highest address peaks"));
    CHECK(fit.contains("32 KB in holes (largest [98304, 131072), 32 KB)"));
}

TEST_CASE("the title bar says placement when what is live fits but the holes push it over", "[storage][titlebar]")
{
    // A 1 KB block high up and a 1 KB block low: 2 KB live, highest address 4 KB, capacity 3 KB.
    PlanSession session;
    TitleBar bar(&session);
    CapacitySettings capacity;
    capacity.all = 3072;
    session.setDocument(loadFixture("dumps/overlaps_and_holes.json", capacity));
    CHECK(verdictShown(session).contains("overflow"));
    CHECK(holesShown(session).contains("placement: at most 1.8 KB is live at once"));
}

TEST_CASE("the overlaps warning names a few pairs and counts the rest", "[storage][titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadFixture("dumps/many_overlaps.json"));
    const QString text = overlapsShown(session);
    CHECK(text.contains("10 overlaps"));
    CHECK(text.contains("%o1 and %o2 at ops [0, 1], 32 B"));
    CHECK(text.count(" at ops ") == static_cast<int>(TitleBar::kOverlapsShown));
    CHECK(text.contains("and 7 more"));

    session.setDocument(loadFixture("dumps/overlaps_and_holes.json"));
    CHECK(overlapsShown(session).contains("2 overlaps"));
    CHECK_FALSE(overlapsShown(session).contains("more"));
}

TEST_CASE("the overlaps warning takes one line until the notes are expanded; its tooltip and the expanded label say "
          "it whole",
    "[storage][titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    bar.resize(500, 300);
    bar.show();
    session.setDocument(loadFixture("dumps/many_overlaps.json"));
    auto* line = bar.findChild<QLabel*>("titleOverlapsLine");
    auto* full = bar.findChild<QLabel*>("titleOverlaps");
    REQUIRE(line);
    REQUIRE(full);
    const int lineSpacing = line->fontMetrics().lineSpacing();
    CHECK_FALSE(bar.notesExpanded());
    CHECK(bar.notesToggle()->isVisible());
    CHECK(line->isVisible());
    CHECK_FALSE(full->isVisible());
    CHECK(line->text().endsWith(QChar(0x2026))); // elided to the bar's width
    CHECK(line->sizeHint().height() < 2 * lineSpacing);
    CHECK(line->toolTip().contains("and 7 more"));
    CHECK(full->heightForWidth(480) > 2 * lineSpacing); // what the folded line saves

    bar.notesToggle()->click();
    CHECK(bar.notesExpanded());
    CHECK(full->isVisible());
    CHECK_FALSE(line->isVisible());
    CHECK(full->text() == overlapsShown(session));
    CHECK(full->text().contains("and 7 more"));

    session.setDocument(inPlaceTriple()); // no overlaps: neither form shows
    CHECK_FALSE(full->isVisible());
    CHECK_FALSE(line->isVisible());
}

TEST_CASE("the address snapshot shows the peak op without a cursor, the cursor's op with one", "[storage][strip]")
{
    PlanSession session;
    AddressStripWidget strip(&session);
    strip.resize(130, 520);
    session.setDocument(bundledFit());
    REQUIRE(strip.snapshot());
    CHECK_FALSE(strip.showsCursor());
    CHECK(strip.snapshot()->op == 27);
    CHECK(strip.headerText() == "op 27 (peak)\nlive 160 KB\nholes 32 KB");
    CHECK(strip.holeRects().size() == 1);

    // 48 banks of 4 KB up to the 192 KB capacity: 47 boundaries, evenly spaced, below the capacity line.
    const std::vector<int> banks = strip.bankLineYs();
    REQUIRE(banks.size() == 47);
    CHECK(banks.back() > strip.capacityY());
    strip.setBankCount(12);
    CHECK(strip.bankLineYs().size() == 11);

    session.setCursorOp(5);
    CHECK(strip.showsCursor());
    CHECK(strip.snapshot()->op == 5);
    // %alloc alone, [128 KB, 160 KB): the 128 KB below it are one hole.
    CHECK(strip.snapshot()->liveBlocks == std::vector<int>{0});
    CHECK(strip.holeRects().size() == 1);
}

TEST_CASE("clicking a block in the address snapshot selects it", "[storage][strip]")
{
    PlanSession session;
    AddressStripWidget strip(&session);
    strip.resize(130, 520);
    strip.show();
    REQUIRE(QTest::qWaitForWindowExposed(&strip));
    session.setDocument(inPlaceTriple());
    session.setCursorOp(3);
    const QRect rect = strip.blockRect(1);
    REQUIRE_FALSE(rect.isEmpty());
    CHECK(strip.blockRect(2).contains(rect.center())); // in place: the same bytes
    QTest::mouseClick(&strip, Qt::LeftButton, Qt::NoModifier, rect.center());
    CHECK(session.selectedBlock() == 1);
    CHECK(strip.toolTipAt(rect.center()).contains(QString::fromUtf8("\u00d73 in place")));
    QTest::mouseClick(&strip, Qt::LeftButton, Qt::NoModifier, strip.blockRect(0).center());
    CHECK(session.selectedBlock() == 0);
}

TEST_CASE("the address snapshot ends its axis as View > Address Axis says", "[storage][strip]")
{
    PlanSession session;
    AddressStripWidget strip(&session);
    strip.resize(130, 520);
    LoadOptions options;
    options.capacity.all = 1024 * 1024; // the plan's few KB are far below it
    session.setDocument(std::make_shared<const PlanDocument>(
        loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options)));
    session.setScopeIndex(0);
    const std::uint64_t peak = session.analysis()->peakAddressBytes;
    REQUIRE(peak * 4 < session.analysis()->capacity.bytes);

    // Automatic: the data far below the capacity fills the strip, not a sliver at its foot.
    CHECK(strip.addressFit() == AddressFit::Auto);
    CHECK(strip.topAddress() < session.analysis()->capacity.bytes);
    CHECK(strip.topAddress() >= peak);
    strip.setAddressFit(AddressFit::Capacity);
    CHECK(strip.topAddress() >= session.analysis()->capacity.bytes);
    strip.setAddressFit(AddressFit::Data);
    CHECK(strip.topAddress() < session.analysis()->capacity.bytes);
}
