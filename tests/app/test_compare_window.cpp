// Comparing in the window: File > Compare With…, the compare window of two
// dumps, and the bar a reload shows with what changed.
#include "app_test_support.hpp"
#include "support/shown_text.hpp"

#include "app/compare_window.hpp"
#include "app/message_bar.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/compare/compare_view.hpp"
#include "views/compare/diff_table_model.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_panes.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTableView>
#include <QTest>

using namespace memlens;
using namespace memlens::test::shown;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

namespace {

// A small comparison can be done before the caller gets the window: "already shown" counts.
bool shownOrSeen(CompareWindow* compare)
{
    QSignalSpy shown(compare, &CompareWindow::comparisonShown);
    return compare->view()->comparison().diff != nullptr || memlens::test::seen(shown);
}

bool failedOrSeen(CompareWindow* compare)
{
    QSignalSpy failed(compare, &CompareWindow::loadFailed);
    return !compare->messageBar()->text().isEmpty() || memlens::test::seen(failed);
}

bool replaceFile(const QString& target, const QString& source)
{
    QFile::remove(target);
    return QFile::copy(source, target);
}

} // namespace

TEST_CASE("the window title and the title bar name the dump's folder", "[compare_window]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump("block16384")));
    CHECK(f.window->windowTitle()
        == QString::fromUtf8("_layer_norm_fwd_fused \u2014 block16384/memory_info_aiv.json \u2014 memlens"));
    CHECK(fileShown(*f.window->titleBar()).startsWith("block16384/memory_info_aiv.json"));
    REQUIRE(f.open(layerNormDump("block8192")));
    CHECK(f.window->windowTitle().contains("block8192/memory_info_aiv.json"));
}

TEST_CASE("a reload says what changed and opens the compare view of the two versions", "[compare_window]")
{
    WindowFixture f;
    // A dump the compiler rewrites in place: 16384 first, then 8192.
    const QString dump = f.dir.filePath("memory_info_aiv.json");
    REQUIRE(QFile::copy(layerNormDump("block16384"), dump));
    REQUIRE(f.open(dump));
    CHECK(f.window->session()->analysis()->overflow);
    CHECK_FALSE(f.window->previousVersion());
    const auto before = f.window->session()->sharedDocument();

    REQUIRE(replaceFile(dump, layerNormDump("block8192")));
    QSignalSpy delta(f.window.get(), &MainWindow::reloadDeltaShown);
    f.window->reload();
    REQUIRE(memlens::test::seen(delta));
    const QString expected = QString::fromUtf8("peak 321 KB \u2192 192 KB (\u221240%), now fits");
    CHECK(delta.front().front().toString().startsWith(expected));
    CHECK(f.window->messageBar()->isVisible());
    CHECK(f.window->messageBar()->text().contains(expected));
    REQUIRE(f.window->messageBar()->actionTexts().contains("Compare Before and After"));
    // The system's notice of the rewrite may come after the reload read it (debounced 400 ms):
    // it must not replace the reload's bar with "changed on disk".
    QTest::qWait(1200);
    CHECK(f.window->messageBar()->text().contains(expected));
    CHECK(f.window->previousVersion() == before);
    if (const QByteArray dir = qgetenv("MEMLENS_SCREENSHOT_DIR"); !dir.isEmpty())
        f.window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/reload-bar.png"));

    f.window->messageBar()->trigger("Compare Before and After");
    auto* compare = f.window->findChild<CompareWindow*>();
    REQUIRE(compare);
    REQUIRE(shownOrSeen(compare));
    CompareView* view = compare->view();
    CHECK(view->comparison().a->dump.kernel == "_layer_norm_fwd_fused");
    CHECK(view->headerTextA().contains("before the reload"));
    CHECK(view->headerTextA().contains("overflows"));
    CHECK(view->headerTextB().contains("now"));
    CHECK(view->headerTextB().contains("fits"));
    CHECK(view->model()->rowCount() == 14);
    // Both sides judged by the capacity of the error message (the rewritten dump has no IR beside it).
    CHECK(view->sessionB()->analysis()->capacity.bytes == 196608);
}

TEST_CASE("a reload with nothing changed says so without a compare button", "[compare_window]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump("block8192")));
    QSignalSpy delta(f.window.get(), &MainWindow::reloadDeltaShown);
    f.window->reload();
    REQUIRE(memlens::test::seen(delta));
    CHECK(delta.front().front().toString().isEmpty());
    CHECK(f.window->messageBar()->text().contains("did not change"));
    CHECK(f.window->messageBar()->actionTexts().isEmpty());
}

