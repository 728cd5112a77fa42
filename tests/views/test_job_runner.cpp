#include "core/base/cancellation.hpp"
#include "views/job_runner.hpp"

#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <vector>

using namespace memlens;

namespace {

// Runs the event loop until `done()` or ~5 s.
template <class Done> bool waitUntil(Done done)
{
    for (int i = 0; i < 500 && !done(); ++i)
        QTest::qWait(10);
    return done();
}

// An owner the way the views hold a runner: a member, with results written into the owner.
struct Owner {
    std::vector<int> delivered;
    JobRunner jobs;
};

} // namespace

TEST_CASE("a job runs off the GUI thread and its result arrives on it", "[jobs]")
{
    Owner owner;
    QThread* worker = nullptr;
    QThread* deliveredOn = nullptr;
    const int id = owner.jobs.start(
        [&worker](const JobCancel&) {
            worker = QThread::currentThread();
            return 42;
        },
        [&](int value) {
            deliveredOn = QThread::currentThread();
            owner.delivered.push_back(value);
        });
    CHECK(id == 1);
    CHECK(owner.jobs.isPending(id));
    REQUIRE(waitUntil([&] { return !owner.delivered.empty(); }));
    CHECK(owner.delivered == std::vector<int>{42});
    CHECK(worker != QThread::currentThread());
    CHECK(deliveredOn == QThread::currentThread());
    CHECK_FALSE(owner.jobs.hasPending());
}

TEST_CASE("a superseded job's result is dropped", "[jobs]")
{
    Owner owner;
    std::atomic<bool> slowStarted{false};
    std::atomic<bool> slowEnded{false};
    const int slow = owner.jobs.start(
        [&](const JobCancel&) {
            slowStarted = true;
            QThread::msleep(200); // never polls: it runs to the end, and is still dropped
            slowEnded = true;
            return 1;
        },
        [&](int value) { owner.delivered.push_back(value); });
    REQUIRE(waitUntil([&] { return slowStarted.load(); }));
    const int fast
        = owner.jobs.start([](const JobCancel&) { return 2; }, [&](int value) { owner.delivered.push_back(value); });
    CHECK(fast == slow + 1);
    CHECK_FALSE(owner.jobs.isPending(slow));
    REQUIRE(waitUntil([&] { return slowEnded.load(); }));
    REQUIRE(QThreadPool::globalInstance()->waitForDone(5000));
    QTest::qWait(20); // anything posted has been delivered by now
    CHECK(owner.delivered == std::vector<int>{2});
}

TEST_CASE("a job cancelled before it starts never runs", "[jobs]")
{
    Owner owner;
    std::atomic<int> runs{0};
    // Occupy every pool thread, so the job below waits in the queue.
    std::atomic<bool> release{false};
    QThreadPool* pool = QThreadPool::globalInstance();
    for (int i = 0; i < pool->maxThreadCount(); ++i)
        pool->start([&release] {
            while (!release)
                QThread::msleep(1);
        });
    const int queued = owner.jobs.start(
        [&runs](const JobCancel&) { return ++runs; }, [&](int value) { owner.delivered.push_back(value); });
    owner.jobs.cancel(queued);
    release = true;
    REQUIRE(pool->waitForDone(5000));
    QTest::qWait(20);
    CHECK(runs == 0);
    CHECK(owner.delivered.empty());
}

TEST_CASE("in concurrent mode every job is delivered unless cancelled", "[jobs]")
{
    std::vector<int> delivered;
    JobRunner jobs(JobRunner::Mode::Concurrent);
    for (int i = 1; i <= 4; ++i)
        jobs.start(
            [i](const JobCancel&) {
                QThread::msleep(30);
                return i;
            },
            [&delivered](int value) { delivered.push_back(value); });
    jobs.cancel(3);
    REQUIRE(waitUntil([&] { return !jobs.hasPending(); }));
    REQUIRE(QThreadPool::globalInstance()->waitForDone(5000));
    QTest::qWait(20);
    std::sort(delivered.begin(), delivered.end());
    CHECK(delivered == std::vector<int>{1, 2, 4});
}

