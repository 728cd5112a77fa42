// An A5 compile retries its whole pipeline after an overflow and prints no note of it: each
// attempt prints three planner sections (two GM workspace plans, one local plan). memlens tells
// the attempt by the local plans printed and names the switches the compiler's order sets.
#include "core/compile_log/compile_log.hpp"
#include "core/compile_log/log_scan.hpp"
#include "core/document/plan_document.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace memlens;

TEST_CASE("A5 retries: the switches of each attempt, in the compiler's order", "[compile_log][a5]")
{
    CHECK(regBaseRetrySwitches(1).empty());
    CHECK(regBaseRetrySwitches(2) == std::vector<std::string>{"disable-multi-buffer-on-ub=true"});
    CHECK(regBaseRetrySwitches(3)
        == std::vector<std::string>{"disable-multi-buffer-on-ub=true", "enable-auto-multi-buffer=false"});
    const std::vector<std::string> all = {"disable-multi-buffer-on-ub=true", "enable-auto-multi-buffer=false",
        "vf-fusion-mode=all-op", "disable-vf-reachable-check=true"};
    CHECK(regBaseRetrySwitches(5) == all);
    CHECK(regBaseRetrySwitches(6) == all); // the sixth attempt only raises a tuning counter
}

TEST_CASE("A5 retries: the attempts are counted by the local plans printed", "[compile_log][a5]")
{
    const std::string path = test::data("logs/a5_retry/compile.log").string();
    const LogScan scan = scanCompileLog(path, "retry");
    CHECK(scan.sectionsOfFunction == 6);
    CHECK(scan.localSectionsOfFunction == 2);
    CHECK(scan.sectionRegBase);
    CHECK(scan.plannerRanAfter); // the last attempt's local plan fits
    CHECK_FALSE(scan.afterSectionText.empty());
    // The kept section is the second attempt's local plan: no multi-buffer mark left on %a.
    CHECK(scan.sectionText.find("memref.alloc() : memref<24576xf32") != std::string::npos);
    CHECK(scan.sectionText.find("hivm.multi_buffer") == std::string::npos);

    // Opened, the plan is the compiler's last attempt, and the log says which one and how it ran.
    const PlanDocument document = loadPlanDocument(path, {});
    CHECK(document.planSource == PlanSource::CompilerLog);
    REQUIRE(document.log);
    CHECK(document.log->retries == std::vector<std::string>{"disable-multi-buffer-on-ub=true"});
    CHECK(document.log->multiBufferingSwitchedOff());
    CHECK_THAT(document.log->note, Catch::Contains("the compiler's attempt 2"));
    CHECK_THAT(document.log->note, Catch::Contains("disable-multi-buffer-on-ub=true"));
    REQUIRE(document.dump.scopes.size() == 1);
    CHECK(document.dump.scopes[0].blocks.size() == 2); // one copy each: single-buffered
}

TEST_CASE("A5: the log's Allocated UB size is read and set beside memlens's own plan", "[compile_log][a5]")
{
    const std::string path = test::data("logs/a5_retry/compile.log").string();
    const LogScan scan = scanCompileLog(path, "retry");
    REQUIRE(scan.allocatedUbBits);
    CHECK(*scan.allocatedUbBits == 1572864);
    // memlens's own plan allocates the same: nothing to say.
    CHECK(loadPlanDocument(path, {}).plannerNote.find("Allocated UB size") == std::string::npos);

    // A log whose number is not memlens's says both.
    test::TempDir folder;
    std::string text = test::readText(path);
    const std::string line = "Allocated UB size = 1572864 bits";
    text.replace(text.find(line), line.size(), "Allocated UB size = 1000 bits");
    const auto changed = folder.path / "compile.log";
    std::ofstream(changed, std::ios::binary) << text;
    CHECK_THAT(loadPlanDocument(changed.string(), {}).plannerNote,
        Catch::Contains("the log says Allocated UB size = 1000 bits, memlens's own plan allocates 1572864 bits"));

    // A line before any planner section belongs to no plan.
    const LogScan early = scanCompileLogText("[AscendNPU IR] Allocated UB size = 64 bits \n", "", "compile.log");
    CHECK_FALSE(early.allocatedUbBits);
}
