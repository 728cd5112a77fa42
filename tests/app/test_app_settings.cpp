#include "app/app_settings.hpp"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <set>

using namespace memlens;

TEST_CASE("every setting round-trips through its own key and no other", "[settings]")
{
    QTemporaryDir dir;
    const QString ini = dir.filePath("memlens.ini");
    std::set<std::string> keys;
    for (const auto& spec : settingSpecs())
        CHECK(keys.insert(spec.key).second); // no key serves two settings
    {
        AppSettings settings(ini);
        for (const auto& spec : settingSpecs()) {
            CHECK(settings.value(spec.id) == spec.defaultValue);
            // A value unique to this setting, of the setting's own type.
            const QString unique = QStringLiteral("value-of-") + QLatin1String(spec.key);
            QVariant value;
            switch (spec.defaultValue.typeId()) {
            case QMetaType::QStringList: value = QStringList{unique, unique + "-2"}; break;
            case QMetaType::QByteArray: value = unique.toUtf8(); break;
            case QMetaType::Bool: value = !spec.defaultValue.toBool(); break;
            default: value = unique; break;
            }
            settings.setValue(spec.id, value);
        }
        settings.sync();
    }
    AppSettings reread(ini);
    for (const auto& spec : settingSpecs()) {
        const QString unique = QStringLiteral("value-of-") + QLatin1String(spec.key);
        const QVariant value = reread.value(spec.id);
        INFO(spec.key);
        if (spec.defaultValue.typeId() == QMetaType::QStringList)
            CHECK(value.toStringList() == QStringList({unique, unique + "-2"}));
        else if (spec.defaultValue.typeId() == QMetaType::QByteArray)
            CHECK(value.toByteArray() == unique.toUtf8());
        else if (spec.defaultValue.typeId() == QMetaType::Bool)
            CHECK(value.toBool() == !spec.defaultValue.toBool());
        else
            CHECK(value.toString() == unique);
    }
}

TEST_CASE("recent files keep the last ten, newest first, and drop files that are gone", "[settings]")
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath("memlens.ini"));
    for (int i = 0; i < 12; ++i) {
        QFile file(dir.filePath(QString("dump%1.json").arg(i)));
        REQUIRE(file.open(QIODevice::WriteOnly));
        settings.addRecentFile(file.fileName());
    }
    settings.addRecentFile(dir.filePath("dump5.json"));
    const QStringList recent = settings.recentFiles();
    CHECK(recent.size() == 10);
    CHECK(recent.front() == dir.filePath("dump5.json"));
    CHECK(recent.count(dir.filePath("dump5.json")) == 1);
    QFile::remove(dir.filePath("dump11.json"));
    CHECK(settings.pruneRecentFiles() == QStringList{dir.filePath("dump11.json")});
    CHECK(settings.recentFiles().size() == 9);
}

TEST_CASE("a damaged recent-files list is read as at most ten paths", "[settings][hostile]")
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath("memlens.ini"));
    QStringList damaged;
    for (int i = 0; i < 100000; ++i)
        damaged << QStringLiteral("/gone/dump%1.json").arg(i);
    damaged.insert(0, QString());
    damaged.insert(1, QString(100000, QLatin1Char('x')));
    settings.setValue(SettingId::RecentFiles, damaged);

    CHECK(settings.recentFiles().size() == AppSettings::kMaxRecentFiles);
    CHECK(settings.recentFiles().front() == QStringLiteral("/gone/dump0.json"));
    const QStringList dropped = settings.pruneRecentFiles();
    CHECK(dropped.size() == AppSettings::kMaxRecentFiles);
    CHECK(settings.value(SettingId::RecentFiles).toStringList().isEmpty());
}

TEST_CASE("capacity settings are remembered per kernel and scope", "[settings]")
{
    QTemporaryDir dir;
    const QString ini = dir.filePath("memlens.ini");
    {
        AppSettings settings(ini);
        settings.setCapacityFor("_attn_fwd", "ub", 524288);
        settings.setCapacityFor("_layer/norm kernel", "ub", 1024);
        settings.sync();
    }
    AppSettings settings(ini);
    CHECK(settings.capacityFor("_attn_fwd", "ub") == std::optional<quint64>(524288));
    CHECK(settings.capacityFor("_layer/norm kernel", "ub") == std::optional<quint64>(1024));
    CHECK_FALSE(settings.capacityFor("_attn_fwd", "cbuf").has_value());
    const KernelCapacities all = settings.capacitiesByKernel();
    CHECK(all == KernelCapacities{{"_attn_fwd", {{"ub", 524288}}}, {"_layer/norm kernel", {{"ub", 1024}}}});
    settings.setCapacityFor("_attn_fwd", "ub", std::nullopt);
    CHECK_FALSE(settings.capacityFor("_attn_fwd", "ub").has_value());
}

TEST_CASE("substitutions and chosen IR files are remembered", "[settings]")
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath("memlens.ini"));
    settings.addSubstitution("/Users/dev/proj", "/home/me/proj");
    REQUIRE(settings.substitutions().size() == 1);
    CHECK(settings.substitutions()[0].first == "/Users/dev/proj");
    CHECK(settings.substitutions()[0].second == "/home/me/proj");
    settings.setIrFileFor("/tmp/a/memory_info_aiv.json", "/tmp/a/k.ttadapter");
    CHECK(settings.irFileFor("/tmp/a/memory_info_aiv.json") == "/tmp/a/k.ttadapter");
    CHECK(settings.irFileFor("/tmp/b/memory_info_aiv.json").isEmpty());
}
