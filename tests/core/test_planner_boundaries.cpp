// The planner at its boundaries, pinned by small functions of our own (found by a
// mutation run): sizes that add up to exactly the capacity, an output that must not
// be merged in place, an in-place pair that would stall the pipe, scope.scope in the
// op numbering, an inline broadcast, and the multi-buffer marks a what-if removes.
// The target is Ascend910B1: 1572864 bits (192 KB) of UB, 256-bit alignment.
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/what_if.hpp"
#include "support/planner_cases.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using namespace memlens::planner;

namespace {

constexpr std::uint64_t kUbBits = 1572864;

std::string ub(const std::string& shape) { return "memref<" + shape + ", #hivm.address_space<ub>>"; }
std::string gm(const std::string& shape) { return "memref<" + shape + ", #hivm.address_space<gm>>"; }

struct Planned {
    std::unique_ptr<Module> module;
    FunctionPlan plan;

    const PlannedScope& scope() const
    {
        REQUIRE(plan.scopes.size() == 1);
        return plan.scopes.front();
    }
    const PlannedAlloc& alloc(const std::string& name) const
    {
        for (const PlannedAlloc& alloc : scope().allocs)
            if (alloc.buffer->name == name)
                return alloc;
        FAIL("no alloc " << name);
        throw;
    }
};

Planned planOf(const std::string& text)
{
    Planned planned;
    planned.module = readMlir(text);
    const auto functions = deviceFunctions(*planned.module);
    REQUIRE(functions.size() == 1);
    planned.plan = planFunction(*functions.front(), *findPlanTarget("Ascend910B1"));
    REQUIRE(planned.plan.errors.empty());
    return planned;
}

// Two chains load -> widen to f32 -> narrow -> store, one after the other: x, y, z, w are
// DMA buffers (they pipe-conflict), a and c are vector temporaries live at different ops.
// With `rows` x 256 tiles: x, y, z, w 512*rows bytes each, a and c 1024*rows.
std::string twoChains(const std::string& name, int rows)
{
    const std::string shape = std::to_string(rows) + "x256";
    return memlens::test::withTypes(R"(func.func @)" + name + R"((%g0: $G, %g1: $G, %g2: $G, %g3: $G) {
  %x = memref.alloc() : $H
  hivm.hir.load ins(%g0 : $G) outs(%x : $H)
  %a = memref.alloc() : $F
  hivm.hir.vcast ins(%x : $H) outs(%a : $F)
  %y = memref.alloc() : $H
  hivm.hir.vcast ins(%a : $F) outs(%y : $H)
  hivm.hir.store ins(%y : $H) outs(%g1 : $G)
  %z = memref.alloc() : $H
  hivm.hir.load ins(%g2 : $G) outs(%z : $H)
  %c = memref.alloc() : $F
  hivm.hir.vcast ins(%z : $H) outs(%c : $F)
  %w = memref.alloc() : $H
  hivm.hir.vcast ins(%c : $F) outs(%w : $H)
  hivm.hir.store ins(%w : $H) outs(%g3 : $G)
  return
}
)",
        {{"$G", gm(shape + "xf16")}, {"$H", ub(shape + "xf16")}, {"$F", ub(shape + "xf32")}});
}

} // namespace

TEST_CASE(
    "planner boundaries: sizes adding up to exactly the capacity are laid out without reuse", "[planner][boundaries]")
{
    // 48-row tiles: 4 x 24 KB + 2 x 48 KB = 192 KB, the capacity exactly. The compiler lays
    // storages out one after another whenever their sum is at most the capacity
    // (PlanMemAddressOfWholeLocalBuffer: required <= maxBits), so the two temporaries, never
    // live at one op, still get their own 48 KB each.
    const Planned planned = planOf(twoChains("sum_at_capacity", 48));
    std::uint64_t sum = 0;
    for (const PlannedAlloc& alloc : planned.scope().allocs)
        sum += static_cast<std::uint64_t>(alloc.bits);
    REQUIRE(sum == kUbBits);
    CHECK(planned.plan.fits);
    CHECK(planned.alloc("%c").offsets != planned.alloc("%a").offsets); // side by side
    CHECK(planned.scope().highWaterBits == kUbBits);
}