TEST_CASE("the cancel check reaches the job's loop", "[jobs]")
{
    Owner owner;
    std::atomic<long> rounds{0};
    std::atomic<bool> sawCancel{false};
    owner.jobs.start(
        [&](const JobCancel& cancel) {
            // A loop that would run for a minute unless told to stop.
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
            while (std::chrono::steady_clock::now() < until) {
                if (cancel.requested()) {
                    sawCancel = true;
                    break;
                }
                ++rounds;
                QThread::usleep(100);
            }
            return 0;
        },
        [&](int value) { owner.delivered.push_back(value); });
    REQUIRE(waitUntil([&] { return rounds.load() > 10; }));
    SECTION("by a newer job")
    {
        owner.jobs.start([](const JobCancel&) { return 7; }, [&](int value) { owner.delivered.push_back(value); });
    }
    SECTION("by cancelAll()") { owner.jobs.cancelAll(); }
    REQUIRE(waitUntil([&] { return sawCancel.load(); }));
    CHECK(QThreadPool::globalInstance()->waitForDone(5000));
    QTest::qWait(20);
    CHECK(std::find(owner.delivered.begin(), owner.delivered.end(), 0) == owner.delivered.end());
}

TEST_CASE("a job that throws LoadCancelled or fails delivers nothing and is no longer pending", "[jobs]")
{
    Owner owner;
    int calls = 0;
    const int cancelled
        = owner.jobs.start([](const JobCancel&) -> int { throw LoadCancelled(); }, [&](int) { ++calls; });
    JobRunner side(JobRunner::Mode::Concurrent);
    const int failed
        = side.start([](const JobCancel&) -> int { throw std::runtime_error("disk on fire"); }, [&](int) { ++calls; });
    REQUIRE(waitUntil([&] { return !owner.jobs.isPending(cancelled) && !side.isPending(failed); }));
    CHECK(calls == 0);
}

TEST_CASE("destroying the owner during a job is safe: nothing is delivered, nothing waits", "[jobs][hostile]")
{
    auto delivered = std::make_shared<std::atomic<int>>(0);
    std::atomic<bool> stopped{false};
    SECTION("while the job runs")
    {
        auto owner = std::make_unique<Owner>();
        owner->jobs.start(
            [&stopped](const JobCancel& cancel) {
                while (!cancel.requested())
                    QThread::usleep(100);
                stopped = true;
                return 1;
            },
            [ownerPtr = owner.get(), delivered](int value) {
                ++*delivered;
                ownerPtr->delivered.push_back(value); // would touch freed memory
            });
        QTest::qWait(20);
        const auto before = std::chrono::steady_clock::now();
        owner.reset();
        CHECK(std::chrono::steady_clock::now() - before < std::chrono::milliseconds(100)); // no wait for the job
        REQUIRE(waitUntil([&] { return stopped.load(); }));                                // it was told to stop
    }
    SECTION("after the job ended, before its result was delivered")
    {
        auto owner = std::make_unique<Owner>();
        owner->jobs.start([](const JobCancel&) { return 1; },
            [ownerPtr = owner.get(), delivered](int value) {
                ++*delivered;
                ownerPtr->delivered.push_back(value);
            });
        REQUIRE(QThreadPool::globalInstance()->waitForDone(5000)); // the result is posted, not yet delivered
        owner.reset();
    }
    REQUIRE(QThreadPool::globalInstance()->waitForDone(5000));
    QTest::qWait(20);
    QCoreApplication::processEvents();
    CHECK(*delivered == 0);
}

TEST_CASE("a delivery may destroy the runner's owner", "[jobs][hostile]")
{
    auto owner = std::make_unique<Owner>();
    bool delivered = false;
    owner->jobs.start([](const JobCancel&) { return 5; },
        [&](int) {
            delivered = true;
            owner.reset(); // the receiver goes while its own delivery runs
        });
    REQUIRE(waitUntil([&] { return delivered; }));
    CHECK_FALSE(owner);
}
