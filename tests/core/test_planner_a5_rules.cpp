// The A5 pass's rules that one function's offsets do not show (the cases of one function are in
// tests/data/planner_rules/regbase.mlir): the mark's kill test and its shuffle draw, the scf.while
// sibling rule, tightly coupled buffers across the AIC and AIV functions, and the last retry's
// disable-vf-reachable-check when a log's attempt ran with it. Each expectation is derived from
// regbase/PlanMemory.cpp @52f96a1 and named there.
#include "core/document/computed_plan.hpp"
#include "core/planner/block_liveness.hpp"
#include "core/planner/buffer_liveness.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/module_facts.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/plan_pass.hpp"
#include "support/planner_cases.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>

using namespace memlens;
using namespace memlens::planner;

namespace {

const std::string kUb = "#hivm.address_space<ub>";
const std::string kGm = "#hivm.address_space<gm>";

PlanOptions optionsOf(const std::string& pass)
{
    std::string error;
    const auto parsed = parsePlanPass(pass, error);
    INFO(error);
    REQUIRE(parsed);
    PlanOptions options;
    parsed->applyTo(options);
    return options;
}

const PlannedAlloc* allocNamed(const FunctionPlan& plan, const std::string& name)
{
    for (const PlannedScope& scope : plan.scopes)
        for (const PlannedAlloc& alloc : scope.allocs)
            if (alloc.buffer->name == name)
                return &alloc;
    return nullptr;
}

// %a is loaded and read by a vadd into %b before %c is marked; the mark sees two live values.
std::string markedFunction()
{
    const std::string t = "memref<256xf32, " + kUb + ">";
    const std::string g = "memref<256xf32, " + kGm + ">";
    return test::withTypes(R"(func.func @marked(%src: $G, %dst: $G) {
  %a = memref.alloc() : $T
  hivm.hir.load ins(%src : $G) outs(%a : $T)
  %b = memref.alloc() : $T
  hivm.hir.vadd ins(%a, %a : $T, $T) outs(%b : $T)
  %c = memref.alloc() : $T
  annotation.mark %c {hivm.multi_buffer = 2 : i32} : $T
  hivm.hir.vadd ins(%b, %b : $T, $T) outs(%c : $T)
  hivm.hir.store ins(%c : $T) outs(%dst : $G)
  return
}
)",
        {{"$T", t}, {"$G", g}});
}

} // namespace

TEST_CASE(
    "A5 rules: an annotation.mark's kill test covers every live value and draws from the seed", "[planner][rules][a5]")
{
    // ProcessMarkOp ends with OpKillHandle on A5 (every value live at the mark, shuffled) and with
    // UpdateOpKillInfo of the marked alloc alone on A2/A3 (no shuffle): one more draw per mark.
    const auto module = readMlir(markedFunction(), "marked.mlir");
    const Function& function = module->functions.front();
    const auto sequence = linearize(function);
    const BlockLiveness blocks(*function.op);
    std::size_t draws[2] = {0, 0};
    for (const bool regBase : {false, true}) {
        LivenessOptions options;
        options.rules = regBase ? PlanRules::regbase() : PlanRules::membase();
        BufferLiveness liveness(function, sequence, blocks, 0, options);
        REQUIRE(liveness.build().errors.empty());
        draws[regBase ? 1 : 0] = liveness.shuffleLog().draws();
    }
    CHECK(draws[1] == draws[0] + 1);
    // The plans agree here (nothing else dies at the mark): only the seed's sequence moves on.
    const auto target = findPlanTarget("Ascend950PR_950z");
    REQUIRE(target);
    const FunctionPlan a5 = planFunction(function, *target, optionsOf("hivm-plan-memory-regbase"));
    const FunctionPlan a3 = planFunction(function, *target, optionsOf("hivm-plan-memory"));
    REQUIRE(allocNamed(a5, "%c"));
    REQUIRE(allocNamed(a3, "%c"));
    CHECK(allocNamed(a5, "%c")->offsets == allocNamed(a3, "%c")->offsets);
}

