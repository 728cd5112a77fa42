// The Run view by keyboard and at 1024: one Tab from the filter to the table with a row
// current, and columns that tell the rows apart (the chip, the file's folders) (issue 65).
#include "core/run/run_summary.hpp"
#include "support/test_paths.hpp"
#include "views/run/run_table_model.hpp"
#include "views/run/run_view.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

using namespace memlens;

namespace {

RunSummary exampleRun()
{
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    return summarizeRun((test::sourceDir() / "resources/examples/layer_norm").string(), options);
}

} // namespace

TEST_CASE("the Run view: one Tab from the filter to the table, one more to the details", "[run_view][keys]")
{
    RunView view;
    view.resize(1024, 600);
    view.setSummary(exampleRun());
    view.show();
    view.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&view));
    view.filterEdit()->setFocus();
    QTest::keyClick(view.filterEdit(), Qt::Key_Tab);
    CHECK(QApplication::focusWidget() == view.table());
    CHECK(view.table()->currentIndex().isValid()); // where the focus is shows
    QTest::keyClick(view.table(), Qt::Key_Tab);
    CHECK(QApplication::focusWidget() == view.detailsPane());
    CHECK(view.detailsPane()->textInteractionFlags().testFlag(Qt::TextSelectableByKeyboard));
}

TEST_CASE("the Run view at 1024 names the chip and keeps the file's folders", "[run_view][columns]")
{
    RunView view;
    view.resize(1024, 600);
    view.show();
    view.setSummary(exampleRun());
    QStringList targets, files;
    for (int row = 0; row < view.model()->rowCount(); ++row) {
        targets << view.model()->index(row, RunTableModel::TargetColumn).data().toString();
        files << view.model()->index(row, RunTableModel::FileColumn).data().toString();
    }
    INFO(files.join(", ").toStdString());
    CHECK(targets.filter("Ascend950").size() >= 1);
    CHECK(targets.filter("Ascend910").size() >= 1);
    CHECK(files.contains(QStringLiteral("block8192/memory_info_aiv.json")));
    CHECK(files.contains(QStringLiteral("a5/block16384/compile.log")));
    // Each file's text is wide enough to show up to its distinguishing folder.
    const QFontMetrics metrics = view.table()->fontMetrics();
    const int fileWidth = view.table()->horizontalHeader()->sectionSize(RunTableModel::FileColumn);
    CHECK(fileWidth >= metrics.horizontalAdvance(QStringLiteral("a5/block16384/…")) + 12);
    int total = 0;
    for (int column = 0; column < RunTableModel::ColumnCount; ++column)
        total += view.table()->horizontalHeader()->sectionSize(column);
    CHECK(total <= view.table()->viewport()->width());
}
