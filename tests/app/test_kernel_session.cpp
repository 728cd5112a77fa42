// KernelSession without a window: it loads a kernel's cores one after the other through its own
// loader, says which core to show, walks every core for F8, and keeps the kernel's written files.
// Fixtures: tests/data/dumps/mix/.
#include "app/dump_history.hpp"
#include "app/kernel_session.hpp"
#include "app/open_file_watch.hpp"
#include "core/document/kernel_folder.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <QWidget>

#include <filesystem>

using namespace memlens;

namespace {

// A session, a title bar in a page (where the kernel strip goes), and a loader that only notes what
// it was asked to load: the test hands each document back as the window's loader would.
struct KernelSessionRig {
    QWidget page;
    PlanSession session;
    TitleBar* titleBar = nullptr;
    QStringList asked;
    KernelSession* kernel = nullptr;
    QStringList files; // the mix folder's dumps, absolute, in the folder's order
    QString folder;

    explicit KernelSessionRig(const char* mixName)
        : KernelSessionRig(QString::fromStdString(test::data(std::string("dumps/mix/") + mixName).string()))
    {
    }

    explicit KernelSessionRig(const QString& kernelFolder)
        : folder(kernelFolder)
    {
        auto* layout = new QVBoxLayout(&page);
        titleBar = new TitleBar(&session, &page);
        layout->addWidget(titleBar);
        kernel = new KernelSession(
            &session, titleBar, [this](const QString& path) { asked << path; }, &page);
        for (const std::string& file : dumpFilesInFolder(folder.toStdString()))
            files << QFileInfo(QString::fromStdString(file)).absoluteFilePath();
    }

    // Hands the load of `path` back, as the window's loader delivers it.
    bool deliver(const QString& path) { return kernel->takeLoad(path, test::loadPath(path.toStdString())); }

    QString coreNamed(const char* name) const
    {
        for (const QString& file : files)
            if (QFileInfo(file).fileName() == QStringLiteral("memory_info_%1.json").arg(name))
                return file;
        return {};
    }
};

} // namespace

TEST_CASE("kernel session: the cores load one after the other, then the worst is to show", "[app][kernel]")
{
    KernelSessionRig rig("fits_aic_overflows_aiv");
    REQUIRE(rig.files.size() == 2);
    QSignalSpy ready(rig.kernel, &KernelSession::coreReady);
    QSignalSpy toShow(rig.kernel, &KernelSession::coreToShow);
    QSignalSpy loaded(rig.kernel, &KernelSession::coresLoaded);

    rig.kernel->startFolder(rig.folder, rig.files, QString(), QString(), nullptr);
    // One at a time.
    REQUIRE(rig.asked == QStringList{rig.files[0]});
    CHECK_FALSE(rig.kernel->takeLoad(QStringLiteral("/elsewhere/memory_info_aiv.json"), nullptr)); // not the kernel's
    REQUIRE(rig.deliver(rig.files[0]));
    CHECK(ready.size() == 1);
    CHECK(ready.front().front().toString() == rig.files[0]);
    REQUIRE(rig.asked == rig.files); // the next started once the first was taken
    CHECK(toShow.isEmpty());

    REQUIRE(rig.deliver(rig.files[1]));
    CHECK(rig.kernel->cores()->complete());
    REQUIRE(toShow.size() == 1);
    CHECK(toShow.front()[0].toString() == rig.coreNamed("aiv")); // the core that overflows
    CHECK(toShow.front()[1].toInt() == -1);
    CHECK(loaded.size() == 1);
    CHECK(rig.asked.size() == 2); // nothing more to load
}

TEST_CASE("kernel session: the core on show is kept, and the core asked for is shown", "[app][kernel]")
{
    KernelSessionRig rig("fits_aic_overflows_aiv");
    const QString aic = rig.coreNamed("aic");
    const QString aiv = rig.coreNamed("aiv");
    QSignalSpy toShow(rig.kernel, &KernelSession::coreToShow);
    rig.kernel->startFolder(rig.folder, rig.files, aic, aiv, test::loadPath(aiv.toStdString()));
    REQUIRE(rig.asked == QStringList{aic}); // the dump on show is not read again
    REQUIRE(rig.deliver(aic));
    REQUIRE(toShow.size() == 1);
    CHECK(toShow.front()[0].toString() == aic);

    // A reload loads every core again, then shows the one asked for.
    rig.asked.clear();
    rig.kernel->startReload(aiv);
    REQUIRE(rig.asked == QStringList{rig.files[0]});
    rig.kernel->setShowing(rig.files[0]); // a core shown from its document is never taken as a load
    CHECK_FALSE(rig.deliver(rig.files[0]));
    rig.kernel->setShowing(QString());
    REQUIRE(rig.deliver(rig.files[0]));
    REQUIRE(rig.deliver(rig.files[1]));
    REQUIRE(toShow.size() == 2);
    CHECK(toShow.back()[0].toString() == aiv);
}

TEST_CASE("kernel session: a core that cannot be read stops the kernel's load", "[app][kernel]")
{
    KernelSessionRig rig("fits_aic_overflows_aiv");
    QSignalSpy loaded(rig.kernel, &KernelSession::coresLoaded);
    rig.kernel->startFolder(rig.folder, rig.files, QString(), QString(), nullptr);
    rig.kernel->stopLoading(rig.files[0]);
    CHECK(rig.kernel->nextToLoad().isEmpty());
    CHECK_FALSE(rig.deliver(rig.files[1])); // no longer waited for
    CHECK(rig.asked.size() == 1);
    CHECK(loaded.isEmpty());
}

