#include "core/base/cancellation.hpp"
#include "core/source/file_finder.hpp"
#include "core/source/ir_index.hpp"

#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>

using namespace memlens;
using memlens::test::lineOf;
using memlens::test::loadOk;

namespace {

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

const char* const kKernel = "/home/dev/proj/src/kernels/softmax_kernel.py";

} // namespace

TEST_CASE("the IR target comes from hacc.target", "[ir]")
{
    IrIndex ix = IrIndex::build(R"(module attributes {hacc.target = #hacc.target<"Ascend910B3">} {
})");
    REQUIRE(ix.target());
    CHECK(*ix.target() == "Ascend910B3");
    CHECK_FALSE(IrIndex::build("module {\n}\n").target());
}

TEST_CASE("an op's trailing loc gives its line a resolved location, aliases defined before or after", "[ir]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    CHECK(ix.warnings().empty());
    CHECK(ix.target() == std::optional<std::string>("Ascend910B3"));

    // #loc20 (before the module) -> "row"(#loc2) with #loc2 defined after it.
    int row = lineOf(ix, "%row = memref.alloc()");
    const ResolvedLocation* at = ix.locationAt(row);
    REQUIRE(at);
    REQUIRE(at->primary);
    CHECK(at->primary->file == kKernel);
    CHECK(at->primary->line == 18);
    CHECK(at->primary->column == 12);
    CHECK(at->primary->name == "row");
    CHECK(ix.rawLocationAt(row) == "loc(#loc20)");

    // Alias definitions are not ops; the module takes its location from `} loc(#loc)`.
    CHECK(ix.locationAt(lineOf(ix, "#loc1 = loc(")) == nullptr);
    REQUIRE(ix.locationAt(lineOf(ix, "module attributes")));
    CHECK(ix.locationAt(lineOf(ix, "module attributes"))->primary->line == 10);
    CHECK(ix.locationAt(0) == nullptr);
    CHECK(ix.locationAt(ix.lineCount() + 1) == nullptr);
}

TEST_CASE("a region op's closing loc applies to the closing line and to the opening line", "[ir]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    int open = lineOf(ix, "%loop = scf.for");
    int close = lineOf(ix, "} loc(#loc25)");
    for (int l : {open, close}) {
        const ResolvedLocation* at = ix.locationAt(l);
        INFO("line " << l);
        REQUIRE(at);
        CHECK(at->primary->name == "loop");
        CHECK(at->primary->line == 24);
    }
    // The op inside the region keeps its own location.
    const ResolvedLocation* inner = ix.locationAt(lineOf(ix, "%scratch = memref.alloc"));
    REQUIRE(inner);
    CHECK(inner->primary->name == "scratch");
    CHECK(inner->primary->file == "/home/dev/proj/src/kernels/helpers.py");

    // linalg.reduce: header over two lines (block arguments carry their own locs).
    int reduce = lineOf(ix, "%reduced = linalg.reduce");
    for (int l : {reduce, reduce + 1, lineOf(ix, "} loc(#loc30)")}) {
        const ResolvedLocation* at = ix.locationAt(l);
        INFO("line " << l);
        REQUIRE(at);
        CHECK(at->primary->name == "row_max");
        CHECK(at->primary->line == 21);
    }
    CHECK(ix.locationAt(lineOf(ix, "%m = arith.maximumf")) != nullptr);
}

TEST_CASE("a multi-line op takes the loc on its last line for all of its lines", "[ir]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    int first = lineOf(ix, "hivm.hir.vadd");
    for (int l = first; l <= first + 2; ++l) {
        const ResolvedLocation* at = ix.locationAt(l);
        INFO("line " << l);
        REQUIRE(at);
        CHECK(at->primary->line == 30);
    }
}

