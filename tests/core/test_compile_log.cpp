// The compile log: its last section before the memory planner, numbered as the planner
// numbers ops, checked against the dump, and what it says of retries and the outcome.
#include "core/cli/inspect_json.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/compile_log/log_scan.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"
#include "support/inspect_tree.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace memlens;
using memlens::test::inspectJson;
namespace fs = std::filesystem;

namespace {

using test::readText;

const std::string kSoftmaxDir = "logs/softmax";

} // namespace

TEST_CASE("a compile log's last planner section is kept, with its retries and outcome", "[compile_log]")
{
    const fs::path log = test::data(kSoftmaxDir + "/compile.log");
    const LogScan scan = scanCompileLog(log.string(), "_softmax_fwd");
    CHECK(scan.sectionsSeen == 2);
    CHECK(scan.sectionsOfFunction == 2);
    CHECK(scan.sectionFunction == "_softmax_fwd");
    CHECK(scan.sectionFirstLine == 24); // the second section, the last attempt's
    CHECK_THAT(scan.sectionText, Catch::Contains("loc(#loc2)"));
    CHECK_THAT(scan.sectionText, Catch::Contains("#loc5 = loc(\"/home/dev/kernels/softmax.py\":29:4)"));
    CHECK(scan.sectionText.find("[hivm-plan-memory]") == std::string::npos);
    CHECK(scan.retries == std::vector<std::string>{"enable-code-motion=false", "enable-auto-multi-buffer=false"});
    CHECK(scan.stillFailed);
    REQUIRE(scan.overflowError);
    CHECK_THAT(*scan.overflowError, Catch::StartsWith("ub overflow, requires 2621440 bits while 1572864 bits"));
    REQUIRE(scan.dmaReuseWarning);
    CHECK_THAT(*scan.dmaReuseWarning, Catch::Contains("Not reusing dma buffer needs 262144 bits"));
    // The file and the text give the same scan.
    const LogScan fromText = scanCompileLogText(readText(log), "_softmax_fwd", log.string());
    CHECK(fromText.sectionText == scan.sectionText);
    CHECK(fromText.sectionFirstLine == scan.sectionFirstLine);
    // Another function's sections are not kept.
    CHECK(scanCompileLog(log.string(), "_other_kernel").sectionText.empty());
}

TEST_CASE("ops are numbered as the planner numbers them, elided terminators and if entries included", "[compile_log]")
{
    const auto document = test::loadFixture(kSoftmaxDir + "/memory_info_aiv.json");
    REQUIRE(document->log); // found beside the dump by itself
    const CompileLog& log = *document->log;
    CHECK(log.function == "_softmax_fwd");
    std::vector<std::string> names;
    for (const LogOp& op : log.ops)
        names.push_back(op.name);
    CHECK(names
        == std::vector<std::string>{"arith.constant", "arith.constant", "memref.alloc", "memref.alloc",
            "scf.for (begin)", "hivm.hir.load", "hivm.hir.vexp", "scf.if (begin)", "hivm.hir.vmul", "scf.yield",
            "scf.if (else)", "hivm.hir.store", "scf.yield", "scf.for (end)", "func.return"});
    // Log lines and Python lines of the ops.
    CHECK(log.ops[5].logLine == 30);
    REQUIRE(log.ops[5].python);
    CHECK(log.ops[5].python->line == 24);
    CHECK(log.ops[5].pythonText == "x = tl.load(X + i * BLOCK + cols)");
    CHECK(log.describe(6) == "op 6  hivm.hir.vexp  softmax.py:25");
    CHECK(lifeText(&log, 5, 11)
        == "Life [5, 11]: from op 5 hivm.hir.load (softmax.py:24 x = tl.load(X + i * BLOCK + cols)) to op 11 "
           "hivm.hir.store (softmax.py:29 tl.store(Y + i * BLOCK + cols, e))");
    CHECK(lifeText(nullptr, 5, 11) == "Life [5, 11]");
    CHECK(log.multiBufferingSwitchedOff());
    CHECK(log.outcome == "failed");
    CHECK_THAT(log.note, Catch::StartsWith("the last of 2 sections dumped before hivm-plan-memory for _softmax_fwd"));

    // inspect: the log, the ops, and each block's first and last op.
    std::ostringstream out;
    writeInspectJson(out, *document, std::nullopt);
    const auto json = nlohmann::json::parse(out.str());
    CHECK(json["log"]["function"] == "_softmax_fwd");
    CHECK(json["log"]["ops"] == 15);
    CHECK(json["log"]["retries"]
        == nlohmann::json::array({"enable-code-motion=false", "enable-auto-multi-buffer=false"}));
    CHECK(json["log"]["outcome"] == "failed");
    CHECK(json["ops"].size() == 15);
    CHECK(json["ops"][11]["op"] == "hivm.hir.store");
    CHECK(json["ops"][11]["log_line"] == 35);
    CHECK(json["ops"][11]["python"]["line"] == 29);
    CHECK(json["scopes"][0]["blocks"][0]["start_op"] == "scf.for (begin)");
    CHECK(json["scopes"][0]["blocks"][0]["end_op"] == "scf.for (end)");
    // The streamed text is the tree's.
    CHECK(nlohmann::ordered_json::parse(out.str()) == inspectJson(*document, std::nullopt));
}

