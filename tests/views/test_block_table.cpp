#include "core/document/plan_document.hpp"
#include "support/model_tester_log.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QSet>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QVBoxLayout>

#include <memory>
#include <string>
#include <vector>

using namespace memlens;
using memlens::test::loadFixture;
using memlens::test::loadOverflowSample;
using memlens::test::loadPath;
using memlens::test::ModelTesterLog;

namespace {

struct FakeBuffer {
    std::string name;
    std::uint64_t size;
    std::vector<std::uint64_t> offsets;
    std::int64_t start;
    std::int64_t end;
};

// A one-scope plan built in memory: sizes chosen to tell numeric from text order.
std::shared_ptr<const PlanDocument> makeDocument(const std::vector<FakeBuffer>& buffers, std::uint64_t capacity)
{
    PlanDocument document;
    document.dump.file = "synthetic.json";
    document.dump.kernel = "_synthetic";
    ScopePlan scope;
    scope.scope = "ub";
    scope.status = "success";
    for (const FakeBuffer& fake : buffers) {
        Buffer buffer;
        buffer.id = static_cast<int>(scope.buffers.size());
        buffer.ssaName = fake.name;
        buffer.setBufferText(
            fake.name + " = memref.alloc() : memref<" + std::to_string(fake.size) + "xi8, #hivm.address_space<ub>>");
        buffer.setType("memref<" + std::to_string(fake.size) + "xi8, #hivm.address_space<ub>>");
        buffer.extentBits = fake.size * 8;
        buffer.sizeBytes = fake.size;
        buffer.offsets = fake.offsets;
        buffer.allocTime = fake.start;
        buffer.lifeStart = fake.start;
        buffer.lifeEnd = fake.end;
        buffer.setLocation("loc(\"/src/kernel.py\":" + std::to_string(10 + buffer.id) + ":5)");
        for (std::size_t copy = 0; copy < fake.offsets.size(); ++copy) {
            Block block;
            block.bufferIndex = buffer.id;
            block.copy = static_cast<int>(copy);
            block.offset = fake.offsets[copy];
            block.size = fake.size;
            block.start = fake.start;
            block.end = fake.end;
            scope.blocks.push_back(block);
        }
        scope.buffers.push_back(std::move(buffer));
    }
    Capacity cap;
    cap.bytes = capacity;
    cap.source = CapacitySource::Setting;
    document.analyses.push_back(analyzePlan(scope, cap));
    document.dump.scopes.push_back(std::move(scope));
    return std::make_shared<const PlanDocument>(std::move(document));
}

std::shared_ptr<const PlanDocument> sizesDocument()
{
    return makeDocument({{"%b100", 100, {0}, 1, 2}, {"%b131072", 131072, {4096}, 2, 5}, {"%b32", 32, {1024}, 3, 3},
                            {"%b8192", 8192, {200000}, 1, 4}},
        196608);
}

QStringList columnTexts(const QAbstractItemModel& model, int column, int role = Qt::DisplayRole)
{
    QStringList texts;
    for (int row = 0; row < model.rowCount(); ++row)
        texts << model.index(row, column).data(role).toString();
    return texts;
}

int selectedBlockInView(const BlockTablePanel& view)
{
    const QModelIndexList rows = view.tableView()->selectionModel()->selectedRows();
    if (rows.size() != 1)
        return -1;
    return view.proxy()->blockIndexAt(rows.front().row());
}

} // namespace

