#include "core/cli/plan_page.hpp"
#include "core/cli/report_files.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/text/csv.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace memlens;

TEST_CASE("CSV fields with commas, quotes or line breaks are quoted with doubled quotes", "[csv]")
{
    CHECK(csvField("plain") == "plain");
    CHECK(csvField("a,b") == "\"a,b\"");
    CHECK(csvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csvField("two\nlines") == "\"two\nlines\"");
    CHECK(csvRow({"a", "b,c", ""}) == "a,\"b,c\",\r\n");
}

TEST_CASE("CSV: a negative number stays a number, a formula becomes text", "[csv]")
{
    CHECK(csvField("-65536") == "-65536");
    CHECK(csvField("+3.5") == "+3.5");
    CHECK(csvField("-") == "'-");
    CHECK(csvField("-1+1") == "'-1+1");
    CHECK(csvField("=SUM(A1)") == "'=SUM(A1)");
    CHECK(csvField("-2.") == "'-2.");
}

TEST_CASE("blocks.csv has the stable header and one row per block of every scope", "[csv]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const std::string csv = blocksCsv(document);
    CHECK(csv.rfind("scope,id,buffer,copy,offset,size,start,end,tmp,over_capacity,location,ir_file,ir_line,python_file,"
                    "python_line,name,storage\r\n",
              0)
        == 0);
    std::size_t lines = 0;
    for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2))
        ++lines;
    CHECK(lines == 1 + 4 + 1);
    CHECK(csv.find(
              "ub,0,\"%x_tile = memref.alloc() : memref<4096xf16, #hivm.address_space<ub>>\",1,8192,8192,2,9,false,0,"
              "\"loc(\"\"/work/kernels/softmax.py\"\":21:12)\"")
        != std::string::npos);
    CHECK(csv.find("\r\ncbuf,3,") != std::string::npos);
}

TEST_CASE("blocks.csv says how far each block reaches above the capacity, as the table does", "[csv]")
{
    LoadOptions options;
    options.capacity.all = 20 * 1024; // ub: the 16 KB buffer at 16 KB ends at 32 KB, 12 KB over
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options);
    const std::string csv = blocksCsv(document);
    // Columns 9 and 10: tmp, then the bytes above the capacity (0 for a block that fits).
    const auto field = [](const std::string& row, int index) {
        std::size_t from = 0;
        bool quoted = false;
        int column = 0;
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (row[i] == '"')
                quoted = !quoted;
            else if (row[i] == ',' && !quoted) {
                if (column == index)
                    return row.substr(from, i - from);
                ++column;
                from = i + 1;
            }
        }
        return column == index ? row.substr(from) : std::string();
    };
    bool sawOver = false;
    for (std::size_t at = csv.find("\r\n"); at != std::string::npos && at + 2 < csv.size();
         at = csv.find("\r\n", at + 2)) {
        const std::string row = csv.substr(at + 2, csv.find("\r\n", at + 2) - at - 2);
        const std::uint64_t end = std::stoull(field(row, 4)) + std::stoull(field(row, 5));
        const std::string over = field(row, 9);
        INFO(row);
        if (row.rfind("ub,", 0) == 0 && end > 20 * 1024) {
            CHECK(over == std::to_string(end - 20 * 1024));
            sawOver = true;
        } else if (row.rfind("ub,", 0) == 0) {
            CHECK(over == "0");
        }
    }
    CHECK(sawOver);
}

TEST_CASE("live_at_peak.csv lists the blocks live at each scope's peak", "[csv]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const std::string csv = liveAtPeakCsv(document);
    // ub peaks at op 5 (both tile copies, row_max and the temp); cbuf at op 1.
    std::size_t rows = 0;
    for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2))
        ++rows;
    CHECK(rows == 1 + 4 + 1);
}

