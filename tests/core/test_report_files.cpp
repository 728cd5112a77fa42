#include "core/csv.hpp"
#include "core/report_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

TEST_CASE("CSV fields with commas, quotes or line breaks are quoted with doubled quotes", "[csv]")
{
    CHECK(csvField("plain") == "plain");
    CHECK(csvField("a,b") == "\"a,b\"");
    CHECK(csvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csvField("two\nlines") == "\"two\nlines\"");
    CHECK(csvRow({"a", "b,c", ""}) == "a,\"b,c\",\r\n");
}

TEST_CASE("blocks.csv has the stable header and one row per block of every scope", "[csv]")
{
    const PlanDocument document = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const std::string csv = blocksCsv(document);
    CHECK(csv.rfind("scope,id,buffer,copy,offset,size,start,end,tmp,over_capacity,location,ir_file,ir_line,python_file,python_line,name,storage\r\n", 0) == 0);
    std::size_t lines = 0;
    for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2))
        ++lines;
    CHECK(lines == 1 + 4 + 1);
    CHECK(csv.find("ub,0,\"%x_tile = memref.alloc() : memref<4096xf16, #hivm.address_space<ub>>\",1,8192,8192,2,9,false,false,"
                   "\"loc(\"\"/work/kernels/softmax.py\"\":21:12)\"") != std::string::npos);
    CHECK(csv.find("\r\ncbuf,3,") != std::string::npos);
}

TEST_CASE("live_at_peak.csv lists the blocks live at each scope's peak", "[csv]")
{
    const PlanDocument document = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const std::string csv = liveAtPeakCsv(document);
    // ub peaks at op 5 (both tile copies, row_max and the temp); cbuf at op 1.
    std::size_t rows = 0;
    for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2))
        ++rows;
    CHECK(rows == 1 + 4 + 1);
}

TEST_CASE("the report charts the scope that overflows", "[csv]")
{
    LoadOptions options;
    options.capacity.byScope["cbuf"] = 1024;
    const PlanDocument document = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options);
    CHECK(reportScopeIndex(document) == 1);
    const std::string summary = summaryMarkdown(document, "chart.png");
    CHECK(summary.find("## Scope `ub`: compiled; the plan fits") != std::string::npos);
    CHECK(summary.find("## Scope `cbuf`: **overflow**: the plan exceeds capacity although the dump's status says success") != std::string::npos);
    CHECK(summary.find("![Memory block chart of cbuf](chart.png)") != std::string::npos);
}