TEST_CASE("allocating ops are marked and found by Python file and line", "[ir]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    const int row = lineOf(ix, "%row = memref.alloc");
    const int acc = lineOf(ix, "%acc = tensor.empty");
    const int red = lineOf(ix, "%red = bufferization.alloc_tensor");
    const int tmp = lineOf(ix, "%tmp = memref.alloca");
    const int generic = lineOf(ix, "\"memref.alloc\"()");
    for (int l : {row, acc, red, tmp, generic})
        CHECK(ix.isAllocLine(l));
    CHECK_FALSE(ix.isAllocLine(lineOf(ix, "%cst = arith.constant")));
    CHECK_FALSE(ix.isAllocLine(lineOf(ix, "hivm.hir.vadd")));
    CHECK(ix.allocLines().size() == 7);

    CHECK(ix.allocLinesFor(kKernel, 18) == std::vector<int>{row});
    CHECK(ix.allocLinesFor(kKernel, 24) == std::vector<int>{acc});
    // Through the callsite into triton/language to the user line 21 "row_max".
    CHECK(ix.allocLinesFor(kKernel, 21) == std::vector<int>{red});
    // Both user frames of a fused location find the op.
    CHECK(ix.allocLinesFor(kKernel, 26) == std::vector<int>{tmp});
    CHECK(ix.allocLinesFor("/home/dev/proj/src/kernels/helpers.py", 5).size() == 2); // tmp (fused) and scratch
    // The file matches by name when the absolute path differs.
    CHECK(ix.allocLinesFor("/Users/someone/else/softmax_kernel.py", 18) == std::vector<int>{row});
    CHECK(ix.allocLinesFor("softmax_kernel.py", 18) == std::vector<int>{row});
    CHECK(ix.allocLinesFor(kKernel, 999).empty());
    // Library frames are not indexed as Python lines.
    CHECK(ix.linesFor("/opt/venv/lib/python3.10/site-packages/triton/language/standard.py", 180).empty());
    // Every op (not only allocations) at a Python line.
    CHECK(ix.linesFor(kKernel, 21).size() >= 3);
}

TEST_CASE("escaped strings and loc(unknown) on op lines do not confuse the index", "[ir]")
{
    IrIndex ix = loadOk(test::data("mlir/small_kernel.ttadapter"));
    const ResolvedLocation* quoted = ix.locationAt(lineOf(ix, "%quoted = memref.alloc"));
    REQUIRE(quoted);
    CHECK(quoted->primary->name == "a \"quoted\" \\ name");
    CHECK(quoted->primary->line == 40);
    const ResolvedLocation* unknown = ix.locationAt(lineOf(ix, "%mystery"));
    REQUIRE(unknown);
    CHECK(unknown->empty());
}

TEST_CASE("memref.alloc inside a word is not a loc( and arguments' locs are not op locs", "[ir]")
{
    IrIndex ix = IrIndex::build("#l = loc(\"/k.py\":1:1)\n"
                                "func.func @f(%a: i32 loc(\"/k.py\":2:2)) {\n"
                                "  %x = memref.alloc() : memref<4xf16>\n"
                                "  %y = memref.alloc() : memref<4xf16> loc(\"/k.py\":4:4)\n"
                                "  return loc(#l)\n"
                                "} loc(\"/k.py\":9:9)\n");
    CHECK(ix.warnings().empty());
    CHECK(ix.locationAt(3) == nullptr); // an op without a loc does not borrow the next op's
    REQUIRE(ix.locationAt(4));
    CHECK(ix.locationAt(4)->primary->line == 4);
    REQUIRE(ix.locationAt(2));
    CHECK(ix.locationAt(2)->primary->line == 9); // the func's own location, from its closing line
    REQUIRE(ix.locationAt(5));
    CHECK(ix.locationAt(5)->primary->line == 1);
    CHECK(ix.isAllocLine(3));
    CHECK(ix.isAllocLine(4));
}

TEST_CASE("bad locations and undefined aliases are warnings, the rest is indexed", "[ir]")
{
    IrIndex ix = IrIndex::build("%a = memref.alloc() : memref<4xf16> loc(#nowhere)\n"
                                "%b = memref.alloc() : memref<4xf16> loc(callsite(\n"
                                "%c = memref.alloc() : memref<4xf16> loc(\"/k.py\":3:1)\n");
    CHECK(ix.warnings().size() == 2);
    REQUIRE(ix.locationAt(3));
    CHECK(ix.locationAt(3)->primary->line == 3);
    CHECK(ix.locationAt(2) == nullptr);
}

TEST_CASE("empty and location-free IR index without error", "[ir]")
{
    IrIndex empty = IrIndex::build("");
    CHECK(empty.lineCount() == 0);
    CHECK(empty.locationAt(1) == nullptr);
    CHECK(empty.lineText(1).empty());
}

TEST_CASE("loadIrIndex refuses what is not a regular file", "[ir]")
{
    IrLoadResult r = loadIrIndex("/dev/zero");
    CHECK_FALSE(r.ok());
    CHECK_THAT(r.error, Catch::Contains("not a regular file"));
    CHECK_FALSE(loadIrIndex(test::data("mlir/does_not_exist.ttadapter")).ok());
}

