#pragma once
// Opening dumps in a real MainWindow the way File > Open does, for app tests.
#include "app/app_settings.hpp"
#include "app/main_window.hpp"
#include "support/test_paths.hpp"

#include <QSignalSpy>
#include <QTemporaryDir>

#include <memory>

namespace memlens::test {

// True once `spy` has seen a signal: already, or within `ms`. (QSignalSpy::wait
// alone misses a signal emitted before it is called, as a fast load can be.)
inline bool seen(QSignalSpy& spy, int ms = 5000) { return !spy.isEmpty() || spy.wait(ms); }

// The dump of the bundled layer-norm example compiled with `folder` (block16384 overflows the UB, block8192 fits).
inline QString layerNormDump(const char* folder = "block16384")
{
    return QString::fromStdString(
        (sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string());
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
