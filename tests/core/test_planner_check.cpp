// memlens's plan of the planner's IR checked against a dump, buffer by buffer, at load: the
// compiler generation that reproduces it, and what differs where none does.
#include "core/cli/inspect_json.hpp"
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "core/diagnosis/fit_map_replan.hpp"
#include "core/diff/plan_diff.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/planner_check.hpp"
#include "support/inspect_tree.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

// The what-if that halves every dimension of the fit map, multi-buffering kept, re-planned.
std::optional<PlanDocument> replannedAtHalf(const PlanDocument& document)
{
    const Diagnosis diagnosis = diagnoseScope(document, 0);
    const FitMap map = buildFitMap(document, 0, diagnosis);
    REQUIRE_FALSE(map.dims.empty());
    FitConfig halved{{}, true};
    for (const FitDimension& dim : map.dims)
        halved.values.push_back(dim.value / 2);
    return replannedDocument(document, 0, diagnosis, map, halved);
}

} // namespace

TEST_CASE("planner check: the real samples are reproduced by the older compiler's rules", "[planner_check][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    for (const std::string sample : {"fake_attn_fwd", "fake_attn_fwd_overflow"}) {
        const PlanDocument document = loadPlanDocument(test::sample(sample + "/memory_info_aiv.json").string(), {});
        REQUIRE(document.plannerCheck);
        const PlannerCheck& check = *document.plannerCheck;
        CHECK(check.reproduces());
        CHECK(check.seedShuffle == std::optional<bool>(false)); // written before the seeded retries
        CHECK(check.generation == planner::CompilerGeneration::Earlier);
        CHECK_THAT(check.irFile, Catch::EndsWith(sample + ".ttadapter"));
        REQUIRE(check.scope("ub"));
        CHECK(check.scope("ub")->buffers == document.dump.findScope("ub")->buffers.size());
        CHECK_THAT(check.summary(), Catch::StartsWith("memlens plans this dump identically ("));
    }
}

TEST_CASE("planner check: the bundled example is reproduced from its compile log by today's rules", "[planner_check]")
{
    const PlanDocument document = loadPlanDocument(test::exampleDump("block16384"), {});
    REQUIRE(document.plannerCheck);
    CHECK(document.plannerCheck->reproduces());
    CHECK(document.plannerCheck->seedShuffle == std::optional<bool>(true));
    CHECK_THAT(document.plannerCheck->irFile, Catch::EndsWith("compile.log"));
    // inspect says it per scope.
    const nlohmann::json tree = test::inspectJson(document, std::nullopt);
    const auto& check = tree["scopes"][0]["planner_check"];
    CHECK(check["reproduces"] == true);
    CHECK(check["seed_shuffle"] == true);
    CHECK(check["compiler_generation"] == "newer"); // tried first, and it plans the example as 52f96a1 does
    CHECK(check["function"] == "_layer_norm_fwd_fused");
    CHECK(check["differences"].empty());

    // Without the log, the IR beside it is the adapter's: no planner IR, and a note says why.
    LoadOptions noLog;
    noLog.searchCompileLog = false;
    const PlanDocument alone = loadPlanDocument(test::exampleDump("block16384"), noLog);
    CHECK_FALSE(alone.plannerCheck);
    const nlohmann::json aloneTree = test::inspectJson(alone, std::nullopt);
    CHECK(aloneTree["scopes"][0]["planner_check"].is_null());
    CHECK_THAT(aloneTree["scopes"][0]["planner_note"].get<std::string>(), Catch::Contains("not the planner's"));
}