// ---------------------------------------------------------------------------
// Real compiler output

TEST_CASE("every real ttadapter sample indexes without warnings", "[ir]")
{
    MEMLENS_REQUIRE_SAMPLES();
    for (const auto& entry : std::filesystem::directory_iterator(test::sample("ttadapter"))) {
        IrIndex ix = loadOk(entry.path());
        INFO(entry.path().string());
        CHECK(ix.warnings().empty());
        CHECK(ix.target());
        CHECK(ix.locatedLineCount() > 100);
        CHECK_FALSE(ix.allocLines().empty());
        // Every allocation resolves to a user Python line, and back.
        for (int l : ix.allocLines()) {
            const ResolvedLocation* at = ix.locationAt(l);
            INFO("line " << l << ": " << ix.lineText(l));
            REQUIRE(at);
            REQUIRE(at->primary);
            CHECK(endsWith(at->primary->file, ".py"));
            auto back = ix.allocLinesFor(at->primary->file, at->primary->line);
            CHECK(std::find(back.begin(), back.end(), l) != back.end());
        }
    }
}

TEST_CASE("layer-norm sample: allocs resolve to the Python lines that made them", "[ir]")
{
    MEMLENS_REQUIRE_SAMPLES();
    IrIndex ix = loadOk(test::sample("ttadapter/ascend_tutorial_05-layer-norm.ttadapter"));
    CHECK(ix.target() == std::optional<std::string>("Ascend910_9362"));

    const int a30 = lineOf(ix, "%a_30 = memref.alloc()");
    const ResolvedLocation* a = ix.locationAt(a30);
    REQUIRE(a);
    REQUIRE(a->primary);
    CHECK(a->primary->line == 51);
    CHECK(a->primary->column == 20);
    CHECK(a->primary->name == "a");
    CHECK(endsWith(a->primary->file, "05-layer-norm.6cVH47.py"));

    const int mean4 = lineOf(ix, "%mean_4 = bufferization.alloc_tensor()");
    const ResolvedLocation* mean = ix.locationAt(mean4);
    REQUIRE(mean);
    REQUIRE(mean->primary);
    CHECK(mean->primary->line == 53);
    CHECK(mean->primary->name == "mean");
    REQUIRE(mean->chain.size() == 2);
    CHECK(mean->chain[0].line == 306);
    CHECK(mean->chain[0].library);
    CHECK(mean->describeStack() == "standard.py:306 <- 05-layer-norm.6cVH47.py:53 \"mean\"");

    // #loc87 = callsite(#loc6 at #loc85): a callsite inside a callsite.
    const ResolvedLocation* cst = ix.locationAt(lineOf(ix, "%mean = arith.constant"));
    REQUIRE(cst);
    CHECK(cst->chain.size() == 3);
    CHECK(cst->primary->line == 53);

    // The scf.for that opens on one line and closes with `} loc(#loc60)`.
    const int forOpen = lineOf(ix, "%_mean = scf.for");
    REQUIRE(ix.locationAt(forOpen));
    CHECK(ix.locationAt(forOpen)->primary->name == "_mean");
    CHECK(ix.locationAt(forOpen)->primary->line == 49);

    // Python -> IR: line 51 made one alloc; line 53 one alloc_tensor.
    CHECK(ix.allocLinesFor("/tmp/05-layer-norm.6cVH47.py", 51) == std::vector<int>{a30});
    CHECK(ix.allocLinesFor("/home/me/05-layer-norm.6cVH47.py", 53) == std::vector<int>{mean4});
    CHECK(
        ix.allocLinesFor("/tmp/05-layer-norm.6cVH47.py", 70) == std::vector<int>{lineOf(ix, "%w_27 = memref.alloc()")});
}

