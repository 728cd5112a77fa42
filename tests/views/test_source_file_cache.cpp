#include "views/source/source_file_cache.hpp"

#include "support/test_documents.hpp"

#include <catch2/catch.hpp>

#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

// Every answer the cache gives, in order.
struct Answers {
    explicit Answers(SourceFileCache& cache)
    {
        QObject::connect(
            &cache, &SourceFileCache::ready, &cache, [this](const SourceFile& file) { all.push_back(file); });
    }
    bool waitFor(std::size_t count)
    {
        for (int i = 0; i < 500 && all.size() < count; ++i)
            QTest::qWait(10);
        return all.size() >= count;
    }
    std::vector<SourceFile> all;
};

} // namespace

TEST_CASE(
    "the source-file cache reads a file off the GUI thread and keeps it while the file is unchanged", "[source_cache]")
{
    QTemporaryDir tmp;
    const fs::path file = fs::path(tmp.path().toStdString()) / "a.py";
    memlens::test::writeText(file, "x = 1\n");
    const QString local = QString::fromStdString(file.string());

    SourceFileCache cache;
    std::atomic<int> reads{0};
    std::atomic<bool> offThread{false};
    QThread* gui = QThread::currentThread();
    cache.setFileReader([&](const std::string& path) {
        ++reads;
        offThread = QThread::currentThread() != gui;
        return readTextFile(path);
    });
    Answers answers(cache);
    CHECK_FALSE(cache.cached("/build/a.py", local));
    const QString key = cache.request("/build/a.py", local);
    CHECK(key == local);
    CHECK(cache.isReading(key));
    REQUIRE(answers.waitFor(1));
    CHECK(offThread);
    const SourceFile& read = answers.all.front();
    CHECK(read.key == local);
    CHECK(read.read());
    CHECK(read.text == "x = 1\n");
    CHECK_FALSE(cache.isReading(key));

    // Known now: no second read.
    const auto again = cache.cached("/build/a.py", local);
    REQUIRE(again);
    CHECK(again->text == "x = 1\n");
    CHECK(reads == 1);

    // The file changed on disk (another size): read again.
    memlens::test::writeText(file, "x = 22\n");
    CHECK_FALSE(cache.cached("/build/a.py", local));
}

TEST_CASE("the source-file cache reads a file once for requests made while it is read", "[source_cache]")
{
    QTemporaryDir tmp;
    const fs::path file = fs::path(tmp.path().toStdString()) / "slow.py";
    memlens::test::writeText(file, "y = 2\n");
    const QString local = QString::fromStdString(file.string());
    SourceFileCache cache;
    std::atomic<int> reads{0};
    cache.setFileReader([&](const std::string& path) {
        ++reads;
        QThread::msleep(150);
        return readTextFile(path);
    });
    Answers answers(cache);
    cache.request("/k/slow.py", local);
    cache.request("/k/slow.py", local);
    REQUIRE(answers.waitFor(1));
    QTest::qWait(50);
    CHECK(answers.all.size() == 1);
    CHECK(reads == 1);
}

TEST_CASE("the source-file cache remembers a file not found until the next document", "[source_cache]")
{
    QTemporaryDir tmp;
    const fs::path dir(tmp.path().toStdString());
    auto finder = std::make_shared<FileFinder>();
    finder->setDumpDir(dir);
    finder->setParentLevels(0);

    SourceFileCache cache;
    cache.setFinder(finder);
    Answers answers(cache);
    const QString original = "/elsewhere/kernel.py";
    CHECK(cache.keyFor(original, {}) == "?" + original);
    cache.request(original, {});
    REQUIRE(answers.waitFor(1));
    const SourceFile& missing = answers.all.front();
    CHECK_FALSE(missing.found());
    CHECK(missing.original == original);
    REQUIRE_FALSE(missing.tried.empty());
    CHECK(std::find(missing.tried.begin(), missing.tried.end(), (dir / "kernel.py").string()) != missing.tried.end());

    const auto memo = cache.cached(original, {});
    REQUIRE(memo);
    CHECK_FALSE(memo->found());
    CHECK(memo->tried == missing.tried);

    // A new document may bring source folders: look again, and now find it beside the dump.
    memlens::test::writeText(dir / "kernel.py", "z = 3\n");
    cache.setFinder(finder);
    CHECK_FALSE(cache.cached(original, {}));
    cache.request(original, {});
    REQUIRE(answers.waitFor(2));
    CHECK(answers.all[1].read());
    CHECK(answers.all[1].local == QString::fromStdString((dir / "kernel.py").string()));
    CHECK(answers.all[1].text == "z = 3\n");
}

TEST_CASE("the user's answer for a missing file replaces the memo", "[source_cache]")
{
    QTemporaryDir tmp;
    const fs::path located = fs::path(tmp.path().toStdString()) / "found_here.py";
    memlens::test::writeText(located, "w = 4\n");
    SourceFileCache cache;
    cache.setFinder(std::make_shared<FileFinder>());
    Answers answers(cache);
    const QString original = "/gone/kernel.py";
    cache.request(original, {});
    REQUIRE(answers.waitFor(1));
    REQUIRE(cache.cached(original, {}));

    const QString local = QString::fromStdString(located.string());
    cache.setLocated(original, local);
    CHECK(cache.keyFor(original, {}) == local);
    CHECK_FALSE(cache.cached(original, {})); // not read yet
    cache.request(original, {});
    REQUIRE(answers.waitFor(2));
    CHECK(answers.all[1].local == local);
    CHECK(answers.all[1].text == "w = 4\n");
}

TEST_CASE("a file that cannot be read says why", "[source_cache]")
{
    QTemporaryDir tmp;
    const QString folder = tmp.path(); // a folder, not a text file
    SourceFileCache cache;
    Answers answers(cache);
    cache.request("/k/dir.py", folder);
    REQUIRE(answers.waitFor(1));
    CHECK(answers.all[0].found());
    CHECK_FALSE(answers.all[0].read());
    CHECK_FALSE(answers.all[0].error.isEmpty());
    CHECK_FALSE(cache.cached("/k/dir.py", folder)); // an error is not remembered: the next look tries again
}

TEST_CASE("destroying the source-file cache during a read is safe", "[source_cache][hostile]")
{
    QTemporaryDir tmp;
    const fs::path file = fs::path(tmp.path().toStdString()) / "a.py";
    memlens::test::writeText(file, "x = 1\n");
    auto answered = std::make_shared<int>(0);
    {
        SourceFileCache cache;
        cache.setFileReader([](const std::string& path) {
            QThread::msleep(200);
            return readTextFile(path);
        });
        QObject::connect(&cache, &SourceFileCache::ready, [answered](const SourceFile&) { ++*answered; });
        cache.request("/k/a.py", QString::fromStdString(file.string()));
    }
    REQUIRE(QThreadPool::globalInstance()->waitForDone(5000));
    QTest::qWait(20);
    CHECK(*answered == 0);
}