TEST_CASE("the block model and its proxy pass QAbstractItemModelTester", "[table]")
{
    ModelTesterLog log;
    PlanSession session;
    BlockTableModel model(&session);
    BlockFilterProxy proxy(&session);
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Warning);

    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    CHECK(model.rowCount() == 4);
    proxy.sort(BlockTableModel::SizeColumn, Qt::DescendingOrder);
    model.setGroupCopies(true);
    CHECK(model.rowCount() == 3);
    proxy.setFilterText("x_tile");
    CHECK(proxy.rowCount() == 1);
    model.setGroupCopies(false);
    CHECK(proxy.rowCount() == 2);
    proxy.setFilterText({});
    proxy.setLiveAtCursorOnly(true);
    session.setCursorOp(5);
    session.setCursorOp(3);
    session.setScopeIndex(1);
    CHECK(model.rowCount() == 1);
    proxy.setLiveAtCursorOnly(false);
    session.setDocument(sizesDocument());
    proxy.sort(BlockTableModel::LocationColumn, Qt::AscendingOrder);
    model.setGroupCopies(true);
    session.setDocument(loadFixture("dumps/flat_layout.json"));
    proxy.setOverCapacityOnly(true);
    session.clear();
    CHECK(model.rowCount() == 0);
    CHECK(proxy.rowCount() == 0);
    CHECK(log.messages().join('\n').toStdString().empty());
}

TEST_CASE("the size column sorts by number, not by text", "[table]")
{
    PlanSession session;
    BlockTableModel model(&session);
    BlockFilterProxy proxy(&session);
    proxy.setSourceModel(&model);
    session.setDocument(sizesDocument());

    proxy.sort(BlockTableModel::SizeColumn, Qt::AscendingOrder);
    CHECK(columnTexts(proxy, BlockTableModel::SizeColumn) == QStringList{"32 B", "100 B", "8 KB", "128 KB"});
    CHECK(columnTexts(proxy, BlockTableModel::SizeColumn, BlockTableModel::SortRole)
        == QStringList{"32", "100", "8192", "131072"});
    proxy.sort(BlockTableModel::SizeColumn, Qt::DescendingOrder);
    CHECK(columnTexts(proxy, BlockTableModel::BufferColumn) == QStringList{"%b131072", "%b8192", "%b100", "%b32"});

    // Offsets too: 200000 is above 4096 although "200000" < "4096" as text.
    proxy.sort(BlockTableModel::OffsetColumn, Qt::AscendingOrder);
    CHECK(columnTexts(proxy, BlockTableModel::OffsetColumn) == QStringList{"0", "1024", "4096", "200000"});

    // The raw sort values are numbers.
    const QVariant size = model.index(0, BlockTableModel::SizeColumn).data(BlockTableModel::SortRole);
    CHECK(size.typeId() == QMetaType::ULongLong);
    CHECK(model.index(0, BlockTableModel::LifeStartColumn).data(BlockTableModel::SortRole).typeId()
        == QMetaType::LongLong);
}

TEST_CASE("sorting keeps file order among ties, whatever the order before", "[table]")
{
    PlanSession session;
    BlockTableModel model(&session);
    BlockFilterProxy proxy(&session);
    proxy.setSourceModel(&model);
    // Two copies of %dbl and one %one: all three the same size, Lives tied too.
    session.setDocument(makeDocument({{"%dbl", 64, {0, 512}, 1, 2}, {"%one", 64, {256}, 1, 2}}, 196608));

    // A descending sort by offset first puts copy 2/2 on top ...
    proxy.sort(BlockTableModel::OffsetColumn, Qt::DescendingOrder);
    CHECK(columnTexts(proxy, BlockTableModel::CopiesColumn) == QStringList{"2/2", "1/1", "1/2"});
    // ... then a sort on a column where all tie goes back to file order: copy 1/2 before 2/2.
    proxy.sort(BlockTableModel::SizeColumn, Qt::AscendingOrder);
    CHECK(columnTexts(proxy, BlockTableModel::CopiesColumn) == QStringList{"1/2", "2/2", "1/1"});
    CHECK(columnTexts(proxy, BlockTableModel::BufferColumn) == QStringList{"%dbl", "%dbl", "%one"});
    proxy.sort(BlockTableModel::LifeStartColumn, Qt::AscendingOrder);
    CHECK(columnTexts(proxy, BlockTableModel::CopiesColumn) == QStringList{"1/2", "2/2", "1/1"});
}

