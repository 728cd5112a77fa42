// DumpHistory::captureWritten: a dump the compiler just closed is kept as it was then, though
// the next compile overwrites it before a worker thread would have read it.
#include "app/dump_history.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace memlens;

TEST_CASE("history keeps a dump just written as it was, though it is overwritten at once", "[app][history]")
{
    const auto example = [](const char* block) {
        return test::readText(test::sourceDir() / "resources/examples/layer_norm" / block / "memory_info_aiv.json");
    };
    const std::string first = example("block16384");
    const std::string second = example("block8192");
    QTemporaryDir dir;
    const QString dump = dir.filePath("memory_info_aiv.json");
    test::writeText(dump.toStdString(), first);

    DumpHistory history;
    QSignalSpy added(&history, &DumpHistory::versionAdded);
    history.captureWritten(dump);
    test::writeText(dump.toStdString(), second); // the next compile, before any event is handled
    REQUIRE((!added.isEmpty() || added.wait(5000)));
    const auto version = added.front().front().value<DumpVersion>();
    CHECK(version.dumpPath == dump);
    CHECK(test::readText(version.snapshotPath.toStdString()) == first);
}