TEST_CASE("summary.md lists the blocks live at each scope's peak, highest address first", "[csv][summary]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const std::string summary = summaryMarkdown(document, "");
    // ub: nothing above capacity, yet its peak is listed: 4 blocks at op 5, cbuf's at op 1.
    const auto& analysis = document.analyses[0];
    REQUIRE(analysis.peakLiveAt);
    const std::vector<int> live = liveBlocksAt(document.dump.scopes[0], *analysis.peakLiveAt);
    REQUIRE(live.size() == 4);
    const std::string heading
        = "### Blocks live at the peak (op " + std::to_string(*analysis.peakLiveAt) + ", 4 blocks)";
    const std::size_t at = summary.find(heading);
    REQUIRE(at != std::string::npos);
    // Rows until the next blank line, one per live block, ordered by end address, descending.
    const std::size_t tableEnd = summary.find("\n\n", summary.find("|---", at));
    const std::string table = summary.substr(at, tableEnd - at);
    std::vector<std::uint64_t> ends;
    for (std::size_t row = table.find("\n| `"); row != std::string::npos; row = table.find("\n| `", row + 1)) {
        const std::size_t open = table.find("| [", row);
        const std::size_t sep = table.find(", ", open);
        const std::size_t close = table.find(")", sep);
        ends.push_back(std::stoull(table.substr(sep + 2, close - sep - 2)));
    }
    CHECK(ends.size() == live.size());
    std::vector<std::uint64_t> expected;
    for (int b : live)
        expected.push_back(document.dump.scopes[0].blocks[static_cast<std::size_t>(b)].addressEnd());
    std::sort(expected.rbegin(), expected.rend());
    CHECK(ends == expected);
    CHECK(summary.find("No block ends above capacity.") != std::string::npos);
}

TEST_CASE("the report charts the scope that overflows", "[csv]")
{
    LoadOptions options;
    options.capacity.byScope["cbuf"] = 1024;
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options);
    CHECK(reportScopeIndex(document) == 1);
    const std::string summary = summaryMarkdown(document, "chart.png");
    CHECK(summary.find("## Scope `ub`: compiled; the plan fits") != std::string::npos);
    CHECK(
        summary.find("## Scope `cbuf`: **overflow**: the plan exceeds capacity (the compiler writes success for failed "
                     "plans)")
        != std::string::npos);
    CHECK(summary.find("![Memory block chart of cbuf](chart.png)") != std::string::npos);
}