TEST_CASE("block rows show the dump's values", "[table]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    BlockTableModel model(&session);
    session.setDocument(loadOverflowSample());
    REQUIRE(model.rowCount() == 2);
    const auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
    CHECK(cell(1, BlockTableModel::IdColumn) == "1");
    CHECK(cell(1, BlockTableModel::BufferColumn) == "%alloc_0");
    CHECK(cell(1, BlockTableModel::TypeColumn) == "65536xf16");
    CHECK(cell(1, BlockTableModel::SizeColumn) == "128 KB");
    CHECK(cell(1, BlockTableModel::OffsetColumn) == "131072");
    CHECK(cell(1, BlockTableModel::AddressColumn) == "[131072, 262144)");
    CHECK(cell(1, BlockTableModel::LifeStartColumn) == "4");
    CHECK(cell(1, BlockTableModel::LifeEndColumn) == "5");
    CHECK(cell(1, BlockTableModel::TempColumn).isEmpty());
    CHECK(cell(1, BlockTableModel::CopiesColumn) == "1/1");
    CHECK(cell(1, BlockTableModel::OverCapacityColumn) == "+64 KB");
    CHECK(cell(0, BlockTableModel::OverCapacityColumn).isEmpty());
    CHECK(cell(1, BlockTableModel::LocationColumn) == "fake_attn_fwd_overflow.ttadapter:18:13");
    CHECK(model.index(1, BlockTableModel::BufferColumn).data(BlockTableModel::BlockIndexRole).toInt() == 1);

    const QString tip = model.index(1, 0).data(Qt::ToolTipRole).toString();
    CHECK(tip.contains("memref.alloc() : memref&lt;65536xf16"));
    CHECK(tip.contains("fake_attn_fwd_overflow.ttadapter&quot;:18:13"));

    // Over-capacity rows are marked, the others are not.
    CHECK(model.index(1, BlockTableModel::SizeColumn).data(Qt::BackgroundRole).isValid());
    CHECK_FALSE(model.index(0, BlockTableModel::SizeColumn).data(Qt::BackgroundRole).isValid());
    CHECK(model.index(1, BlockTableModel::OverCapacityColumn).data(Qt::ForegroundRole).isValid());

    // A capacity change re-analyses the document: the block now fits.
    CapacitySettings larger;
    larger.byScope["ub"] = 512 * 1024;
    session.setDocument(loadOverflowSample(larger));
    CHECK(cell(1, BlockTableModel::OverCapacityColumn).isEmpty());
    CHECK_FALSE(model.index(1, 0).data(Qt::BackgroundRole).isValid());
}

TEST_CASE("the text filter searches name, type and location, ignoring case", "[table]")
{
    PlanSession session;
    BlockTableModel model(&session);
    BlockFilterProxy proxy(&session);
    proxy.setSourceModel(&model);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    REQUIRE(proxy.rowCount() == 4);

    proxy.setFilterText("ROW_MAX");
    CHECK(columnTexts(proxy, BlockTableModel::BufferColumn) == QStringList{"%row_max"});
    proxy.setFilterText("4096xF16");
    CHECK(columnTexts(proxy, BlockTableModel::BufferColumn) == QStringList{"%x_tile", "%x_tile"});
    proxy.setFilterText("softmax.py:23");
    CHECK(columnTexts(proxy, BlockTableModel::BufferColumn) == QStringList{"%row_max"});
    proxy.setFilterText("  unknown ");
    CHECK(columnTexts(proxy, BlockTableModel::BufferColumn) == QStringList{"%tmp_buf"});
    proxy.setFilterText("no such thing");
    CHECK(proxy.rowCount() == 0);
    proxy.setFilterText("");
    CHECK(proxy.rowCount() == 4);
}

