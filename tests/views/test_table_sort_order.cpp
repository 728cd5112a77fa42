// The Blocks table's first click on a size sorts largest first, a new order is read from its top, and
// its first column is the place in file order ("#").
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTest>

#include <fstream>

using namespace memlens;

namespace {

// `count` buffers, buffer i of (i % 7 + 1) KB, one after another.
std::string writeDump(const std::filesystem::path& dir, int count)
{
    const std::filesystem::path path = dir / "memory_info_aiv.json";
    std::ofstream out(path);
    out << R"({"Header": {"KernelName": "_sorted"}, "Record": [{"scope": "ub", "memory_info_array": [)";
    std::uint64_t offset = 0;
    for (int i = 0; i < count; ++i) {
        const std::uint64_t bytes = static_cast<std::uint64_t>(i % 7 + 1) * 1024;
        out << (i ? "," : "") << R"({"buffer": "%b)" << i << R"( = memref.alloc() : memref<16xf16>", "offset": [)"
            << offset << R"(], "extent": )" << bytes * 8 << R"(, "life_time_in_ir": [)" << i << ", " << i + 2 << "]}";
        offset += bytes;
    }
    out << "]}]}";
    return path.string();
}

void clickHeader(QTableView* table, int column)
{
    QHeaderView* header = table->horizontalHeader();
    const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2, header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, Qt::NoModifier, at);
}

std::uint64_t sizeAt(BlockTablePanel& view, int row)
{
    return view.proxy()->index(row, BlockTableModel::SizeColumn).data(BlockTableModel::SortRole).toULongLong();
}

} // namespace

TEST_CASE("a size column sorts largest first and a new order starts at its top", "[table][sort]")
{
    test::TempDir dir("memlens_sort_");
    PlanSession session;
    session.setDocument(test::loadPath(writeDump(dir.path, 300)));
    BlockTablePanel view(&session);
    view.resize(700, 400);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    QTableView* table = view.tableView();
    QHeaderView* header = table->horizontalHeader();

    table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum() / 2);
    REQUIRE(table->verticalScrollBar()->value() > 0);
    clickHeader(table, BlockTableModel::SizeColumn);
    CHECK(header->sortIndicatorSection() == BlockTableModel::SizeColumn);
    CHECK(header->sortIndicatorOrder() == Qt::DescendingOrder);
    CHECK(sizeAt(view, 0) == 7 * 1024);
    CHECK(table->verticalScrollBar()->value() == 0);

    clickHeader(table, BlockTableModel::SizeColumn); // the second click turns it round
    CHECK(header->sortIndicatorOrder() == Qt::AscendingOrder);
    CHECK(sizeAt(view, 0) == 1024);

    clickHeader(table, BlockTableModel::BufferColumn); // names: A to Z first
    CHECK(header->sortIndicatorOrder() == Qt::AscendingOrder);
    clickHeader(table, BlockTableModel::OverCapacityColumn);
    CHECK(header->sortIndicatorOrder() == Qt::DescendingOrder);
    CHECK(BlockTablePanel::sortsLargestFirst(BlockTableModel::SizeColumn));
    CHECK_FALSE(BlockTablePanel::sortsLargestFirst(BlockTableModel::IdColumn));
}

TEST_CASE("the first column is #, the place in file order, never read as the SSA suffix", "[table]")
{
    PlanSession session;
    BlockTableModel model(&session);
    session.setDocument(test::loadFixture("dumps/two_scopes_multibuffer.json"));
    CHECK(model.headerData(BlockTableModel::IdColumn, Qt::Horizontal).toString() == "#");
    const QString tip = model.headerData(BlockTableModel::IdColumn, Qt::Horizontal, Qt::ToolTipRole).toString();
    CHECK(tip.contains("file order"));
    CHECK(tip.contains("SSA"));
    // The SSA name is the Buffer column; "#" sorts by file order (the raw role), copies together.
    CHECK(model.headerData(BlockTableModel::BufferColumn, Qt::Horizontal).toString() == "Buffer");
    CHECK(model.index(1, BlockTableModel::IdColumn).data(BlockTableModel::SortRole).toLongLong() == 1);
    CHECK(model.index(1, BlockTableModel::IdColumn).data().toString()
        == model.index(0, BlockTableModel::IdColumn).data().toString());
}