TEST_CASE("big kernels: fused locations keep both user frames", "[ir]")
{
    MEMLENS_REQUIRE_SAMPLES();
    IrIndex ix = loadOk(test::sample("ttadapter/chunk_kda_bwd_kernel_wy_dqkg_fused_opt_v2.ttadapter"));
    // #loc311 = loc(fused[#loc222, #loc223]); #loc222 = "p_gn"(#loc55), #loc223 = "g"(#loc56)
    const ResolvedLocation* fused = ix.locationAt(lineOf(ix, "%p_gn_79 = arith.addi"));
    REQUIRE(fused);
    REQUIRE(fused->userFrames.size() == 2);
    CHECK(fused->userFrames[0].name == "p_gn");
    CHECK(fused->userFrames[1].name == "g");
    CHECK(fused->primary->name == "p_gn");

    IrIndex vllm
        = loadOk(test::sample("ttadapter/kernels_vllm_chunk_gated_delta_rule_fwd_kernel_h_blockdim64.ttadapter"));
    // #loc126 = loc(fused[#loc79, #loc80]), both named "h_base".
    const ResolvedLocation* hbase = vllm.locationAt(lineOf(vllm, "%h_base_1 = arith.constant"));
    REQUIRE(hbase);
    REQUIRE(hbase->userFrames.size() == 2);
    CHECK(hbase->userFrames[0].name == "h_base");
    CHECK(hbase->userFrames[1].name == "h_base");
    CHECK(hbase->userFrames[0].line == 84);
    CHECK(hbase->userFrames[0].column == 43); // #loc8, then #loc9: same line, other column
    CHECK(hbase->userFrames[1].column == 39);
}

TEST_CASE("fused-attention sample: allocs map through callsites, loc(unknown) aliases are empty", "[ir]")
{
    MEMLENS_REQUIRE_SAMPLES();
    IrIndex ix = loadOk(test::sample("ttadapter/python_tutorial_06-fused-attention.ttadapter"));
    const int q25 = lineOf(ix, "%q_25 = memref.alloc()");
    const ResolvedLocation* q = ix.locationAt(q25);
    REQUIRE(q);
    CHECK(q->primary->name == "q");
    CHECK(ix.allocLinesFor(q->primary->file, q->primary->line) == std::vector<int>{q25});

    // #loc143 = callsite(#loc101 at #loc27): the k alloc inside the inner loop.
    const ResolvedLocation* k = ix.locationAt(lineOf(ix, "%k_69 = memref.alloc() : memref<32x64xf16> loc(#loc143)"));
    REQUIRE(k);
    REQUIRE(k->primary);
    CHECK(k->chain.size() >= 2);
    CHECK_FALSE(k->primary->library);
}

TEST_CASE("IR compiled without locations indexes allocations by line", "[ir]")
{
    MEMLENS_REQUIRE_SAMPLES();
    for (const char* name :
        {"fake_attn_fwd/fake_attn_fwd.ttadapter", "fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter"}) {
        IrIndex ix = loadOk(test::sample(name));
        INFO(name);
        CHECK(ix.warnings().empty());
        CHECK(ix.target() == std::optional<std::string>("Ascend910_9382"));
        CHECK(ix.locatedLineCount() == 0);
        CHECK(ix.allocLines() == std::vector<int>{17, 18, 19});
        CHECK(ix.lineText(17).substr(12, 12) == "memref.alloc");
        CHECK(ix.lineCount() == 40);
    }
}

TEST_CASE("the biggest real sample indexes, also three times over", "[ir]")
{
    // Its speed is measured in bench/bench_core.cpp, not here.
    MEMLENS_REQUIRE_SAMPLES();
    ReadResult text = readTextFile(test::sample("ttadapter/chunk_kda_bwd_kernel_wy_dqkg_fused_opt_v2.ttadapter"));
    REQUIRE(text.ok());
    IrIndex ix = IrIndex::build(text.text, "x.ttadapter");
    CHECK(ix.lineCount() > 800);
    std::string triple = text.text + text.text + text.text;
    IrIndex big = IrIndex::build(triple, "y.ttadapter");
    CHECK(big.lineCount() == 3 * ix.lineCount());
    CHECK(big.allocLines().size() == 3 * ix.allocLines().size());
}

TEST_CASE("truncated or scrambled IR indexes without crashing", "[ir]")
{
    ReadResult text = readTextFile(test::data("mlir/small_kernel.ttadapter"));
    REQUIRE(text.ok());
    for (std::size_t n = 0; n < text.text.size(); n += 7)
        (void)IrIndex::build(text.text.substr(0, n), "cut.ttadapter");
    // Stray closing braces and brackets, unterminated strings.
    IrIndex odd = IrIndex::build("}\n}}) ] \"open\n%a = memref.alloc() : memref<1xf16> loc(\"/k.py\":1:1)\n{\n");
    REQUIRE(odd.locationAt(3));
    CHECK(odd.locationAt(3)->primary->line == 1);
}