TEST_CASE("CSV cells that a spreadsheet would run as a formula get a leading quote", "[csv][hostile]")
{
    CHECK(csvField("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"");
    CHECK(csvField("+1") == "+1"); // a number, not a formula
    CHECK(csvField("-2+3") == "'-2+3");
    CHECK(csvField("@SUM(A1)") == "'@SUM(A1)");
    CHECK(csvField("\tx") == "'\tx");
    CHECK(csvField("%alloc = x") == "%alloc = x");
    CHECK(csvField("a=b") == "a=b");
    CHECK(csvField("") == "");
    CHECK(csvField("12345") == "12345");
}

namespace {

// A document whose every string from the dump is hostile.
PlanDocument hostileDocument()
{
    const std::string dump = R"json({"Header": {"KernelName": "k` <script>alert(1)</script>\n# Injected heading"},
        "Record": [{"scope": "ub\n## Fake scope", "status": "<img src=x onerror=alert(1)>",
        "error_info": "a | b\n| c | d |\n[link](http://x) *bold* <b>html</b> &amp;",
        "memory_info_array": [{"buffer": "=cmd|' /C calc'!A0 = memref.alloc() : memref<262144xf16>", "offset": [0],
        "extent": 4194304, "life_time_in_ir": [0, 1],
        "source_location": "loc(\"@evil\"(\"/w/ker|nel_`x`.py\":3:4))"}]}]})json";
    Dump parsed = parseDumpText(dump, "hostile.json");
    PlanDocument document;
    document.dump = std::move(parsed);
    document.sources.push_back({linkBlockSource(document.dump.scopes[0].buffers[0].location(), nullptr, nullptr)});
    reanalyze(document, {});
    return document;
}

} // namespace

TEST_CASE(
    "summary.md shows the dump's strings as text: no heading, table row, link or HTML from them", "[report][hostile]")
{
    const PlanDocument document = hostileDocument();
    REQUIRE(document.analyses.at(0).overflow);
    const std::string summary = summaryMarkdown(document, "chart.png");
    INFO(summary);
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < summary.size();) {
        const std::size_t end = summary.find('\n', at);
        lines.push_back(summary.substr(at, end - at));
        at = end == std::string::npos ? summary.size() : end + 1;
    }
    // Only our headings: the title, one scope, its diagnosis and fit map, the blocks at its peak and those above
    // capacity.
    std::vector<std::string> headings;
    for (const std::string& line : lines)
        if (!line.empty() && line[0] == '#')
            headings.push_back(line.substr(0, line.find(' ')) + " " + line.substr(line.find(' ') + 1, 12));
    CHECK(headings
        == std::vector<std::string>{"# memlens repo", "## Scope `ub ##", "### Why it overf", "#### Fit map",
            "### Blocks live ", "### Blocks above"});
    CHECK(lines.at(0) == "# memlens report: ``k` <script>alert(1)</script> # Injected heading``");
    // Raw HTML only inside code spans; elsewhere it is escaped.
    CHECK(summary.find("| Status in the dump | &lt;img src=x onerror=alert(1)&gt; |") != std::string::npos);
    CHECK(summary.find(
              "| Error | a \\| b \\| c \\| d \\| \\[link\\](http://x) \\*bold\\* &lt;b&gt;html&lt;/b&gt; &amp;amp; |")
        != std::string::npos);
    // Every table row has as many cells as its table's header (escaped pipes do not count).
    std::size_t headerCells = 0;
    for (const std::string& line : lines) {
        if (line.empty() || line[0] != '|') {
            headerCells = 0;
            continue;
        }
        std::size_t cells = 0;
        for (std::size_t i = 0; i < line.size(); ++i)
            cells += line[i] == '|' && (i == 0 || line[i - 1] != '\\') ? 1 : 0;
        if (headerCells == 0)
            headerCells = cells;
        INFO(line);
        CHECK(cells == headerCells);
    }
    CHECK(summary.find("## Scope `ub ## Fake scope`: ") != std::string::npos);
    CHECK(summary.find("| `=cmd\\|' /C calc'!A0 = memref.alloc() : memref<262144xf16>` ") != std::string::npos);
    CHECK(summary.find("ker\\|nel\\_`x`.py:3 `@evil`") == std::string::npos); // the file name is escaped, not code
    CHECK(summary.find("ker\\|nel\\_\\`x\\`.py:3 `@evil`") != std::string::npos);
}

TEST_CASE("blocks.csv neutralises a buffer string that starts a formula", "[csv][hostile]")
{
    const PlanDocument document = hostileDocument();
    const std::string csv = blocksCsv(document);
    CHECK(csv.find(",'=cmd|' /C calc'!A0 = memref.alloc() : memref<262144xf16>,") != std::string::npos);
}

TEST_CASE("a blocks.csv row quotes and neutralises each field as csvField does", "[csv][hostile]")
{
    PlanDocument document = hostileDocument();
    document.dump.scopes[0].blocks[0].start = -5; // a number that starts like a formula
    CHECK(blocksCsvRow(document, {0, 0})
        == "\"ub\n## Fake scope\",0,'=cmd|' /C calc'!A0 = memref.alloc() : memref<262144xf16>,0,0,524288,-5,1,false,"
           "327680,\"loc(\"\"@evil\"\"(\"\"/w/ker|nel_`x`.py\"\":3:4))\",,,/w/ker|nel_`x`.py,3,'@evil,0\r\n");
}

namespace {

// `count` buffers of 1 KiB at offset 0, each its own storage (its own Life).
PlanDocument overCapacityDocument(int count)
{
    std::string text = R"({"Header":{"KernelName":"k"},"Record":[{"scope":"ub","memory_info_array":[)";
    for (int i = 0; i < count; ++i)
        text += std::string(i ? "," : "") + "{\"buffer\":\"%a" + std::to_string(i)
            + "\",\"offset\":[0],\"extent\":8192,\"life_time_in_ir\":[" + std::to_string(2 * i) + ","
            + std::to_string(2 * i) + "]}";
    LoadOptions options;
    options.capacity.all = 512;
    options.searchTritonCache = false;
    return buildPlanDocument(parseDumpText(text + "]}]}", "many.json"), "/nonexistent/many.json", options);
}

} // namespace

TEST_CASE("summary.md lists the first blocks above capacity and sends the rest to blocks.csv", "[summary]")
{
    const PlanDocument few = overCapacityDocument(kSummaryTableRows);
    const std::string all = summaryMarkdown(few, "");
    CHECK_THAT(all, Catch::Contains("`%a49`"));
    CHECK_THAT(all, !Catch::Contains("more, see blocks.csv"));

    const PlanDocument many = overCapacityDocument(kSummaryTableRows + 17);
    REQUIRE(many.analyses.at(0).overCapacityBlocks.size() == kSummaryTableRows + 17);
    const std::string capped = summaryMarkdown(many, "");
    CHECK_THAT(capped, Catch::Contains("`%a49`"));
    CHECK_THAT(capped, !Catch::Contains("`%a50`"));
    CHECK_THAT(capped, Catch::Contains("and 17 more, see blocks.csv"));
    CHECK(blocksCsv(many).find("%a66") != std::string::npos); // where the rest is
}

TEST_CASE("blocks.csv written to a stream is the same text, row by row", "[csv]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    std::ostringstream out;
    writeBlocksCsv(out, document);
    CHECK(out.str() == blocksCsv(document));
    const PlanDocument many = overCapacityDocument(70);
    std::ostringstream more;
    writeBlocksCsv(more, many);
    CHECK(more.str() == blocksCsv(many));
}

TEST_CASE("summary.md says whether memlens plans the dump as the compiler did", "[report][planner_check]")
{
    const PlanDocument example = loadPlanDocument(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string(), {});
    CHECK_THAT(summaryMarkdown(example, "chart.png"),
        Catch::Contains("- Planner check: memlens plans this dump identically (14 buffers); planned from `"));
    const PlanDocument fixture
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    CHECK_THAT(summaryMarkdown(fixture, "chart.png"), Catch::Contains("- Planner check: none ("));
}

TEST_CASE("summary.md names the compile log it read", "[report][log]")
{
    const std::filesystem::path folder = memlens::test::sourceDir() / "resources/examples/layer_norm/block16384";
    const PlanDocument example = loadPlanDocument((folder / "memory_info_aiv.json").string(), {});
    REQUIRE(example.log);
    CHECK_THAT(summaryMarkdown(example, "chart.png"), Catch::Contains("- Compile log: `" + example.log->file + "`"));
    const PlanDocument fixture
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    CHECK_THAT(summaryMarkdown(fixture, "chart.png"), Catch::Contains("- Compile log: none"));
}

TEST_CASE("summary.md and plan.html share one diagnosis per scope, the same texts (issue 67)", "[report][plan_page]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    std::size_t planned = 0;
    for (const PlanAnalysis& analysis : document.analyses)
        planned += analysis.planned ? 1 : 0;
    REQUIRE(planned == 2);
    const std::string summary = summaryMarkdown(document, "chart.png");
    std::ostringstream page;
    writePlanPage(page, document);

    const ScopeDiagnoses diagnoses(document);
    const std::size_t before = diagnosesWorkedOut();
    const std::string sharedSummary = summaryMarkdown(document, "chart.png", &diagnoses);
    std::ostringstream sharedPage;
    writePlanPage(sharedPage, document, diagnoses);
    // Each scope's diagnosis once for both files (each worked out its own: twice).
    CHECK(diagnosesWorkedOut() - before == planned);
    CHECK(sharedSummary == summary);
    CHECK(sharedPage.str() == page.str());
}

TEST_CASE("a scope's diagnosis is worked out once, also when two threads ask at once", "[report]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const ScopeDiagnoses diagnoses(document);
    const std::size_t before = diagnosesWorkedOut();
    const Diagnosis* fromThread = nullptr;
    std::thread other([&] { fromThread = &diagnoses.of(1); });
    const Diagnosis* here = &diagnoses.of(1);
    other.join();
    CHECK(fromThread == here);
    CHECK(&diagnoses.of(1) == here);
    CHECK(diagnosesWorkedOut() - before == 1);
    CHECK(here->requiredBytes == diagnoseScope(document, 1).requiredBytes);
    CHECK_THROWS_AS(diagnoses.of(2), std::out_of_range);
}