TEST_CASE(
    "planner check: one offset moved by hand is named, and the what-ifs stay predicted", "[planner_check][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    test::TempDir folder;
    const fs::path sample = test::sample("fake_attn_fwd");
    fs::copy_file(sample / "fake_attn_fwd.ttadapter", folder.path / "fake_attn_fwd.ttadapter");
    nlohmann::json dump;
    {
        std::ifstream in(sample / "memory_info_aiv.json");
        in >> dump;
    }
    auto& second = dump["Record"][0]["memory_info_array"][1];
    const std::string name
        = second["buffer"].get<std::string>().substr(0, second["buffer"].get<std::string>().find(' '));
    second["offset"] = {64};
    {
        std::ofstream out(folder.path / "memory_info_aiv.json");
        out << dump.dump(2);
    }
    const PlanDocument document = loadPlanDocument((folder.path / "memory_info_aiv.json").string(), {});
    REQUIRE(document.plannerCheck);
    CHECK_FALSE(document.plannerCheck->reproduces());
    const ScopePlannerCheck* ub = document.plannerCheck->scope("ub");
    REQUIRE(ub);
    REQUIRE(ub->differences.size() == 1);
    CHECK(ub->differences[0].name == name);
    CHECK(ub->differences[0].dumpOffsets == std::vector<std::uint64_t>{64});
    CHECK(ub->differences[0].plannedOffsets == std::vector<std::uint64_t>{32});
    CHECK(document.plannerCheck->summary() == "memlens's plan differs at " + name + ": 64 in the dump, 32 planned");
    const nlohmann::json tree = test::inspectJson(document, std::nullopt);
    CHECK(tree["scopes"][0]["planner_check"]["reproduces"] == false);
    CHECK(tree["scopes"][0]["planner_check"]["differences"][0]["name"] == name);
}

TEST_CASE("planner check: the dump and its compile log opened alone give the same what-ifs, labelled alike",
    "[planner_check][diagnosis]")
{
    // One question, one answer: the example's dump (checked against the log beside it) and the log
    // itself (memlens's own plan, checked by construction) re-plan every lever to the same bytes.
    const PlanDocument dump = loadPlanDocument(test::exampleDump("block16384"), {});
    const std::string log = (test::sourceDir() / "resources/examples/layer_norm/block16384/compile.log").string();
    const PlanDocument computed = loadPlanDocument(log, {});
    REQUIRE(computed.computedFrom);
    REQUIRE(computed.plannerCheck);
    CHECK(computed.plannerCheck->reproduces());
    CHECK(computed.plannerCheck->irFile == log);
    CHECK(computed.plannerCheck->ir.lineOffset > 0); // the section's lines in the log
    const Diagnosis a = diagnoseScope(dump, 0);
    const Diagnosis b = diagnoseScope(computed, 0);
    REQUIRE(a.levers.size() == b.levers.size());
    for (std::size_t i = 0; i < a.levers.size(); ++i) {
        CHECK(a.levers[i].how == PlanMethod::Replanned);
        CHECK(b.levers[i].how == PlanMethod::Replanned);
        CHECK(a.levers[i].predictedRequiredBytes == b.levers[i].predictedRequiredBytes);
    }
    REQUIRE(a.largestFitting);
    REQUIRE(b.largestFitting);
    CHECK(a.largestFitting->value == b.largestFitting->value);
    CHECK(a.largestFitting->predictedRequiredBytes == b.largestFitting->predictedRequiredBytes);
    CHECK(a.largestFitting->predictedRequiredBytes == 196608);
}

TEST_CASE("planner check: a re-planned what-if pairs with the dump buffer by buffer, by the IR's allocs",
    "[planner_check][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    // The dump names its buffers %alloc, %alloc_0 as the compiler printed them; the IR beside it
    // %q_ub, %k_ub. A compare of the dump with a re-planned cell must pair them by alloc, never by order.
    const auto document = std::make_shared<const PlanDocument>(
        loadPlanDocument(test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string(), {}));
    REQUIRE(document->plannerCheck);
    REQUIRE(document->plannerCheck->reproduces());
    const ScopePlannerCheck* ub = document->plannerCheck->scope("ub");
    REQUIRE(ub);
    REQUIRE(ub->irNames.size() == document->dump.findScope("ub")->buffers.size());
    CHECK(ub->irNames.front() == "%q_ub");
    CHECK(document->dump.findScope("ub")->buffers.front().ssaName == "%alloc");

    const auto replanned = replannedAtHalf(*document);
    REQUIRE(replanned);
    const PlanDiff diff = diffPlans(*document, *replanned);
    const ScopeDiff* scope = diff.findScope("ub");
    REQUIRE(scope);
    for (const BufferPair& pair : scope->pairs) {
        CHECK(pair.a >= 0);
        CHECK(pair.b >= 0);
        CHECK(pair.matchedBy != std::optional<BufferMatch>(BufferMatch::Order));
    }
    CHECK(scope->count(BufferChange::Added) == 0);
    CHECK(scope->count(BufferChange::Shrunk) > 0);
}

