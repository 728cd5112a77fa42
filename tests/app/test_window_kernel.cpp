// A kernel's folder in the window: both dumps of a mix kernel opened together, the core selector
// and the kernel strip switch cores, F8 walks every core, reload reloads both, one file of a pair
// offers the other, two folders compare core by core. Fixtures: tests/data/dumps/mix/.
#include "app_test_support.hpp"
#include "support/shown_text.hpp"

#include "app/compare_window.hpp"
#include "app/message_bar.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/core_selector.hpp"
#include "views/kernel_cores.hpp"
#include "views/kernel_strip.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QLabel>
#include <QTest>

#include <filesystem>

using namespace memlens;
using namespace memlens::test::shown;
using memlens::test::WindowFixture;
namespace fs = std::filesystem;

namespace {

QString mixFolder(const char* name)
{
    return QString::fromStdString(test::data(std::string("dumps/mix/") + name).string());
}

// A copy of a fixture folder the test may change.
QString copyOf(const QTemporaryDir& dir, const char* name)
{
    const fs::path to = fs::path(dir.path().toStdString()) / name;
    fs::copy(test::data(std::string("dumps/mix/") + name), to, fs::copy_options::recursive);
    return QString::fromStdString(to.string());
}

QString fileName(const QString& path) { return QFileInfo(path).fileName(); }

// Lets the window work until every core of its kernel is loaded (5 s at most).
bool kernelLoaded(MainWindow& window)
{
    for (int i = 0; i < 100 && !(window.kernelCores()->active() && window.kernelCores()->complete()); ++i)
        QTest::qWait(50);
    return window.kernelCores()->active() && window.kernelCores()->complete();
}

} // namespace

TEST_CASE("a kernel's folder opens both cores and shows the one that overflows", "[app][kernel]")
{
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    REQUIRE(fixture.open(mixFolder("fits_aic_overflows_aiv")));
    KernelCores& cores = *window.kernelCores();
    REQUIRE(cores.cores().size() == 2);
    CHECK(cores.complete());
    CHECK(fileName(window.currentFile()) == "memory_info_aiv.json");
    CHECK(window.session()->scope()->scope == "ub");
    CHECK(cores.current() == window.currentFile());
    CoreSelector& selector = *window.coreSelector();
    CHECK(selector.isVisible());
    CHECK(selector.count() == 3);
    CHECK(selector.currentText().startsWith(QString::fromUtf8("aiv \u00b7 ub")));
    // In the title bar, in the scope selector's place (its entries are every core's scopes).
    CHECK(selector.parentWidget() == window.titleBar());
    CHECK(window.titleBar()->scopeCombo()->isHidden());
    KernelStrip& strip = *window.kernelStrip();
    CHECK(strip.isVisible());
    CHECK(strip.entries().size() == 3);
    CHECK(strip.currentEntry() == 2);

    SECTION("the core selector switches core and scope")
    {
        selector.activated(1); // aic · cc
        CHECK(fileName(window.currentFile()) == "memory_info_aic.json");
        CHECK(window.session()->scope()->scope == "cc");
        CHECK(kernelShown(*window.titleBar()) == "attn_mix_aic");
        CHECK(selector.currentIndex() == 1);
        CHECK(strip.currentEntry() == 1);
        CHECK(window.windowTitle().contains("memory_info_aic.json"));
    }
    SECTION("clicking the strip switches core and scope")
    {
        QTest::mouseClick(&strip, Qt::LeftButton, {}, strip.entryRect(0).center());
        CHECK(fileName(window.currentFile()) == "memory_info_aic.json");
        CHECK(window.session()->scope()->scope == "cbuf");
        CHECK(selector.currentIndex() == 0);
    }
    SECTION("--scope names a scope of any core")
    {
        window.showScope("cbuf");
        CHECK(fileName(window.currentFile()) == "memory_info_aic.json");
        CHECK(window.session()->scope()->scope == "cbuf");
    }
    SECTION("opening another dump closes the kernel")
    {
        REQUIRE(fixture.open(test::layerNormDump()));
        CHECK_FALSE(cores.active());
        CHECK(selector.isHidden());
        CHECK(strip.isHidden());
        CHECK(window.titleBar()->scopeCombo()->isVisible());
    }
}

