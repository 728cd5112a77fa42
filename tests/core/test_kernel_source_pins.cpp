// Pins of the kernel source reader found by a mutation run: which parameters are
// constexprs, the axis a negative reduction axis removes, and how tile dimensions are
// named (unknown values, collapsed memrefs, broadcast axes, own line against value).
// Each case is a small kernel of our own with a dump that points at its lines.
#include "core/kernel_source/kernel_scan.hpp"
#include "core/kernel_source/tile_names.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"

#include "support/kernel_text.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace memlens;
using memlens::test::describe;
using memlens::test::namesOf;

namespace {

struct FixtureBuffer {
    std::string var;
    std::vector<std::int64_t> shape;
    std::string element; // "f16", "f32"
    int line = 0;        // in the kernel
};

// A dump of `buffers` stacked one on another (as tests/data/kernels/make_dump.py writes them),
// each located at its line of /home/dev/kernels/<kernelFile>, written beside a copy of the
// kernel; the document loaded from it.
std::shared_ptr<const PlanDocument> kernelDocument(const test::TempDir& folder, const std::string& kernelFile,
    const std::string& kernel, const std::vector<FixtureBuffer>& buffers)
{
    folder.write(kernelFile, kernel);
    std::string records;
    std::uint64_t offset = 0;
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        const FixtureBuffer& b = buffers[i];
        std::uint64_t bytes = b.element == "f32" ? 4 : 2;
        std::string shape;
        for (const std::int64_t dim : b.shape) {
            bytes *= static_cast<std::uint64_t>(dim);
            shape += std::to_string(dim) + "x";
        }
        const std::string name = i == 0 ? "%alloc" : "%alloc_" + std::to_string(i - 1);
        records += std::string(records.empty() ? "" : ",\n") + R"({"alloc_time_in_ir": )" + std::to_string(2 + i)
            + R"(, "buffer": ")" + name + " = memref.alloc() : memref<" + shape + b.element
            + R"(, #hivm.address_space<ub>>", "extent": )" + std::to_string(bytes * 8)
            + R"(, "is_tmpbuf": false, "life_time_in_ir": [)" + std::to_string(2 + i) + R"(, 40], "offset": [)"
            + std::to_string(offset) + R"(], "source_location": "loc(\")" + b.var + R"(\"(\"/home/dev/kernels/)"
            + kernelFile + R"(\":)" + std::to_string(b.line) + R"x(:8))"})x";
        offset += bytes;
    }
    const std::string dump = R"({"Header": {"KernelName": "k"}, "Record": [{"error_info": "", "scope": "ub",
        "status": "success", "memory_info_array": [)"
        + records + "]}]}";
    return test::loadPath(folder.write("dump/memory_info_aiv.json", dump).string());
}

std::optional<std::int64_t> valueOf(const TileNames& names, const std::string& constexprName)
{
    const KernelConstexpr* c = names.constexprNamed(constexprName);
    REQUIRE(c);
    return c->value;
}

// Two constexprs broadcast together on line 11 (`y = x * w`): its axis is BLOCK_SIZE|N_COLS.
const std::string kPairKernel = R"(import triton
import triton.language as tl


@triton.jit
def pair(X, W, Y, BLOCK_SIZE: tl.constexpr, N_COLS: tl.constexpr):
    cols = tl.arange(0, BLOCK_SIZE)
    wcols = tl.arange(0, N_COLS)
    x = tl.load(X + cols)
    w = tl.load(W + wcols)
    y = x * w
    tl.store(Y + cols, y)
)";

} // namespace

TEST_CASE("kernel source pins: typed parameters that are not constexprs are not listed", "[kernel_source][pins]")
{
    const std::string text = "import triton.language as tl\n@triton.jit\n"
                             "def k(X, n: tl.int32, scale: float, BLOCK: tl.constexpr, eps=1e-5):\n"
                             "    x = tl.arange(0, BLOCK)\n";
    const KernelScan scan = scanKernel(text);
    REQUIRE(scan.found());
    CHECK(scan.constexprs == std::vector<std::string>{"BLOCK"}); // not n, not scale
}

TEST_CASE("kernel source pins: a reduction over axis -1 removes the last axis", "[kernel_source][pins]")
{
    const std::string text = "import triton.language as tl\n@triton.jit\n"
                             "def k(X, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):\n"
                             "    rows = tl.arange(0, BLOCK_M)\n"
                             "    cols = tl.arange(0, BLOCK_N)\n"
                             "    x = tl.load(X + rows[:, None] * BLOCK_N + cols[None, :])\n"
                             "    m = tl.max(x, axis=-1)\n"
                             "    s = tl.sum(x, -2)\n"
                             "    t = tl.sum(x, axis=1)\n";
    const KernelScan scan = scanKernel(text);
    CHECK(describe(scan, 6) == "BLOCK_M@4,BLOCK_N@5");
    CHECK(describe(scan, 7) == "BLOCK_M@4"); // a row's max: BLOCK_M values, not BLOCK_N
    CHECK(describe(scan, 8) == "BLOCK_N@5"); // -2 is the first of two axes
    CHECK(describe(scan, 9) == describe(scan, 7));
}

