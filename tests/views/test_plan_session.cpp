#include "core/analysis/block_hit_index.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/scope_indexes.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace memlens;
using memlens::test::loadFixture;

namespace {
} // namespace

TEST_CASE("the session starts on the scope that overflows", "[session]")
{
    PlanSession session;
    CapacitySettings capacity;
    capacity.byScope["cbuf"] = 1024; // the cbuf block (128 KB) now crosses its capacity
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json", capacity));
    REQUIRE(session.scope());
    CHECK(session.scope()->scope == "cbuf");
}

TEST_CASE("selection and cursor changes are announced once", "[session]")
{
    PlanSession session;
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    QSignalSpy selected(&session, &PlanSession::selectedBlockChanged);
    QSignalSpy cursor(&session, &PlanSession::cursorChanged);
    session.selectBlock(2);
    session.selectBlock(2);
    session.selectBlock(99); // out of range clears
    session.setCursorOp(4);
    session.setCursorOp(4);
    CHECK(selected.count() == 2);
    CHECK(session.selectedBlock() == -1);
    CHECK(cursor.count() == 1);
    CHECK(session.cursorOp() == std::optional<std::int64_t>(4));
}

TEST_CASE("a reload of the same file keeps scope and selection", "[session]")
{
    PlanSession session;
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    session.setScopeIndex(1);
    session.selectBlock(0);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    CHECK(session.scopeIndex() == 1);
    CHECK(session.selectedBlock() == 0);
    session.setScopeIndex(0);
    CHECK(session.selectedBlock() == -1);
}

TEST_CASE("a reload keeps the selected block by buffer name and copy, not by position", "[session]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("memory_info_aiv.json");
    auto write = [&](const char* text) {
        QFile file(path);
        REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
    };
    write(R"({"Record":[{"scope":"ub","memory_info_array":[
        {"buffer":"%a","offset":[0],"extent":8,"life_time_in_ir":[0,1]},
        {"buffer":"%b","offset":[32,64],"extent":8,"life_time_in_ir":[0,1]}]}]})");
    PlanSession session;
    session.setDocument(std::make_shared<const PlanDocument>(loadPlanDocument(path.toStdString(), {})));
    session.selectBlock(2); // %b, copy 1
    // The compiler rewrote the dump with a new buffer in front.
    write(R"({"Record":[{"scope":"ub","memory_info_array":[
        {"buffer":"%new","offset":[96],"extent":8,"life_time_in_ir":[0,1]},
        {"buffer":"%a","offset":[0],"extent":8,"life_time_in_ir":[0,1]},
        {"buffer":"%b","offset":[32,64],"extent":8,"life_time_in_ir":[0,1]}]}]})");
    session.setDocument(std::make_shared<const PlanDocument>(loadPlanDocument(path.toStdString(), {})));
    CHECK(session.selectedBlock() == 3);
    CHECK(session.scope()->bufferOf(*session.selectedBlockPtr()).ssaName == "%b");
    CHECK(session.selectedBlockPtr()->copy == 1);
}

TEST_CASE("F8 selects each block above capacity in turn, then the first again", "[session]")
{
    PlanSession session;
    CHECK_FALSE(session.selectNextOverCapacity()); // no document
    session.setDocument(loadFixture("dumps/success_but_overflow.json"));
    REQUIRE(session.analysis());
    const std::vector<int> over = session.analysis()->overCapacityBlocks;
    REQUIRE_FALSE(over.empty());
    for (const int block : over) {
        REQUIRE(session.selectNextOverCapacity());
        CHECK(session.selectedBlock() == block);
    }
    REQUIRE(session.selectNextOverCapacity());
    CHECK(session.selectedBlock() == over.front()); // wraps

    CapacitySettings roomy;
    roomy.all = std::uint64_t{1} << 30;
    session.setDocument(loadFixture("dumps/success_but_overflow.json", roomy));
    const int selected = session.selectedBlock();
    CHECK_FALSE(session.selectNextOverCapacity()); // nothing ends above capacity
    CHECK(session.selectedBlock() == selected);
}

TEST_CASE("the session hands out a loaded plan's hit index at once and builds any other's apart, for the scope "
          "on show only",
    "[session]")
{
    LoadOptions options;
    options.buildHitIndexes = true; // as the window's loads do
    const auto loaded = std::make_shared<const PlanDocument>(
        loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options));
    PlanSession session;
    QSignalSpy ready(&session, &PlanSession::hitIndexReady);
    session.setDocument(loaded);
    REQUIRE(session.hasScope());
    const auto scope = static_cast<std::size_t>(session.scopeIndex());
    CHECK(session.hitIndex() == loaded->indexes->builtHitIndex(scope));
    CHECK(session.hitIndex() != nullptr);
    CHECK(ready.count() == 0); // nothing to wait for

    // Not made by a load: asking starts a build and answers "none yet"; the build of a scope
    // left before it arrived is not applied, the one on show's is, with one signal.
    auto made = std::make_shared<PlanDocument>(*loaded);
    made->indexes = std::make_shared<ScopeIndexes>();
    session.setScopeIndex(0);
    session.setDocument(made);
    REQUIRE(session.scopeIndex() == 0);
    CHECK(session.hitIndex() == nullptr);
    session.setScopeIndex(1);
    CHECK(session.hitIndex() == nullptr);
    REQUIRE(ready.wait(5000));
    QTest::qWait(50); // a second delivery would be in by now
    CHECK(ready.count() == 1);
    REQUIRE(session.hitIndex() != nullptr);
    CHECK(session.hitIndex()->size() == made->dump.scopes[1].blocks.size());
    CHECK(session.hitIndex() == made->indexes->builtHitIndex(1)); // kept in the document, for its copies

    session.clear();
    CHECK(session.hitIndex() == nullptr);
}