TEST_CASE("File > Compare With… compares two dumps, a bad one is named", "[compare_window]")
{
    WindowFixture f;
    QAction* compareAction = nullptr;
    for (QAction* action : f.window->menuBar()->actions().front()->menu()->actions())
        if (action->text().remove('&') == QString::fromUtf8("Compare With\u2026"))
            compareAction = action;
    REQUIRE(compareAction);
    CHECK_FALSE(compareAction->isEnabled());
    REQUIRE(f.open(layerNormDump("block8192")));
    CHECK(compareAction->isEnabled());

    CompareWindow* compare = f.window->compareFiles(layerNormDump("block8192"), layerNormDump("block16384"));
    REQUIRE(shownOrSeen(compare));
    CHECK(compare->windowTitle().contains("A block8192/memory_info_aiv.json with B block16384/memory_info_aiv.json"));
    CHECK(compare->view()->model()->rowCount() == 14);
    CHECK(compare->view()->sessionB()->analysis()->overflow);

    const QString bad = QString::fromStdString(memlens::test::data("dumps/bad/truncated.json").string());
    CompareWindow* broken = f.window->compareFiles(layerNormDump("block8192"), bad);
    REQUIRE(failedOrSeen(broken));
    CHECK(broken->messageBar()->text().contains("Could not open B"));
    CHECK(broken->messageBar()->text().contains("truncated.json"));
}

TEST_CASE("the compare window keeps both charts, the table and both sources usable at 1400x900 and 1024x700",
    "[compare_window]")
{
    WindowFixture f;
    CompareWindow* compare = f.window->compareFiles(layerNormDump("block8192"), layerNormDump("block16384"));
    REQUIRE(shownOrSeen(compare));
    for (const QSize size : {QSize(1400, 900), QSize(1024, 700)}) {
        compare->resize(size);
        compare->view()->selectPair(3);
        QTest::qWait(200);
        CompareView* view = compare->view();
        INFO(size.width() << "x" << size.height());
        CHECK(view->chartA()->mapping().plotRect().height() >= 100.0);
        CHECK(view->chartB()->mapping().plotRect().height() >= 100.0);
        CHECK(view->chartA()->mapping().plotRect().height()
            == Approx(view->chartB()->mapping().plotRect().height()).margin(2.0));
        CHECK(view->table()->viewport()->width() >= 280);
        CHECK(view->sourcesA()->width() >= 300);
        CHECK(view->sourcesB()->height() >= 120);
        // Where a person can look at it (MEMLENS_SCREENSHOT_DIR=/tmp/x, under xvfb-run or offscreen).
        if (const QByteArray dir = qgetenv("MEMLENS_SCREENSHOT_DIR"); !dir.isEmpty())
            compare->grab().save(QString::fromLocal8Bit(dir)
                + QStringLiteral("/compare-%1x%2.png").arg(size.width()).arg(size.height()));
    }
}

TEST_CASE("the compare view starts on the block selected in the main window", "[compare_window][preselect]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump("block16384")));
    // %alloc_3 (xf) selected: not the first buffer over capacity, which the view starts on otherwise.
    const int block = test::blockNamed(*f.window, "%alloc_3");
    REQUIRE(block >= 0);
    f.window->session()->selectBlock(block);
    CompareWindow* compare = f.window->compareFiles(layerNormDump("block16384"), layerNormDump("block8192"));
    REQUIRE(shownOrSeen(compare));
    QApplication::processEvents();
    CompareView* view = compare->view();
    REQUIRE(view->selectedPair() >= 0);
    const BufferPair& pair = view->model()->scopeDiff()->pairs.at(static_cast<std::size_t>(view->selectedPair()));
    REQUIRE(pair.a >= 0);
    CHECK(view->sessionA()->scope()->buffers.at(static_cast<std::size_t>(pair.a)).ssaName == "%alloc_3");
    const int selectedPair = view->selectedPair();
    compare->close();

    // Nothing selected: the first buffer over capacity, as before.
    f.window->session()->selectBlock(-1);
    CompareWindow* plain = f.window->compareFiles(layerNormDump("block16384"), layerNormDump("block8192"));
    REQUIRE(shownOrSeen(plain));
    QApplication::processEvents();
    REQUIRE(plain->view()->selectedPair() >= 0);
    CHECK(plain->view()->selectedPair() != selectedPair);
}

TEST_CASE("a compare window starts on the block selected in a session", "[compare_window][preselect]")
{
    PlanSession session;
    session.setDocument(test::loadPath(layerNormDump("block16384").toStdString()));
    const ScopePlan& plan = *session.scope();
    int alloc3 = -1; // %alloc_3 (xf): not the first buffer over capacity, which the view starts on otherwise
    for (std::size_t i = 0; i < plan.blocks.size() && alloc3 < 0; ++i)
        if (plan.bufferOf(plan.blocks[i]).ssaName == "%alloc_3")
            alloc3 = static_cast<int>(i);
    REQUIRE(alloc3 >= 0);
    session.selectBlock(alloc3);
    CompareWindow compare;
    compare.show();
    compare.preferSelectionOf(session, false);
    compare.compareDocuments(session.sharedDocument(), QStringLiteral("A"),
        test::loadPath(layerNormDump("block8192").toStdString()), QStringLiteral("B"));
    REQUIRE(shownOrSeen(&compare));
    QApplication::processEvents();
    CompareView* view = compare.view();
    REQUIRE(view->selectedPair() >= 0);
    const BufferPair& pair = view->model()->scopeDiff()->pairs.at(static_cast<std::size_t>(view->selectedPair()));
    REQUIRE(pair.a >= 0);
    CHECK(view->sessionA()->scope()->buffers.at(static_cast<std::size_t>(pair.a)).ssaName == "%alloc_3");
}