TEST_CASE("planner check: attaching the compile log says what it changed for the what-ifs", "[planner_check]")
{
    LoadOptions noLog;
    noLog.searchCompileLog = false;
    const PlanDocument alone = loadPlanDocument(test::exampleDump("block16384"), noLog);
    const PlanDocument withLog = loadPlanDocument(test::exampleDump("block16384"), {});
    REQUIRE(withLog.log);
    const std::string text = attachedLogText(alone, withLog);
    CHECK(text
        == "The compile log names " + std::to_string(withLog.log->ops.size())
            + " ops; memlens plans this dump identically (" + std::to_string(withLog.dump.scopes[0].buffers.size())
            + " buffers): what-ifs re-planned.");
    CHECK(withLog.log->ops.size() > 10);
    // The same log read again, or no log after: nothing to say.
    CHECK(attachedLogText(withLog, withLog).empty());
    CHECK(attachedLogText(withLog, alone).empty());
}

namespace {

// The example's overflowing folder copied, its dump edited by `edit`, loaded with its compile log.
PlanDocument editedExample(test::TempDir& folder, const std::function<void(nlohmann::json&)>& edit)
{
    const fs::path example = test::sourceDir() / "resources/examples/layer_norm/block16384";
    for (const char* file : {"compile.log", "_layer_norm_fwd_fused.ttadapter"})
        fs::copy_file(example / file, folder.path / file);
    nlohmann::json dump = nlohmann::json::parse(test::readText(example / "memory_info_aiv.json"));
    edit(dump);
    std::ofstream(folder.path / "memory_info_aiv.json") << dump.dump(1);
    return loadPlanDocument((folder.path / "memory_info_aiv.json").string(), {});
}

// Every record of `buffer` (a double buffer is listed once per copy).
void forRecords(nlohmann::json& dump, const std::string& buffer, const std::function<void(nlohmann::json&)>& edit)
{
    for (auto& record : dump["Record"][0]["memory_info_array"])
        if (record["buffer"].get<std::string>().rfind(buffer + " ", 0) == 0)
            edit(record);
}

} // namespace

TEST_CASE("planner check: a dump that differs only in a Life's end is not planned identically", "[planner_check]")
{
    test::TempDir folder;
    const PlanDocument document = editedExample(folder, [](nlohmann::json& dump) {
        forRecords(dump, "%alloc_3", [](nlohmann::json& record) { record["life_time_in_ir"] = {27, 40}; });
    });
    REQUIRE(document.plannerCheck);
    CHECK_FALSE(document.plannerCheck->reproduces());
    const ScopePlannerCheck* ub = document.plannerCheck->scope("ub");
    REQUIRE(ub);
    REQUIRE(ub->differences.size() == 1);
    CHECK(ub->differences[0].name == "%alloc_3");
    CHECK(document.plannerCheck->summary()
        == "memlens's plan differs at %alloc_3: Life [27, 40] in the dump, [27, 41] planned");
}

TEST_CASE("planner check: two buffers that differ are one named and one more", "[planner_check]")
{
    test::TempDir folder;
    const PlanDocument document = editedExample(folder, [](nlohmann::json& dump) {
        forRecords(dump, "%alloc_5", [](nlohmann::json& record) { record["offset"] = {70000}; });
        forRecords(dump, "%alloc_8", [](nlohmann::json& record) { record["offset"] = {330000}; });
    });
    REQUIRE(document.plannerCheck);
    CHECK_FALSE(document.plannerCheck->reproduces());
    CHECK_THAT(document.plannerCheck->summary(), Catch::EndsWith(" (and 1 more)"));
}