TEST_CASE("A5 rules: a value of one scf.while region never dies in the other region", "[planner][rules][a5]")
{
    // AllDeadAfter (A5 only): %a, written in the before region, reaches the after region as %b
    // through scf.condition; read there last, the A2/A3 pass kills it there, the A5 pass never
    // does (the alias chain keeps it alive past the sibling region). %z, written after that read
    // in the same region, and %a are 128 KB each: A2/A3 let %z take %a's place and fit in
    // 248 KB, A5 keeps both and needs 256 KB.
    const std::string t = "memref<32768xf32, " + kUb + ">";
    const std::string g = "memref<32768xf32, " + kGm + ">";
    const std::string text = test::withTypes(R"(func.func @looped(%src: $G, %dst: $G, %n: i1) {
  %r = scf.while (%go = %n) : (i1) -> $T {
    %a = memref.alloc() : $T
    hivm.hir.load ins(%src : $G) outs(%a : $T)
    scf.condition(%go) %a : $T
  } do {
  ^bb0(%b: $T):
    hivm.hir.store ins(%b : $T) outs(%dst : $G)
    %z = memref.alloc() : $T
    hivm.hir.load ins(%src : $G) outs(%z : $T)
    hivm.hir.store ins(%z : $T) outs(%dst : $G)
    %stop = arith.constant false
    scf.yield %stop : i1
  }
  return
}
)",
        {{"$T", t}, {"$G", g}});
    const auto module = readMlir(text, "looped.mlir");
    const auto target = findPlanTarget("Ascend950PR_950z");
    REQUIRE(target);
    const Function& function = module->functions.front();
    const FunctionPlan a3 = planFunction(function, *target, optionsOf("hivm-plan-memory"));
    const FunctionPlan a5 = planFunction(function, *target, optionsOf("hivm-plan-memory-regbase"));
    REQUIRE(allocNamed(a3, "%a"));
    REQUIRE(allocNamed(a5, "%a"));
    REQUIRE(allocNamed(a3, "%z"));
    CHECK(a3.fits);
    CHECK(allocNamed(a3, "%a")->offsets == allocNamed(a3, "%z")->offsets);
    CHECK(allocNamed(a5, "%a")->lifeEnd > allocNamed(a3, "%a")->lifeEnd);
    CHECK_FALSE(a5.fits);
    REQUIRE(a5.scopes.size() == 1);
    REQUIRE(a5.scopes[0].requiresBits);
    CHECK(*a5.scopes[0].requiresBits == 2 * 32768 * 32);
}

namespace {

// An AIC function writes %u (ub, the other core's side) and an AIV function owns %v (ub) under
// the same tightly coupled id; the AIV function also owns %w under another id.
std::string coupledModule()
{
    const std::string t = "memref<25600xf32, " + kUb + ">"; // 100 KB
    const std::string c = "memref<25600xf32, #hivm.address_space<cc>>";
    const std::string g = "memref<25600xf32, " + kGm + ">";
    return test::withTypes(R"(module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
func.func @cube(%src: $G) attributes {hivm.func_core_type = #hivm.func_core_type<AIC>} {
  %l0c = memref.alloc() : $C
  hivm.hir.load ins(%src : $G) outs(%l0c : $C)
  %u = memref.alloc() : $T
  annotation.mark %u {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<7>} : $T
  hivm.hir.fixpipe {enable_nz2nd, l0c_to_ub} ins(%l0c : $C) outs(%u : $T)
  return
}
func.func @vector(%dst: $G) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %pad = memref.alloc() : $T
  hivm.hir.load ins(%dst : $G) outs(%pad : $T)
  hivm.hir.store ins(%pad : $T) outs(%dst : $G)
  %v = memref.alloc() : $T
  annotation.mark %v {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<7>} : $T
  hivm.hir.store ins(%v : $T) outs(%dst : $G)
  %w = memref.alloc() : $T
  annotation.mark %w {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<8>} : $T
  hivm.hir.store ins(%w : $T) outs(%dst : $G)
  return
}
}
)",
        {{"$T", t}, {"$G", g}, {"$C", c}});
}

} // namespace