TEST_CASE("over capacity only leaves the block above the line", "[table]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    BlockTableModel model(&session);
    BlockFilterProxy proxy(&session);
    proxy.setSourceModel(&model);
    session.setDocument(loadOverflowSample());
    proxy.setOverCapacityOnly(true);
    REQUIRE(proxy.rowCount() == 1);
    CHECK(proxy.blockIndexAt(0) == 1);
    CHECK(proxy.index(0, BlockTableModel::BufferColumn).data().toString() == "%alloc_0");
    proxy.setOverCapacityOnly(false);
    CHECK(proxy.rowCount() == 2);
}

TEST_CASE("live at cursor only follows the session's cursor", "[table]")
{
    PlanSession session;
    BlockTableModel model(&session);
    BlockFilterProxy proxy(&session);
    proxy.setSourceModel(&model);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    // ub: %x_tile x2 [2, 9], %row_max [4, 6], %tmp_buf [5, 5]
    proxy.setLiveAtCursorOnly(true);
    // No cursor: the op the address snapshot shows, where the highest address first peaks.
    CHECK_FALSE(proxy.waitingForCursor());
    CHECK(proxy.filteringAtPeak());
    REQUIRE(session.analysis()->fragmentation);
    REQUIRE(proxy.filterOp() == session.analysis()->fragmentation->op);
    CHECK(*proxy.filterOp() == 5);
    CHECK(proxy.rowCount() == 4);
    session.setCursorOp(3);
    CHECK_FALSE(proxy.filteringAtPeak());
    CHECK(proxy.rowCount() == 2);
    session.setCursorOp(5);
    CHECK(proxy.rowCount() == 4);
    session.setCursorOp(6);
    CHECK(columnTexts(proxy, BlockTableModel::BufferColumn) == QStringList{"%x_tile", "%x_tile", "%row_max"});
    session.setCursorOp(9); // Life end is inclusive
    CHECK(proxy.rowCount() == 2);
    session.setCursorOp(10);
    CHECK(proxy.rowCount() == 0);
    model.setGroupCopies(true);
    session.setCursorOp(4);
    CHECK(proxy.rowCount() == 2);
    proxy.setLiveAtCursorOnly(false);
    CHECK(proxy.rowCount() == 3);
}

TEST_CASE("grouping copies gives one row per buffer", "[table]")
{
    PlanSession session;
    BlockTableModel model(&session);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    REQUIRE(session.scope()->scope == "ub");
    CHECK(model.rowCount() == 4);
    CHECK(columnTexts(model, BlockTableModel::CopiesColumn) == QStringList{"1/2", "2/2", "1/1", "1/1"});

    QSignalSpy grouped(&model, &BlockTableModel::groupCopiesChanged);
    model.setGroupCopies(true);
    CHECK(grouped.count() == 1);
    REQUIRE(model.rowCount() == 3);
    CHECK(columnTexts(model, BlockTableModel::BufferColumn) == QStringList{"%x_tile", "%row_max", "%tmp_buf"});
    CHECK(columnTexts(model, BlockTableModel::CopiesColumn) == QStringList{"2", "1", "1"});
    CHECK(model.index(0, BlockTableModel::OffsetColumn).data().toString() == "0, 8192");
    CHECK(model.index(0, BlockTableModel::AddressColumn).data().toString() == "[0, 8192), [8192, 16384)");
    CHECK(model.headerData(BlockTableModel::CopiesColumn, Qt::Horizontal).toString() == "Copies");
    CHECK(model.rowOfBlock(0) == 0);
    CHECK(model.rowOfBlock(1) == 0);
    CHECK(model.rowOfBlock(3) == 2);
    CHECK(model.blockIndexAt(1) == 2);
    CHECK(model.blocksAt(0) == std::vector<int>{0, 1});
    CHECK(model.rowNoun(3) == "buffers");
    CHECK(model.index(2, BlockTableModel::TempColumn).data().toString() == QString::fromUtf8("\u2713"));
}

