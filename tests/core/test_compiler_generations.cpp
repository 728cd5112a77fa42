// The compiler generations as named rule sets (core/planner/compiler_generation.hpp): the
// options that imply one, `plan --compiler-generation`, and the planner check finding the
// generation on the log path (the real sample's log: the earlier generation, Lives [4, 5]).
#include "core/cli/command_line.hpp"
#include "core/cli/plan_command.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/planner_check.hpp"
#include "core/planner/compiler_generation.hpp"
#include "core/planner/plan_pass.hpp"
#include "core/run/document_row.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace memlens;
using namespace memlens::planner;

namespace {

std::string readAll(const std::filesystem::path& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("generations: named, newest first, each with its seeds and rules", "[planner][generations]")
{
    CHECK(generationsNewestFirst()
        == std::vector<CompilerGeneration>{
            CompilerGeneration::Newer, CompilerGeneration::G52f96a1, CompilerGeneration::Earlier});
    for (const CompilerGeneration generation : generationsNewestFirst())
        CHECK(parseGeneration(generationName(generation)) == generation);
    CHECK_FALSE(parseGeneration("tomorrow"));
    PlanOptions options;
    CHECK(options.generation == CompilerGeneration::Newer); // the default
    applyGeneration(options, CompilerGeneration::Earlier);
    CHECK_FALSE(options.shuffleSeeds);
    CHECK_FALSE(options.rules.selectInitKeepsYieldApart);
    applyGeneration(options, CompilerGeneration::G52f96a1);
    CHECK(options.shuffleSeeds);
    CHECK_FALSE(options.rules.sharedMemDynamicSize);
    applyGeneration(options, CompilerGeneration::Newer);
    CHECK(options.rules.sharedMemDynamicSize);
    CHECK(options.rules.selectInitKeepsYieldApart);
}

TEST_CASE("generations: a pass option implies the generation that has it", "[planner][generations]")
{
    std::string error;
    const auto simt = parsePlanPass("hivm-plan-memory-regbase=simt-vf-dynamic-size=200", error);
    REQUIRE(simt);
    CHECK(simt->impliedGeneration() == CompilerGeneration::G52f96a1);
    const auto shared = parsePlanPass("hivm-plan-memory=shared-mem-dynamic-size=221184", error);
    REQUIRE(shared);
    CHECK(shared->impliedGeneration() == CompilerGeneration::Newer);
    PlanOptions options;
    options.generation = CompilerGeneration::Earlier;
    shared->applyTo(options);
    CHECK(options.generation == CompilerGeneration::Newer);
    CHECK(options.sharedMemDynamicSizeBytes == 221184);
    CHECK_FALSE(parsePlanPass("hivm-plan-memory=shared-mem-dynamic-size=lots", error));
    CHECK(error.find("shared-mem-dynamic-size takes a size in bytes") != std::string::npos);
    CHECK_FALSE(parsePlanPass("hivm-plan-memory", error)->impliedGeneration());
}

TEST_CASE("generations: plan --compiler-generation", "[planner][generations][cli]")
{
    const PlanCommandLine named = parsePlanCommandLine({"k.mlir", "--compiler-generation", "52f96a1"});
    CHECK(named.generation == CompilerGeneration::G52f96a1);
    CHECK_THROWS_AS(parsePlanCommandLine({"k.mlir", "--compiler-generation", "old"}), CommandLineError);
    // An option of one generation with another named is a contradiction, said as such.
    CHECK_THROWS_WITH(parsePlanCommandLine({"k.mlir", "--compiler-generation", "newer", "--pass",
                          "hivm-plan-memory-regbase=simt-vf-dynamic-size=216"}),
        Catch::Contains("52f96a1"));
    CHECK(planUsageText().find("--compiler-generation") != std::string::npos);
    CHECK(planUsageText().find("2026-08-22") != std::string::npos);

    // The plan's JSON names the generation; the select-init case differs between the two.
    const std::string cases = readAll(test::data("planner_rules/generations.mlir"));
    const auto begin = cases.find("// CASE: gen_select_init_keeps_yield_apart\n");
    REQUIRE(begin != std::string::npos);
    const auto end = cases.find("// -----", begin);
    test::TempDir dir;
    const auto file = dir.write("select.mlir", cases.substr(begin, end - begin));
    auto yOffset = [&](std::vector<std::string> args) {
        args.insert(args.begin(), file.string());
        args.insert(args.end(), {"--format", "json"});
        std::ostringstream out, err;
        REQUIRE(runPlan(parsePlanCommandLine(args), out, err) == 0);
        const auto json = nlohmann::json::parse(out.str());
        std::string generation = json["compiler_generation"];
        for (const auto& alloc : json["functions"][0]["scopes"][0]["allocs"])
            if (alloc["name"] == "%y")
                return generation + " " + std::to_string(alloc["offsets"][0].get<std::uint64_t>());
        return generation + " none";
    };
    CHECK(yOffset({}) == "newer 3072");
    CHECK(yOffset({"--compiler-generation", "52f96a1"}) == "52f96a1 2048");
}

TEST_CASE("generations: the real sample's compile log reproduces with the earlier generation", "[planner][generations]")
{
    MEMLENS_REQUIRE_SAMPLES();
    // Its .ttadapter as the section before the planner, its real after_plan.mlir as the section after.
    const std::string before = readAll(test::sample("fake_attn_fwd/fake_attn_fwd.ttadapter"));
    const std::string after = readAll(test::sample("fake_attn_fwd/after_plan.mlir"));
    test::TempDir dir;
    const auto log = dir.write("compile.log",
        "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n" + before
            + "\n// -----// IR Dump After PlanMemory (hivm-plan-memory) //----- //\n" + after + "\n");
    const PlanDocument document = loadPlanDocument(log.string(), {});
    CHECK(document.planSource == PlanSource::CompilerLog);
    CHECK(document.logNote.empty()); // never "the log of another compile": it is the input
    REQUIRE(document.plannerCheck);
    CHECK(document.plannerCheck->reproduces());
    CHECK(document.plannerCheck->generation == CompilerGeneration::Earlier);
    CHECK(document.plannerCheck->seedShuffle == false);
    bool found = false;
    for (const Buffer& buffer : document.dump.scopes.at(0).buffers)
        if (buffer.ssaName == "%k_ub") {
            found = true;
            CHECK(buffer.lifeStart == 4);
            CHECK(buffer.lifeEnd == 5);
        }
    CHECK(found);
    // The run summary's row says it too.
    CHECK(rowOfDocument(document, RowSource::CompileLog).compilerGeneration == "earlier");
}
