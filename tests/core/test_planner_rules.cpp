// The rules of the compiler's hivm-plan-memory pass, one case of our own each
// (tests/data/planner_rules): liveness, every in-place branch, every memory space, multi-buffer
// slots on both sides of an in-place pair, moved pointer casts, the levels of the placement
// search, the ub reorder and largest-first, and every error and warning text. Each case's
// expectation is derived from the compiler's source (PlanMemory.cpp @52f96a1), its comment
// names the rule. memlens's planner must give every one, except the known differences below.
#include "support/planner_cases.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>

namespace {

const char* const kRuleFiles[] = {"liveness.mlir", "inplace.mlir", "spaces.mlir", "multibuffer.mlir", "levels.mlir",
    "diagnostics.mlir", "regbase.mlir", "generations.mlir"};

// Where memlens's planner still differs from the compiler, by case: the rule and what memlens
// does instead (a part of the checker's message that shows the difference is still there).
// A case that starts passing must leave this list.
const std::map<std::string, std::pair<const char*, const char*>> kKnownDifferences = {
    {"rules_error_unknown_op_touches_local_buffer",
        {"CheckIfUnknownOpTouchBuffer: the compiler stops at an op it does not know that touches a local "
         "buffer; memlens treats the op as a reader and notes it (its list of op kinds is shorter than the "
         "compiler's, so an error there could refuse IR the compiler plans)",
            "error missing"}},
};

} // namespace

TEST_CASE("planner rules: our case of every rule of the compiler's pass", "[planner][rules]")
{
    std::set<std::string> names;
    std::set<std::string> differing;
    int cases = 0;
    int passed = 0;
    for (const char* file : kRuleFiles) {
        const auto path = memlens::test::data(std::string("planner_rules/") + file);
        INFO("file " << path.string());
        REQUIRE(std::filesystem::exists(path)); // our own files: missing is a failure, not a skip
        for (const std::string& text : memlens::test::splitPlannerCases(memlens::test::readText(path))) {
            if (text.find("func.func") == std::string::npos)
                continue;
            ++cases;
            INFO(file << " case " << cases);
            CHECK(text.find("// CASE: ") != std::string::npos);
            CHECK(text.find("// RULE: ") != std::string::npos); // every case names its rule
            const auto result = memlens::test::checkPlannerCase(text, file);
            INFO(result.name << ": " << result.why);
            CHECK(names.insert(result.name).second);
            const auto known = kKnownDifferences.find(result.name);
            if (known == kKnownDifferences.end()) {
                CHECK(result.passed);
            } else {
                differing.insert(result.name);
                INFO("known difference, " << known->second.first);
                CHECK_FALSE(result.passed);
                CHECK(result.why.find(known->second.second) != std::string::npos);
            }
            passed += result.passed ? 1 : 0;
        }
    }
    std::cout << "planner rules: " << passed << "/" << cases << " cases (" << kKnownDifferences.size()
              << " known differences)\n";
    CHECK(cases == 100);
    for (const auto& [name, why] : kKnownDifferences) {
        INFO("known difference " << name << " names no case");
        CHECK(differing.count(name) == 1);
    }
}