TEST_CASE("a row of grouped copies is its buffer: size and sorting count every copy", "[table][group]")
{
    // %x_tile: two 8 KB copies (16 KB in all); %row_max: one 16 KB block; %tmp_buf: 100 B.
    PlanSession session;
    BlockTableModel model(&session);
    BlockFilterProxy proxy(&session);
    proxy.setSourceModel(&model);
    CapacitySettings capacity;
    capacity.byScope["ub"] = 12 * 1024;
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json", capacity));
    session.setScopeIndex(0);
    model.setGroupCopies(true);
    CHECK(model.index(0, BlockTableModel::SizeColumn).data().toString() == QString::fromUtf8("16 KB (2 \u00d7 8 KB)"));
    CHECK(model.index(0, BlockTableModel::SizeColumn).data(BlockTableModel::SortRole).toULongLong() == 16384);
    CHECK(model.index(1, BlockTableModel::SizeColumn).data().toString() == "16 KB");
    // Sorted by size, descending: the two buffers of 16 KB (the tile's copies together) first, the temp last.
    proxy.sort(BlockTableModel::SizeColumn, Qt::DescendingOrder);
    QStringList names;
    for (int row = 0; row < proxy.rowCount(); ++row)
        names << proxy.index(row, BlockTableModel::BufferColumn).data().toString();
    REQUIRE(names.size() == 3);
    CHECK(names.back() == "%tmp_buf");
    CHECK(QSet<QString>(names.begin(), names.begin() + 2) == QSet<QString>{"%x_tile", "%row_max"});
    // Over capacity: the furthest copy (x_tile copy 2 ends at 16 KB: 4 KB above 12 KB).
    CHECK(model.index(0, BlockTableModel::OverCapacityColumn).data().toString() == "+4 KB");
    model.setGroupCopies(false);
    CHECK(model.index(0, BlockTableModel::SizeColumn).data().toString() == "8 KB");
    CHECK(model.index(0, BlockTableModel::OverCapacityColumn).data().toString().isEmpty());
    CHECK(model.index(1, BlockTableModel::OverCapacityColumn).data().toString() == "+4 KB");
}

