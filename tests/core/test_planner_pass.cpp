// Which planner pass a plan follows (by the target, or named with its options as the
// compiler's RUN lines write it), and the UB a reg-based chip gives a SIMT or MIX function.
#include "core/compile_log/log_scan.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"

#include <catch2/catch.hpp>

using namespace memlens;
using namespace memlens::planner;

TEST_CASE("planner pass: the target chooses it as the compiler's driver does", "[planner][pass]")
{
    CHECK_FALSE(passForTarget(*findPlanTarget("Ascend910B3")).regBase);
    CHECK_FALSE(passForTarget(*findPlanTarget("Ascend910_9382")).regBase);
    CHECK(passForTarget(*findPlanTarget("Ascend310B1")).regBase);
    for (const std::string& name : ascend950TargetNames()) {
        INFO(name);
        const auto target = findPlanTarget(name);
        REQUIRE(target);
        CHECK(passForTarget(*target).regBase);
        CHECK(target->chip.ub.capacityBits == 2031616);
        CHECK(target->chip.cc.capacityBits == 2097152);
    }
    CHECK(ascend950TargetNames().size() == 47);
    CHECK_FALSE(findPlanTarget("Ascend950PR_0000"));
}

TEST_CASE("planner pass: named with its options", "[planner][pass]")
{
    std::string error;
    auto pass = parsePlanPass("hivm-plan-memory-regbase=disable-tightly-coupled-buffer-reuse=true", error);
    REQUIRE(pass);
    CHECK(pass->regBase);
    CHECK(pass->disableTightlyCoupled == true);
    PlanOptions options;
    pass->applyTo(options);
    CHECK(options.disableTightlyCoupledBufferReuse);
    CHECK_FALSE(options.rules.overflowReasonSuffix);
    CHECK_FALSE(options.rules.inplaceNeedsSameOffset);

    pass = parsePlanPass("-hivm-plan-memory=plan-memory-strategy=largest-first,restrict-inplace-as-isa=true", error);
    REQUIRE(pass);
    CHECK_FALSE(pass->regBase);
    PlanOptions membase;
    pass->applyTo(membase);
    CHECK(membase.strategy == PlanStrategy::LargestFirst);
    CHECK(membase.restrictInplaceAsIsa);
    CHECK(membase.rules.overflowReasonSuffix);

    pass = parsePlanPass("hivm-plan-memory-regbase{simt-vf-dynamic-size=160 disable-vf-reachable-check=true}", error);
    REQUIRE(pass);
    CHECK(pass->simtVfDynamicSizeKb == 160);
    PlanOptions unchecked;
    pass->applyTo(unchecked);
    CHECK(unchecked.disableVfReachableCheck);
    CHECK(unchecked.simtVfDynamicSizeKb == 160);

    CHECK_FALSE(parsePlanPass("hivm-plan-memoryx", error));
    CHECK(error.find("unknown planner pass") != std::string::npos);
    CHECK_FALSE(parsePlanPass("hivm-plan-memory=no-such-option=1", error));
    CHECK(error.find("unknown option no-such-option") != std::string::npos);
    CHECK_FALSE(parsePlanPass("hivm-plan-memory=plan-memory-strategy=smallest", error));

    // mem-plan-mode: the local plan is memlens's; the global workspace's is refused, not
    // planned as local memory.
    CHECK(parsePlanPass("hivm-plan-memory=mem-plan-mode=local-mem-plan", error));
    CHECK_FALSE(parsePlanPass("hivm-plan-memory-regbase=mem-plan-mode=global-work-space-plan", error));
    CHECK(error.find("global workspace, which memlens does not plan") != std::string::npos);
    CHECK_FALSE(parsePlanPass("hivm-plan-memory=mem-plan-mode=gm", error));
}

namespace {

// One 200 KB UB buffer (204800 B = 1638400 bits) in a function of `mode`.
FunctionPlan planOneBuffer(const std::string& mode, const std::string& targetName, PlanOptions options = {})
{
    const std::string attributes = mode.empty() ? "" : " attributes {hivm.vf_mode = #hivm.vf_mode<" + mode + ">}";
    const std::string ir = "func.func @k(%src: memref<51200xf32, #hivm.address_space<gm>>)" + attributes
        + " {\n"
          "  %a = memref.alloc() : memref<51200xf32, #hivm.address_space<ub>>\n"
          "  hivm.hir.load ins(%src : memref<51200xf32, #hivm.address_space<gm>>) outs(%a : memref<51200xf32, "
          "#hivm.address_space<ub>>)\n"
          "  hivm.hir.store ins(%a : memref<51200xf32, #hivm.address_space<ub>>) outs(%src : memref<51200xf32, "
          "#hivm.address_space<gm>>)\n"
          "  return\n}\n";
    static std::vector<std::unique_ptr<Module>> modules; // the plan points into its module
    modules.push_back(readMlir(ir, "k.mlir"));
    const auto target = findPlanTarget(targetName);
    REQUIRE(target);
    options.generation = CompilerGeneration::G52f96a1; // simt-vf-dynamic-size is 52f96a1's option
    passForTarget(*target).applyTo(options);
    return planFunction(modules.back()->functions.front(), *target, options);
}

} // namespace

