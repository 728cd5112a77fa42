// How much History keeps: at most its limit of copies (the oldest go first, the newest stays),
// said in its menu, and History > Clear History removes every copy.
#include "app_test_support.hpp"

#include "app/dump_history.hpp"
#include "app/history_menu.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QTimer>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

// A version of `dump` whose copy holds `bytes` bytes (its own digest: every version differs).
DumpVersion versionWithCopy(const QString& folder, const QString& dump, int number, int bytes)
{
    DumpVersion version;
    version.dumpPath = dump;
    version.snapshotPath = QDir(folder).filePath(QStringLiteral("copy-%1.json").arg(number));
    version.kernel = QStringLiteral("_k");
    version.written = QDateTime::fromMSecsSinceEpoch(1000LL * number);
    version.digest = static_cast<quint64>(number) + 1;
    QFile file(version.snapshotPath);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(bytes, 'x'));
    return version;
}

} // namespace

TEST_CASE("History keeps at most its limit of copies: the oldest go first, the newest always stays", "[history][kept]")
{
    QTemporaryDir dir;
    const QString kept = dir.filePath("kept");
    const QString dump = dir.filePath("memory_info_aiv.json");
    QList<DumpVersion> versions;
    {
        DumpHistory history(kept, nullptr);
        for (int i = 0; i < 3; ++i) {
            versions << versionWithCopy(kept, dump, i, 1000);
            history.record(versions.back());
        }
        CHECK(history.totalBytes() == 3000);
        history.setMaxBytes(2500);
        const QList<DumpVersion> left = history.versionsOf(dump);
        REQUIRE(left.size() == 2);
        CHECK(left.front().snapshotPath == versions[1].snapshotPath);
        CHECK_FALSE(QFileInfo::exists(versions[0].snapshotPath));
        // A new version past the limit pushes out the oldest again.
        versions << versionWithCopy(kept, dump, 3, 1000);
        CHECK(history.record(versions.back()) == 1);
        CHECK(history.versionsOf(dump).front().snapshotPath == versions[2].snapshotPath);
        // One copy larger than the limit is still kept: it is the newest.
        versions << versionWithCopy(kept, dump, 4, 5000);
        history.record(versions.back());
        REQUIRE(history.versionsOf(dump).size() == 1);
        CHECK(history.versionsOf(dump).front().snapshotPath == versions[4].snapshotPath);
    }
    // The index says so to the next run.
    CHECK(DumpHistory(kept, nullptr).versionsOf(dump).size() == 1);
}

TEST_CASE("History's menu says its limit, the limit is a setting, and Clear History removes every copy",
    "[window][history][kept]")
{
    WindowFixture f;
    CHECK(f.window->history()->maxBytes() == 1024LL * 1024 * 1024); // the setting's default, 1024 MB
    const QString dump = QString::fromStdString(test::data("dumps/two_scopes_multibuffer.json").string());
    REQUIRE(f.open(dump));
    for (int i = 0; i < 50 && f.window->history()->versionsOf(dump).isEmpty(); ++i)
        QTest::qWait(50);
    const QList<DumpVersion> versions = f.window->history()->versionsOf(dump);
    REQUIRE(versions.size() == 1);
    HistoryMenu* menu = f.window->historyMenu();
    menu->rebuild();
    QStringList texts;
    for (const QAction* action : menu->actions())
        texts << action->text();
    CHECK(texts.contains(menu->limitText()));
    CHECK(menu->limitText().startsWith("At most 1 GB of copies (now "));

    // History > History Limit… : 1 MB from now on, and for the next run.
    auto* limit = menu->findChild<QAction*>(QStringLiteral("historyLimit"));
    REQUIRE(limit);
    QTimer::singleShot(0, f.window.get(), [] {
        if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
            dialog->setIntValue(1);
            dialog->accept();
        }
    });
    limit->trigger();
    CHECK(f.settings->value(SettingId::HistoryMaxMegabytes).toInt() == 1);
    CHECK(f.window->history()->maxBytes() == 1024 * 1024);

    auto* clear = menu->findChild<QAction*>(QStringLiteral("clearHistory"));
    REQUIRE(clear);
    CHECK(menu->actions().contains(clear));
    bool asked = false;
    QTimer::singleShot(0, f.window.get(), [&asked] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            asked = box->text().contains("1 kept version");
            box->button(QMessageBox::Yes)->click();
        }
    });
    clear->trigger();
    CHECK(asked);
    CHECK(f.window->history()->size() == 0);
    CHECK_FALSE(QFileInfo::exists(versions.front().snapshotPath));
    menu->rebuild();
    CHECK(menu->actionForVersion(0) == nullptr);
}

TEST_CASE("a tampered history index never makes History read or remove a file outside its folder", "[history][kept]")
{
    QTemporaryDir dir;
    const QString kept = dir.filePath("kept");
    REQUIRE(QDir().mkpath(kept));
    // Victims outside the folder: one named by an absolute path, one by a way up and out.
    const QString absoluteVictim = dir.filePath("absolute-victim.json");
    const QString relativeVictim = dir.filePath("relative-victim.json");
    const QString companionVictim = dir.filePath("companion-victim.mlir");
    for (const QString& victim : {absoluteVictim, relativeVictim, companionVictim}) {
        QFile file(victim);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("the user's own file");
    }
    // One honest version whose IR "copy" climbs out of the folder.
    const DumpVersion honest = versionWithCopy(kept, dir.filePath("memory_info_aiv.json"), 1, 10);
    const QJsonArray index{
        QJsonObject{{"dump", dir.filePath("a/memory_info_aiv.json")}, {"copy", absoluteVictim}, {"written_ms", 1}},
        QJsonObject{
            {"dump", dir.filePath("b/memory_info_aiv.json")}, {"copy", "../relative-victim.json"}, {"written_ms", 2}},
        QJsonObject{{"dump", honest.dumpPath}, {"copy", QFileInfo(honest.snapshotPath).fileName()}, {"written_ms", 3},
            {"ir", kept + "/../companion-victim.mlir"}},
    };
    QFile indexFile(QDir(kept).filePath(DumpHistory::indexFileName()));
    REQUIRE(indexFile.open(QIODevice::WriteOnly));
    indexFile.write(QJsonDocument(index).toJson());
    indexFile.close();
    {
        DumpHistory history(kept, nullptr);
        // Only the honest entry is a version; the others name no copy of the history's own.
        CHECK(history.versionsOf(dir.filePath("a/memory_info_aiv.json")).isEmpty());
        CHECK(history.versionsOf(dir.filePath("b/memory_info_aiv.json")).isEmpty());
        CHECK(history.versionsOf(honest.dumpPath).size() == 1);
        history.setMaxBytes(1); // every version but the newest would go
        history.clear();
    }
    CHECK(QFileInfo::exists(absoluteVictim));
    CHECK(QFileInfo::exists(relativeVictim));
    CHECK(QFileInfo::exists(companionVictim));
    CHECK_FALSE(QFileInfo::exists(honest.snapshotPath)); // the history's own copy does go
}