TEST_CASE("a log of another compile is not used, and --log that does not fit is an error", "[compile_log]")
{
    // The log's section has 15 ops; a dump whose Lives reach op 40 is of another compile.
    Dump dump = parseDumpText(R"json({"Header": {"KernelName": "_softmax_fwd"}, "Record": [{"scope": "ub",
        "status": "success", "error_info": "", "memory_info_array": [{"buffer":
        "%alloc = memref.alloc() : memref<16xf16, #hivm.address_space<ub>>", "offset": [0], "extent": 256, "life_time_in_ir": [30, 40],
        "source_location": "loc(unknown)"}]}]})json",
        "other.json");
    const fs::path log = test::data(kSoftmaxDir + "/compile.log");
    const CompileLogResult result = readCompileLog(log.string(), dump, nullptr);
    CHECK_FALSE(result.log);
    CHECK_THAT(result.problem, Catch::Contains("has 15 ops, the dump's Lives reach op 40"));

    // Lives inside the range but on ops that do not touch the buffer.
    dump.scopes[0].buffers[0].lifeStart = 0;
    dump.scopes[0].buffers[0].lifeEnd = 1;
    dump.scopes[0].blocks[0].start = 0;
    dump.scopes[0].blocks[0].end = 1;
    CHECK_THAT(readCompileLog(log.string(), dump, nullptr).problem, Catch::Contains("fall on ops that do not touch"));

    LoadOptions options;
    options.logFile = log.string();
    options.logRequired = true;
    options.searchTritonCache = false;
    CHECK_THROWS_AS(buildPlanDocument(dump, (fs::temp_directory_path() / "other.json").string(), options), DumpError);
    options.logFile = (fs::temp_directory_path() / "no-such-memlens.log").string();
    CHECK_THROWS_AS(buildPlanDocument(dump, (fs::temp_directory_path() / "other.json").string(), options), DumpError);
}

TEST_CASE("a log made of the real overflow sample's IR names the ops of its Lives", "[compile_log][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const std::string ir = readText(test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter"));
    const std::string text = "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n" + ir;
    const Dump dump = loadDumpFile(test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string());
    const CompileLogResult result
        = compileLogFromScan(scanCompileLogText(text, dump.kernel, "attn.log"), dump, nullptr);
    REQUIRE(result.log);
    const CompileLog& log = *result.log;
    // Lives [3, 6] and [4, 5].
    CHECK(log.op(3)->name == "hivm.hir.load");
    CHECK(log.op(6)->name == "hivm.hir.store");
    CHECK(log.op(4)->name == "hivm.hir.load");
    CHECK(log.op(5)->name == "hivm.hir.vadd");
    CHECK(log.op(7)->name == "func.return");
    CHECK(log.op(3)->logLine == 1 + 21); // the header, then the IR's line 21
}

