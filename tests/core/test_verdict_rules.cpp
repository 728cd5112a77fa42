// No false pass: the verdict every command and view gives (exit status, the summary's row, the
// Diagnosis's sentence) for a compile the compiler failed, a file cut short, a scope never planned
// that cannot fit, and a plan memlens could not decide.
#include "core/cli/command_common.hpp"
#include "core/cli/exit_status.hpp"
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/dump/dump_error.hpp"
#include "core/run/document_row.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace memlens;

TEST_CASE("a compile log whose compiler failed is an overflow, though memlens's own plan of it fits")
{
    const auto document = test::loadFixture("logs/a5_failed/compile.log");
    REQUIRE(document->analyses.size() == 1);
    const PlanAnalysis& analysis = document->analyses[0];
    // memlens's addresses fit the 248 KB of the Ascend950's UB; the compiler said 252 KB.
    CHECK(analysis.peakAddressBytes == 196608);
    CHECK(analysis.overCapacityBlocks.empty());
    CHECK(analysis.overflow);
    CHECK(analysis.overflowByCompilerFigure);
    CHECK(document->dump.scopes[0].status == std::optional<std::string>("fail"));
    CHECK_THAT(document->dump.scopes[0].error, Catch::StartsWith("ub overflow, requires 2064384 bits"));
    CHECK(exitStatusFor(*document, std::nullopt) == kExitOverflow);
    CHECK(rowOfDocument(*document, RowSource::CompileLog).status == RowStatus::Overflows);
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    CHECK(diagnosis.requiredBytes == 258048);
    CHECK(diagnosis.shortBytes == 4096);
    CHECK_THAT(verdictSentence(diagnosis), Catch::StartsWith("Overflow: the compiler's error says it requires 252 KB"));
    CHECK_THAT(document->plannerNote, Catch::Contains("the compile log says the compiler's plan of ub failed"));
}

TEST_CASE("the compiler's failed figure is judged against the capacity in force")
{
    // A capacity above what the compiler required: the addresses and the figure both fit.
    CapacitySettings capacity;
    capacity.all = 300 * 1024;
    const auto document = test::loadFixture("logs/a5_failed/compile.log", capacity);
    CHECK_FALSE(document->analyses[0].overflow);
    CHECK(exitStatusFor(*document, std::nullopt) == kExitFits);
}

TEST_CASE("a compile log that succeeded after a failed attempt is no overflow")
{
    const auto document = test::loadFixture("logs/a5_retry/compile.log");
    CHECK_FALSE(document->analyses[0].overflow);
    CHECK(exitStatusFor(*document, std::nullopt) == kExitFits);
}

TEST_CASE("a compile log cut inside its planner section is bad input, not a plan")
{
    test::TempDir dir;
    const std::string whole = test::readText(test::data("logs/a5_retry/compile.log"));
    // Cut in the middle of the last section before the planner: its region never closes.
    const std::size_t last = whole.rfind("// -----// IR Dump Before PlanMemoryRegBase");
    REQUIRE(last != std::string::npos);
    const std::size_t cut = whole.find("hivm.hir.load", last);
    REQUIRE(cut != std::string::npos);
    const auto path = dir.write("cut.log", whole.substr(0, cut + 8));
    try {
        test::loadPath(path.string());
        FAIL("a cut log was planned");
    } catch (const DumpError& error) {
        CHECK_THAT(error.what(), Catch::Contains("cut short") && Catch::Contains("not closed"));
    }
}

TEST_CASE("a scope never planned whose demand exceeds the capacity overflows")
{
    const auto document = test::loadFixture("dumps/unplanned/demand_over_capacity.json");
    const PlanAnalysis& analysis = document->analyses[0];
    CHECK_FALSE(analysis.planned);
    CHECK(analysis.peakLiveBytes == 3 * 98304);
    CHECK(analysis.overflowByDemand);
    CHECK(analysis.overflow);
    CHECK(exitStatusFor(*document, std::nullopt) == kExitOverflow);
    const RunRow row = rowOfDocument(*document, RowSource::Dump);
    CHECK(row.status == RowStatus::Overflows);
    CHECK(row.peakBytes == std::optional<std::uint64_t>(3 * 98304));
}

TEST_CASE("a scope never planned whose own error is an overflow above the capacity overflows")
{
    const auto document = test::loadFixture("dumps/unplanned/error_says_overflow.json");
    const PlanAnalysis& analysis = document->analyses[0];
    CHECK_FALSE(analysis.planned);
    CHECK_FALSE(analysis.overflowByDemand); // 64 KB live at most
    CHECK(analysis.overflow);
    CHECK(exitStatusFor(*document, std::nullopt) == kExitOverflow);
    CHECK(rowOfDocument(*document, RowSource::Dump).status == RowStatus::Overflows);
}

TEST_CASE("a plan memlens did not decide gives no verdict: exit 2, an error row, no 'Fits'")
{
    PlanDocument document = *test::loadFixture("logs/a5_retry/compile.log");
    REQUIRE(exitStatusFor(document, std::nullopt) == kExitFits);
    // As a load whose search stopped marks it: every scope's analysis.
    document.analyses[0].decided = false;
    CHECK(exitStatusFor(document, std::nullopt) == kExitBadInput);
    std::ostringstream err;
    CHECK(verdictStatus(document, std::nullopt, err) == kExitBadInput);
    CHECK_THAT(err.str(), Catch::Contains("not decided"));
    const RunRow row = rowOfDocument(document, RowSource::CompileLog);
    CHECK(row.status == RowStatus::Error);
    CHECK_THAT(row.error, Catch::StartsWith("not decided"));
    CHECK_THAT(verdictSentence(diagnoseScope(document, 0)), Catch::StartsWith("Not decided"));
    // Every view's word for the scope (title bar, core picker, report, page) follows the analysis.
    CHECK(verdictOf(document.dump.scopes[0], document.analyses[0]) == PlanVerdict::NotDecided);
}
