// The rules of the compiler's hivm-plan-memory pass, one case of our own each
// (tests/data/planner_rules): liveness, every in-place branch, every memory space, multi-buffer
// slots on both sides of an in-place pair, moved pointer casts, the levels of the placement
// search, the ub reorder and largest-first, and every error and warning text. Each case's
// expectation is derived from the compiler's source (PlanMemory.cpp @52f96a1), its comment
// names the rule. memlens's planner must give every one, except the known differences below.
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_target.hpp"
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
const std::map<std::string, std::pair<const char*, const char*>> kKnownDifferences = {};

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
    CHECK(cases == 101);
    for (const auto& [name, why] : kKnownDifferences) {
        INFO("known difference " << name << " names no case");
        CHECK(differing.count(name) == 1);
    }
}

TEST_CASE("planner rules: an unknown memref op on a local buffer stops the plan, another dialect's is noted",
    "[planner][rules]")
{
    using namespace memlens::planner;
    auto planOf = [](const std::string& op) {
        const auto module = readMlir("module {\n  func.func @k(%src : memref<64xf32, #hivm.address_space<gm>>) {\n"
                                     "    %a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>\n"
                                     "    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%a : "
                                     "memref<64xf32, #hivm.address_space<ub>>)\n    "
                + op + "\n    return\n  }\n}\n",
            "unknown.mlir");
        return planFunction(module->functions.at(0), *findPlanTarget("Ascend910B1"));
    };
    const FunctionPlan dealloc = planOf("memref.dealloc %a : memref<64xf32, #hivm.address_space<ub>>");
    CHECK_FALSE(dealloc.fits);
    REQUIRE(dealloc.errors.size() == 1);
    CHECK(dealloc.errors[0]
        == "line 5: 'memref.dealloc' op error: PlanMemory Fail : Unrecognized type of Operation touches local buffer!");
    const FunctionPlan other = planOf("\"vendor.touch\"(%a) : (memref<64xf32, #hivm.address_space<ub>>) -> ()");
    CHECK(other.fits);
    CHECK(other.errors.empty());
    REQUIRE(other.notes.size() == 1);
    CHECK(other.notes[0].find("vendor.touch is not an op the planner knows") != std::string::npos);
}
