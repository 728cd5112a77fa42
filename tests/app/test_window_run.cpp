// The window's Run view: File > Open Run… (openRun), a run folder opened or dropped, a row
// opening its kernel's plan in the main view and Back returning to the run.
#include "app_test_support.hpp"

#include "app/message_bar.hpp"
#include "views/kernel_cores.hpp"
#include "views/run/run_table_model.hpp"
#include "views/run/run_view.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDropEvent>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QUrl>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

QString runFolder(const char* name) { return QString::fromStdString(test::data(std::string("runs/") + name).string()); }

int proxyRowOf(RunView& view, const std::string& kernel, const std::string& core = "aiv")
{
    for (int row = 0; row < view.proxy()->rowCount(); ++row) {
        const RunRow* r = view.model()->rowAt(view.proxy()->mapToSource(view.proxy()->index(row, 0)).row());
        if (r->kernel == kernel && r->core == core)
            return row;
    }
    return -1;
}

} // namespace

TEST_CASE("a run folder opens in the Run view; a row opens its plan and Back returns", "[window][run]")
{
    WindowFixture f;
    MainWindow& w = *f.window;
    CHECK_FALSE(w.backToRunAction()->isEnabled());
    w.openDump(runFolder("mixed")); // a folder without memory_info*.json of its own is a run
    CHECK(w.runShown());
    REQUIRE(test::runRead(w));
    CHECK(w.runView()->model()->rowCount() == 7);
    CHECK(w.windowTitle().startsWith(QStringLiteral("Run mixed")));
    for (QDockWidget* dock : w.findChildren<QDockWidget*>())
        CHECK_FALSE(dock->isVisible()); // the plan's docks wait for the plan

    RunView& view = *w.runView();
    const int softmax = proxyRowOf(view, "softmax_kernel");
    REQUIRE(softmax >= 0);
    QSignalSpy shown(&w, &MainWindow::documentShown);
    const QModelIndex index = view.proxy()->index(softmax, RunTableModel::KernelColumn);
    QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, view.table()->visualRect(index).center());
    REQUIRE(test::seen(shown));
    CHECK_FALSE(w.runShown());
    CHECK(w.session()->document()->dump.kernel == "softmax_kernel");
    CHECK(w.backToRunAction()->isEnabled());
    CHECK(w.findChild<QDockWidget*>()->isVisible());

    w.backToRunAction()->trigger();
    CHECK(w.runShown());
    CHECK(view.model()->rowCount() == 7); // the run as it was left
    CHECK_FALSE(w.backToRunAction()->isEnabled());

    // The same row again: its plan as it was left, not reloaded ("the plan did not change").
    const auto before = w.session()->sharedDocument();
    QSignalSpy delta(&w, &MainWindow::reloadDeltaShown);
    w.openRunRow(*view.model()->rowAt(view.proxy()->mapToSource(view.proxy()->index(softmax, 0)).row()));
    CHECK_FALSE(w.runShown());
    QTest::qWait(300);
    CHECK(delta.isEmpty());
    CHECK(w.session()->sharedDocument() == before);
    CHECK_FALSE(w.messageBar()->text().contains("Reloaded"));
    w.backToRunAction()->trigger();
    REQUIRE(w.runShown());

    // A mix kernel's half opens with its other half, as a kernel's folder.
    const int attn = proxyRowOf(view, "attn", "aiv");
    REQUIRE(attn >= 0);
    shown.clear();
    view.table()->setCurrentIndex(view.proxy()->index(attn, 0));
    QTest::keyClick(view.table(), Qt::Key_Return);
    REQUIRE(test::seen(shown));
    CHECK(w.kernelCores()->active());
    CHECK(w.session()->document()->dump.kernel == "attn_mix_aiv");
}

TEST_CASE("a run folder dropped onto the window opens in the Run view", "[window][run]")
{
    WindowFixture f;
    MainWindow& w = *f.window;
    REQUIRE(f.open(test::layerNormDump()));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(runFolder("cache_metadata"))});
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    CHECK(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    CHECK(w.runShown());
    REQUIRE(test::runRead(w));
    CHECK(w.runView()->model()->rowCount() == 3);
    // A row of the cache's metadata alone has no plan to open: the window says so and stays on the run.
    w.openRunRow(*w.runView()->model()->rowAt(0));
    CHECK(w.runShown());
    CHECK_THAT(w.statusBar()->currentMessage().toStdString(), Catch::Contains("no plan to show"));
    // Back to the plan that was open before: Back only goes to the run, the plan comes with a row.
    w.showPlanPage();
    CHECK(w.session()->document()->dump.kernel == "_layer_norm_fwd_fused");
}

TEST_CASE("the File menu offers the run's fitting configs only while a run that has them is on show", "[window][run]")
{
    WindowFixture f;
    MainWindow& w = *f.window;
    RunView& view = *w.runView();
    QAction* copy = view.copyConfigsAction();
    QAction* save = view.saveConfigsAction();
    QMenu* file = w.menuBar()->actions().front()->menu();
    REQUIRE(file);
    CHECK(file->actions().contains(copy));
    CHECK(file->actions().contains(save));
    CHECK_FALSE(copy->isVisible()); // no run: no dead item
    w.openDump(QString::fromStdString((test::sourceDir() / "resources/examples/layer_norm").string()));
    REQUIRE(test::runRead(w));
    CHECK(copy->isVisible());
    CHECK(copy->isEnabled());
    CHECK(save->isVisible());
    // A row's plan on show: the run's actions leave the menu until Back.
    QSignalSpy shown(&w, &MainWindow::documentShown);
    view.table()->setCurrentIndex(view.proxy()->index(0, 0));
    QTest::keyClick(view.table(), Qt::Key_Return);
    REQUIRE(test::seen(shown));
    CHECK_FALSE(copy->isVisible());
    w.backToRunAction()->trigger();
    CHECK(copy->isVisible());
    // A run whose configs name no constexprs offers nothing.
    w.openRun(runFolder("mixed"));
    REQUIRE(test::runRead(w));
    for (int i = 0; i < 100 && view.runPath() != runFolder("mixed"); ++i)
        QTest::qWait(50);
    CHECK_FALSE(copy->isVisible());
}