TEST_CASE("kernel session: F8 and a scope by name show another core", "[app][kernel]")
{
    KernelSessionRig rig("fits_aic_overflows_aiv");
    const QString aic = rig.coreNamed("aic");
    const QString aiv = rig.coreNamed("aiv");
    // Nothing loaded: no core has a block above capacity.
    rig.kernel->startFolder(rig.folder, rig.files, QString(), QString(), nullptr);
    CHECK_FALSE(rig.kernel->selectNextOverCapacity(aic));
    REQUIRE(rig.deliver(rig.files[0]));
    REQUIRE(rig.deliver(rig.files[1]));
    // The window's part: show the core it is told to.
    QObject::connect(rig.kernel, &KernelSession::coreToShow, &rig.page, [&rig](const QString& path, int scope) {
        rig.session.setDocument(rig.kernel->cores()->documentOf(path));
        if (scope >= 0)
            rig.session.setScopeIndex(scope);
    });
    rig.session.setDocument(rig.kernel->cores()->documentOf(aic)); // the core that fits on show
    QSignalSpy toShow(rig.kernel, &KernelSession::coreToShow);
    REQUIRE(rig.kernel->selectNextOverCapacity(aic));
    REQUIRE(toShow.size() == 1);
    CHECK(toShow.front()[0].toString() == aiv);
    REQUIRE(rig.session.analysis());
    const auto& over = rig.session.analysis()->overCapacityBlocks;
    CHECK(std::find(over.begin(), over.end(), rig.session.selectedBlock()) != over.end());

    CHECK(rig.kernel->showScope(QStringLiteral("cc"))); // the cube core's
    CHECK(toShow.back()[0].toString() == aic);
    CHECK(toShow.back()[1].toInt() == 1);
    CHECK_FALSE(rig.kernel->showScope(QStringLiteral("nosuch")));
}

TEST_CASE("kernel session: the kernel's written and changed files are kept in History", "[app][kernel]")
{
    QTemporaryDir dir;
    const std::filesystem::path copy = std::filesystem::path(dir.path().toStdString()) / "kernel";
    std::filesystem::copy(test::data("dumps/mix/fits_aic_overflows_aiv"), copy);
    KernelSessionRig rig(QString::fromStdString(copy.string()));
    const QString aic = rig.coreNamed("aic");
    const QString aiv = rig.coreNamed("aiv");
    rig.kernel->startFolder(rig.folder, rig.files, QString(), QString(), nullptr);
    DumpHistory history;
    QSignalSpy added(&history, &DumpHistory::versionAdded);
    // The core on show is the window's to keep: only the other one here.
    rig.kernel->keepWritten({"memory_info_aic.json", "memory_info_aiv.json", "other.json"}, aiv, history);
    REQUIRE((!added.isEmpty() || added.wait(5000)));
    QTest::qWait(300); // a copy of the core on show would have come by now
    CHECK(history.versionsOf(aic).size() == 1);
    CHECK(history.versionsOf(aiv).isEmpty());

    OpenFileWatch watch;
    QSignalSpy changed(&watch, &OpenFileWatch::fileChanged);
    rig.kernel->noteChanged(aiv);
    rig.kernel->noteChanged(QStringLiteral("/elsewhere/memory_info_aiv.json")); // not the kernel's
    const QStringList names = rig.kernel->keepChangedOnDisk(watch, history);
    CHECK(names == QStringList{QStringLiteral("memory_info_aiv.json")});
    CHECK(rig.kernel->keepChangedOnDisk(watch, history).isEmpty()); // said once
    // Where the system does not report the folder's writes, the version is kept now.
    if (!watch.hearsFolder()) {
        CHECK((added.size() > 1 || added.wait(5000)));
        CHECK(history.versionsOf(aiv).size() == 1);
    }
    // Watched again: the compiler's next write is heard.
    test::writeText(aiv.toStdString(), test::readText(aic.toStdString()));
    CHECK((!changed.isEmpty() || changed.wait(5000)));
}

TEST_CASE("kernel session: every core is judged again when the capacities change", "[app][kernel]")
{
    KernelSessionRig rig("fits_aic_overflows_aiv");
    const QString aic = rig.coreNamed("aic");
    const QString aiv = rig.coreNamed("aiv");
    rig.kernel->startFolder(rig.folder, rig.files, QString(), QString(), nullptr);
    REQUIRE(rig.deliver(rig.files[0]));
    REQUIRE(rig.deliver(rig.files[1]));
    const auto aicBefore = rig.kernel->cores()->documentOf(aic);
    REQUIRE(rig.kernel->cores()->documentOf(aiv)->analyses.front().overflow);

    // The window judged the core on show again itself; the other is the kernel's to judge.
    static constexpr std::uint64_t kHuge = std::uint64_t{1} << 30;
    const auto huge = [](const PlanDocument&) {
        CapacitySettings settings;
        settings.all = kHuge;
        return settings;
    };
    auto shown = std::make_shared<PlanDocument>(*rig.kernel->cores()->documentOf(aiv));
    rejudge(*shown, huge(*shown));
    rig.kernel->rejudgeCores(aiv, shown, huge);
    CHECK(rig.kernel->cores()->documentOf(aiv) == shown);
    const auto aicAfter = rig.kernel->cores()->documentOf(aic);
    REQUIRE(aicAfter);
    CHECK(aicAfter != aicBefore);
    for (const PlanAnalysis& analysis : aicAfter->analyses)
        CHECK(analysis.capacity.bytes == kHuge);
    CHECK(aicBefore->analyses.front().capacity.bytes != kHuge); // a copy: the loaded document stays as it was
}
