#pragma once
// Opening dumps in a real MainWindow the way File > Open does, for app tests.
#include "app/app_settings.hpp"
#include "app/main_window.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/run/run_table_model.hpp"
#include "views/run/run_view.hpp"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace memlens::test {

// True once `spy` has seen a signal: already, or within `ms`. (QSignalSpy::wait
// alone misses a signal emitted before it is called, as a fast load can be.)
inline bool seen(QSignalSpy& spy, int ms = 5000) { return !spy.isEmpty() || spy.wait(ms); }

// A fixture under tests/data, as the path File > Open is given.
inline QString fixture(const char* relative) { return QString::fromStdString(data(relative).string()); }

// Waits until the window's run view has read its run; true when it shows rows.
inline bool runRead(MainWindow& window)
{
    for (int i = 0; i < 200 && window.runView()->isLoading(); ++i)
        QTest::qWait(50);
    return !window.runView()->isLoading() && window.runView()->model()->rowCount() > 0;
}

// The dump of the bundled layer-norm example compiled with `folder` (block16384 overflows the UB, block8192 fits).
inline QString layerNormDump(const char* folder = "block16384")
{
    return QString::fromStdString(
        (sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string());
}

// A dump of `buffers` small buffers in one scope, written into `dir` as large.json: a few MB
// take long enough to parse that a load is seen under way (progress, cancel).
inline QString writeLargeDump(const QTemporaryDir& dir, int buffers)
{
    const QString path = dir.filePath("large.json");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(R"({"Header": {"KernelName": "_large"}, "Record": [{"scope": "ub", "memory_info_array": [)");
    for (int i = 0; i < buffers; ++i)
        file.write(QStringLiteral(
            R"(%1{"buffer": "%b%2 = memref.alloc() : memref<16xf16>", "offset": [%3], "extent": 256, "life_time_in_ir": [%2, %4]})")
                       .arg(i ? "," : "")
                       .arg(i)
                       .arg(i * 32)
                       .arg(i + 3)
                       .toUtf8());
    file.write("]}]}");
    return path;
}

// The block of buffer `ssaName` (its copy `copy`) in the scope the window shows; -1 when there is none.
inline int blockNamed(MainWindow& window, const char* ssaName, int copy = 0)
{
    const ScopePlan& plan = *window.session()->scope();
    for (std::size_t i = 0; i < plan.blocks.size(); ++i)
        if (plan.bufferOf(plan.blocks[i]).ssaName == ssaName && plan.blocks[i].copy == copy)
            return static_cast<int>(i);
    return -1;
}

// A window with its own settings file, so tests never touch the user's.
struct WindowFixture {
    QTemporaryDir dir;
    std::unique_ptr<AppSettings> settings = std::make_unique<AppSettings>(dir.filePath("memlens.ini"));
    std::unique_ptr<MainWindow> window = std::make_unique<MainWindow>(settings.get());

    WindowFixture()
    {
        window->resize(1400, 900);
        window->show();
    }

    // Opens through the same path as File > Open and waits for the result.
    bool open(const QString& path)
    {
        QSignalSpy shown(window.get(), &MainWindow::documentShown);
        QSignalSpy failed(window.get(), &MainWindow::loadFailed);
        window->openDump(path);
        for (int i = 0; i < 100 && shown.isEmpty() && failed.isEmpty(); ++i)
            shown.wait(100);
        return !shown.isEmpty();
    }
};

} // namespace memlens::test
