// VersionTrail without a window: it opens an earlier version from its copy (with the IR and log
// it was shown with), takes that load and says it is on show, describes what a reload changed as
// the bar says it, and opens the compare view of a reload's two versions.
#include "app/app_settings.hpp"
#include "app/compare_window.hpp"
#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "app/version_trail.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/compare/compare_view.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWidget>

using namespace memlens;

namespace {

// The bundled layer-norm example's dump compiled with `block` ("block16384" overflows, "block8192" fits).
std::string trailExampleDump(const char* block)
{
    return (test::sourceDir() / "resources/examples/layer_norm" / block / "memory_info_aiv.json").string();
}

// A trail with its own settings, a session, and a loader that notes what it was asked to read.
struct TrailRig {
    QTemporaryDir dir;
    AppSettings settings{dir.filePath("memlens.ini")};
    QWidget window;
    PlanSession session;
    VersionTrail trail{&settings, &session, &window};
    QMenuBar menuBar{&window};
    QString loadedPath;
    LoadOptions loadedOptions;

    TrailRig()
    {
        trail.addMenuTo(&menuBar);
        trail.setLoading({[](const QString& dumpPath) {
                              LoadOptions options;
                              options.irFile
                                  = "/today/beside/" + QFileInfo(dumpPath).fileName().toStdString() + ".mlir";
                              options.sourceDirs = {"/src"};
                              return options;
                          },
            [this](const QString& path, const LoadOptions& options) {
                loadedPath = path;
                loadedOptions = options;
            }});
    }

    // A version of /dumps/memory_info_aiv.json kept in History (its copy need not exist to be known).
    DumpVersion keep(const QString& irFile = {}, const QString& logFile = {})
    {
        DumpVersion version;
        version.dumpPath = QStringLiteral("/dumps/memory_info_aiv.json");
        version.snapshotPath = dir.filePath("copy-1.json");
        version.written = QDateTime(QDate(2026, 12, 6), QTime(12, 3, 55, 120));
        version.digest = 1;
        version.irFile = irFile;
        version.logFile = logFile;
        trail.history()->record(version);
        return version;
    }
};

} // namespace

TEST_CASE("version trail: a version is read from its copy with the IR and log it was shown with", "[app][history]")
{
    TrailRig rig;
    QSignalSpy status(&rig.trail, &VersionTrail::statusMessage);
    const DumpVersion version = rig.keep(QStringLiteral("/kept/k.mlir"), QStringLiteral("/kept/compile.log"));
    rig.trail.openVersion(version);
    CHECK(rig.loadedPath == version.snapshotPath);
    CHECK(rig.loadedOptions.irFile == "/kept/k.mlir"); // not today's file beside the dump
    CHECK(rig.loadedOptions.logFile == "/kept/compile.log");
    CHECK(rig.loadedOptions.copyOf == "/dumps/memory_info_aiv.json");        // read in its file's context
    CHECK(rig.loadedOptions.sourceDirs == std::vector<std::string>{"/src"}); // the window's options
    REQUIRE(status.size() == 1);
    CHECK(status.front().front().toString() == QString::fromUtf8("Loading the version of 12:03:55.120\u2026"));

    // A version kept without an IR: the dump's own.
    rig.trail.openVersion(rig.keep());
    CHECK(rig.loadedOptions.irFile == "/today/beside/memory_info_aiv.json.mlir");
    CHECK(rig.loadedOptions.logFile.empty());
}

TEST_CASE("version trail: the load of a kept copy is on show, History checks it", "[app][history]")
{
    TrailRig rig;
    const DumpVersion version = rig.keep();
    const auto document = test::loadPath(trailExampleDump("block8192"));
    QSignalSpy shown(&rig.trail, &VersionTrail::versionShown);
    QSignalSpy status(&rig.trail, &VersionTrail::statusMessage);
    CHECK_FALSE(rig.trail.takeLoad(QStringLiteral("/dumps/memory_info_aiv.json"), document, QString()));
    CHECK(shown.isEmpty());

    REQUIRE(rig.trail.takeLoad(version.snapshotPath, document, QStringLiteral("/dumps/memory_info_aiv.json")));
    CHECK(rig.trail.shownVersion() == version.snapshotPath);
    REQUIRE(shown.size() == 1);
    CHECK(shown.front()[0].value<std::shared_ptr<const PlanDocument>>() == document);
    CHECK(shown.front()[1].toString() == "version of 12:03:55.120");
    REQUIRE(status.size() == 1);
    CHECK(status.front().front().toString().startsWith("Showing an earlier version (kept in " + version.snapshotPath));
    CHECK(status.front().front().toString().contains("Show memory_info_aiv.json as It Is Now"));
    REQUIRE(rig.trail.menu()->actionForVersion(0));
    CHECK(rig.trail.menu()->actionForVersion(0)->isChecked());
}

TEST_CASE("version trail: a reload's bar says what changed, its IR too, and compares the two", "[app][reload]")
{
    TrailRig rig;
    const auto before = test::loadPath(trailExampleDump("block16384"));
    auto after = std::make_shared<PlanDocument>(*test::loadPath(trailExampleDump("block8192")));
    after->irFile = "/elsewhere/k.mlir";
    CHECK_FALSE(rig.trail.compareWithPrevious()); // nothing reloaded yet

    QSignalSpy described(&rig.trail, &VersionTrail::reloadDescribed);
    rig.session.setDocument(after);
    rig.trail.track(before, after);
    REQUIRE((!described.isEmpty() || described.wait(10000)));
    const QString change = described.front()[2].toString();
    CHECK(change.startsWith(QString::fromUtf8("peak 321 KB \u2192 192 KB (\u221240%), now fits")));
    CHECK(described.front()[1].toBool());
    const QString bar = described.front()[0].toString();
    CHECK(bar.startsWith("<b>Reloaded:</b> " + change.toHtmlEscaped()));
    CHECK(bar.contains("<br>The IR is now /elsewhere/k.mlir (it was "));
    CHECK(rig.trail.previousVersion() == before);

    CompareWindow* compare = rig.trail.compareWithPrevious();
    REQUIRE(compare);
    CHECK(compare->parent() == &rig.window);
    QSignalSpy compared(compare, &CompareWindow::comparisonShown);
    REQUIRE((compare->view()->comparison().diff || compared.wait(10000)));
    CHECK(compare->view()->headerTextA().contains("before the reload"));
    CHECK(compare->view()->headerTextB().contains("now"));

    // The same plan again: the bar says so.
    described.clear();
    rig.trail.track(after, after);
    REQUIRE((!described.isEmpty() || described.wait(10000)));
    CHECK_FALSE(described.front()[1].toBool());
    CHECK(described.front()[0].toString() == "Reloaded: the memory plan did not change.");

    // Another dump: no versions to compare.
    rig.trail.track(nullptr, after);
    CHECK_FALSE(rig.trail.previousVersion());
}
