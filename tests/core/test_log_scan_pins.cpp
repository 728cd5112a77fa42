// Pins of the compile log reader found by a mutation run: which section is the
// function's (a name that only starts like it is another function) and the outcome
// of the last attempt (an earlier attempt's "IR Dump After PlanMemory" is not it).
#include "core/compile_log/compile_log.hpp"
#include "core/compile_log/log_scan.hpp"
#include "core/dump/dump_parser.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace memlens;

namespace {

const std::string kBefore = "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\n";
const std::string kAfter = "// -----// IR Dump After PlanMemory (hivm-plan-memory) //----- //\n";
const std::string kAfterFailed = "// -----// IR Dump After PlanMemory Failed (hivm-plan-memory) //----- //\n";

// A section's IR: one function `name` with an empty body.
std::string section(const std::string& name)
{
    return "module {\n  func.func @" + name + "(%arg0: i32) {\n    return\n  }\n}\n";
}

// The dump of kernel `k` with nothing planned: any section of @k fits it.
Dump emptyDumpOf(const std::string& kernel)
{
    return parseDumpText(R"json({"Header": {"KernelName": ")json" + kernel + R"json("}, "Record": [{"scope": "ub",
        "status": "success", "error_info": "", "memory_info_array": []}]})json",
        kernel + ".json");
}

// The outcome the log view shows for `log` read for kernel `kernel` ("" when unknown).
std::string outcomeOf(const std::string& log, const std::string& kernel)
{
    const CompileLogResult result
        = compileLogFromScan(scanCompileLogText(log, kernel, "x.log"), emptyDumpOf(kernel), nullptr);
    REQUIRE(result.log);
    return result.log->outcome.value_or("");
}

} // namespace

TEST_CASE("log scan pins: a function whose name only starts with the one asked for is another function",
    "[compile_log][pins]")
{
    // The last section is @_attn_fwd_v2's: the dump of @_attn_fwd was written by the first one.
    const std::string log = "[INFO] compiling\n" + kBefore + section("_attn_fwd") + kBefore + section("_attn_fwd_v2");
    const LogScan scan = scanCompileLogText(log, "_attn_fwd", "x.log");
    CHECK(scan.sectionsSeen == 2);
    CHECK(scan.sectionsOfFunction == 1);
    CHECK(scan.sectionFirstLine == 3); // the first section's IR, not the second's (line 9)
    CHECK_THAT(scan.sectionText, Catch::Contains("func.func @_attn_fwd("));
    CHECK(scan.sectionText.find("_attn_fwd_v2") == std::string::npos);
    // A log of @_attn_fwd_v2 alone holds nothing of @_attn_fwd.
    const LogScan other = scanCompileLogText(kBefore + section("_attn_fwd_v2"), "_attn_fwd", "x.log");
    CHECK(other.sectionsOfFunction == 0);
    CHECK(other.sectionText.empty());
    // The name followed by a space, or ending the line, is the function.
    CHECK(scanCompileLogText(kBefore + "func.func @_attn_fwd {\n}\n", "_attn_fwd", "x.log").sectionsOfFunction == 1);
    CHECK(scanCompileLogText(kBefore + "func.func @_attn_fwd\n}\n", "_attn_fwd", "x.log").sectionsOfFunction == 1);
}

TEST_CASE("log scan pins: the outcome is the last attempt's, not an earlier one's", "[compile_log][pins]")
{
    // The first attempt's planner ran; the retry's section has no "After" line (the log ends):
    // whether the last attempt's planner succeeded is not known.
    const std::string ranThenUnknown = kBefore + section("k") + kAfter + section("k") + kBefore + section("k");
    const LogScan scan = scanCompileLogText(ranThenUnknown, "k", "x.log");
    CHECK(scan.sectionsOfFunction == 2);
    CHECK_FALSE(scan.plannerRanAfter);
    CHECK_FALSE(scan.plannerFailedAfter);
    CHECK(outcomeOf(ranThenUnknown, "k").empty()); // not "succeeded"

    // The first attempt's planner failed, the retry's succeeded: the compile succeeded.
    const std::string failedThenRan
        = kBefore + section("k") + kAfterFailed + section("k") + kBefore + section("k") + kAfter + section("k");
    const LogScan retried = scanCompileLogText(failedThenRan, "k", "x.log");
    CHECK(retried.plannerRanAfter);
    CHECK_FALSE(retried.plannerFailedAfter);
    CHECK(outcomeOf(failedThenRan, "k") == "succeeded"); // not "failed"

    // Each attempt's own "After" line still gives its outcome.
    CHECK(outcomeOf(kBefore + section("k") + kAfter + section("k"), "k") == "succeeded");
    CHECK(outcomeOf(kBefore + section("k") + kAfterFailed + section("k"), "k") == "failed");
}

TEST_CASE("a log printing the planner per function keeps the kernel's own after-section", "[compile_log]")
{
    // Before @k, After @k (the kernel's offsets), then the same for @other.
    const std::string afterK = "module {\n  func.func @k(%arg0: i32) {\n    // k's plan\n    return\n  }\n}\n";
    const std::string log
        = kBefore + section("k") + kAfter + afterK + kBefore + section("other") + kAfter + section("other");
    const LogScan scan = scanCompileLogText(log, "k", "x.log");
    CHECK(scan.plannerRanAfter);
    CHECK_THAT(scan.afterSectionText, Catch::Contains("// k's plan"));
    CHECK_THAT(scan.afterSectionText, !Catch::Contains("@other"));
}

TEST_CASE("another function's failed planner is not the kernel's outcome", "[compile_log]")
{
    const std::string log
        = kBefore + section("k") + kAfter + section("k") + kBefore + section("other") + kAfterFailed + section("other");
    const LogScan scan = scanCompileLogText(log, "k", "x.log");
    CHECK(scan.plannerRanAfter);
    CHECK_FALSE(scan.plannerFailedAfter);
    CHECK(outcomeOf(log, "k") == "succeeded");
}

TEST_CASE("an earlier compile's Allocated UB size is not a later compile's", "[compile_log]")
{
    const std::string allocated = "[AscendNPU IR] Allocated UB size = 1024 bits \n";
    const std::string first = kBefore + section("k") + kAfter + section("k") + allocated;
    const LogScan once = scanCompileLogText(first, "k", "x.log");
    CHECK(once.allocatedUbBits == std::optional<std::uint64_t>(1024));
    // A second compile of the kernel that printed no size: none is known for it.
    const LogScan twice = scanCompileLogText(first + kBefore + section("k") + kAfter + section("k"), "k", "x.log");
    CHECK_FALSE(twice.allocatedUbBits);
}

TEST_CASE("the kernels a compile log's sections define, VF functions left out", "[compile_log]")
{
    const std::string vf = "module {\n  func.func @k_vf(%arg0: i32) attributes {hivm.vector_function} {\n    return\n  "
                           "}\n  func.func @k(%arg0: i32) {\n    return\n  }\n}\n";
    const LogScan scan
        = scanCompileLogText(kBefore + vf + kBefore + section("b") + kBefore + section("k"), "", "x.log");
    CHECK(scan.sectionKernels == std::vector<std::string>{"k", "b"});
}
