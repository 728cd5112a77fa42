// The options every load of the window takes (WindowLoadOptions), without a window: the command
// line's, the settings', --ir and --log for the dump named beside them only, and the capacities a
// document and History's captures are judged by.
#include "app/app_settings.hpp"
#include "app/window_load_options.hpp"

#include <catch2/catch.hpp>

#include <QFileInfo>
#include <QTemporaryDir>

using namespace memlens;

namespace {

// Settings in a file of the test's own, with a value for every setting a load reads.
struct LoadOptionsRig {
    QTemporaryDir dir;
    AppSettings settings{dir.filePath("memlens.ini")};
    WindowLoadOptions options{settings};
    QString named = dir.filePath("named/memory_info_aiv.json");
    QString other = dir.filePath("other/memory_info_aiv.json");

    LoadOptionsRig()
    {
        settings.setValue(SettingId::DefaultChip, QStringLiteral("Ascend310B"));
        settings.setValue(SettingId::SourceDirs, QStringList{QStringLiteral("/src")});
        settings.setValue(SettingId::TritonCacheDir, QStringLiteral("/settings-cache"));
        settings.addSubstitution(QStringLiteral("/build/a"), QStringLiteral("/home/a"));
        LoadOptions commandLine;
        commandLine.irFile = "/cli/k.mlir";
        commandLine.logFile = "/cli/compile.log";
        commandLine.irRequired = true;
        commandLine.logRequired = true;
        commandLine.capacity.all = 4096;
        options.setCommandLine(commandLine, named);
    }
};

} // namespace

TEST_CASE("window load options: --ir and --log belong to the dump named beside them", "[app][options]")
{
    LoadOptionsRig rig;
    const LoadOptions named = rig.options.optionsFor(rig.named);
    CHECK(named.irFile == "/cli/k.mlir");
    CHECK(named.logFile == "/cli/compile.log");
    CHECK_FALSE(named.irRequired); // a window says what it could not read; it does not refuse the dump
    CHECK_FALSE(named.logRequired);
    const LoadOptions other = rig.options.optionsFor(rig.other);
    CHECK(other.irFile.empty());
    CHECK(other.logFile.empty());
    CHECK(other.capacity.all == 4096u); // the rest of the command line is every load's

    // The IR and the log chosen for a dump (File > Open IR…) win over the command line's.
    rig.settings.setIrFileFor(rig.named, QStringLiteral("/chosen/k.mlir"));
    rig.settings.setLogFileFor(rig.other, QStringLiteral("/chosen/other.log"));
    CHECK(rig.options.optionsFor(rig.named).irFile == "/chosen/k.mlir");
    CHECK(rig.options.optionsFor(rig.named).logFile == "/cli/compile.log");
    CHECK(rig.options.optionsFor(rig.other).logFile == "/chosen/other.log");
}

TEST_CASE("window load options: the settings' chip, folders, substitutions and cache", "[app][options]")
{
    LoadOptionsRig rig;
    const LoadOptions options = rig.options.optionsFor(rig.other);
    CHECK(options.capacity.defaultTarget == "Ascend310B");
    CHECK(options.sourceDirs == std::vector<std::string>{"/src"});
    REQUIRE(options.substitutions.size() == 1);
    CHECK(options.substitutions.front() == std::pair<std::string, std::string>{"/build/a", "/home/a"});
    CHECK(options.tritonCache.cacheDir == "/settings-cache");

    LoadOptions withCache; // --triton-cache wins over the setting
    withCache.tritonCache.cacheDir = "/cli-cache";
    rig.options.setCommandLine(withCache, QString());
    CHECK(rig.options.optionsFor(rig.other).tritonCache.cacheDir == "/cli-cache");
}

TEST_CASE("window load options: the capacities a document and History's captures are judged by", "[app][options]")
{
    LoadOptionsRig rig;
    PlanDocument document;
    document.dump.kernel = "_kernel";
    document.target = "Ascend910B1";
    rig.settings.setCapacityFor(
        QString::fromStdString(capacityOwner(document.dump.kernel, document.target)), QStringLiteral("ub"), 1024);
    const CapacitySettings capacity = rig.options.capacitySettingsFor(document);
    CHECK(capacity.all == 4096u);
    CHECK(capacity.defaultTarget == "Ascend310B");
    CHECK(capacity.settingFor("ub") == 1024u); // the capacity the user set for this kernel on this chip

    const VersionCapacityRule rule = rig.options.capacityRule(std::string("Ascend910B1"));
    CHECK(rule.settings.all == 4096u);
    CHECK(rule.settings.defaultTarget == "Ascend310B");
    CHECK(rule.target == "Ascend910B1");
    CHECK(rule.remembered == rig.settings.capacitiesByKernel());
    CHECK_FALSE(rig.options.capacityRule(std::nullopt).target);
}