TEST_CASE(
    "planner boundaries: an unlimited plan needing exactly the capacity fits without a search", "[planner][boundaries]")
{
    // 64-row tiles: 4 x 32 KB + 2 x 64 KB = 256 KB in all, but the level-3 plan, the temporaries
    // sharing, needs 192 KB: the capacity exactly. That plan is taken: no search within the
    // capacity, so no warning about reused DMA buffers.
    const Planned planned = planOf(twoChains("unlimited_at_capacity", 64));
    CHECK(planned.plan.fits);
    CHECK(planned.scope().highWaterBits == kUbBits);
    CHECK(planned.scope().warning.empty());
    CHECK(planned.alloc("%c").offsets == planned.alloc("%a").offsets);
}

TEST_CASE("planner boundaries: buffers live at one op filling exactly the capacity fit at the first seed",
    "[planner][boundaries]")
{
    // %a, %b and %c (64 KB each) are all live at the vadd: 192 KB, the capacity. That is no proof
    // of an overflow, so seed 0 is planned, and fits (a sum past the capacity would skip to the
    // last seed's plan, which `memlens plan` reports as the seed).
    const std::string text = memlens::test::withTypes(R"(func.func @live_at_capacity(%g0: $G, %g1: $G, %g2: $G) {
  %a = memref.alloc() : $T
  hivm.hir.load ins(%g0 : $G) outs(%a : $T)
  %b = memref.alloc() : $T
  hivm.hir.load ins(%g1 : $G) outs(%b : $T)
  %c = memref.alloc() : $T
  hivm.hir.vadd ins(%a, %b : $T, $T) outs(%c : $T)
  hivm.hir.store ins(%a : $T) outs(%g0 : $G)
  hivm.hir.store ins(%b : $T) outs(%g1 : $G)
  hivm.hir.store ins(%c : $T) outs(%g2 : $G)
  return
}
)",
        {{"$G", gm("128x256xf16")}, {"$T", ub("128x256xf16")}});
    const Planned planned = planOf(text);
    CHECK(planned.plan.fits);
    CHECK(planned.plan.seed == 0);
    CHECK(planned.scope().highWaterBits == kUbBits);
}

TEST_CASE("planner boundaries: an output marked mem_unique is still merged in place", "[planner][boundaries]")
{
    // %a, %b, %c: 72 KB each. A mem_unique mark keeps a buffer out of alias pairs and shared
    // segments, but GenerateInplaceList skips only ignoreInplace buffers: the vadd's output %c
    // takes an input's place with the mark as without it, and 144 KB fit.
    const std::string text = memlens::test::withTypes(R"(func.func @mem_unique_output(%g0: $G, %g1: $G, %g2: $G) {
  %a = memref.alloc() : $T
  hivm.hir.load ins(%g0 : $G) outs(%a : $T)
  %b = memref.alloc() : $T
  hivm.hir.load ins(%g1 : $G) outs(%b : $T)
  %c = memref.alloc() : $T
  annotation.mark %c {mem_unique} : $T
  hivm.hir.vadd ins(%a, %b : $T, $T) outs(%c : $T)
  hivm.hir.store ins(%c : $T) outs(%g2 : $G)
  return
}
)",
        {{"$G", gm("144x256xf16")}, {"$T", ub("144x256xf16")}});
    const Planned marked = planOf(text);
    CHECK(marked.plan.fits);
    const bool sharesAnInput = marked.alloc("%c").offsets == marked.alloc("%a").offsets
        || marked.alloc("%c").offsets == marked.alloc("%b").offsets;
    CHECK(sharesAnInput);
    const std::string mark = "  annotation.mark %c {mem_unique} : " + ub("144x256xf16") + "\n";
    const std::string unmarkedText = std::string(text).erase(text.find(mark), mark.size());
    const Planned unmarked = planOf(unmarkedText);
    CHECK(unmarked.plan.fits);
    CHECK(unmarked.alloc("%c").offsets == unmarked.alloc("%a").offsets);
}