TEST_CASE("kernel source pins: names whose value nothing says are kept", "[kernel_source][pins]")
{
    // Only y's buffer: its axis is BLOCK_SIZE or N_COLS, and no buffer of one name alone says
    // what either is worth. Both are kept, their values unknown.
    test::TempDir folder;
    const auto document = kernelDocument(folder, "pins_pair_unknown.py", kPairKernel, {{"y", {4096}, "f32", 11}});
    const TileNames names = nameTiles(*document, 0);
    INFO(names.note);
    CHECK(namesOf(names, 0) == "BLOCK_SIZE or N_COLS");
    CHECK_FALSE(valueOf(names, "BLOCK_SIZE"));
    CHECK_FALSE(valueOf(names, "N_COLS"));
}

TEST_CASE("kernel source pins: a broadcast axis says nothing of the value of its names", "[kernel_source][pins]")
{
    // x and w (4096 f16) each name one constexpr on their own lines; the buffer at y's line holds
    // 8192 f32 (another value of the statement, as the compiler made it) and is the largest.
    // BLOCK_SIZE is what x says, 4096; 8192 is no constexpr's value, so y's dimension has no name.
    test::TempDir folder;
    const auto document = kernelDocument(folder, "pins_pair_broadcast.py", kPairKernel,
        {{"x", {4096}, "f16", 9}, {"w", {4096}, "f16", 10}, {"y", {8192}, "f32", 11}});
    const TileNames names = nameTiles(*document, 0);
    INFO(names.note);
    CHECK(valueOf(names, "BLOCK_SIZE") == 4096);
    CHECK(valueOf(names, "N_COLS") == 4096);
    CHECK(namesOf(names, 0) == "BLOCK_SIZE");
    CHECK(namesOf(names, 1) == "N_COLS");
    CHECK(namesOf(names, 2) == "-");
}

TEST_CASE("kernel source pins: a collapsed memref is not paired with the tile's axes", "[kernel_source][pins]")
{
    // x is BLOCK_M x BLOCK_N (64 x 128); the buffer at the store's line is that tile collapsed to
    // 8192 values. Its one dimension is neither BLOCK_M nor BLOCK_N.
    const std::string kernel = R"(import triton
import triton.language as tl


@triton.jit
def tile2d(X, Y, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    x = tl.load(X + rows[:, None] * BLOCK_N + cols[None, :])
    tl.store(Y + rows[:, None] * BLOCK_N + cols[None, :], x)
)";
    test::TempDir folder;
    const auto document = kernelDocument(
        folder, "pins_collapsed.py", kernel, {{"x", {64, 128}, "f16", 9}, {"flat", {8192}, "f32", 10}});
    const TileNames names = nameTiles(*document, 0);
    INFO(names.note);
    CHECK(namesOf(names, 0) == "BLOCK_M,BLOCK_N");
    CHECK(namesOf(names, 1) == "-");
    CHECK(valueOf(names, "BLOCK_M") == 64);
    CHECK(valueOf(names, "BLOCK_N") == 128);
}

TEST_CASE("kernel source pins: a dimension named by a buffer's own line outweighs one named by value",
    "[kernel_source][pins]")
{
    // 128 is BLOCK_N at x's line (512 bytes) and HEAD at h's (256 bytes); the buffer at the
    // program_id line (1536 bytes) has no tile there, so its 128 is named by value: "BLOCK_N or
    // HEAD". A lever on 128 speaks of BLOCK_N: its own line counts four times its bytes.
    const std::string kernel = R"(import triton
import triton.language as tl


@triton.jit
def mix(X, Y, Z, BLOCK_N: tl.constexpr, HEAD: tl.constexpr):
    offs = tl.arange(0, BLOCK_N)
    d = tl.arange(0, HEAD)
    x = tl.load(X + offs)
    h = tl.load(Y + d)
    pid = tl.program_id(0)
    tl.store(Z + offs, x)
)";
    test::TempDir folder;
    const auto document = kernelDocument(folder, "pins_by_value.py", kernel,
        {{"x", {128}, "f32", 9}, {"h", {128}, "f16", 10}, {"other", {128, 6}, "f16", 11}});
    const TileNames names = nameTiles(*document, 0);
    INFO(names.note);
    REQUIRE(namesOf(names, 2) == "BLOCK_N or HEAD,-");
    CHECK(names.dims[2][0].byValue);
    const ScopePlan& scope = document->dump.scopes.at(0);
    std::vector<int> blocks;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i)
        blocks.push_back(static_cast<int>(i));
    CHECK(names.nameOfValue(scope, blocks, 128).text() == "BLOCK_N");
}
