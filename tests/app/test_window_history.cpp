// The window and a Triton-Ascend run: versions of an overwritten dump kept in
// History, IR from the Triton cache (the setting), and line info missing.
#include "app_test_support.hpp"

#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "app/preferences_dialog.hpp"
#include "support/test_paths.hpp"
#include "support/triton_fixtures.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_panes.hpp"

#include <catch2/catch.hpp>

#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;
namespace fs = std::filesystem;

namespace {

std::string dumpOf(const std::string& kernel, int size)
{
    return test::dumpPointingInto(kernel, "/tmp/gone/kernel.ttadapter.mlir", 5, {size});
}

QByteArray bytesOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString kernelOnShow(const MainWindow& window)
{
    const PlanDocument* document = window.session()->document();
    return document ? QString::fromStdString(document->dump.kernel) : QString();
}

// The compiler rewrites the file in place.
void compile(const fs::path& path, const std::string& text, int secondsAgo)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    test::setAge(path, secondsAgo);
}

// Waits for `window` to show something new after `action`.
bool shows(MainWindow& window, const std::function<void()>& action)
{
    QSignalSpy shown(&window, &MainWindow::documentShown);
    action();
    return test::seen(shown);
}

} // namespace

TEST_CASE("the window keeps every version of the open dump and goes back to one in one click", "[window][history]")
{
    test::TempDir run("memlens_run_");
    const fs::path dump = run.path / "memory_info_aiv.json";
    const QString dumpPath = QString::fromStdString(dump.string());
    const std::string first = dumpOf("_first_kernel", 64);
    compile(dump, first, 30);
    WindowFixture f;
    REQUIRE(f.open(dumpPath));
    DumpHistory* history = f.window->history();
    REQUIRE(history->versionsOf(dumpPath).size() == 1);
    const DumpVersion v1 = history->versionsOf(dumpPath).at(0);
    CHECK(v1.kernel == "_first_kernel");
    CHECK(v1.core == "aiv");
    CHECK(bytesOf(v1.snapshotPath) == QByteArray::fromStdString(first)); // the very bytes shown

    // Reloading the same bytes is no new version.
    REQUIRE(shows(*f.window, [&] { f.window->reload(); }));
    CHECK(history->versionsOf(dumpPath).size() == 1);

    // The next kernel overwrites the file: the window keeps that version on its own (no reload).
    QSignalSpy added(history, &DumpHistory::versionAdded);
    compile(dump, dumpOf("_second_kernel", 128), 20);
    REQUIRE(test::seen(added, 8000));
    CHECK(kernelOnShow(*f.window) == "_first_kernel");
    REQUIRE(history->versionsOf(dumpPath).size() == 2);
    CHECK(history->versionsOf(dumpPath).at(1).kernel == "_second_kernel");

    compile(dump, dumpOf("_third_kernel", 256), 10);
    REQUIRE(shows(*f.window, [&] { f.window->reload(); }));
    CHECK(kernelOnShow(*f.window) == "_third_kernel");
    const QList<DumpVersion> versions = history->versionsOf(dumpPath);
    REQUIRE(versions.size() == 3);
    CHECK(versions.at(2).kernel == "_third_kernel");

    // History lists them newest first; one click shows the first again, from its copy.
    HistoryMenu* menu = f.window->historyMenu();
    menu->rebuild();
    QStringList labels;
    for (QAction* action : menu->actions())
        if (action->isEnabled() && !action->isSeparator())
            labels << action->text();
    REQUIRE(labels.size() == 7);
    CHECK(labels.at(0).contains("memory_info_aiv.json"));
    CHECK(labels.at(1).contains("_third_kernel"));
    CHECK(labels.at(3).contains("_first_kernel"));
    CHECK(labels.at(4) == "Keep Versions for the Next Run"); // the setting's toggle and the copies' commands, last
    CHECK(labels.at(5) == QString::fromUtf8("History &Limit\u2026"));
    CHECK(labels.at(6) == QString::fromUtf8("&Clear History\u2026"));
    REQUIRE(menu->actionForVersion(0));
    REQUIRE(shows(*f.window, [&] { menu->actionForVersion(0)->trigger(); }));
    CHECK(kernelOnShow(*f.window) == "_first_kernel");
    CHECK(f.window->shownVersion() == v1.snapshotPath);
    CHECK(f.window->currentFile() == dumpPath); // still the dump the compiler writes
    CHECK(f.window->windowTitle().contains("version of"));
    CHECK(history->versionsOf(dumpPath).size() == 3); // showing a copy adds no version
    menu->rebuild();
    CHECK(menu->actionForVersion(0)->isChecked());

    // And back to the file as it is now.
    REQUIRE(shows(*f.window, [&] { emit menu->latestChosen(); }));
    CHECK(kernelOnShow(*f.window) == "_third_kernel");
    CHECK(f.window->shownVersion().isEmpty());
    CHECK_FALSE(f.window->windowTitle().contains("version of"));
}

TEST_CASE("the window finds the IR in the Triton cache set in its settings", "[window][triton]")
{
    const std::vector<int> sizes = {128, 256};
    test::TritonCache cache("_attn_fwd", sizes);
    test::TempDir run("memlens_run_");
    const fs::path dump = run.write(
        "memory_info_aiv.json", test::dumpPointingInto("_attn_fwd", test::deletedTemporaryIrPath(), 5, sizes));
    WindowFixture f;
    {
        PreferencesDialog dialog(f.settings.get());
        dialog.tritonCacheEdit()->setText(QString::fromStdString(cache.root.path.string()) + "  ");
        dialog.accept();
    }
    CHECK(f.settings->value(SettingId::TritonCacheDir).toString() == QString::fromStdString(cache.root.path.string()));
    REQUIRE(f.open(QString::fromStdString(dump.string())));
    const PlanDocument* document = f.window->session()->document();
    CHECK(document->irFile == cache.matching.string());
    f.window->session()->selectBlock(1);
    SourcePanes* panes = f.window->sourcePanes();
    CHECK(panes->irHighlightedLine() == 6);
    CHECK(panes->irView() != nullptr);
    // Compiled without line info: the Python pane says how to get the lines back.
    CHECK(panes->pythonMessageText().contains("No Python location"));
    CHECK(panes->pythonMessageText().contains("TRITON_DISABLE_LINE_INFO=0"));
}

TEST_CASE("the real sample's Python pane says the kernel was compiled without line info", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(QString::fromStdString(test::sample("fake_attn_fwd/memory_info_aiv.json").string())));
    f.window->session()->selectBlock(0);
    CHECK(f.window->sourcePanes()->pythonMessageText().contains("compiled without line info"));
}
