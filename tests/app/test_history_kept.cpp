// How long History's copies live: removed with the window (and a killed run's folder by the
// next run), or kept from one run to the next when the setting asks.
#include "app_test_support.hpp"

#include "app/dump_history.hpp"
#include "app/history_menu.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

QString fixtureDump() { return QString::fromStdString(test::data("dumps/two_scopes_multibuffer.json").string()); }

// A window of its own on `settings`, opened on the fixture, destroyed on return.
QList<DumpVersion> versionsSeenBy(AppSettings& settings, QString* directory = nullptr, QString* keepingText = nullptr)
{
    MainWindow window(&settings);
    window.show();
    QSignalSpy shown(&window, &MainWindow::documentShown);
    window.openDump(fixtureDump());
    REQUIRE(test::seen(shown));
    for (int i = 0; i < 50 && window.history()->versionsOf(fixtureDump()).isEmpty(); ++i)
        QTest::qWait(50);
    if (directory)
        *directory = window.history()->directory();
    if (keepingText)
        *keepingText = window.historyMenu()->keepingText();
    return window.history()->versionsOf(fixtureDump());
}

} // namespace

TEST_CASE("History's copies go with the window unless the setting keeps them", "[window][history][kept]")
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath("memlens.ini"));
    QString folder;
    QString text;
    const QList<DumpVersion> once = versionsSeenBy(settings, &folder, &text);
    REQUIRE(once.size() == 1);
    CHECK(text == "Copies are removed when memlens exits");
    CHECK_FALSE(QDir(folder).exists());          // the window is gone, and so is its folder
    CHECK(versionsSeenBy(settings).size() == 1); // a new run starts with its own version only

    // Kept: the next window knows the version the first one saw, with its copy and what the menu says of it.
    const QString kept = dir.filePath("kept");
    settings.setValue(SettingId::KeepHistory, true);
    settings.setValue(SettingId::KeptHistoryDir, kept);
    const QList<DumpVersion> first = versionsSeenBy(settings, &folder, &text);
    REQUIRE(first.size() == 1);
    CHECK(folder == kept);
    CHECK(text == QStringLiteral("Copies stay in %1 from one run to the next").arg(kept));
    CHECK(QFileInfo::exists(first.front().snapshotPath));
    CHECK(QFileInfo::exists(QDir(kept).filePath(DumpHistory::indexFileName())));
    {
        DumpHistory next(kept, nullptr);
        const QList<DumpVersion> again = next.versionsOf(fixtureDump());
        REQUIRE(again.size() == 1);
        CHECK(again.front().snapshotPath == first.front().snapshotPath);
        CHECK(again.front().kernel == "_softmax_kernel");
        CHECK(again.front().summary == first.front().summary);
        CHECK(again.front().written == first.front().written);
        CHECK(again.front().digest == first.front().digest);
    }
    // The same bytes read again in the next run are the version already kept, not a second one.
    CHECK(versionsSeenBy(settings).size() == 1);

    // A copy removed by hand is no version any more.
    QFile::remove(first.front().snapshotPath);
    CHECK(DumpHistory(kept, nullptr).versionsOf(fixtureDump()).isEmpty());
}

TEST_CASE("the toggle for keeping History sits in the menu and changes the setting", "[window][history][kept]")
{
    WindowFixture f;
    auto* keep = f.window->historyMenu()->findChild<QAction*>(QStringLiteral("keepHistoryBetweenRuns"));
    REQUIRE(keep);
    f.window->historyMenu()->rebuild();
    CHECK(f.window->historyMenu()->actions().contains(keep)); // a rebuild keeps it
    CHECK_FALSE(keep->isChecked());
    keep->trigger();
    CHECK(f.settings->value(SettingId::KeepHistory).toBool());
    CHECK_FALSE(f.window->history()->keepsCopies()); // from the next start
}

TEST_CASE("a run's history folder is removed by the next run once its process has ended", "[history][kept]")
{
    QTemporaryDir parent;
    QProcess ended;
    ended.start(QStringLiteral("true"));
    REQUIRE(ended.waitForStarted());
    const qint64 endedPid = ended.processId();
    REQUIRE(ended.waitForFinished());
    const QString own = QStringLiteral("memlens-history-%1-abcdef").arg(QCoreApplication::applicationPid());
    const QString stale = QStringLiteral("memlens-history-%1-abcdef").arg(endedPid);
    const QString other = QStringLiteral("memlens-historyish");
    for (const QString& name : {own, stale, other})
        REQUIRE(QDir(parent.path()).mkpath(name + "/copies"));
    CHECK(DumpHistory::removeFoldersOfEndedRuns(parent.path()) == 1);
    CHECK(QDir(parent.filePath(own)).exists());
    CHECK_FALSE(QDir(parent.filePath(stale)).exists());
    CHECK(QDir(parent.filePath(other)).exists());
}

TEST_CASE("an ended run's name on a link never empties the link's target", "[history][kept]")
{
    // Anyone may plant memlens-history-<ended pid>-X -> ~/project in the temp folder; the next
    // start must remove neither the project's files nor the link's target.
    QTemporaryDir parent;
    QTemporaryDir project;
    REQUIRE(QDir(project.path()).mkpath(QStringLiteral("src")));
    QFile precious(project.filePath(QStringLiteral("src/kernel.py")));
    REQUIRE(precious.open(QIODevice::WriteOnly));
    precious.write("x = 1\n");
    precious.close();
    QProcess ended;
    ended.start(QStringLiteral("true"));
    REQUIRE(ended.waitForStarted());
    const qint64 endedPid = ended.processId();
    REQUIRE(ended.waitForFinished());
    const QString planted = parent.filePath(QStringLiteral("memlens-history-%1-AbCdEf").arg(endedPid));
    REQUIRE(QFile::link(project.path(), planted));
    const QString beyondPid = parent.filePath(QStringLiteral("memlens-history-999999999999-AbCdEf"));
    REQUIRE(QFile::link(project.path(), beyondPid));

    CHECK(DumpHistory::removeFoldersOfEndedRuns(parent.path()) == 0);
    CHECK(QFileInfo(planted).isSymLink());
    CHECK(QFileInfo::exists(project.filePath(QStringLiteral("src/kernel.py"))));
}