TEST_CASE("planner check: an IR of several functions, none the dump's kernel, is not compared", "[planner_check]")
{
    LoadOptions options;
    options.irFile = test::data("mlir/planner_phases.mlir").string(); // four functions, no @_softmax_kernel
    const PlanDocument document = loadPlanDocument(test::data("dumps/two_scopes_multibuffer.json").string(), options);
    CHECK_FALSE(document.plannerCheck);
    CHECK(document.plannerNote == "the planner's IR has no function @_softmax_kernel");
}

TEST_CASE("planner check: a re-planned buffer points at its alloc's line in the compile log", "[planner_check]")
{
    const PlanDocument document = loadPlanDocument(test::exampleDump("block16384"), {});
    REQUIRE(document.plannerCheck);
    REQUIRE(document.plannerCheck->reproduces());
    const PlannerIr& ir = document.plannerCheck->ir;
    const std::string log = test::readText(test::sourceDir() / "resources/examples/layer_norm/block16384/compile.log");
    // The section's line 1 is the log's line offset + 1: the alloc of %alloc_3 is where the log has it.
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    std::vector<std::string> sectionLines;
    std::istringstream section(*ir.text);
    for (std::string line; std::getline(section, line);)
        sectionLines.push_back(line);
    int allocLine = 0;
    for (std::size_t i = 0; i < sectionLines.size() && allocLine == 0; ++i)
        if (sectionLines[i].find("%alloc_3 = memref.alloc") != std::string::npos)
            allocLine = static_cast<int>(i) + 1;
    REQUIRE(allocLine > 0);
    const std::size_t logLine = static_cast<std::size_t>(allocLine + ir.lineOffset);
    REQUIRE(logLine <= lines.size());
    CHECK_THAT(lines[logLine - 1], Catch::Contains("%alloc_3 = memref.alloc"));
}

TEST_CASE("planner check: a what-if re-planned from the compile log names each buffer's place as the dump does",
    "[planner_check]")
{
    // The log prints locations as #loc aliases: the re-planned buffers must read them through
    // the aliases (their Python line, and so the .ttadapter's IR line), not fall back to a line
    // of compile.log, or B's IR and Python panes in a compare have nothing to show.
    const auto document = std::make_shared<const PlanDocument>(loadPlanDocument(test::exampleDump("block16384"), {}));
    REQUIRE(document->plannerCheck);
    REQUIRE(document->plannerCheck->reproduces());
    REQUIRE(document->plannerCheck->ir.file.find("compile.log") != std::string::npos);
    const auto replanned = replannedAtHalf(*document);
    REQUIRE(replanned);

    const ScopePlan& a = document->dump.scopes[0];
    const ScopePlan& b = replanned->dump.scopes[0];
    const PlanDiff diff = diffPlans(*document, *replanned);
    const ScopeDiff* scope = diff.findScope("ub");
    REQUIRE(scope);
    REQUIRE(scope->pairs.size() == a.buffers.size());
    for (const BufferPair& pair : scope->pairs) {
        REQUIRE(pair.a >= 0);
        REQUIRE(pair.b >= 0);
        const std::string& location = b.buffers[static_cast<std::size_t>(pair.b)].location();
        CHECK(location == a.buffers[static_cast<std::size_t>(pair.a)].location());
        CHECK(location.find("compile.log") == std::string::npos);
    }
    std::size_t withIr = 0;
    std::size_t withPython = 0;
    for (const memlens::Block& block : b.blocks) {
        const BlockSource* source = replanned->sourceOf(0, block);
        REQUIRE(source);
        withIr += source->ir ? 1 : 0;
        withPython += source->python ? 1 : 0;
    }
    std::size_t aWithIr = 0;
    for (const memlens::Block& block : a.blocks)
        aWithIr += document->sourceOf(0, block)->ir ? 1 : 0;
    CHECK(withIr == b.blocks.size());
    CHECK(withPython == b.blocks.size());
    CHECK(aWithIr == a.blocks.size());
}
