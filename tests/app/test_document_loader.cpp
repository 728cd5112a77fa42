#include "app/app_settings.hpp"
#include "app/document_loader.hpp"
#include "app_test_support.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

using namespace memlens;
using memlens::test::writeLargeDump;

Q_DECLARE_METATYPE(std::shared_ptr<const memlens::PlanDocument>)

namespace {

} // namespace

TEST_CASE("the loader delivers a document off the GUI thread", "[loader]")
{
    DocumentLoader loader;
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    QSignalSpy busy(&loader, &DocumentLoader::busyChanged);
    const int job = loader.load(test::fixture("dumps/two_scopes_multibuffer.json"), {});
    REQUIRE(memlens::test::seen(loaded));
    CHECK(loaded.at(0).at(0).toInt() == job);
    const auto document = loaded.at(0).at(1).value<std::shared_ptr<const PlanDocument>>();
    REQUIRE(document);
    CHECK(document->dump.kernel == "_softmax_kernel");
    CHECK(busy.count() == 2);
    CHECK_FALSE(loader.isBusy());
}

TEST_CASE("the loader reports a bad dump as a message naming the file and path", "[loader]")
{
    DocumentLoader loader;
    QSignalSpy failed(&loader, &DocumentLoader::failed);
    loader.load(test::fixture("dumps/bad/missing_offset.json"), {});
    REQUIRE(memlens::test::seen(failed));
    CHECK(failed.at(0).at(2).toString().contains(
        "missing_offset.json: Record[0].memory_info_array[1]: missing key \"offset\""));
}

TEST_CASE("a stale load never replaces a newer one", "[loader]")
{
    // A large first dump is still loading when the second, small one is asked for.
    QTemporaryDir dir;
    const QString large = writeLargeDump(dir, 40000);
    DocumentLoader loader;
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    QSignalSpy failed(&loader, &DocumentLoader::failed);
    const int stale = loader.load(large, {});
    const int newest = loader.load(test::fixture("dumps/flat_layout.json"), {});
    CHECK(newest > stale);
    for (int i = 0; i < 200 && loader.isBusy(); ++i)
        QTest::qWait(50);
    REQUIRE_FALSE(loader.isBusy());
    CHECK(failed.isEmpty());
    REQUIRE(loaded.count() == 1);
    CHECK(loaded.at(0).at(0).toInt() == newest);
    CHECK(loaded.at(0).at(1).value<std::shared_ptr<const PlanDocument>>()->dump.kernel == "_old_kernel");
}

TEST_CASE("the loader applies the capacities remembered for the dump's kernel", "[loader]")
{
    DocumentLoader loader;
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    const KernelCapacities remembered = {{"_softmax_kernel", {{"cbuf", 1024}}}, {"_other", {{"ub", 8}}}};
    loader.load(test::fixture("dumps/two_scopes_multibuffer.json"), {}, remembered);
    REQUIRE(memlens::test::seen(loaded));
    const auto document = loaded.at(0).at(1).value<std::shared_ptr<const PlanDocument>>();
    CHECK(document->analysisOf("cbuf")->capacity.bytes == 1024);
    CHECK(document->analysisOf("cbuf")->capacity.source == CapacitySource::Setting);
    CHECK(document->analysisOf("cbuf")->overflow);
    CHECK(document->analysisOf("ub")->capacity.source == CapacitySource::Default);
}

TEST_CASE("destroying the loader during a load stops the load", "[loader][hostile]")
{
    QTemporaryDir dir;
    const QString large = writeLargeDump(dir, 200000);
    {
        DocumentLoader loader;
        loader.load(large, {});
        QTest::qWait(20); // the parse is under way
    }
    // No background load outlives its loader: nothing is left running in the pool
    // (before, the parse ran on, and its continuation asserted in Debug builds).
    // (The worker may still be returning from the finished task: allow it a moment,
    // far less than the parse of 200k buffers that ran on before.)
    CHECK(QThreadPool::globalInstance()->waitForDone(500));
}

TEST_CASE("a remembered capacity applies to the kernel on its own target only", "[loader][hostile]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const QString dump = QString::fromStdString(memlens::test::sample("fake_attn_fwd/memory_info_aiv.json").string());
    auto capacityAfterLoad = [&](const KernelCapacities& remembered) {
        DocumentLoader loader;
        QSignalSpy loaded(&loader, &DocumentLoader::loaded);
        loader.load(dump, {}, remembered);
        REQUIRE(memlens::test::seen(loaded));
        return loaded.at(0).at(1).value<std::shared_ptr<const PlanDocument>>()->analysisOf("ub")->capacity;
    };
    // Set for the same kernel compiled for another chip: not this dump's.
    const Capacity other
        = capacityAfterLoad({{capacityOwner("_attn_fwd", std::string("Ascend310B4")), {{"ub", 1024}}}});
    CHECK(other.source == CapacitySource::Target);
    const Capacity own
        = capacityAfterLoad({{capacityOwner("_attn_fwd", std::string("Ascend910_9382")), {{"ub", 1024}}}});
    CHECK(own.source == CapacitySource::Setting);
    CHECK(own.bytes == 1024);
}

