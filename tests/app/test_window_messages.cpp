// The message bar belongs to the dump it describes: a warning about the dump's IR
// outlasts a reload (and sits beside what the reload changed), another dump clears
// the bar, an IR change is said, a failed reload says it was a reload, and an earlier
// version keeps the IR, capacity and name of the file it came from.
#include "app_test_support.hpp"
#include "support/shown_text.hpp"

#include "app/compare_window.hpp"
#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "app/message_bar.hpp"
#include "app/version_trail.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QFile>

using namespace memlens;
using namespace memlens::test::shown;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

namespace {

QString exampleFile(const char* relative)
{
    return QString::fromStdString((memlens::test::sourceDir() / "resources/examples/layer_norm" / relative).string());
}

bool reloadAndWait(MainWindow& window)
{
    QSignalSpy delta(&window, &MainWindow::reloadDeltaShown);
    window.reload();
    return memlens::test::seen(delta);
}

} // namespace

TEST_CASE("after a reload the warning that the IR may be another compile's stays, beside the reload's news",
    "[window][messages]")
{
    WindowFixture f;
    LoadOptions options;
    options.irFile = exampleFile("block16384/_layer_norm_fwd_fused.ttadapter").toStdString();
    f.window->setCommandLineOptions(options, layerNormDump("block8192"));
    REQUIRE(f.open(layerNormDump("block8192")));
    REQUIRE(f.window->messageBar()->text().contains("The IR may not belong to this dump"));

    REQUIRE(reloadAndWait(*f.window));
    MessageBar* bar = f.window->messageBar();
    CHECK(bar->isVisible());
    CHECK(bar->kind() == MessageBar::Kind::Warning);
    CHECK(bar->text().contains("The IR may not belong to this dump"));
    CHECK(bar->text().contains("did not change"));
    CHECK(bar->actionTexts().contains(QString::fromUtf8("Open IR\u2026")));
}

TEST_CASE("opening another dump clears the bar that described the one before", "[window][messages]")
{
    WindowFixture f;
    LoadOptions options;
    options.irFile = exampleFile("block16384/_layer_norm_fwd_fused.ttadapter").toStdString();
    f.window->setCommandLineOptions(options, layerNormDump("block8192"));
    REQUIRE(f.open(layerNormDump("block8192")));
    REQUIRE(f.window->messageBar()->isVisible());
    REQUIRE(f.open(layerNormDump("block16384"))); // its own IR, beside it: nothing to warn about
    CHECK_FALSE(f.window->messageBar()->isVisible());
}

TEST_CASE("a reload that brings another IR says so", "[window][messages]")
{
    WindowFixture f;
    const QString dump = f.dir.filePath("memory_info_aiv.json");
    REQUIRE(QFile::copy(layerNormDump("block8192"), dump));
    REQUIRE(f.open(dump));
    REQUIRE(f.window->session()->document()->irFile.empty());

    QSignalSpy delta(f.window.get(), &MainWindow::reloadDeltaShown);
    f.window->openIrFile(exampleFile("block8192/_layer_norm_fwd_fused.ttadapter"));
    REQUIRE(memlens::test::seen(delta));
    CHECK(f.window->messageBar()->text().contains("The IR is now"));
    CHECK(f.window->messageBar()->text().contains("block8192/_layer_norm_fwd_fused.ttadapter"));
}

TEST_CASE(
    "attaching a compile log says what it changed: the planner check and re-planned what-ifs", "[window][messages]")
{
    WindowFixture f;
    const QString dump = f.dir.filePath("memory_info_aiv.json");
    REQUIRE(QFile::copy(layerNormDump("block16384"), dump));
    REQUIRE(f.open(dump));
    REQUIRE_FALSE(f.window->session()->document()->log);

    QSignalSpy delta(f.window.get(), &MainWindow::reloadDeltaShown);
    f.window->openLogFile(exampleFile("block16384/compile.log"));
    REQUIRE(memlens::test::seen(delta));
    const QString text = f.window->messageBar()->text();
    CHECK(text.contains("The compile log names"));
    CHECK(text.contains("memlens plans this dump identically (14 buffers): what-ifs re-planned."));
}

TEST_CASE("a reload that fails says it could not reload, and the dump on show stays", "[window][messages]")
{
    WindowFixture f;
    const QString dump = f.dir.filePath("memory_info_aiv.json");
    REQUIRE(QFile::copy(layerNormDump("block8192"), dump));
    REQUIRE(f.open(dump));
    {
        QFile file(dump);
        REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{\"Header\": ");
    }
    QSignalSpy failed(f.window.get(), &MainWindow::loadFailed);
    f.window->reload();
    REQUIRE(memlens::test::seen(failed));
    CHECK(f.window->messageBar()->kind() == MessageBar::Kind::Error);
    CHECK(f.window->messageBar()->text().contains("Could not reload the dump."));
    CHECK(f.window->session()->document() != nullptr);
}

TEST_CASE("an earlier version is shown with the IR, capacity and name of the file it came from", "[window][history]")
{
    WindowFixture f;
    const QString dump = layerNormDump("block8192");
    REQUIRE(f.open(dump));
    const std::uint64_t capacity = f.window->session()->analysis()->capacity.bytes;
    const std::string irFile = f.window->session()->document()->irFile;
    REQUIRE_FALSE(irFile.empty());
    const QList<DumpVersion> versions = f.window->history()->versionsOf(QFileInfo(dump).absoluteFilePath());
    REQUIRE(versions.size() == 1);
    DumpVersion version = versions.front();
    version.irFile.clear(); // as a version captured before its IR was known

    QSignalSpy shown(f.window.get(), &MainWindow::documentShown);
    f.window->versionTrail()->openVersion(version);
    REQUIRE(memlens::test::seen(shown));
    REQUIRE(f.window->shownVersion() == version.snapshotPath);
    const PlanDocument* document = f.window->session()->document();
    CHECK(document->irFile == irFile);
    CHECK(f.window->session()->analysis()->capacity.bytes == capacity);
    CHECK(fileShown(*f.window->titleBar()).startsWith("block8192/memory_info_aiv.json"));
    CHECK(fileShown(*f.window->titleBar()).contains("version of"));
}

TEST_CASE(
    "History entries say how full each version is, compare one with the file, and go with Close", "[window][history]")
{
    WindowFixture f;
    const QString dump = layerNormDump("block16384");
    REQUIRE(f.open(dump));
    HistoryMenu* menu = f.window->historyMenu();
    menu->rebuild();
    REQUIRE(menu->actionForVersion(0));
    CHECK(menu->actionForVersion(0)->text().contains(QString::fromUtf8("ub 321 KB of 192 KB: overflow")));
    CHECK_FALSE(menu->findChild<QAction*>(QStringLiteral("compareVersionWithCurrent")));

    const DumpVersion version = f.window->history()->versionsOf(QFileInfo(dump).absoluteFilePath()).front();
    QSignalSpy shown(f.window.get(), &MainWindow::documentShown);
    f.window->versionTrail()->openVersion(version);
    REQUIRE(memlens::test::seen(shown));
    menu->rebuild();
    QAction* compare = nullptr;
    for (QAction* action : menu->actions())
        if (action->objectName() == QStringLiteral("compareVersionWithCurrent"))
            compare = action;
    REQUIRE(compare);
    compare->trigger();
    CHECK(f.window->findChild<CompareWindow*>());

    f.window->closeDump();
    menu->rebuild();
    CHECK_FALSE(menu->actionForVersion(0));
    CHECK(fileShown(*f.window->titleBar()).isEmpty());
}
