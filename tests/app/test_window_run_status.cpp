// The status bar speaks of the view on show: the Run view hides the plan's status, a broken
// row's error goes when the next plan opens (issue 65).
#include "app_test_support.hpp"

#include "views/run/run_table_model.hpp"
#include "views/run/run_view.hpp"

#include <catch2/catch.hpp>

#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

const RunRow* rowOf(RunView& view, const std::string& kernel)
{
    for (int row = 0; row < view.model()->rowCount(); ++row)
        if (const RunRow* r = view.model()->rowAt(row); r && r->kernel == kernel)
            return r;
    return nullptr;
}

// The plan's status label (the status bar's first label, the document's status text).
QLabel* planStatus(MainWindow& window) { return window.statusBar()->findChild<QLabel*>(); }

} // namespace

TEST_CASE("the Run view's status bar keeps no earlier view's message", "[window][run][status]")
{
    WindowFixture f;
    MainWindow& w = *f.window;
    REQUIRE(f.open(test::layerNormDump("block16384")));
    QLabel* status = planStatus(w);
    REQUIRE(status);
    REQUIRE(status->isVisibleTo(&w));

    w.openRun(QString::fromStdString(test::data("runs/mixed").string()));
    REQUIRE(test::runRead(w));
    CHECK_FALSE(status->isVisibleTo(&w)); // the plan's status is not the run's

    RunView& view = *w.runView();
    const RunRow* broken = rowOf(view, "broken_kernel");
    REQUIRE(broken);
    REQUIRE(broken->status == RowStatus::Error);
    w.openRunRow(*broken);
    CHECK(w.statusBar()->currentMessage().contains("could not be read"));

    const RunRow* softmax = rowOf(view, "softmax_kernel");
    REQUIRE(softmax);
    QSignalSpy shown(&w, &MainWindow::documentShown);
    w.openRunRow(*softmax);
    REQUIRE(test::seen(shown));
    CHECK_FALSE(w.statusBar()->currentMessage().contains("could not be read"));
    CHECK(status->isVisibleTo(&w));
}
