// A scope whose storages at one op need more than its capacity fails without the search
// within capacity; the plan must be the one the full search ends at, seed for seed.
#include "bench/generated_ir.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace memlens::planner;

namespace {

void requireSame(const FunctionPlan& a, const FunctionPlan& b)
{
    CHECK(a.fits == b.fits);
    CHECK(a.seed == b.seed);
    CHECK(a.errors == b.errors);
    REQUIRE(a.scopes.size() == b.scopes.size());
    for (std::size_t s = 0; s < a.scopes.size(); ++s) {
        const PlannedScope& x = a.scopes[s];
        const PlannedScope& y = b.scopes[s];
        CHECK(x.fits == y.fits);
        CHECK(x.requiresBits == y.requiresBits);
        CHECK(x.errorInfo == y.errorInfo);
        CHECK(x.highWaterBits == y.highWaterBits);
        REQUIRE(x.allocs.size() == y.allocs.size());
        for (std::size_t i = 0; i < x.allocs.size(); ++i) {
            CHECK(x.allocs[i].offsets == y.allocs[i].offsets);
            CHECK(x.allocs[i].storage == y.allocs[i].storage);
        }
        REQUIRE(x.dumpItems.size() == y.dumpItems.size());
        for (std::size_t i = 0; i < x.dumpItems.size(); ++i)
            CHECK(x.dumpItems[i].offsets == y.dumpItems[i].offsets);
    }
}

// Plans every function of `text` with and without the proof; returns how many failed.
int compareBoth(const std::string& text, PlanOptions options = {})
{
    const auto module = readMlir(text);
    const PlanTarget target = *findPlanTarget(planTargetName(*module));
    int failed = 0;
    for (const Function* function : deviceFunctions(*module)) {
        INFO("@" << function->name);
        options.proveOverflow = true;
        const FunctionPlan proved = planFunction(*function, target, options);
        options.proveOverflow = false;
        const FunctionPlan searched = planFunction(*function, target, options);
        requireSame(proved, searched);
        failed += proved.fits ? 0 : 1;
    }
    return failed;
}

} // namespace

TEST_CASE("overflow proof: generated functions fail as the full search fails", "[planner][overflow_proof]")
{
    int failed = 0;
    for (unsigned seed = 1; seed <= 6; ++seed)
        for (const int rowsScale : {2, 4}) {
            INFO("seed " << seed << ", rows x" << rowsScale);
            PlanOptions options;
            options.attempts = 3;
            failed += compareBoth(memlens::bench::generatedIr(rowsScale, 3, seed), options);
        }
    CHECK(failed > 0); // the proof was used
}

TEST_CASE("overflow proof: the planner cases and the real samples", "[planner][overflow_proof][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    std::istringstream lines(memlens::test::readText(memlens::test::sample("planner/plan-memory.mlir")));
    std::string line, current;
    int failed = 0;
    while (std::getline(lines, line)) {
        if (line.rfind("// -----", 0) == 0) {
            failed += compareBoth(current);
            current.clear();
        } else {
            current += line + "\n";
        }
    }
    failed += compareBoth(current);
    failed += compareBoth(
        memlens::test::readText(memlens::test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter")));
    CHECK(failed > 0);
}
