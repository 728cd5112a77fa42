// History's one-line summary of a version says fits or overflow by the window's capacity rule:
// the capacity the user set for the kernel wins over the dump's own, for the version the window
// loaded and for one captured later as the compiler rewrote the file.
#include "app_test_support.hpp"

#include "app/dump_history.hpp"
#include "views/view_text.hpp"

#include <catch2/catch.hpp>

#include <QFile>
#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

constexpr quint64 kUserUbBytes = 16384;       // below the fixture's UB peak (32868 bytes)
constexpr std::uint64_t kUbPeakBytes = 32868; // far below the default 192 KB

QString fixtureCopy(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("memory_info_aiv.json");
    QFile::copy(QString::fromStdString(test::data("dumps/two_scopes_multibuffer.json").string()), path);
    return path;
}

QList<DumpVersion> waitForVersions(MainWindow& window, const QString& path, int count)
{
    for (int i = 0; i < 100 && window.history()->versionsOf(path).size() < count; ++i)
        QTest::qWait(50);
    return window.history()->versionsOf(path);
}

// The fixture (a copy in `dumps`) open in the window, with the user's UB capacity set below its peak.
QString openWithUserCapacity(WindowFixture& f, const QTemporaryDir& dumps)
{
    const QString path = fixtureCopy(dumps);
    f.settings->setCapacityFor(QStringLiteral("_softmax_kernel"), QStringLiteral("ub"), kUserUbBytes);
    REQUIRE(f.open(path));
    return path;
}

QString overflowAgainstUserCapacity()
{
    return QStringLiteral("ub %1 of %2: overflow").arg(bytesText(kUbPeakBytes), bytesText(kUserUbBytes));
}

} // namespace

TEST_CASE("History judges a loaded version by the capacity the user set, as the window does", "[window][history]")
{
    WindowFixture f;
    QTemporaryDir dumps;
    const QString path = openWithUserCapacity(f, dumps);
    const PlanAnalysis* ub = f.window->session()->analysis();
    REQUIRE(ub);
    CHECK(ub->capacity.bytes == kUserUbBytes);
    CHECK(ub->overflow); // the window: over the user's 16 KB
    const QList<DumpVersion> versions = waitForVersions(*f.window, path, 1);
    REQUIRE(versions.size() == 1);
    CHECK(versions.front().summary == overflowAgainstUserCapacity()); // not "of 192 KB: fits"
}

TEST_CASE("History judges a captured version by the capacity the user set, as the window does", "[window][history]")
{
    WindowFixture f;
    QTemporaryDir dumps;
    const QString path = openWithUserCapacity(f, dumps);
    REQUIRE(waitForVersions(*f.window, path, 1).size() == 1);
    // The compiler writes the same plan again, a byte longer: another version, captured, not loaded.
    QFile file(path);
    REQUIRE(file.open(QIODevice::Append));
    file.write("\n");
    file.close();
    f.window->history()->capture(path);
    const QList<DumpVersion> versions = waitForVersions(*f.window, path, 2);
    REQUIRE(versions.size() == 2);
    CHECK(versions.back().summary == overflowAgainstUserCapacity());
}