TEST_CASE("planner pass: a SIMT or MIX function on an A5 target has simt-vf-dynamic-size of UB", "[planner][pass]")
{
    // 200 KB fits the 248 KB of an SIMD function and the 216 KB default of a MIX one; not 160 KB.
    CHECK(planOneBuffer("", "Ascend950PR_950z").fits);
    CHECK(planOneBuffer("MIX", "Ascend950PR_950z").fits);
    PlanOptions smaller;
    smaller.simtVfDynamicSizeKb = 160;
    const FunctionPlan mix = planOneBuffer("MIX", "Ascend950PR_950z", smaller);
    REQUIRE_FALSE(mix.fits);
    REQUIRE(mix.scopes.size() == 1);
    // The A5 error has no "(possible reason: ...)".
    CHECK(mix.scopes.front().errorInfo == "ub overflow, requires 1638400 bits while 1310720 bits available!");
    CHECK(planOneBuffer("SIMD", "Ascend950PR_950z", smaller).fits);
    CHECK(planOneBuffer("SIMT", "Ascend910_9589", smaller).scopes.front().capacityBits == 1310720);
    // On an A2/A3 target the mode changes nothing (and 200 KB does not fit 192 KB).
    CHECK(planOneBuffer("MIX", "Ascend910B1", smaller).scopes.front().capacityBits == 1572864);
    PlanOptions outside;
    outside.simtVfDynamicSizeKb = 230;
    const FunctionPlan refused = planOneBuffer("SIMT", "Ascend950DT_9571", outside);
    CHECK_FALSE(refused.fits);
    REQUIRE(refused.errors.size() == 1);
    CHECK(refused.errors.front() == "PlanMemory Fail : SimtVFDynamicSize have to in range [128, 216], but got 230!");
}

TEST_CASE("planner pass: the newer generation's shared-mem-dynamic-size, in bytes, replaces it", "[planner][pass]")
{
    // Unset (-1) is the newer compiler's error for a SIMT or MIX function, not for a SIMD one.
    std::string error;
    PlanOptions newer;
    REQUIRE(parsePlanPass("hivm-plan-memory-regbase", error));
    const std::string modes[] = {"MIX", "SIMT"};
    for (const std::string& mode : modes) {
        const auto ir = readMlir("func.func @k() attributes {hivm.vf_mode = #hivm.vf_mode<" + mode
                + ">} {\n  %a = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>\n  return\n}\n",
            "k.mlir");
        const auto target = findPlanTarget("Ascend950PR_950z");
        REQUIRE(target);
        passForTarget(*target).applyTo(newer);
        const FunctionPlan plan = planFunction(ir->functions.front(), *target, newer);
        REQUIRE(plan.errors.size() == 1);
        CHECK(plan.errors.front()
            == "PlanMemory Fail : SharedMemDynamicSize have to in range [122880, 221184], but got -1!");
    }
}

TEST_CASE("planner pass: a log's section before hivm-plan-memory-regbase is read and said to be", "[planner][pass]")
{
    const std::string log = "[INFO] Using merged native A5 regbase pipeline\n"
                            "// -----// IR Dump Before PlanMemoryRegBase (hivm-plan-memory-regbase) //----- //\n"
                            "func.func @k() {\n}\n"
                            "// -----// IR Dump After PlanMemoryRegBase (hivm-plan-memory-regbase) //----- //\n"
                            "func.func @k() {\n}\n";
    const LogScan scan = scanCompileLogText(log, "", "compile.log");
    CHECK(scan.sectionsSeen == 1);
    CHECK(scan.sectionRegBase);
    CHECK(scan.sectionText == "func.func @k() {\n}\n");
    CHECK(scan.plannerRanAfter);
    const LogScan membase = scanCompileLogText(
        "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //\nfunc.func @k() {\n}\n", "", "compile.log");
    CHECK_FALSE(membase.sectionRegBase);
}

TEST_CASE("planner pass: a bare boolean option is true, and a log's A5 section keeps the A5 pass", "[planner][pass]")
{
    std::string error;
    const auto bare = parsePlanPass("hivm-plan-memory-regbase=disable-vf-reachable-check", error);
    REQUIRE(bare);
    CHECK(error.empty());
    CHECK(bare->disableVfReachable == std::optional<bool>(true));
    const auto spelled = parsePlanPass("hivm-plan-memory-regbase=disable-vf-reachable-check=false", error);
    REQUIRE(spelled);
    CHECK(spelled->disableVfReachable == std::optional<bool>(false));
    // A section printed before hivm-plan-memory-regbase whose IR names no target (the default,
    // an A2/A3 chip) is still planned as the A5 pass.
    CHECK(passForTarget(*findPlanTarget("Ascend910B1"), true).regBase);
    CHECK_FALSE(passForTarget(*findPlanTarget("Ascend910B1"), false).regBase);
}