TEST_CASE("the table and the session select the same block", "[table]")
{
    PlanSession session;
    BlockTablePanel view(&session);
    view.resize(1000, 300);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    QTableView* table = view.tableView();
    CHECK(view.countText() == "4 of 4 blocks");

    SECTION("picking a row selects its block")
    {
        QSignalSpy changed(&session, &PlanSession::selectedBlockChanged);
        table->selectionModel()->setCurrentIndex(
            view.proxy()->index(2, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        CHECK(session.selectedBlock() == 2);
        CHECK(changed.count() == 1);
        CHECK(selectedBlockInView(view) == 2);
    }
    SECTION("a click on a row selects its block")
    {
        view.show();
        const QRect cell = table->visualRect(view.proxy()->index(3, BlockTableModel::BufferColumn));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        CHECK(session.selectedBlock() == 3);
        QSignalSpy activated(&view, &BlockTablePanel::blockActivated);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        CHECK(activated.count() == 1);
        CHECK(activated.value(0).value(0).toInt() == 3);
    }
    SECTION("the session's selection selects and follows the row")
    {
        session.selectBlock(2);
        CHECK(selectedBlockInView(view) == 2);
        // Sorting moves the row; the selection stays with the block.
        table->sortByColumn(BlockTableModel::SizeColumn, Qt::DescendingOrder);
        CHECK(selectedBlockInView(view) == 2);
        CHECK(view.proxy()->rowOfBlock(2) == 0);
        CHECK(session.selectedBlock() == 2);
    }
    SECTION("a filtered-out block clears the table's selection, not the session's")
    {
        session.selectBlock(2);
        view.filterEdit()->setText("x_tile");
        CHECK(view.countText() == "2 of 4 blocks");
        CHECK(table->selectionModel()->selectedRows().isEmpty());
        CHECK(session.selectedBlock() == 2);
        session.selectBlock(3);
        CHECK(table->selectionModel()->selectedRows().isEmpty());
        CHECK(session.selectedBlock() == 3);
        session.selectBlock(1);
        CHECK(selectedBlockInView(view) == 1);
        view.filterEdit()->clear();
        CHECK(selectedBlockInView(view) == 1);
        CHECK(session.selectedBlock() == 1);
        // The selection comes back when the filter lets the block through again.
        session.selectBlock(3);
        view.overCapacityOnlyBox()->setChecked(true);
        CHECK(view.countText() == QString::fromUtf8("0 of 4 blocks \u00b7 none ends above the capacity"));
        CHECK(session.selectedBlock() == 3);
        view.overCapacityOnlyBox()->setChecked(false);
        CHECK(selectedBlockInView(view) == 3);
    }
    SECTION("grouped rows select their first copy and show any copy")
    {
        view.groupCopiesBox()->setChecked(true);
        CHECK(view.countText() == "3 of 3 buffers");
        session.selectBlock(1); // second copy of %x_tile
        CHECK(table->selectionModel()->selectedRows().size() == 1);
        CHECK(table->selectionModel()->selectedRows().front().row() == 0);
        CHECK(session.selectedBlock() == 1); // not pushed back as copy 0
        table->selectionModel()->setCurrentIndex(
            view.proxy()->index(1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        CHECK(session.selectedBlock() == 2);
        view.groupCopiesBox()->setChecked(false);
        CHECK(selectedBlockInView(view) == 2);
    }
    SECTION("live at cursor reports the op")
    {
        view.liveAtCursorBox()->setChecked(true);
        // No cursor: filtered at the op where the most is live.
        CHECK(view.countText().startsWith(
            QString::fromUtf8("4 of 4 blocks \u00b7 live at op 5, the peak (no time cursor): ")));
        session.setCursorOp(3);
        CHECK(view.countText()
            == QString::fromUtf8("2 of 4 blocks \u00b7 live at op 3: 16 KB")); // both copies of %x_tile
    }
    SECTION("Ctrl+C copies the selected row")
    {
        session.selectBlock(0);
        const QString text = view.selectedRowsAsText();
        CHECK(text.startsWith("#\tBuffer\tLife start\tLife end\tSize"));
        CHECK(text.contains("%x_tile\t2\t9\t8 KB\t\t0\t[0, 8192)\t4096xf16"));
    }
    SECTION("another scope or document keeps the view in step")
    {
        session.selectBlock(2);
        session.setScopeIndex(1);
        CHECK(view.countText() == "1 of 1 block");
        CHECK(table->selectionModel()->selectedRows().isEmpty());
        session.selectBlock(0);
        CHECK(selectedBlockInView(view) == 0);
        session.clear();
        CHECK(view.countText() == "No plan loaded");
    }
}

TEST_CASE("the table view renders", "[table]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    BlockTablePanel view(&session);
    view.resize(1280, 260);
    session.setDocument(loadOverflowSample());
    session.selectBlock(0);
    view.show();
    QCoreApplication::processEvents();
    CHECK(view.grab().save("/tmp/memlens_block_table.png"));

    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    view.groupCopiesBox()->setChecked(true);
    session.selectBlock(1);
    QCoreApplication::processEvents();
    CHECK(view.grab().save("/tmp/memlens_block_table_grouped.png"));
}

TEST_CASE("Tab leaves the Blocks table without walking its cells; the arrows move the selection", "[table]")
{
    PlanSession session;
    QWidget window;
    auto* layout = new QVBoxLayout(&window);
    auto* panel = new BlockTablePanel(&session, &window);
    auto* after = new QLineEdit(&window); // the next pane in the Tab order
    layout->addWidget(panel);
    layout->addWidget(after);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    window.show();
    QTableView* table = panel->tableView();
    session.selectBlock(0);
    const auto selected = session.selectedBlock();
    // Tab would otherwise move the current cell (and with it the selection) one column on.
    CHECK_FALSE(table->tabKeyNavigation());
    QTest::keyClick(table, Qt::Key_Tab);
    CHECK(session.selectedBlock() == selected);
    QTest::keyClick(table, Qt::Key_Down);
    CHECK(session.selectedBlock() != selected);
}
