// How much History keeps: at most its limit of copies (the oldest go first, the newest stays),
// said in its menu, and History > Clear History removes every copy.
#include "app_test_support.hpp"

#include "app/dump_history.hpp"
#include "app/history_menu.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QInputDialog>
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