TEST_CASE("A5 rules: the other core's side of a tightly coupled buffer is not planned and takes the owner's offsets",
    "[planner][rules][a5]")
{
    const auto module = readMlir(coupledModule(), "coupled.mlir");
    const auto target = findPlanTarget("Ascend950PR_950z");
    REQUIRE(target);
    const auto functions = deviceFunctions(*module);
    REQUIRE(functions.size() == 2);
    for (const bool regBase : {false, true}) {
        INFO((regBase ? "hivm-plan-memory-regbase" : "hivm-plan-memory"));
        const PlanOptions options = optionsOf(regBase ? "hivm-plan-memory-regbase" : "hivm-plan-memory");
        FunctionPlan cube = planFunction(*functions[0], *target, options);
        FunctionPlan vector = planFunction(*functions[1], *target, options);
        REQUIRE(cube.fits);
        REQUIRE(vector.fits);
        const PlannedAlloc* planned = allocNamed(cube, "%u");
        // ProcessMarkOpForTightlyCoupledCV: A5 puts the AIC side's ub buffer in skipMemPlan, never
        // written there, never planned; A2/A3 plan it like any other (skipMemPlan unread).
        if (regBase)
            CHECK((planned == nullptr || planned->storage == -1));
        else
            CHECK((planned != nullptr && planned->storage >= 0));
        CHECK(cube.errors.empty()); // not "read before first write"
        shareCoupledOffsets({&cube, &vector});
        // UpdateBuffer2OffsetsForFuncOp: the pointer cast of %u gets %v's offsets (id 7), both passes.
        const auto u = std::find_if(cube.coupled.begin(), cube.coupled.end(),
            [](const FunctionPlan::CoupledBuffer& coupled) { return coupled.alloc->name == "%u"; });
        REQUIRE(u != cube.coupled.end());
        CHECK_FALSE(u->owned);
        CHECK(u->id == 7);
        REQUIRE(cube.castOffsets.count(u->alloc) == 1);
        REQUIRE(allocNamed(vector, "%v"));
        CHECK(cube.castOffsets.at(u->alloc) == allocNamed(vector, "%v")->offsets);
        CHECK(vector.castOffsets.empty()); // the owning side keeps its own
    }
}

TEST_CASE(
    "A5 rules: mem_unique coupled buffers whose uses never meet fall back to the lifetime test", "[planner][rules][a5]")
{
    // disable-tightly-coupled-buffer-reuse=true makes the owning side mem_unique. A2/A3 then keep
    // %v and %w apart; A5's BuildCVReuseAllowedPairs finds ids 7 and 8 used over disjoint op
    // ranges in every function holding both (only @vector), so their lifetimes decide: %v dies at
    // its store before %w is written, and they share. With %pad, three 100 KB buffers: A2/A3 need
    // 300 KB of the 248, A5 200 KB.
    const auto module = readMlir(coupledModule(), "coupled.mlir");
    const auto target = findPlanTarget("Ascend950PR_950z");
    REQUIRE(target);
    const Function& vector = *deviceFunctions(*module)[1];
    const CoupledPairs pairs = coupledPairsMayShare(*vector.op);
    CHECK(pairs == CoupledPairs{{7, 8}, {8, 7}});

    const FunctionPlan a3
        = planFunction(vector, *target, optionsOf("hivm-plan-memory=disable-tightly-coupled-buffer-reuse=true"));
    const FunctionPlan a5 = planFunction(
        vector, *target, optionsOf("hivm-plan-memory-regbase=disable-tightly-coupled-buffer-reuse=true"));
    CHECK_FALSE(a3.fits);
    REQUIRE(a5.fits);
    REQUIRE(allocNamed(a5, "%v"));
    CHECK(allocNamed(a5, "%v")->offsets == allocNamed(a5, "%w")->offsets);
    CHECK(allocNamed(a5, "%pad")->offsets != allocNamed(a5, "%v")->offsets);
}