namespace {

// `levels` aliases, each a callsite of the one before at itself: the frames double at every level.
std::string doublingAliasIr(int levels, const std::string& op)
{
    std::string ir = "#loc0 = loc(\"/k/kern.py\":1:1)\n";
    for (int i = 1; i <= levels; ++i)
        ir += "#loc" + std::to_string(i) + " = loc(callsite(#loc" + std::to_string(i - 1) + " at #loc"
            + std::to_string(i - 1) + "))\n";
    ir += "module {\n  " + op + " loc(#loc" + std::to_string(levels) + ")\n} loc(unknown)\n";
    return ir;
}

} // namespace

TEST_CASE(
    "aliases that share structure resolve with the frames capped and a note, not 2^levels frames", "[ir][hostile]")
{
    // 2^60 frames if expanded: only sharing and the cap can finish this.
    const IrIndex ix = IrIndex::build(doublingAliasIr(60, "%a = memref.alloc() : memref<8xf16>"), "/k/k.ttadapter");
    const ResolvedLocation* at = ix.locationAt(63);
    REQUIRE(at);
    CHECK(at->chain.size() == kMaxFramesPerLocation);
    CHECK(at->userFrames.size() == 1); // every frame is kern.py:1:1
    REQUIRE(at->primary);
    CHECK(at->primary->line == 1);
    CHECK_THAT(at->problem, Catch::Contains("more frames than memlens keeps"));
    CHECK(ix.allocLinesFor("/k/kern.py", 1) == std::vector<int>{63});

    // Small expansions are untouched: 2^3 = 8 frames, no note.
    const IrIndex small = IrIndex::build(doublingAliasIr(3, "%a = memref.alloc() : memref<8xf16>"), "/k/k.ttadapter");
    const ResolvedLocation* few = small.locationAt(6);
    REQUIRE(few);
    CHECK(few->chain.size() == 8);
    CHECK(few->problem.empty());

    // A dump location resolved through the same aliases is capped too.
    const ResolvedLocation viaDump = ix.resolve("loc(callsite(#loc59 at #loc60))");
    CHECK(viaDump.chain.size() == kMaxFramesPerLocation);
}

TEST_CASE("the resolver's frame budget bounds memory over many distinct deep locations", "[ir][hostile]")
{
    // Every op has its own callsite of the deep alias: each resolution builds new frames.
    std::string ir = doublingAliasIr(20, "%z = arith.constant 0 : i32");
    const int ops = 3000;
    std::string body;
    for (int i = 0; i < ops; ++i)
        body += "  %a" + std::to_string(i) + " = memref.alloc() : memref<8xf16> loc(callsite(\"/k/op.py\":"
            + std::to_string(i + 1) + ":1 at #loc20))\n";
    ir.insert(ir.rfind("} loc(unknown)"), body);
    const IrIndex ix = IrIndex::build(ir, "/k/k.ttadapter");
    std::size_t frames = 0;
    for (int line = 1; line <= ix.lineCount(); ++line)
        if (const ResolvedLocation* at = ix.locationAt(line))
            frames += at->chain.size();
    CHECK(frames <= static_cast<std::size_t>(ops + 1) * kMaxFramesPerLocation);
    // The Python line of each op is still its own.
    CHECK(ix.allocLinesFor("/k/op.py", 1).size() == 1);
    CHECK(ix.allocLinesFor("/k/op.py", ops).size() == 1);
}

TEST_CASE("an IR index build stops when cancelled, and builds in full when not", "[ir][cancel]")
{
    // 20k ops, each with its own location: long enough to pass several cancel checks.
    std::string ir = "module {\n";
    for (int i = 0; i < 20000; ++i)
        ir += "  %a" + std::to_string(i)
            + " = memref.alloc() : memref<16xf32> loc(\"/k/kernel.py\":" + std::to_string(i + 1) + ":1)\n";
    ir += "}\n";
    std::atomic<bool> cancel{true};
    CHECK_THROWS_AS(IrIndex::build(ir, "k.ttadapter", &cancel), LoadCancelled);

    cancel = false;
    const IrIndex index = IrIndex::build(ir, "k.ttadapter", &cancel);
    CHECK(index.allocLines().size() == 20000);
    CHECK(index.allocLinesFor("/k/kernel.py", 20000) == std::vector<int>{20001});
    CHECK(index.warnings().empty());
}
