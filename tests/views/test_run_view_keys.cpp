// The Run view by keyboard: one Tab from the filter to the table with a row current (issue 65).
#include "core/run/run_summary.hpp"
#include "support/test_paths.hpp"
#include "views/run/run_table_model.hpp"
#include "views/run/run_view.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QComboBox>
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

TEST_CASE("the Run view: one Tab from the filter to the table, then the envelope, then the details", "[run_view][keys]")
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
    // The example's kernel was compiled in several configs: its envelope's box and table come next.
    QTest::keyClick(view.table(), Qt::Key_Tab);
    CHECK(QApplication::focusWidget() == view.envelopeBox());
    QTest::keyClick(view.envelopeBox(), Qt::Key_Tab);
    CHECK(QApplication::focusWidget() == view.envelopeTable());
    CHECK(view.envelopeTable()->currentIndex().isValid());
    QTest::keyClick(view.envelopeTable(), Qt::Key_Tab);
    CHECK(QApplication::focusWidget() == view.detailsPane());
    CHECK(view.detailsPane()->textInteractionFlags().testFlag(Qt::TextSelectableByKeyboard));
}