TEST_CASE("A5 rules: a log whose last attempt ran without the VF reachable check is planned without it",
    "[planner][rules][a5]")
{
    // The compile's fifth attempt sets disable-vf-reachable-check=true (BiShengIRCompileMain's
    // retries): in a loop, the VF call's output then takes its loaded input's place.
    const std::string t = "memref<1024xf32, " + kUb + ">";
    const std::string s = "memref<64xf32, strided<[1], offset: ?>, " + kUb + ">";
    const std::string g = "memref<1024xf32, " + kGm + ">";
    const std::string section = test::withTypes(R"(module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf(%in: $T, %out: $T) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %a = memref.subview %in[%i] [64] [1] : $T to $S
      %b = memref.subview %out[%i] [64] [1] : $T to $S
      %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : $S, vector<64xf32>
      vector.transfer_write %v, %b[%c0] {in_bounds = [true]} : vector<64xf32>, $S
    }
    return
  }
  func.func @kernel(%src: $G, %dst: $G) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %l0 = arith.constant 0 : index
    %l1 = arith.constant 1 : index
    %l4 = arith.constant 4 : index
    scf.for %k = %l0 to %l4 step %l1 {
      %x = memref.alloc() : $T
      hivm.hir.load ins(%src : $G) outs(%x : $T)
      %y = memref.alloc() : $T
      func.call @vf(%x, %y) {hivm.vector_function} : ($T, $T) -> ()
      hivm.hir.store ins(%y : $T) outs(%dst : $G)
    }
    return
  }
}
)",
        {{"$T", t}, {"$G", g}, {"$S", s}});
    auto logOf = [&](int attempts) {
        std::string log;
        for (int attempt = 1; attempt <= attempts; ++attempt) {
            log += "// -----// IR Dump Before PlanMemoryRegBase (hivm-plan-memory-regbase) //----- //\n" + section
                + "\n";
            if (attempt < attempts)
                log += "loc(\"k.py\":1:1): error: ub overflow, requires 2097152 bits while 2031616 bits available!\n";
        }
        return log;
    };
    test::TempDir dir;
    const auto four = dir.write("four/compile.log", logOf(4)).string();
    const auto five = dir.write("five/compile.log", logOf(5)).string();
    CHECK_FALSE(readPlanInput(four).vfReachableCheckOff);
    CHECK(readPlanInput(five).vfReachableCheckOff);

    // Planned as the log's attempt ran: the fifth attempt's call writes %y over %x.
    for (const auto& [path, merged] : {std::pair{four, false}, std::pair{five, true}}) {
        INFO(path);
        const PlanInput input = readPlanInput(path);
        const auto module = readMlir(input.ir, path);
        const Function* kernel = module->findFunction("kernel");
        REQUIRE(kernel);
        PlanOptions options = optionsOf("hivm-plan-memory-regbase");
        input.applyTo(options);
        const FunctionPlan plan = planFunction(*kernel, *findPlanTarget("Ascend950PR_950z"), options);
        REQUIRE(allocNamed(plan, "%x"));
        REQUIRE(allocNamed(plan, "%y"));
        CHECK((allocNamed(plan, "%x")->offsets == allocNamed(plan, "%y")->offsets) == merged);
        // The document opened from the log is that plan: one storage, or two.
        const ComputedDump computed = computeDump(path);
        REQUIRE(computed.dump.scopes.size() == 1);
        std::uint64_t highest = 0;
        for (const auto& buffer : computed.dump.scopes[0].buffers)
            for (const auto offset : buffer.offsets)
                highest = std::max<std::uint64_t>(highest, offset + buffer.sizeBytes);
        CHECK(highest == (merged ? 4096u : 8192u));
    }
}

