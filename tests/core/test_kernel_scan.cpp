// The kernel scanner on our own kernels: which constexpr sizes each axis of the
// tile a line computes, derived constexprs, and text that is not Python at all.
#include "core/kernel_source/kernel_scan.hpp"
#include "core/kernel_source/python_tokens.hpp"
#include "support/test_paths.hpp"

#include "support/kernel_text.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace memlens;
using memlens::test::describe;
using memlens::test::namesOf;

namespace {

KernelScan scanFixture(const std::string& name)
{
    std::ifstream in(memlens::test::data("kernels/" + name));
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return scanKernel(text.str());
}

} // namespace

TEST_CASE("a 1-D kernel: BLOCK sizes every tile from its tl.arange line", "[kernel_scan]")
{
    const KernelScan scan = scanFixture("vector_add.py");
    CHECK(scan.function == "vector_add");
    CHECK(scan.constexprs == std::vector<std::string>{"BLOCK"});
    CHECK(describe(scan, 9) == "BLOCK@9");
    CHECK(describe(scan, 11) == "BLOCK@9"); // x = tl.load(X + offs): follows offs
    CHECK(describe(scan, 13) == "BLOCK@9"); // z = x + y
    CHECK(describe(scan, 8) == "none");     // pid = tl.program_id(0)
    CHECK(scan.lineText(9) == "offs = pid * BLOCK + tl.arange(0, BLOCK)");
}

TEST_CASE("a 2-D attention-like kernel: broadcasting, tl.dot, tl.trans, reductions", "[kernel_scan]")
{
    const KernelScan scan = scanFixture("attention_2d.py");
    CHECK(scan.constexprs == std::vector<std::string>{"BLOCK_M", "BLOCK_N", "HEAD_DIM"});
    CHECK(describe(scan, 15) == "BLOCK_M@12,HEAD_DIM@14"); // offs_m[:, None] + offs_d[None, :]
    CHECK(describe(scan, 16) == "BLOCK_M@16");             // tl.full((BLOCK_M,), ...)
    CHECK(describe(scan, 17) == "BLOCK_M@17,HEAD_DIM@17"); // tl.zeros((BLOCK_M, HEAD_DIM))
    CHECK(describe(scan, 19) == "BLOCK_N@13,HEAD_DIM@14"); // a statement over two lines
    CHECK(describe(scan, 20) == "BLOCK_N@13,HEAD_DIM@14");
    CHECK(describe(scan, 21) == "BLOCK_M@12,BLOCK_N@13");  // tl.dot(q, tl.trans(k))
    CHECK(describe(scan, 22) == "BLOCK_M@16");             // tl.max(qk, 1) drops axis 1
    CHECK(describe(scan, 23) == "BLOCK_M@12,BLOCK_N@13");  // qk - m_ij[:, None]
    CHECK(describe(scan, 25) == "BLOCK_M@17,HEAD_DIM@17"); // acc += tl.dot(p, v): acc's
    CHECK(describe(scan, 27) == "BLOCK_M@17,HEAD_DIM@17"); // tl.store's value
}

TEST_CASE("block pointers: block_shape sizes the loads through tl.advance", "[kernel_scan]")
{
    const KernelScan scan = scanFixture("block_pointer.py");
    CHECK(describe(scan, 18) == "BLOCK_M@11,BLOCK_K@11");
    CHECK(describe(scan, 19) == "BLOCK_K@14,BLOCK_N@14");
    CHECK(describe(scan, 20) == "BLOCK_M@16,BLOCK_N@16");
}

TEST_CASE("a derived constexpr follows its source", "[kernel_scan]")
{
    const KernelScan scan = scanFixture("derived_half.py");
    CHECK(scan.constexprs == std::vector<std::string>{"BLOCK_N"});
    REQUIRE(scan.derived.count("BLOCK_K") == 1);
    const DerivedConstexpr& half = scan.derived.at("BLOCK_K");
    CHECK(half.source == "BLOCK_N");
    CHECK(half.valueFor(128) == 64);
    CHECK(scan.rootOf("BLOCK_K") == "BLOCK_N");
    CHECK(describe(scan, 11) == "BLOCK_N@9,BLOCK_K@10");
}