TEST_CASE("a superseded load is told to stop, and cancel() drops the load under way", "[loader][hostile]")
{
    QTemporaryDir dir;
    const QString large = writeLargeDump(dir, 200000);
    DocumentLoader loader;
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    QSignalSpy failed(&loader, &DocumentLoader::failed);
    QSignalSpy busy(&loader, &DocumentLoader::busyChanged);

    SECTION("by a newer load")
    {
        loader.load(large, {});
        QTest::qWait(20); // the parse is under way
        const int newest = loader.load(test::fixture("dumps/flat_layout.json"), {});
        REQUIRE(memlens::test::seen(loaded));
        CHECK(loaded.at(0).at(0).toInt() == newest);
    }
    SECTION("by cancel()")
    {
        loader.load(large, {});
        REQUIRE(loader.isBusy());
        QTest::qWait(20);
        loader.cancel();
        CHECK_FALSE(loader.isBusy());
        REQUIRE(busy.count() == 2);
        CHECK_FALSE(busy.at(1).at(0).toBool());
    }
    // The stale parse of 200k buffers stopped: the pool is idle long before it could have finished.
    CHECK(QThreadPool::globalInstance()->waitForDone(500));
    QTest::qWait(20);
    CHECK(loaded.count() <= 1);
    CHECK(failed.isEmpty());
    for (const auto& args : loaded)
        CHECK(args.at(1).value<std::shared_ptr<const PlanDocument>>()->dump.kernel != "_large");
}

TEST_CASE("the loader reports the bytes parsed, as a real share of the file", "[loader][progress]")
{
    QTemporaryDir dir;
    // About 12 MB: a dozen chunks, few enough for the sanitizer build to read twice (a copy is kept too).
    const QString large = writeLargeDump(dir, 50000);
    const qint64 size = QFileInfo(large).size();
    // With and without a copy kept: the window keeps one, and its parse must report too.
    const bool keepCopy = GENERATE(false, true);
    QTemporaryDir copies;
    DocumentLoader loader;
    if (keepCopy)
        loader.setSnapshotDir(copies.path());
    loader.setProgressInterval(1); // as often as the event loop allows: the parse is seen under way
    QSignalSpy progress(&loader, &DocumentLoader::progress);
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    const int job = loader.load(large, {});
    REQUIRE(memlens::test::seen(loaded, 120000));

    REQUIRE(progress.count() >= 2);
    bool midway = false;
    qint64 before = -1;
    for (const auto& args : progress) {
        CHECK(args.at(0).toInt() == job);
        const qint64 read = args.at(1).toLongLong();
        CHECK(args.at(2).toLongLong() == size);
        CHECK(read >= before); // never backwards
        before = read;
        midway = midway || (read > 0 && read < size);
    }
    CHECK(progress.first().at(1).toLongLong() == 0);
    CHECK(progress.last().at(1).toLongLong() == size);
    CHECK(midway);
    CHECK(loaded.at(0).at(1).value<std::shared_ptr<const PlanDocument>>()->dump.scopes.front().blocks.size() == 50000);
}

TEST_CASE("Cancel stops the parse itself: no result, no error, the pool goes idle before the end of the file",
    "[loader][progress]")
{
    QTemporaryDir dir;
    const QString large = writeLargeDump(dir, 400000);
    const auto size = static_cast<std::uint64_t>(QFileInfo(large).size());
    const bool keepCopy = GENERATE(false, true);
    QTemporaryDir copies;
    DocumentLoader loader;
    if (keepCopy)
        loader.setSnapshotDir(copies.path());
    loader.setProgressInterval(1);
    QSignalSpy progress(&loader, &DocumentLoader::progress);
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    QSignalSpy failed(&loader, &DocumentLoader::failed);
    loader.load(large, {});
    // Wait until the parse is under way (some bytes counted), then cancel.
    for (int i = 0; i < 3000 && loader.bytesRead() == 0; ++i)
        QTest::qWait(1);
    REQUIRE(loader.bytesRead() > 0);
    loader.cancel();
    const int reports = progress.count();
    CHECK_FALSE(loader.isBusy());
    REQUIRE(QThreadPool::globalInstance()->waitForDone(30000));
    // The job ended without reading the whole file: it stopped, it did not run to the end.
    CHECK(loader.bytesRead() < size);
    QTest::qWait(50);
    CHECK(loaded.isEmpty());
    CHECK(failed.isEmpty());
    CHECK(progress.count() == reports); // nothing after Cancel
    CHECK(copies.isValid());
    CHECK(QDir(copies.path()).entryList(QDir::Files).isEmpty()); // no copy of a load that was cancelled
}