TEST_CASE("F8 walks the blocks above capacity of every core", "[app][kernel]")
{
    QTemporaryDir dir;
    fs::copy(test::data("dumps/compiler_today/cube_stopped_at_cbuf.json"),
        fs::path(dir.path().toStdString()) / "memory_info_aic.json");
    fs::copy(test::data("dumps/mix/fits_aic_overflows_aiv/memory_info_aiv.json"),
        fs::path(dir.path().toStdString()) / "memory_info_aiv.json");
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    REQUIRE(fixture.open(dir.path()));
    // Both overflow: the cube core is shown first, its cbuf.
    REQUIRE(fileName(window.currentFile()) == "memory_info_aic.json");
    const std::vector<int> cubeOver = window.session()->analysis()->overCapacityBlocks;
    REQUIRE_FALSE(cubeOver.empty());
    for (const int block : cubeOver) {
        window.selectNextOverCapacity();
        CHECK(window.session()->selectedBlock() == block);
    }
    window.selectNextOverCapacity(); // past the cube core's last: the vector core's first
    CHECK(fileName(window.currentFile()) == "memory_info_aiv.json");
    CHECK(window.session()->scope()->scope == "ub");
    CHECK(window.session()->selectedBlock() == window.session()->analysis()->overCapacityBlocks.front());
    CHECK(window.coreSelector()->currentText().startsWith(QString::fromUtf8("aiv \u00b7 ub")));
    // The kernel's names do not pair (_attn_mix_aic, attn_mix_aiv): said once, on the title bar's
    // one line (the dump on show has the other half beside it), not again in the message bar.
    const bool inBar = window.messageBar()->isVisible() && window.messageBar()->text().contains("do not pair");
    const bool inTitle = warningsShown(*window.titleBar()).contains("does not pair");
    CHECK(inBar != inTitle);
}

TEST_CASE("two halves that do not pair: one warning, one line, and the chart keeps its height", "[app][kernel]")
{
    QTemporaryDir dir;
    const QString folder = copyOf(dir, "unpaired");
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    window.resize(1024, 700);
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(fixture.open(folder));
    QApplication::processEvents();
    CHECK(warningsShown(*window.titleBar()).contains("does not pair"));
    CHECK_FALSE((window.messageBar()->isVisible() && window.messageBar()->text().contains("do not pair")));
    // The warning's label is one line high, however long the warning.
    auto* warning = window.titleBar()->findChild<QLabel*>(QStringLiteral("titleSiblingWarning"));
    REQUIRE(warning);
    CHECK(warning->height() <= warning->fontMetrics().height() + 4);
    // The block chart gets the height first: the usage curve keeps its least beneath it.
    CHECK(window.chart()->height() >= 2 * window.usageChart()->height());
}

TEST_CASE("reload reloads every core of the kernel", "[app][kernel]")
{
    QTemporaryDir dir;
    const QString folder = copyOf(dir, "stale");
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    REQUIRE(fixture.open(folder));
    KernelCores& cores = *window.kernelCores();
    const QString aic = folder + "/memory_info_aic.json";
    const QString aiv = folder + "/memory_info_aiv.json";
    REQUIRE(fileName(window.currentFile()) == "memory_info_aic.json"); // nothing overflows: the first core
    const auto aivBefore = cores.documentOf(aiv);
    REQUIRE(aivBefore->dump.blockCount() == 2);
    // The compiler rewrites the other core's file (the pair that overflows on aiv).
    fs::copy_file(test::data("dumps/mix/fits_aic_overflows_aiv/memory_info_aiv.json"), aiv.toStdString(),
        fs::copy_options::overwrite_existing);
    // Kept at once, though another core is on show, and the bar names the file that changed.
    for (int i = 0; i < 100 && window.history()->versionsOf(aiv).size() < 2; ++i)
        QTest::qWait(50);
    CHECK(window.history()->versionsOf(aiv).size() == 2);
    for (int i = 0; i < 40 && !window.messageBar()->text().contains("changed on disk"); ++i)
        QTest::qWait(50);
    CHECK(window.messageBar()->text().contains("memory_info_aiv.json of the kernel changed on disk"));
    CHECK(window.messageBar()->actionTexts().contains("Reload"));
    QSignalSpy shown(&window, &MainWindow::documentShown);
    window.reload();
    REQUIRE(test::seen(shown));
    CHECK(cores.documentOf(aiv) != aivBefore);
    CHECK(cores.documentOf(aiv)->dump.blockCount() == 4);
    CHECK(fileName(window.currentFile()) == "memory_info_aic.json"); // the core on show stays
    CHECK(window.kernelStrip()->entries().back().overflow);
    CHECK(window.history()->versionsOf(aiv).size() >= 2); // history per core
}

