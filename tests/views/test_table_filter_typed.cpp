// The Blocks table's fast filter and sort (issue 13): the proxy reads the model's
// typed per-row values (a case-folded search key, the overshoot, the Life) and
// sorts by ranks; what it shows must be what the roles say, row for row.
#include "core/document/plan_document.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"

#include <catch2/catch.hpp>

#include <QString>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <vector>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> layerNorm()
{
    const auto path
        = std::filesystem::path(MEMLENS_SOURCE_DIR) / "resources/examples/layer_norm/block16384/memory_info_aiv.json";
    return std::make_shared<const PlanDocument>(loadPlanDocument(path.string(), {}));
}

std::shared_ptr<const PlanDocument> fixture(const char* name)
{
    return std::make_shared<const PlanDocument>(loadPlanDocument(memlens::test::data(name).string(), {}));
}

// Source rows the proxy shows, in its order.
std::vector<int> shownRows(const BlockFilterProxy& proxy)
{
    std::vector<int> rows;
    for (int row = 0; row < proxy.rowCount(); ++row)
        rows.push_back(proxy.mapToSource(proxy.index(row, 0)).row());
    return rows;
}

// Brute force over the model's roles: the rows a filter keeps, in source order.
template <class Keep> std::vector<int> rowsWhere(const BlockTableModel& model, Keep keep)
{
    std::vector<int> rows;
    for (int row = 0; row < model.rowCount(); ++row)
        if (keep(model.index(row, 0)))
            rows.push_back(row);
    return rows;
}

// The table's model and proxy over one document, wired as the window wires them.
struct FilteredTable {
    PlanSession session;
    BlockTableModel model{&session};
    BlockFilterProxy proxy{&session};

    explicit FilteredTable(std::shared_ptr<const PlanDocument> document)
    {
        proxy.setSourceModel(&model);
        session.setDocument(std::move(document));
    }
};

std::vector<int> sorted(std::vector<int> rows)
{
    std::sort(rows.begin(), rows.end());
    return rows;
}

// The order the SortRole values give: text ignoring case, numbers as numbers, ties in file order.
std::vector<int> expectedOrder(const BlockTableModel& model, int column, Qt::SortOrder order)
{
    std::vector<int> rows(static_cast<std::size_t>(model.rowCount()));
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = static_cast<int>(i);
    std::stable_sort(rows.begin(), rows.end(), [&](int l, int r) {
        const QVariant a = model.index(l, column).data(BlockTableModel::SortRole);
        const QVariant b = model.index(r, column).data(BlockTableModel::SortRole);
        int c = 0;
        if (a.typeId() == QMetaType::QString)
            c = QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive);
        else if (a.typeId() == QMetaType::ULongLong)
            c = a.toULongLong() < b.toULongLong() ? -1 : a.toULongLong() > b.toULongLong() ? 1 : 0;
        else
            c = a.toLongLong() < b.toLongLong() ? -1 : a.toLongLong() > b.toLongLong() ? 1 : 0;
        if (c != 0)
            return c < 0;
        return model.blockIndexAt(l) < model.blockIndexAt(r);
    });
    if (order == Qt::DescendingOrder)
        std::reverse(rows.begin(), rows.end());
    return rows;
}

const BlockTableModel::Grouping kGroupings[]
    = {BlockTableModel::Grouping::None, BlockTableModel::Grouping::Copies, BlockTableModel::Grouping::Storage};

} // namespace

TEST_CASE("the text filter keeps the rows whose filter text contains it, ignoring case", "[table][filter]")
{
    const QString filters[] = {QStringLiteral("alloc_1"), QStringLiteral("ALLOC_1"), QStringLiteral("%alloc"),
        QStringLiteral("16384XF32"), QStringLiteral("f16"), QStringLiteral("layer_norm.py:5"), QStringLiteral("\"X\""),
        QStringLiteral("standard.py"), QStringLiteral("hivm.ADDRESS_space<ub>"), QStringLiteral("Memref.Alloc"),
        QStringLiteral("  row_sum "), QStringLiteral("no such text"), QStringLiteral("\u00df")};
    for (const auto& document : {layerNorm(), fixture("dumps/two_scopes_multibuffer.json")}) {
        FilteredTable table(document);
        auto& [session, model, proxy] = table;
        for (const auto grouping : kGroupings) {
            model.setGrouping(grouping);
            for (const QString& text : filters) {
                CAPTURE(document->dump.file, static_cast<int>(grouping), text.toStdString());
                proxy.setFilterText(text);
                const QString needle = text.trimmed();
                const auto expected = rowsWhere(model, [&](const QModelIndex& index) {
                    return index.data(BlockTableModel::FilterTextRole).toString().contains(needle, Qt::CaseInsensitive);
                });
                CHECK(sorted(shownRows(proxy)) == expected);
            }
            proxy.setFilterText({});
        }
    }
}

TEST_CASE("over capacity and live at cursor keep the rows their roles say", "[table][filter]")
{
    FilteredTable table(layerNorm());
    auto& [session, model, proxy] = table;
    for (const auto grouping : kGroupings) {
        model.setGrouping(grouping);
        proxy.setOverCapacityOnly(true);
        const auto over = rowsWhere(
            model, [](const QModelIndex& index) { return index.data(BlockTableModel::OverCapacityRole).toBool(); });
        REQUIRE_FALSE(over.empty()); // the example overflows
        CHECK(sorted(shownRows(proxy)) == over);
        proxy.setOverCapacityOnly(false);

        proxy.setLiveAtCursorOnly(true);
        for (const std::int64_t op : {0, 9, 19, 30}) {
            session.setCursorOp(op);
            const auto live = rowsWhere(model, [op](const QModelIndex& index) {
                return index.data(BlockTableModel::LifeStartRole).toLongLong() <= op
                    && op <= index.data(BlockTableModel::LifeEndRole).toLongLong();
            });
            CHECK(sorted(shownRows(proxy)) == live);
        }
        proxy.setLiveAtCursorOnly(false);
        session.setCursorOp(std::nullopt);
    }
}

TEST_CASE("sorting by any column either way gives the order of the values, ties in file order", "[table][sort]")
{
    FilteredTable table(layerNorm());
    auto& [session, model, proxy] = table;
    for (const auto grouping : kGroupings) {
        model.setGrouping(grouping);
        for (int column = 0; column < BlockTableModel::ColumnCount; ++column) {
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                CAPTURE(static_cast<int>(grouping), column, static_cast<int>(order));
                proxy.sort(column, order);
                CHECK(shownRows(proxy) == expectedOrder(model, column, order));
                // A filter on and off keeps the order (the rows come back ranked).
                proxy.setFilterText(QStringLiteral("alloc_1"));
                proxy.setFilterText({});
                CHECK(shownRows(proxy) == expectedOrder(model, column, order));
            }
        }
    }
    // A capacity change rebuilds the rows: the order follows the new values.
    proxy.sort(BlockTableModel::OverCapacityColumn, Qt::DescendingOrder);
    LoadOptions options;
    options.capacity.all = 128 * 1024;
    session.setDocument(std::make_shared<const PlanDocument>(loadPlanDocument(session.document()->dump.file, options)));
    CHECK(shownRows(proxy) == expectedOrder(model, BlockTableModel::OverCapacityColumn, Qt::DescendingOrder));
}
