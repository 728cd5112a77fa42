// Naming tile dimensions by the kernel's constexprs: our own kernels with
// dumps that point at them, and the bundled layer norm example.
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/kernel_source/tile_names.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include "support/kernel_text.hpp"

#include <catch2/catch.hpp>

using namespace memlens;
using memlens::test::describe;
using memlens::test::namesOf;

namespace {

std::shared_ptr<const PlanDocument> kernelDump(const std::string& kernel)
{
    return memlens::test::loadPath(memlens::test::data("kernels/" + kernel + "/memory_info_aiv.json").string());
}

std::optional<std::int64_t> valueOf(const TileNames& names, const std::string& constexprName)
{
    const KernelConstexpr* c = names.constexprNamed(constexprName);
    return c ? c->value : std::nullopt;
}

} // namespace

TEST_CASE("a 1-D kernel's tiles are named by BLOCK from the tl.arange line", "[tile_names]")
{
    const auto document = kernelDump("vector_add");
    const TileNames names = nameTiles(*document, 0);
    INFO(names.note);
    REQUIRE(names.any());
    CHECK(namesOf(names, 0) == "BLOCK");
    CHECK(namesOf(names, 2) == "BLOCK");
    CHECK(valueOf(names, "BLOCK") == 4096);
    REQUIRE(names.dims[0][0].python);
    CHECK(names.dims[0][0].python->label() == "vector_add.py:9 `offs = pid * BLOCK + tl.arange(0, BLOCK)`");
}

TEST_CASE("block pointers: each axis of a 2-D tile gets its own constexpr", "[tile_names]")
{
    const auto document = kernelDump("block_matmul");
    const TileNames names = nameTiles(*document, 0);
    CHECK(namesOf(names, 0) == "BLOCK_M,BLOCK_K"); // a: 64x32
    CHECK(namesOf(names, 1) == "BLOCK_K,BLOCK_N"); // b: 32x128
    CHECK(namesOf(names, 2) == "BLOCK_M,BLOCK_N"); // acc: 64x128
    CHECK(valueOf(names, "BLOCK_M") == 64);
    CHECK(valueOf(names, "BLOCK_N") == 128);
    CHECK(valueOf(names, "BLOCK_K") == 32);
}

TEST_CASE("a derived constexpr names its axis and follows its source", "[tile_names]")
{
    const auto document = kernelDump("derived_half");
    const TileNames names = nameTiles(*document, 0);
    CHECK(namesOf(names, 0) == "BLOCK_N,BLOCK_K");
    CHECK(names.dims[0][1].constexprs == std::vector<std::string>{"BLOCK_N"}); // BLOCK_K's root
    CHECK(valueOf(names, "BLOCK_N") == 128);
    CHECK(valueOf(names, "BLOCK_K") == 64);
}

TEST_CASE("two constexprs of one value: the axis decides, else both are named", "[tile_names]")
{
    const auto document = kernelDump("two_names");
    const TileNames names = nameTiles(*document, 0);
    CHECK(namesOf(names, 0) == "BLOCK_SIZE");           // x = tl.load(X + cols)
    CHECK(namesOf(names, 1) == "N_COLS");               // w = tl.load(W + wcols)
    CHECK(namesOf(names, 2) == "BLOCK_SIZE or N_COLS"); // y = x * w: nothing decides
    CHECK(namesOf(names, 3) == "-");                    // tl.sum's 128: no constexpr holds it
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    bool found = false;
    for (const Lever& lever : diagnosis.levers)
        if (lever.kind == LeverKind::ScaleDimension && lever.to == 8192) {
            found = true;
            CHECK(leverLabel(lever).rfind("16384 (BLOCK_SIZE or N_COLS) -> 8192", 0) == 0);
        }
    CHECK(found);
}

TEST_CASE("the bundled example's levers speak of BLOCK_SIZE and its line", "[tile_names][bundled]")
{
    const auto document = memlens::test::loadPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string());
    const Diagnosis diagnosis = diagnoseScope(*document, 0);
    std::vector<std::string> labels;
    for (const Lever& lever : diagnosis.levers)
        labels.push_back(leverLabel(lever));
    CHECK_THAT(
        labels.at(1), Catch::Equals("BLOCK_SIZE 16384 -> 8192 (layer_norm.py:45 `cols = tl.arange(0, BLOCK_SIZE)`)"));
    CHECK(largestFittingSentence(diagnosis).rfind("Largest BLOCK_SIZE (today 16384) that fits: 8192", 0) == 0);
}

TEST_CASE("without the kernel's source, dimensions keep their values", "[tile_names]")
{
    const auto document = memlens::test::loadPath(memlens::test::data("dumps/two_scopes_multibuffer.json").string());
    const TileNames names = nameTiles(*document, 0);
    CHECK_FALSE(names.any());
    CHECK_FALSE(names.note.empty());
}