TEST_CASE("one file of a pair offers the other, and with the setting opens both", "[app][kernel][settings]")
{
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    const QString aic = mixFolder("fits_aic_overflows_aiv") + "/memory_info_aic.json";
    REQUIRE(fixture.open(aic));
    CHECK_FALSE(window.kernelCores()->active());
    MessageBar& bar = *window.messageBar();
    REQUIRE(bar.actionTexts().contains("Open Both"));
    CHECK(bar.text().contains("memory_info_aiv.json"));
    REQUIRE(bar.trigger("Open Both"));
    REQUIRE(kernelLoaded(window));
    CHECK(window.kernelCores()->cores().size() == 2);
    CHECK(fileName(window.currentFile()) == "memory_info_aic.json"); // the file opened stays on show
    CHECK(window.coreSelector()->isVisible());

    fixture.settings->setValue(SettingId::OpenBothOfPair, true);
    REQUIRE(fixture.open(test::layerNormDump()));
    CHECK_FALSE(window.kernelCores()->active());
    const QString aiv = mixFolder("fits_aic_overflows_aiv") + "/memory_info_aiv.json";
    REQUIRE(fixture.open(aiv));
    REQUIRE(kernelLoaded(window)); // without a word: the setting says so
    CHECK(window.kernelCores()->cores().size() == 2);
    CHECK(fileName(window.currentFile()) == "memory_info_aiv.json");
}

TEST_CASE("two kernel folders compare core by core", "[app][kernel]")
{
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    CompareWindow* first = window.compareFolders(mixFolder("stale"), mixFolder("fits_aic_overflows_aiv"));
    REQUIRE(first);
    const auto windows = window.findChildren<CompareWindow*>();
    CHECK(windows.size() == 2);
    for (CompareWindow* compare : windows)
        compare->close();
}

TEST_CASE("at 1024 x 700 a kernel's folder keeps the window's size and the kernel's name as readable as one dump",
    "[app][kernel][layout]")
{
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    window.resize(1024, 700);
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    const auto kernelWidth = [&] {
        for (int i = 0; i < 10; ++i)
            QTest::qWait(20);
        return window.titleBar()->findChild<QWidget*>("titleKernel")->width();
    };
    REQUIRE(fixture.open(mixFolder("fits_aic_overflows_aiv") + "/memory_info_aiv.json"));
    const int alone = kernelWidth();
    window.openDump(mixFolder("fits_aic_overflows_aiv")); // the dump on show is kept: no second documentShown
    REQUIRE(kernelLoaded(window));
    const int together = kernelWidth();
    WARN("kernel name " << alone << " px alone, " << together << " px with the core selector");
    CHECK(window.width() <= 1024);
    CHECK_FALSE(window.layoutSqueezed());
    CHECK(together >= alone);
    REQUIRE(fixture.open(test::layerNormDump())); // the kernel closed: the scope selector is back
    kernelWidth();
    CHECK(window.width() <= 1024);
}

TEST_CASE("a folder whose cores run different kernels names both and says so on one line", "[app][kernel][names]")
{
    QTemporaryDir dir;
    const QString folder = copyOf(dir, "two_kernels"); // _attn_fwd on aic, _layer_norm_fwd_fused on aiv
    WindowFixture fixture;
    MainWindow& window = *fixture.window;
    REQUIRE(fixture.open(folder));
    REQUIRE(kernelLoaded(window));
    QApplication::processEvents();
    const QString both = QStringLiteral("_attn_fwd + _layer_norm_fwd_fused"); // as inspect names them
    const QString note
        = QStringLiteral("The cores run different kernels: aic runs _attn_fwd, aiv runs _layer_norm_fwd_fused.");
    CHECK(kernelShown(*window.titleBar()) == both);
    CHECK(warningsShown(*window.titleBar()) == note);
    CHECK(window.windowTitle().startsWith(both));
    // The other core on show: the names stay, the note too.
    const QString other = window.kernelCores()->cores().front().path == window.currentFile()
        ? window.kernelCores()->cores().back().path
        : window.kernelCores()->cores().front().path;
    emit window.kernelStrip()->chosen(other, -1);
    QApplication::processEvents();
    REQUIRE(window.currentFile() == other);
    CHECK(kernelShown(*window.titleBar()) == both);
    CHECK(warningsShown(*window.titleBar()) == note);
    CHECK(window.windowTitle().startsWith(both));
    // One kernel's halves that do not pair keep their warning, and no second note beside it.
    QTemporaryDir unpairedDir;
    REQUIRE(fixture.open(copyOf(unpairedDir, "unpaired")));
    REQUIRE(kernelLoaded(window));
    QApplication::processEvents();
    CHECK_FALSE(warningsShown(*window.titleBar()).contains("different kernels"));
}