TEST_CASE("two constexprs broadcast together name the axis with both", "[kernel_scan]")
{
    const KernelScan scan = scanFixture("two_names.py");
    CHECK(describe(scan, 11) == "BLOCK_SIZE@9");
    CHECK(describe(scan, 12) == "N_COLS@10");
    CHECK(describe(scan, 13) == "BLOCK_SIZE|N_COLS@9");
    CHECK(describe(scan, 14) == "none"); // tl.sum(y, axis=0) is a scalar
}

TEST_CASE("the kernel named by the dump is chosen among several", "[kernel_scan]")
{
    const std::string text = "import triton.language as tl\n"
                             "@triton.jit\ndef first(X, A: tl.constexpr):\n    a = tl.arange(0, A)\n"
                             "@triton.autotune(configs=[], key=[])\n@triton.jit\n"
                             "def second(X, B: tl.constexpr = 64):\n    b = tl.zeros([B, 2], dtype=tl.float32)\n";
    CHECK(scanKernel(text, "second").function == "second");
    CHECK(scanKernel(text, "second").constexprs == std::vector<std::string>{"B"});
    CHECK(describe(scanKernel(text, "second"), 8) == "B@8,?@0");
    CHECK(scanKernel(text, "missing").function == "first");
    CHECK(scanKernel(text).function == "first");
}

TEST_CASE("text that is not a kernel gives an empty scan", "[kernel_scan]")
{
    CHECK_FALSE(scanKernel("").found());
    CHECK_FALSE(scanKernel("def f(:\n  ((((\n").found());
    CHECK_FALSE(scanKernel(std::string(100000, '(')).found());
    const KernelScan unclosed = scanKernel("@triton.jit\ndef k(A: tl.constexpr):\n    x = tl.arange(0, A\n");
    CHECK(unclosed.found());
    const KernelScan deep = scanKernel("@triton.jit\ndef k(A: tl.constexpr):\n    x = " + std::string(5000, '(')
        + "tl.arange(0, A)" + std::string(5000, ')') + "\n");
    CHECK(deep.found()); // nested deeper than any kernel: not followed, and no stack overflow
    CHECK(pythonLogicalLines("a = 'unterminated\nb = \"\"\"x\ny\"\"\"\n").size() == 2);
}

TEST_CASE("a chained assignment takes the value after its last top-level '=', keyword arguments aside",
    "[kernel_scan][hostile]")
{
    // The value's '=' were found by rescanning the value from its start at each '=': a call
    // with 160,000 keyword arguments took 42 s. One pass with a running depth: the same answer.
    const std::string kernel = "import triton\nimport triton.language as tl\n\n@triton.jit\n"
                               "def k(X, BLOCK: tl.constexpr):\n"
                               "    offs = tl.arange(0, BLOCK)\n"
                               "    a = b = tl.load(X + offs, mask=offs < 4, other=0.0)\n"
                               "    c = tl.where(offs < 2, a, other=b)\n";
    const KernelScan scan = scanKernel(kernel);
    CHECK(describe(scan, 7) == "BLOCK@6");
    CHECK(describe(scan, 8) == "BLOCK@6");

    std::string wide = "import triton\nimport triton.language as tl\n\n@triton.jit\n"
                       "def k(X, BLOCK: tl.constexpr):\n    offs = tl.arange(0, BLOCK)\n    x = f(";
    for (int i = 0; i < 20000; ++i)
        wide += "a" + std::to_string(i) + "=1, ";
    wide += "b=offs)\n    y = tl.load(X + offs)\n";
    const KernelScan wideScan = scanKernel(wide);
    CHECK(describe(wideScan, 8) == "BLOCK@6"); // the line after the wide call is still read
}
