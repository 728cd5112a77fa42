// The window while a dump loads: the status bar's bar shows the share parsed,
// and its Cancel stops the parse and keeps what was on show (issue 13, item 4).
#include "app/document_loader.hpp"
#include "app/load_progress.hpp"
#include "app_test_support.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <QFile>
#include <QFileInfo>
#include <QProgressBar>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QToolButton>

using namespace memlens;
using memlens::test::WindowFixture;
using memlens::test::writeLargeDump;

TEST_CASE("the window shows the share of the dump parsed, and Cancel stops the load", "[window][progress]")
{
    QTemporaryDir dir;
    const QString large = writeLargeDump(dir, 400000);
    WindowFixture f;
    MainWindow& w = *f.window;
    REQUIRE(f.open(memlens::test::layerNormDump()));
    const PlanDocument* shownBefore = w.session()->document();
    LoadProgress* progress = w.loadProgress();
    CHECK_FALSE(progress->isVisible());

    w.loader()->setProgressInterval(1);
    QSignalSpy shown(&w, &MainWindow::documentShown);
    QSignalSpy failed(&w, &MainWindow::loadFailed);
    w.openDump(large);
    CHECK(progress->isVisible());
    // The bar turns determinate once bytes are counted: a real share of the file.
    for (int i = 0; i < 3000 && !(progress->bar()->maximum() > 0 && progress->bar()->value() > 0); ++i)
        QTest::qWait(1);
    REQUIRE(progress->bar()->maximum() > 0);
    CHECK(progress->bar()->value() > 0);
    CHECK(progress->bar()->value() < progress->bar()->maximum());
    CHECK(progress->bar()->text().contains(" of "));

    QTest::mouseClick(progress->cancelButton(), Qt::LeftButton);
    CHECK_FALSE(progress->isVisible());
    CHECK_FALSE(w.loader()->isBusy());
    REQUIRE(QThreadPool::globalInstance()->waitForDone(30000));
    CHECK(w.loader()->bytesRead() < static_cast<std::uint64_t>(QFileInfo(large).size()));
    QTest::qWait(50);
    CHECK(shown.isEmpty());
    CHECK(failed.isEmpty());
    CHECK(w.session()->document() == shownBefore); // the example stays on show
}