TEST_CASE("planner boundaries: a double-buffered in-place pair stalls only when the killed buffer is loaded",
    "[planner][boundaries]")
{
    // %a and %c, 64 KB and double-buffered, in a loop: %c = %a + %a is stored. When %a is filled
    // by a vector op (vbrc), nothing loads it: the pair cannot stall the pipe, %c takes %a's place
    // (128 KB in all) and there is no warning about reused DMA buffers.
    const std::string text = memlens::test::withTypes(R"(func.func @stall(%g: $G, %cst: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.alloc() : $T
    annotation.mark %a {hivm.multi_buffer = 2 : i32} : $T
    %c = memref.alloc() : $T
    annotation.mark %c {hivm.multi_buffer = 2 : i32} : $T
    hivm.hir.vbrc ins(%cst : f16) outs(%a : $T)
    hivm.hir.vadd ins(%a, %a : $T, $T) outs(%c : $T)
    hivm.hir.store ins(%c : $T) outs(%g : $G)
  }
  return
}
)",
        {{"$G", gm("128x256xf16")}, {"$T", ub("128x256xf16")}});
    const Planned filled = planOf(text);
    CHECK(filled.plan.fits);
    CHECK(filled.scope().warning.empty());
    CHECK(filled.alloc("%c").offsets == filled.alloc("%a").offsets);
    CHECK(filled.scope().highWaterBits == 2 * 524288u);
    // Loaded instead, the pair would stall: kept apart, 256 KB, reused with the warning.
    const std::string vbrc = "hivm.hir.vbrc ins(%cst : f16)";
    std::string loadedText = text;
    loadedText.replace(loadedText.find(vbrc), vbrc.size(), "hivm.hir.load ins(%g : " + gm("128x256xf16") + ")");
    const Planned loaded = planOf(loadedText);
    CHECK(loaded.plan.fits);
    CHECK_THAT(loaded.scope().warning, Catch::StartsWith("[hivm-plan-memory] There reused some dma buffers"));
}

TEST_CASE("planner boundaries: an inline-broadcast vadd is in place only with the same shape", "[planner][boundaries]")
{
    // %x (256x128 f32, 128 KB) is as large as the output %o (128x256 f32) but not its shape.
    // With an inline broadcast the vadd is in place only when the shapes agree: here they do not,
    // so %o needs its own 128 KB and the plan overflows.
    const std::string text = memlens::test::withTypes(R"(func.func @vadd_broadcast(%g0: $GX, %g1: $GY, %g2: $GO) {
  %x = memref.alloc() : $X
  hivm.hir.load ins(%g0 : $GX) outs(%x : $X)
  %y = memref.alloc() : $Y
  hivm.hir.load ins(%g1 : $GY) outs(%y : $Y)
  %o = memref.alloc() : $O
  hivm.hir.vadd ins(%x, %y : $X, $Y) outs(%o : $O) broadcast = [1]
  hivm.hir.store ins(%o : $O) outs(%g2 : $GO)
  return
}
)",
        {{"$GX", gm("256x128xf32")}, {"$GY", gm("128x1xf32")}, {"$GO", gm("128x256xf32")}, {"$X", ub("256x128xf32")},
            {"$Y", ub("128x1xf32")}, {"$O", ub("128x256xf32")}});
    const Planned broadcast = planOf(text);
    CHECK_FALSE(broadcast.plan.fits);
    CHECK(broadcast.alloc("%o").offsets != broadcast.alloc("%x").offsets);
    // A plain vadd is in place whatever the shapes (the ISA's rule): %o takes %x's place.
    const std::string attribute = " broadcast = [1]";
    const Planned plain = planOf(std::string(text).erase(text.find(attribute), attribute.size()));
    CHECK(plain.plan.fits);
    CHECK(plain.alloc("%o").offsets == plain.alloc("%x").offsets);
}