TEST_CASE("A5 rules: a pointer cast to ssbuf is left alone, an alloc in ssbuf is refused", "[planner][rules][a5]")
{
    // isSkippableOp (A5): a hivm.hir.pointer_cast touching ssbuf alone is skipped; A2/A3 meet it as
    // an op they do not know that touches a local buffer (memlens notes it, the compiler stops).
    // An alloc in ssbuf stops the A5 pass at once (CheckLocalBufferAllocOp's assertion); the A2/A3
    // case is rules_error_ssbuf_written.
    const std::string s = "memref<16xi32, #hivm.address_space<ssbuf>>";
    const std::string t = "memref<256xf32, " + kUb + ">";
    const std::string g = "memref<256xf32, " + kGm + ">";
    const std::string text = test::withTypes(R"(func.func @scalar(%src: $G, %dst: $G) {
  %c0 = arith.constant 0 : i64
  %flags = hivm.hir.pointer_cast(%c0) : $S
  %a = memref.alloc() : $T
  hivm.hir.load ins(%src : $G) outs(%a : $T)
  hivm.hir.store ins(%a : $T) outs(%dst : $G)
  return
}
)",
        {{"$T", t}, {"$G", g}, {"$S", s}});
    const auto module = readMlir(text, "scalar.mlir");
    const auto target = findPlanTarget("Ascend950PR_950z");
    REQUIRE(target);
    const Function& function = module->functions.front();
    auto noted = [](const FunctionPlan& plan) {
        return std::any_of(plan.notes.begin(), plan.notes.end(),
            [](const std::string& note) { return note.find("hivm.hir.pointer_cast") != std::string::npos; });
    };
    const FunctionPlan a5 = planFunction(function, *target, optionsOf("hivm-plan-memory-regbase"));
    const FunctionPlan a3 = planFunction(function, *target, optionsOf("hivm-plan-memory"));
    CHECK(a5.fits);
    CHECK_FALSE(noted(a5));
    CHECK(noted(a3));

    const std::string allocated = test::withTypes(R"(func.func @scalar_alloc() {
  %flags = memref.alloc() : $S
  return
}
)",
        {{"$S", s}});
    const auto second = readMlir(allocated, "scalar_alloc.mlir");
    const FunctionPlan refused
        = planFunction(second->functions.front(), *target, optionsOf("hivm-plan-memory-regbase"));
    CHECK_FALSE(refused.fits);
    REQUIRE_FALSE(refused.errors.empty());
    CHECK_THAT(refused.errors.front(), Catch::Contains("Alloc on SSBUFFER is not yet supported!"));
}

namespace {

// One AIV function whose body is `body` (types $T ub, $G gm), for the coupled ids' op ranges.
CoupledPairs pairsOfBody(const std::string& body)
{
    const std::string t = "memref<1024xf32, " + kUb + ">";
    const std::string g = "memref<1024xf32, " + kGm + ">";
    const std::string text = test::withTypes(R"(module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
func.func @vector(%dst: $G) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
)" + body + R"(  return
}
}
)",
        {{"$T", t}, {"$G", g}, {"$S", "memref<512xf32, strided<[1]>, " + kUb + ">"}});
    const auto module = readMlir(text, "coupled_ranges.mlir");
    const auto functions = deviceFunctions(*module);
    REQUIRE(functions.size() == 1);
    return coupledPairsMayShare(*functions[0]->op);
}

const std::string kMarkV = "  %v = memref.alloc() : $T\n"
                           "  annotation.mark %v {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<7>} : $T\n"
                           "  hivm.hir.store ins(%v : $T) outs(%dst : $G)\n";
const std::string kMarkW = "  %w = memref.alloc() : $T\n"
                           "  annotation.mark %w {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<8>} : $T\n"
                           "  hivm.hir.store ins(%w : $T) outs(%dst : $G)\n";

} // namespace

TEST_CASE("A5 rules: coupled ids' op ranges, each way round, through views, over every alloc of an id",
    "[planner][rules][a5]")
{
    const CoupledPairs apart{{7, 8}, {8, 7}};
    // Used one after the other: apart, whichever id comes first.
    CHECK(pairsOfBody(kMarkV + kMarkW) == apart);
    CHECK(pairsOfBody(kMarkW + kMarkV) == apart);
    // %v used again through a view (taken before %w) after %w's uses: the ranges meet.
    CHECK(pairsOfBody(kMarkV + "  %sv = memref.subview %v[0] [512] [1] : $T to $S\n" + kMarkW
        + "  hivm.hir.store ins(%sv : $S) outs(%dst : $G)\n")
              .empty());
    // Id 7 on two allocs, %w's uses between them: the id's range is both allocs', so it meets %w's.
    CHECK(pairsOfBody(kMarkV + kMarkW
        + "  %v2 = memref.alloc() : $T\n"
          "  annotation.mark %v2 {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<7>} : $T\n"
          "  hivm.hir.store ins(%v2 : $T) outs(%dst : $G)\n")
              .empty());
}
