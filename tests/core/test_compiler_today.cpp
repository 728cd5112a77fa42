// Dumps as today's compiler writes them: every scope "success", scopes it never planned, a
// multi-buffered alloc listed once per copy, "requires N bits" read against the plan, and a
// stale dump of the other core beside this one. Fixtures: tests/data/dumps/compiler_today/.
#include "core/analysis/capacity.hpp"
#include "core/analysis/plan_requirement.hpp"
#include "core/analysis/unplanned_scope.hpp"
#include "core/cli/command_common.hpp"
#include "core/cli/command_line.hpp"
#include "core/cli/diff_command.hpp"
#include "core/cli/inspect_json.hpp"
#include "core/cli/report_files.hpp"
#include "core/diagnosis/diagnosis.hpp"
#include "core/diff/diff_report.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/dump/record_folding.hpp"
#include "core/source/sibling_dump.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace memlens;
using memlens::test::loadFixture;
using memlens::test::loadPath;

namespace fs = std::filesystem;

namespace {

std::shared_ptr<const PlanDocument> loadToday(const std::string& name, CapacitySettings capacity = {})
{
    return loadFixture("dumps/compiler_today/" + name, capacity);
}

nlohmann::json inspectOf(const PlanDocument& document)
{
    std::ostringstream out;
    writeInspectJson(out, document, std::nullopt);
    return nlohmann::json::parse(out.str());
}

// A folder of its own for files whose times the test sets.
struct TempFolder {
    fs::path path;
    explicit TempFolder(const std::string& name)
        : path(fs::temp_directory_path() / ("memlens-test-" + name + "-" + std::to_string(::getpid())))
    {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempFolder() { fs::remove_all(path); }
};

void writeDump(const fs::path& path, const std::string& kernel, std::chrono::minutes age)
{
    std::ofstream(path) << "{\n  \"Header\": {\n    \"KernelName\": " << nlohmann::json(kernel).dump()
                        << "\n  },\n  \"Record\": [\n    {\n      \"error_info\": \"\",\n"
                           "      \"memory_info_array\": [],\n      \"scope\": \"ub\",\n"
                           "      \"status\": \"success\"\n    }\n  ]\n}\n";
    fs::last_write_time(path, fs::file_time_type::clock::now() - age);
}

} // namespace

TEST_CASE("with no error text and no IR, the capacity is that of the targets whose compiler writes dumps",
    "[compiler_today][capacity]")
{
    CHECK(defaultCapacity("ub") == 192 * 1024);
    CHECK(defaultCapacity("cbuf") == 512 * 1024);
    CHECK(defaultCapacity("cc") == 128 * 1024);
    const Capacity guessed = resolveCapacity(std::nullopt, "ub", "", std::nullopt);
    CHECK(describeCapacitySource(guessed) == "default: Ascend910B/910_93, the targets whose compiler writes this dump");

    // 224 KB written as "success" with no error text: it overflows 192 KB, and says why the status is no verdict.
    const auto document = loadToday("fail_written_as_success.json");
    const PlanAnalysis& analysis = document->analyses.at(0);
    CHECK(analysis.capacity.bytes == 196608);
    CHECK(analysis.capacity.source == CapacitySource::Default);
    CHECK(analysis.peakAddressBytes == 229376);
    CHECK(analysis.overflow);
    CHECK(verdictOf(document->dump.scopes[0], analysis) == PlanVerdict::OverflowDespiteSuccess);
    CHECK(exitStatusFor(*document, std::nullopt) == kExitOverflow);
    const auto json = inspectOf(*document);
    CHECK(json["scopes"][0]["capacity_source"] == "default");
    CHECK(json["scopes"][0]["capacity_note"] == kDefaultCapacityNote);
    CHECK(json["scopes"][0]["planned"] == true);
    CHECK(json["scopes"][0]["overflow"] == true);
    CHECK_THAT(summaryMarkdown(*document, ""), Catch::Contains("the compiler writes success for failed plans"));
}

TEST_CASE("a scope after the failing one was never planned: no verdict, no overlaps, its demand", "[compiler_today]")
{
    const auto document = loadToday("cube_stopped_at_cbuf.json");
    REQUIRE(document->dump.scopes.size() == 2);
    const PlanAnalysis& cbuf = document->analyses[0];
    const PlanAnalysis& cc = document->analyses[1];
    CHECK(cbuf.planned);
    CHECK(cbuf.overflow); // 640 KB against 512 KB
    CHECK_FALSE(cc.planned);
    CHECK_FALSE(cc.overflow);
    CHECK(cc.overlaps.empty());
    CHECK(cc.overlapCount == 0);
    CHECK_FALSE(cc.fragmentation);
    CHECK(cc.overCapacityBlocks.empty());
    // The two 64 KB accumulators live at once from op 8: 128 KB, each storage once (not their union at 0).
    CHECK(cc.peakLiveBytes == 128 * 1024);
    CHECK(cc.peakLiveAt == 8);
    CHECK(cc.liveBytesAt(13) == 32 * 1024);
    CHECK(verdictOf(document->dump.scopes[1], cc) == PlanVerdict::NotPlanned);
    CHECK(
        notPlannedText(document->dump.scopes, document->analyses) == "not planned: the compile stopped at scope cbuf");
    CHECK(overflowCause(cc) == OverflowCause::Fits);

    const auto json = inspectOf(*document);
    const auto& planned = json["scopes"][0];
    const auto& unplanned = json["scopes"][1];
    CHECK(planned["planned"] == true);
    CHECK(planned["diagnosis"].is_object());
    CHECK(unplanned["planned"] == false);
    CHECK(unplanned["overflow"].is_null());
    CHECK(unplanned["first_overflow_at"].is_null());
    CHECK(unplanned["peak_address_bytes"].is_null());
    CHECK(unplanned["demand_bytes"] == 131072);
    CHECK(unplanned["diagnosis"].is_null());
    CHECK(unplanned["overlaps"].empty());
    CHECK(unplanned["notes"][0] == "not planned: the compile stopped at scope cbuf");
    for (const auto& block : unplanned["blocks"])
        CHECK(block["over_capacity"] == false);

    const std::string summary = summaryMarkdown(*document, "");
    CHECK_THAT(summary, Catch::Contains("## Scope `cc`: not planned"));
    CHECK_THAT(summary, Catch::Contains("not planned: the compile stopped at scope cbuf"));
    CHECK_THAT(summary, Catch::Contains("| Demand | Demand 128 KB at op 8"));
    // The cc section has no overlap warning and no diagnosis of its own.
    const std::string ccSection = summary.substr(summary.find("## Scope `cc`"));
    CHECK(ccSection.find("overlap(s)") == std::string::npos);
    CHECK(ccSection.find("### Why it overflows") == std::string::npos);
    // Exit 3: the planned cbuf overflows.
    CHECK(exitStatusFor(*document, std::nullopt) == kExitOverflow);
}

TEST_CASE("every block at 0 is a plan when no two storages are live at once", "[compiler_today]")
{
    const auto document = loadToday("all_at_zero_planned.json");
    const PlanAnalysis& analysis = document->analyses.at(0);
    CHECK(analysis.planned);
    CHECK_FALSE(analysis.overflow);
    CHECK(analysis.peakLiveBytes == 4096);
    CHECK(verdictOf(document->dump.scopes[0], analysis) == PlanVerdict::Fits);

    // The same records with two Lives crossing: not planned. One storage alone is always a plan.
    ScopePlan crossing = test::scopeOfBlocks({{0, 0, 0, 64, 1, 5, false}, {1, 0, 0, 32, 3, 7, false}});
    CHECK(wasNeverPlanned(crossing, groupStorages(crossing)));
    ScopePlan alone = test::scopeOfBlocks({{0, 0, 0, 64, 1, 5, false}});
    CHECK_FALSE(wasNeverPlanned(alone, groupStorages(alone)));
    ScopePlan moved = test::scopeOfBlocks({{0, 0, 0, 64, 1, 5, false}, {1, 0, 64, 32, 3, 7, false}});
    CHECK_FALSE(wasNeverPlanned(moved, groupStorages(moved)));
}

TEST_CASE("a multi-buffered alloc listed once per copy is one buffer, an in-place pair stays two", "[compiler_today]")
{
    const auto document = loadToday("copies_listed_twice.json");
    const ScopePlan& scope = document->dump.scopes.at(0);
    CHECK(scope.foldedRecords == 1);
    REQUIRE(scope.buffers.size() == 3);
    CHECK(scope.buffers[0].ssaName == "%alloc");
    CHECK(scope.buffers[1].ssaName == "%alloc_0");
    CHECK(scope.buffers[2].ssaName == "%alloc_1");
    for (int i = 0; i < 3; ++i)
        CHECK(scope.buffers[static_cast<std::size_t>(i)].id == i); // file order, no gap where the repeat was
    CHECK(scope.blocks.size() == 4); // %alloc's two copies, the in-place pair's two blocks
    const PlanAnalysis& analysis = document->analyses.at(0);
    CHECK(analysis.storages.count() == 3);
    CHECK(analysis.overlaps.empty());
    // 2 x 16 KB copies + one 32 KB storage for the pair.
    CHECK(analysis.peakLiveBytes == 65536);
    const auto json = inspectOf(*document);
    CHECK(json["scopes"][0]["blocks"].size() == 4);
    CHECK(json["scopes"][0]["notes"][0] == foldedRecordsNote(1));
    CHECK_THAT(foldedRecordsNote(1), Catch::StartsWith("1 record listed a buffer again"));
    CHECK_THAT(summaryMarkdown(*document, ""), Catch::Contains("1 record listed a buffer again"));

    // A record repeated with other offsets is another buffer, not a repeat.
    ScopePlan differing;
    Buffer a;
    a.ssaName = "%x";
    a.offsets = {0, 64};
    a.extentBits = 512;
    Buffer b = a;
    b.offsets = {0, 128};
    differing.buffers = {a, b, a};
    CHECK(foldRepeatedRecords(differing) == 1);
    CHECK(differing.buffers.size() == 2);
    CHECK(differing.buffers[1].offsets == std::vector<std::uint64_t>{0, 128});
    // Either record kept under one name is found again, the second as well as the first.
    differing.buffers = {a, b, b, a, b};
    CHECK(foldRepeatedRecords(differing) == 3);
    REQUIRE(differing.buffers.size() == 2);
    CHECK(differing.buffers[0].offsets == std::vector<std::uint64_t>{0, 64});
    CHECK(differing.buffers[1].offsets == std::vector<std::uint64_t>{0, 128});
}

TEST_CASE("one rule for demand and placement: a plan with more live at one op than fits is demand",
    "[compiler_today][diagnosis]")
{
    // Op 1 holds 288 B against 256 B; op 2 reaches the highest address (352 B) with 64 B live.
    CapacitySettings capacity;
    capacity.all = 256;
    const auto document = loadToday("demand_two_ops.json", capacity);
    const PlanAnalysis& analysis = document->analyses.at(0);
    REQUIRE(analysis.overflow);
    CHECK(analysis.peakLiveBytes == 288);
    CHECK(analysis.peakAddressBytes == 352);
    CHECK(overflowCause(analysis) == OverflowCause::Demand);
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    CHECK(diagnosis.criticalOp == 2);
    CHECK(diagnosis.cause == OverflowCause::Demand);
    const std::string summary = summaryMarkdown(*document, "");
    CHECK_THAT(summary, Catch::Contains("**demand**"));
    CHECK(summary.find("placement is the cause") == std::string::npos);
    CHECK(summary.find("**placement**") == std::string::npos);
    CHECK_THAT(summary, Catch::Contains("At op 1 288 B is live at once"));
    // Its requirement: 352 B high-water, 288 B live, 64 B of holes.
    const PlanRequirement requirement = planRequirement(document->dump.scopes[0], analysis);
    CHECK(requirement.placementBytes() == 64);
    CHECK_THAT(requirementText(requirement), Catch::Contains("the 64 B between them are holes left by placement"));

    // With 320 B of capacity what is live fits at every op: placement, in every text.
    capacity.all = 320;
    const auto roomier = loadToday("demand_two_ops.json", capacity);
    CHECK(overflowCause(roomier->analyses.at(0)) == OverflowCause::Placement);
    CHECK(diagnoseScope(*roomier, 0).cause == OverflowCause::Placement);
    CHECK_THAT(summaryMarkdown(*roomier, ""), Catch::Contains("**placement**"));
}

TEST_CASE("the error's requires N bits is read and named as the high-water mark", "[compiler_today]")
{
    CHECK(requiredBitsInError("ub overflow, requires 2097152 bits while 1572864 bits available!") == 2097152);
    CHECK_FALSE(requiredBitsInError("ub overflow"));
    CHECK(requiredBitsInError("cbuf overflow, requires  4718592 bits while 4194304 bits available!") == 4718592);

    MEMLENS_REQUIRE_SAMPLES();
    const auto document = test::loadOverflowSample();
    const PlanRequirement requirement = planRequirement(document->dump.scopes[0], document->analyses[0]);
    CHECK(requirement.compilerRequiresBits == 2097152);
    CHECK(requirement.compilerFigureIsHighWater());
    CHECK(requirementText(requirement)
        == "High-water mark 256 KB (the highest offset + size, the compiler's \"requires 2097152 bits\"); most live "
           "at once 256 KB at op 4: no holes, all of it is demand");
    CHECK(inspectOf(*document)["scopes"][0]["requires_bits"] == 2097152);
}

TEST_CASE("a stale dump of the other core beside this one is named", "[compiler_today][sibling]")
{
    TempFolder folder("sibling");
    const fs::path aiv = folder.path / "memory_info_aiv.json";
    const fs::path aic = folder.path / "memory_info_aic.json";

    SECTION("one mix kernel's pair, the aiv five minutes older")
    {
        writeDump(aic, "attn_mix_aic", std::chrono::minutes(0));
        writeDump(aiv, "attn_mix_aiv", std::chrono::minutes(5));
        const std::string warning = staleSiblingWarning(aiv.string(), "attn_mix_aiv");
        CHECK_THAT(warning, Catch::StartsWith("memory_info_aiv.json is 5 minutes older than memory_info_aic.json"));
        CHECK_THAT(warning, Catch::Contains("left over from an earlier compile"));
        // Seen from the other file, the same file is named.
        CHECK_THAT(staleSiblingWarning(aic.string(), "attn_mix_aic"), Catch::StartsWith("memory_info_aiv.json is 5"));
        const auto document = loadPath(aiv.string());
        CHECK(document->siblingWarning == warning);
        const auto json = inspectOf(*document);
        CHECK(json["scopes"][0]["notes"].back() == warning);
        CHECK_THAT(summaryMarkdown(*document, ""), Catch::Contains("**Warning**: memory_info_aiv.json is 5"));
    }
    SECTION("within a minute: one compile")
    {
        writeDump(aic, "attn_mix_aic", std::chrono::minutes(0));
        writeDump(aiv, "attn_mix_aiv", std::chrono::minutes(0));
        CHECK(staleSiblingWarning(aiv.string(), "attn_mix_aiv").empty());
    }
    SECTION("halves of two mix kernels do not pair")
    {
        writeDump(aic, "b_mix_aic", std::chrono::minutes(0));
        writeDump(aiv, "a_mix_aiv", std::chrono::minutes(3));
        const std::string warning = staleSiblingWarning(aiv.string(), "a_mix_aiv");
        CHECK_THAT(warning, Catch::StartsWith("memory_info_aic.json beside this dump is of kernel b_mix_aic"));
        CHECK_THAT(warning, Catch::Contains("the older, memory_info_aiv.json, is the likelier"));
    }
    SECTION("two kernels of their own say nothing of each other")
    {
        writeDump(aic, "matmul_kernel", std::chrono::minutes(0));
        writeDump(aiv, "_layer_norm_fwd", std::chrono::minutes(30));
        CHECK(staleSiblingWarning(aiv.string(), "_layer_norm_fwd").empty());
    }
    SECTION("no sibling, or another file name")
    {
        writeDump(aiv, "attn_mix_aiv", std::chrono::minutes(0));
        CHECK(staleSiblingWarning(aiv.string(), "attn_mix_aiv").empty());
        CHECK_FALSE(siblingDumpPath((folder.path / "kept-aiv.json").string()));
    }
    CHECK(peekKernelName((folder.path / "missing.json").string()) == std::nullopt);
}

TEST_CASE("diff --format md writes the dumps' strings as text", "[compiler_today][hostile][diff_command]")
{
    const std::string hostile
        = R"json({"Header": {"KernelName": "<img src=x onerror=alert(1)> **bold** [link](http://evil)"},
        "Record": [{"scope": "ub", "status": "success", "error_info": "",
        "memory_info_array": [{"buffer": "%x|<b>y</b> = memref.alloc() : memref<16xf16>", "offset": [0],
        "extent": 256, "life_time_in_ir": [0, 1], "source_location": "loc(unknown)"}]}]})json";
    TempFolder folder("diffmd");
    const fs::path a = folder.path / "a.json";
    std::ofstream(a) << hostile;
    const CommandLine commandLine = parseCommandLine({"diff", a.string(), a.string(), "--format", "md"});
    std::ostringstream out, err;
    REQUIRE(runDiff(commandLine.diff, out, err) == 0);
    const std::string md = out.str();
    INFO(md);
    // Outside code spans nothing of it is markup.
    std::string outsideCode;
    bool inCode = false;
    for (std::size_t i = 0; i < md.size(); ++i) {
        if (md[i] == '`')
            inCode = !inCode;
        else if (!inCode)
            outsideCode += md[i];
    }
    CHECK(outsideCode.find("<img") == std::string::npos);
    CHECK(outsideCode.find("<b>") == std::string::npos);
    CHECK(outsideCode.find("**bold**") == std::string::npos);
    CHECK_THAT(md, Catch::Contains("(`<img src=x onerror=alert(1)> **bold** [link](http://evil)`)"));
    CHECK_THAT(md, Catch::Contains("## `ub`: A fits, B fits"));
    CHECK_THAT(md, Catch::Contains("| `%x\\|<b>y</b>` |"));
    for (std::istringstream lines(md); !lines.eof();) {
        std::string line;
        std::getline(lines, line);
        if (line.empty() || line[0] != '|')
            continue;
        std::size_t cells = 0;
        for (std::size_t i = 0; i < line.size(); ++i)
            cells += line[i] == '|' && (i == 0 || line[i - 1] != '\\') ? 1 : 0;
        CHECK(cells == 13); // 12 columns
    }
}