TEST_CASE("planner boundaries: scope.scope opens and closes in the op numbering", "[planner][boundaries]")
{
    // The Lives count a scope.scope's begin and end as ops, as its scf.for would be:
    //   0 scope begin, 1 alloc %a, 2 load, 3 store, 4 scope.return, 5 scope end,
    //   6 alloc %b, 7 load, 8 store, 9 return.
    // Offsets alone do not show it (nothing here overlaps): the Lives do.
    const std::string text = memlens::test::withTypes(R"(func.func @scoped(%g0: $G, %g1: $G) {
  scope.scope : () -> () {
    %a = memref.alloc() : $T
    hivm.hir.load ins(%g0 : $G) outs(%a : $T)
    hivm.hir.store ins(%a : $T) outs(%g1 : $G)
    scope.return
  }
  %b = memref.alloc() : $T
  hivm.hir.load ins(%g0 : $G) outs(%b : $T)
  hivm.hir.store ins(%b : $T) outs(%g1 : $G)
  return
}
)",
        {{"$G", gm("16x16xf16")}, {"$T", ub("16x16xf16")}});
    const Planned planned = planOf(text);
    CHECK(planned.plan.sequenceLength == 10);
    CHECK(planned.alloc("%a").lifeStart == 2);
    CHECK(planned.alloc("%a").lifeEnd == 3);
    CHECK(planned.alloc("%b").lifeStart == 7);
    CHECK(planned.alloc("%b").lifeEnd == 8);
}

TEST_CASE("planner boundaries: a what-if without multi-buffering puts every mark back where it was",
    "[planner][boundaries][what_if]")
{
    // Two double-buffered tiles whose marks follow their loads (a mark need not follow its
    // alloc): after the what-if, the baseline is the one before, copies, Lives and verdict.
    const std::string text = memlens::test::withTypes(R"(func.func @marks_after_loads(%x: $G, %y: $G, %z: $G) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.alloc() : $T
    %b = memref.alloc() : $T
    %c = memref.alloc() : $T
    hivm.hir.load ins(%x : $G) outs(%a : $T)
    annotation.mark %a {hivm.multi_buffer = 2 : i32} : $T
    hivm.hir.load ins(%y : $G) outs(%b : $T)
    annotation.mark %b {hivm.multi_buffer = 2 : i32} : $T
    hivm.hir.vmul ins(%a, %b : $T, $T) outs(%c : $T)
    hivm.hir.store ins(%c : $T) outs(%z : $G)
  }
  return
}
)",
        {{"$G", gm("128x256xf16")}, {"$T", ub("128x256xf16")}});
    WhatIfPlanner planner(text);
    const WhatIfResult before = planner.baseline();
    const WhatIfResult off = planner.plan(WhatIf::noMultiBuffer());
    const WhatIfResult after = planner.baseline();
    REQUIRE(before.functions.size() == 1);
    REQUIRE(after.functions.size() == 1);
    const WhatIfScope& was = *before.functions[0].findScope("ub");
    const WhatIfScope& is = *after.functions[0].findScope("ub");
    CHECK_FALSE(was.fits); // 2 x 2 x 64 KB and the product
    CHECK(off.fits);       // 128 KB without the copies
    CHECK(is.fits == was.fits);
    CHECK(is.requiresBits == was.requiresBits);
    CHECK(is.highWaterBits == was.highWaterBits);
    REQUIRE(is.allocs.size() == was.allocs.size());
    for (std::size_t i = 0; i < is.allocs.size(); ++i) {
        INFO(was.allocs[i].name);
        CHECK(is.allocs[i].offsets == was.allocs[i].offsets);
        CHECK(is.allocs[i].lifeStart == was.allocs[i].lifeStart);
        CHECK(is.allocs[i].lifeEnd == was.allocs[i].lifeEnd);
    }
}
