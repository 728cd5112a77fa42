// A version in History is read with the IR and the compile log it was shown with, not with the
// files the next compile wrote over them beside the dump.
#include "app_test_support.hpp"

#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "core/compile_log/compile_log.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QFile>
#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;
namespace fs = std::filesystem;

namespace {

QByteArray bytesOf(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

fs::path example(const char* folder) { return test::sourceDir() / "resources/examples/layer_norm" / folder; }

// The compiler's run writes the dump, the IR and the log of `folder` into `run`.
void compileInto(const fs::path& run, const char* folder, int secondsAgo)
{
    for (const char* name : {"memory_info_aiv.json", "_layer_norm_fwd_fused.ttadapter", "compile.log"}) {
        fs::copy_file(example(folder) / name, run / name, fs::copy_options::overwrite_existing);
        test::setAge(run / name, secondsAgo);
    }
}

} // namespace

TEST_CASE("an earlier version is read with its own IR and compile log, not today's", "[window][history][companion]")
{
    test::TempDir run("memlens_run_");
    compileInto(run.path, "block16384", 30);
    const QString dumpPath = QString::fromStdString((run.path / "memory_info_aiv.json").string());
    WindowFixture f;
    REQUIRE(f.open(dumpPath));
    DumpHistory* history = f.window->history();
    REQUIRE(history->versionsOf(dumpPath).size() == 1);
    const DumpVersion first = history->versionsOf(dumpPath).at(0);
    // Kept in History's own folder, beside the version's copy.
    CHECK(first.irFile.startsWith(history->directory()));
    CHECK(first.logFile.startsWith(history->directory()));

    // The next compile (BLOCK_SIZE 8192) rewrites all three files; the window shows it.
    compileInto(run.path, "block8192", 10);
    QSignalSpy shown(f.window.get(), &MainWindow::documentShown);
    f.window->reload();
    REQUIRE(test::seen(shown));
    REQUIRE(history->versionsOf(dumpPath).size() == 2);

    // History > the first version: its IR and log are those of BLOCK_SIZE 16384.
    HistoryMenu* menu = f.window->historyMenu();
    menu->rebuild();
    REQUIRE(menu->actionForVersion(0));
    shown.clear();
    menu->actionForVersion(0)->trigger();
    REQUIRE(test::seen(shown));
    const PlanDocument* document = f.window->session()->document();
    REQUIRE(document);
    CHECK(bytesOf(document->irFile) == bytesOf((example("block16384") / "_layer_norm_fwd_fused.ttadapter").string()));
    REQUIRE(document->log);
    CHECK(bytesOf(document->log->file) == bytesOf((example("block16384") / "compile.log").string()));
    CHECK(document->irWarning.empty()); // no "The IR may not belong to this dump"
    CHECK(document->logNote.empty());

    // Clearing History takes the copies of the IR and the log with the versions.
    history->clear();
    CHECK_FALSE(QFile::exists(first.irFile));
    CHECK_FALSE(QFile::exists(first.logFile));
}
