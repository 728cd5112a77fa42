// The window's History keeps every version of the open dump written while it is open,
// however short it lives, and says how many it could not keep.
#include "app_test_support.hpp"

#include "app/dump_history.hpp"

#include <catch2/catch.hpp>

#include <QLabel>
#include <QStatusBar>
#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

QByteArray dumpOfKernel(int k)
{
    return QStringLiteral(R"({"Header": {"KernelName": "_k%1"}, "Record": [{"scope": "ub", "memory_info_array": [)"
                          R"({"buffer": "%a = memref.alloc() : memref<16xf16>", "offset": [0], "extent": 256, )"
                          R"("life_time_in_ir": [1, 3]}]}]})")
        .arg(k)
        .toUtf8();
}

void overwrite(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

// A dump of kernel _k0 in `dumps`, open in the window.
QString openFreshDump(WindowFixture& f, const QTemporaryDir& dumps)
{
    const QString path = dumps.filePath("memory_info_aiv.json");
    overwrite(path, dumpOfKernel(0));
    REQUIRE(f.open(path));
    return path;
}

bool statusSays(MainWindow& window, const QString& text)
{
    for (const QLabel* label : window.statusBar()->findChildren<QLabel*>())
        if (label->text().contains(text))
            return true;
    return false;
}

} // namespace

TEST_CASE("History keeps each version of the open dump as it is written, 150 ms apart", "[window][history]")
{
    WindowFixture f;
    QTemporaryDir dumps;
    const QString path = openFreshDump(f, dumps);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (int k = 1; k <= 6; ++k) {
        overwrite(path, dumpOfKernel(k));
        QTest::qWait(150);
    }
    for (int i = 0; i < 50 && f.window->history()->versionsOf(absolute).size() < 7; ++i)
        QTest::qWait(100);
    const QList<DumpVersion> versions = f.window->history()->versionsOf(absolute);
    CHECK(versions.size() == 7);
    if (!versions.isEmpty())
        CHECK(versions.back().kernel == "_k6");
}

TEST_CASE("History says how many versions were overwritten before they could be kept", "[window][history]")
{
    WindowFixture f;
    QTemporaryDir dumps;
    const QString path = openFreshDump(f, dumps);
    for (int k = 1; k <= 20; ++k) // no event loop in between: one report of twenty writes
        overwrite(path, dumpOfKernel(k));
    QTest::qWait(300);
    CHECK(statusSays(*f.window, QStringLiteral("19 version(s) of memory_info_aiv.json were overwritten")));
}