TEST_CASE("the log reader survives lines of any length and sections without end", "[compile_log][hostile]")
{
    std::string text = "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\nfunc.func @k() {\n  ";
    text += std::string(3u << 20, 'x'); // a 3 MB line inside the section
    text += "\n[NOTE] Due to Ub overflow, automatically set to, set  to false, set x to\n";
    const fs::path path = fs::temp_directory_path() / ("memlens-long-" + std::to_string(::getpid()) + ".log");
    std::ofstream(path, std::ios::binary) << text;
    const LogScan scan = scanCompileLog(path.string(), "k");
    fs::remove(path);
    CHECK(scan.sectionsOfFunction == 1);
    CHECK(scan.sectionText.size() < (2u << 20)); // the long line was cut at the line limit
    CHECK(scan.retries.empty());
    // Nothing readable: no section, a clear problem.
    const Dump dump = parseDumpText(R"json({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub",
        "status": "success", "error_info": "", "memory_info_array": []}]})json",
        "k.json");
    CHECK_THAT(compileLogFromScan(scanCompileLogText("no IR here\n", "k", "x.log"), dump, nullptr).problem,
        Catch::Contains("holds no \"IR Dump Before PlanMemory (hivm-plan-memory)\" section"));
}

TEST_CASE("a large plan links its sources and reads its log beside its analysis, and a log that does not fit fails it",
    "[compile_log]")
{
    // Past the threshold the sources and the log are worked out on the analysis's second thread.
    std::string text = R"json({"Header": {"KernelName": "_softmax_fwd"}, "Record": [{"scope": "ub",
        "status": "success", "error_info": "", "memory_info_array": [)json";
    const int buffers = 60000;
    for (int i = 0; i < buffers; ++i) {
        text += i ? "," : "";
        text += R"({"buffer": "%alloc_)" + std::to_string(i)
            + R"( = memref.alloc() : memref<16xf16, #hivm.address_space<ub>>", "offset": [)"
            + std::to_string(32 * (i % 500))
            + R"(], "extent": 256, "life_time_in_ir": [30, 40], "source_location": "loc(\"/k.py\":)"
            + std::to_string(i % 7000) + R"x(:4)"})x";
    }
    text += "]}]}";
    const Dump dump = parseDumpText(text, "large.json");
    REQUIRE(dump.scopes.at(0).blocks.size() == buffers);

    LoadOptions options;
    options.searchTritonCache = false;
    const PlanDocument document = buildPlanDocument(dump, (fs::temp_directory_path() / "large.json").string(), options);
    // Read, never changed: the plan is still the one given (a copy taken under the analysis's
    // reader would leave it reading freed blocks).
    CHECK(document.dump.scopes.sharesWith(dump.scopes));
    REQUIRE(document.sources.size() == 1);
    CHECK(document.sources[0].size() == buffers);
    const BlockSource* last = document.sourceOf(0, document.dump.scopes[0].blocks.back());
    REQUIRE(last);
    REQUIRE(last->python);
    CHECK(last->python->line == (buffers - 1) % 7000);
    CHECK(document.lineInfo == LineInfo::Present);
    REQUIRE(document.analyses.size() == 1);
    CHECK(document.analyses[0].peakLiveBytes == analyzeUsage(dump.scopes[0]).peakLiveBytes);

    // The log of 15 ops does not fit Lives reaching op 40: required, the load fails.
    options.logFile = test::data(kSoftmaxDir + "/compile.log").string();
    options.logRequired = true;
    CHECK_THROWS_AS(buildPlanDocument(dump, (fs::temp_directory_path() / "large.json").string(), options), DumpError);
}

TEST_CASE("a log past 2^31 lines numbers its ops in 64 bits", "[compile_log][samples][hostile]")
{
    // A 2.2 GB log of newlines made the line count wrap ("log_line": -2094967293): the same
    // section read as the part of a log that starts at line 3,000,000,000.
    MEMLENS_REQUIRE_SAMPLES();
    const std::string ir = readText(test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter"));
    const std::string text = "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n" + ir;
    const Dump dump = loadDumpFile(test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string());
    constexpr std::int64_t kFirst = 3000000000;
    const LogScan scan = scanCompileLogText(text, dump.kernel, "big.log", kFirst);
    CHECK(scan.sectionFirstLine == kFirst + 1);
    const CompileLogResult result = compileLogFromScan(scan, dump, nullptr);
    REQUIRE(result.log);
    CHECK(result.log->op(3)->logLine == kFirst + 21);
    CHECK_THAT(result.log->note, Catch::Contains("from line 3000000001"));
}
