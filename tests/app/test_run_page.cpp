// RunPage in a bare QMainWindow: Back under File > Open Run… and beside the menus, the run or
// the plan on show with the plan's docks and status hidden and back, and the plan a row opens.
#include "app/message_bar.hpp"
#include "app/run_page.hpp"
#include "core/run/run_row.hpp"
#include "support/test_paths.hpp"
#include "views/run/run_view.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTest>

using namespace memlens;

namespace {

// A window as MainWindow builds it around the Run page: a File menu with Open Run…, the plan as
// page 0, one dock and the plan's status label.
struct RunPageRig {
    QMainWindow window;
    QStackedWidget* pages = new QStackedWidget(&window);
    QWidget* plan = new QWidget(pages);
    QDockWidget* dock = new QDockWidget(QStringLiteral("Blocks"), &window);
    QLabel* status = new QLabel(&window);
    MessageBar* bar = new MessageBar(&window);
    QAction* openRun = nullptr;
    QAction* after = nullptr;
    RunPage* page = nullptr;

    RunPageRig()
    {
        QMenu* file = window.menuBar()->addMenu(QStringLiteral("&File"));
        openRun = file->addAction(QStringLiteral("Open Run…"));
        openRun->setObjectName(QStringLiteral("openRunAction"));
        after = file->addAction(QStringLiteral("Close"));
        pages->addWidget(plan);
        window.setCentralWidget(pages);
        window.addDockWidget(Qt::RightDockWidgetArea, dock);
        window.statusBar()->addWidget(status);
        window.resize(900, 600);
        window.show();
        page = new RunPage(&window, pages, {dock}, status, bar);
    }
};

// A run folder fixture, absolute.
QString runPageFixture(const char* name)
{
    return QString::fromStdString(test::data(std::string("runs/") + name).string());
}

} // namespace

TEST_CASE("run page: Back sits under Open Run…, and only once there is a run to go back to", "[app][run]")
{
    RunPageRig rig;
    const QList<QAction*> file = rig.window.menuBar()->actions().front()->menu()->actions();
    REQUIRE(file.indexOf(rig.openRun) >= 0);
    CHECK(file.value(file.indexOf(rig.openRun) + 1) == rig.page->backAction());
    CHECK(file.indexOf(rig.after) > file.indexOf(rig.page->backAction()));
    CHECK(rig.window.menuBar()->cornerWidget(Qt::TopRightCorner));
    CHECK_FALSE(rig.page->backAction()->isEnabled()); // no run read yet
    CHECK_FALSE(rig.page->shown());

    QSignalSpy changed(rig.page, &RunPage::pageChanged);
    QSignalSpy read(rig.page->view(), &RunView::runShown);
    rig.page->open(runPageFixture("mixed"), {});
    CHECK(rig.page->shown());
    REQUIRE((!read.isEmpty() || read.wait(20000)));
    CHECK_FALSE(rig.page->backAction()->isEnabled()); // the run is on show
    rig.page->showPlan();
    CHECK(rig.page->backAction()->isEnabled());
    CHECK(rig.page->backAction()->isVisible());
    rig.page->backAction()->trigger();
    CHECK(rig.page->shown());
    CHECK(changed.size() >= 3);
}

TEST_CASE("run page: the plan's docks and status hide with the plan and come back with it", "[app][run]")
{
    RunPageRig rig;
    QTest::qWait(10);
    REQUIRE(rig.dock->isVisible());
    rig.page->show();
    CHECK(rig.pages->currentWidget() == rig.page->view());
    CHECK_FALSE(rig.dock->isVisible());
    CHECK_FALSE(rig.status->isVisible());
    rig.page->showPlan();
    CHECK(rig.pages->currentIndex() == 0);
    CHECK(rig.dock->isVisible());
    CHECK(rig.status->isVisible());

    // A dock the user closed stays closed.
    rig.dock->hide();
    rig.page->show();
    rig.page->showPlan();
    CHECK_FALSE(rig.dock->isVisible());
}

TEST_CASE("run page: the plan a row opens, and why a row opens none", "[app][run]")
{
    RunPageRig rig;
    RunRow broken;
    broken.status = RowStatus::Error;
    broken.file = "/runs/k/memory_info_aiv.json";
    broken.error = "not JSON";
    CHECK_FALSE(rig.page->planOf(broken));
    CHECK(rig.window.statusBar()->currentMessage().contains("could not be read: not JSON"));

    RunRow cached;
    cached.status = RowStatus::Fits;
    cached.source = RowSource::CacheMetadata;
    cached.kernel = "_softmax";
    CHECK_FALSE(rig.page->planOf(cached));
    CHECK(rig.window.statusBar()->currentMessage().startsWith("_softmax has no plan to show"));

    RunRow dump;
    dump.status = RowStatus::Fits;
    dump.file = test::data("dumps/success_but_overflow.json").string();
    const auto plain = rig.page->planOf(dump);
    REQUIRE(plain);
    CHECK_FALSE(plain->folder);
    CHECK(plain->path == QString::fromStdString(dump.file));

    RunRow half = dump; // a mix kernel's half opens with its other half
    half.file = test::data("dumps/mix/fits_aic_overflows_aiv/memory_info_aiv.json").string();
    const auto both = rig.page->planOf(half);
    REQUIRE(both);
    CHECK(both->folder);
    CHECK(both->path == QString::fromStdString(half.file));
}
