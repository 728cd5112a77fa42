// What-ifs re-planned: each one must come out as planning the IR rewritten by hand
// (dimensions replaced in the text) or with `memlens plan`'s options does.
#include "bench/generated_ir.hpp"
#include "core/document/computed_plan.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/what_if.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

using namespace memlens::planner;
using memlens::test::readText;

namespace {

// Every memref<AxBx...> dimension equal to `from` written as `to`, in the text itself.
std::string rewriteDimension(const std::string& text, std::int64_t from, std::int64_t to)
{
    static const std::regex memrefShape(R"(memref<((?:[0-9?]+x)+))");
    std::string out;
    auto begin = std::sregex_iterator(text.begin(), text.end(), memrefShape);
    std::size_t last = 0;
    for (auto match = begin; match != std::sregex_iterator(); ++match) {
        out += text.substr(last, match->position(1) - last);
        std::string dims = (*match)[1].str();
        std::string rewritten;
        std::size_t start = 0;
        while (start < dims.size()) {
            const auto x = dims.find('x', start);
            const std::string dim = dims.substr(start, x - start);
            rewritten += (dim == std::to_string(from) ? std::to_string(to) : dim) + "x";
            start = x + 1;
        }
        out += rewritten;
        last = match->position(1) + match->length(1);
    }
    return out + text.substr(last);
}

// The plan of `text` as `memlens plan` makes it.
WhatIfResult planText(const std::string& text, PlanOptions options = {})
{
    WhatIfPlanner planner(text);
    WhatIf whatIf;
    whatIf.strategy = options.strategy;
    whatIf.multiBuffer = options.multiBuffer;
    return planner.plan(whatIf);
}

void requireSamePlan(const WhatIfResult& a, const WhatIfResult& b)
{
    REQUIRE(a.valid);
    REQUIRE(b.valid);
    CHECK(a.fits == b.fits);
    REQUIRE(a.functions.size() == b.functions.size());
    for (std::size_t f = 0; f < a.functions.size(); ++f) {
        const auto& fa = a.functions[f];
        const auto& fb = b.functions[f];
        CHECK(fa.name == fb.name);
        REQUIRE(fa.scopes.size() == fb.scopes.size());
        for (std::size_t s = 0; s < fa.scopes.size(); ++s) {
            const WhatIfScope& sa = fa.scopes[s];
            const WhatIfScope& sb = fb.scopes[s];
            CHECK(sa.scope == sb.scope);
            CHECK(sa.fits == sb.fits);
            CHECK(sa.requiresBits == sb.requiresBits);
            CHECK(sa.highWaterBits == sb.highWaterBits);
            REQUIRE(sa.allocs.size() == sb.allocs.size());
            for (std::size_t i = 0; i < sa.allocs.size(); ++i) {
                CHECK(sa.allocs[i].name == sb.allocs[i].name);
                CHECK(sa.allocs[i].bits == sb.allocs[i].bits);
                CHECK(sa.allocs[i].offsets == sb.allocs[i].offsets);
                CHECK(sa.allocs[i].lifeStart == sb.allocs[i].lifeStart);
                CHECK(sa.allocs[i].lifeEnd == sb.allocs[i].lifeEnd);
            }
        }
    }
}

// The text without its multi-buffer marks, as the compiler writes the IR without multi-buffering.
std::string withoutMarks(const std::string& text)
{
    std::istringstream in(text);
    std::string out, line;
    while (std::getline(in, line))
        if (line.find("annotation.mark") == std::string::npos || line.find("hivm.multi_buffer") == std::string::npos)
            out += line + "\n";
    return out;
}

const std::filesystem::path kLoopFixture = memlens::test::data("mlir/double_buffered_loop.mlir");

} // namespace

TEST_CASE("what-if: multi-buffer off is the IR without its marks", "[planner][what_if]")
{
    const std::string text = readText(kLoopFixture);
    WhatIfPlanner planner(text, kLoopFixture.string());
    const WhatIfResult base = planner.baseline();
    REQUIRE(base.valid);
    CHECK_FALSE(base.fits); // two double-buffered 64 KB tiles and the product: more than 192 KB
    const WhatIfResult off = planner.plan(WhatIf::noMultiBuffer());
    CHECK(off.fits);
    REQUIRE(withoutMarks(text) != text);
    requireSamePlan(off, planText(withoutMarks(text))); // offsets and Lives, in that IR's numbering
    // Each double-buffered tile now has one copy.
    for (const WhatIfAlloc& alloc : off.functions.at(0).findScope("ub")->allocs)
        CHECK(alloc.offsets.size() == 1);
    CHECK(off.whatIf.describe() == "multi-buffer off");
}

TEST_CASE("what-if: multi-buffer off takes the marks out of the op numbering", "[planner][what_if]")
{
    // Marks ignored but left in place would keep their op numbers: every Life after them would be late.
    const std::string text = readText(kLoopFixture);
    const auto module = readMlir(text);
    PlanOptions ignored;
    ignored.multiBuffer = false;
    const FunctionPlan kept = planFunction(*deviceFunctions(*module).at(0), *findPlanTarget("Ascend910B1"), ignored);
    WhatIfPlanner planner(text);
    const WhatIfResult off = planner.plan(WhatIf::noMultiBuffer());
    const auto& offAllocs = off.functions.at(0).findScope("ub")->allocs;
    const PlannedScope& keptScope = kept.scopes.at(0);
    REQUIRE(offAllocs.size() == keptScope.allocs.size());
    const auto& product = offAllocs.back(); // %c, allocated after both marks
    CHECK(product.name == "%c");
    CHECK(product.lifeStart < keptScope.allocs.back().lifeStart);
    CHECK(product.lifeEnd < keptScope.allocs.back().lifeEnd);
    // And it is the numbering of the IR written without them.
    requireSamePlan(off, planText(withoutMarks(text)));
    // The marks are back after the plan: the IR as it stands plans as before, copies and all.
    const WhatIfResult base = planner.baseline();
    for (const WhatIfAlloc& alloc : base.functions.at(0).findScope("ub")->allocs)
        if (alloc.name != "%c")
            CHECK(alloc.offsets.size() == 2);
    requireSamePlan(base, planText(text));
}

TEST_CASE("what-if: largest-first is the plan with that strategy", "[planner][what_if]")
{
    const std::string text = readText(kLoopFixture);
    WhatIfPlanner planner(text);
    PlanOptions options;
    options.strategy = PlanStrategy::LargestFirst;
    requireSamePlan(planner.plan(WhatIf::largestFirst()), planText(text, options));
}

TEST_CASE("what-if: a scaled dimension is the IR with that dimension rewritten", "[planner][what_if]")
{
    const std::string text = readText(kLoopFixture);
    WhatIfPlanner planner(text);
    const auto dimensions = planner.tileDimensions();
    CHECK(dimensions == std::vector<std::int64_t>{256, 128});
    for (const DimensionScale& scale : standardScales(256)) {
        INFO("256 -> " << scale.scaled());
        requireSamePlan(planner.plan(WhatIf::scaled(256, scale.numerator, scale.denominator)),
            planText(rewriteDimension(text, 256, scale.scaled())));
    }
    // The rewrite is undone after each plan: the baseline is unchanged.
    requireSamePlan(planner.baseline(), planText(text));
    const WhatIfResult half = planner.plan(WhatIf::scaled(256, 1, 2));
    CHECK(half.fits);
    CHECK(half.functions.at(0).findScope("ub")->highWaterBits <= half.functions.at(0).findScope("ub")->capacityBits);
    CHECK(half.whatIf.describe() == "256 -> 128");
}

TEST_CASE("what-if: settings combine", "[planner][what_if]")
{
    const std::string text = readText(kLoopFixture);
    WhatIfPlanner planner(text);
    WhatIf whatIf = WhatIf::scaled(128, 2);
    whatIf.multiBuffer = false;
    whatIf.strategy = PlanStrategy::LargestFirst;
    PlanOptions options;
    options.multiBuffer = false;
    options.strategy = PlanStrategy::LargestFirst;
    requireSamePlan(planner.plan(whatIf), planText(rewriteDimension(text, 128, 256), options));
    CHECK(whatIf.describe() == "multi-buffer off, largest-first, 128 -> 256");
}

TEST_CASE("what-if: a scale that gives no whole size is refused", "[planner][what_if]")
{
    WhatIfPlanner planner(readText(kLoopFixture));
    const WhatIfResult result = planner.plan(WhatIf::scaled(3, 1, 2));
    CHECK_FALSE(result.valid);
    CHECK(result.problem == "dimension 3 cannot be scaled by 1/2 to a whole positive size");
    const WhatIfResult missing = [&] {
        WhatIf whatIf;
        whatIf.function = "nope";
        return planner.plan(whatIf);
    }();
    CHECK_FALSE(missing.valid);
    CHECK(missing.problem == "no function @nope in the IR");
}

TEST_CASE("what-if: the largest power of two that fits", "[planner][what_if]")
{
    const std::string text = readText(kLoopFixture);
    WhatIfPlanner planner(text);
    const FittingPowerOfTwo answer = planner.largestFittingPowerOfTwo(256);
    REQUIRE(answer.fittingValue);
    // The one found fits, the next power of two up does not.
    CHECK(planText(rewriteDimension(text, 256, *answer.fittingValue)).fits);
    CHECK_FALSE(planText(rewriteDimension(text, 256, *answer.fittingValue * 2)).fits);
    CHECK(*answer.fittingValue == 128);
    CHECK(answer.plansTried == 2);
    // With the marks gone, V itself fits.
    CHECK(planner.largestFittingPowerOfTwo(256, WhatIf::noMultiBuffer()).fittingValue == 256);
    // A V that is not a power of two starts from the largest one below it.
    CHECK(planner.largestFittingPowerOfTwo(200).fittingValue.value_or(0) <= 128);
}

TEST_CASE("what-if: the real overflow sample re-planned", "[planner][what_if][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const auto path = memlens::test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter");
    const std::string text = readText(path);
    WhatIfPlanner planner(text, path.string());
    const WhatIfResult base = planner.baseline();
    REQUIRE(base.functions.size() == 1);
    CHECK_FALSE(base.fits);
    CHECK(base.functions[0].findScope("ub")->requiresBits == 2097152u);
    const FittingPowerOfTwo answer = planner.largestFittingPowerOfTwo(65536);
    REQUIRE(answer.fittingValue);
    CHECK(*answer.fittingValue == 32768);
    requireSamePlan(answer.result, planText(rewriteDimension(text, 65536, 32768)));
    CHECK_FALSE(planText(rewriteDimension(text, 65536, 65536)).fits);
}

TEST_CASE("what-if: the real ttadapter samples, every standard scale of their largest dimension",
    "[planner][what_if][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    for (const auto& entry : std::filesystem::directory_iterator(memlens::test::sample("ttadapter"))) {
        const std::string text = readText(entry.path());
        WhatIfPlanner planner(text, entry.path().string());
        const auto dimensions = planner.tileDimensions();
        if (dimensions.empty())
            continue;
        for (const DimensionScale& scale : standardScales(dimensions.front())) {
            if (!scale.exact())
                continue;
            INFO(entry.path().filename().string() << ": " << scale.value << " -> " << scale.scaled());
            requireSamePlan(planner.plan(WhatIf::scaled(scale.value, scale.numerator, scale.denominator)),
                planText(rewriteDimension(text, scale.value, scale.scaled())));
        }
    }
}

TEST_CASE("what-if: a huge dimension scales in 128 bits, never wrapping", "[planner][what_if][hostile]")
{
    // The largest power of two of a 5e18-element dimension is tried as 5e18 * 2^61 / 5e18:
    // in 64 bits the product wraps and the candidate read as 1.
    constexpr std::int64_t huge = 5000000000000000000;
    const DimensionScale half{huge, std::int64_t{1} << 61, huge};
    CHECK(half.exact());
    CHECK(half.scaled() == std::int64_t{1} << 61);
    const DimensionScale twice{huge, 2, 1};
    CHECK_FALSE(twice.exact()); // 1e19 is past int64: not a size
    CHECK(twice.scaled() == INT64_MAX);
    CHECK((DimensionScale{1024, 1, 2}.scaled() == 512));
}

TEST_CASE("what-if: allocs whose sizes add up past 2^64 bits never fit", "[planner][hostile]")
{
    // Four allocs of 2^62 bits: their sum wrapped to 0 bits and the plan said "fits".
    const std::string ir = R"(module {
  func.func @huge() attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %a = memref.alloc() : memref<4611686018427387904xi1, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<4611686018427387904xi1, #hivm.address_space<ub>>
    %c = memref.alloc() : memref<4611686018427387904xi1, #hivm.address_space<ub>>
    %d = memref.alloc() : memref<4611686018427387904xi1, #hivm.address_space<ub>>
    hivm.hir.vadd ins(%a, %b : memref<4611686018427387904xi1, #hivm.address_space<ub>>, memref<4611686018427387904xi1, #hivm.address_space<ub>>) outs(%c : memref<4611686018427387904xi1, #hivm.address_space<ub>>)
    hivm.hir.vadd ins(%c, %d : memref<4611686018427387904xi1, #hivm.address_space<ub>>, memref<4611686018427387904xi1, #hivm.address_space<ub>>) outs(%a : memref<4611686018427387904xi1, #hivm.address_space<ub>>)
    return
  }
}
)";
    const auto module = readMlir(ir);
    const FunctionPlan plan = planFunction(module->functions.at(0), *findPlanTarget("Ascend910B1"));
    CHECK_FALSE(plan.fits);
    REQUIRE_FALSE(plan.errors.empty());
    CHECK_THAT(plan.errors.front(), Catch::Contains("more than any on-chip memory holds"));
}

TEST_CASE("what-if: a reduction's scratch grows and shrinks with its input", "[planner][what_if]")
{
    // The example's layer norm reduces BLOCK_SIZE floats with a scratch of BLOCK_SIZE / 64 floats
    // (memref<256xf32> at 16384, memref<128xf32> at 8192): no dimension equals BLOCK_SIZE, but
    // the scratch follows its reduction's input. Scaled from the 16384 compile, the plan is the
    // 8192 compile's, buffer for buffer, on both targets.
    for (const char* folder : {"", "a5/"}) {
        INFO("resources/examples/layer_norm/" << folder);
        const auto example = memlens::test::sourceDir() / "resources/examples/layer_norm";
        const auto sectionOf = [&](const std::string& block) {
            const auto input = memlens::readPlanInput((example / (folder + block + "/compile.log")).string());
            return input.ir;
        };
        WhatIfPlanner large(sectionOf("block16384"));
        const WhatIfResult scaled = large.plan(WhatIf::scaled(16384, 1, 2));
        WhatIfPlanner small(sectionOf("block8192"));
        const WhatIfResult compiled = small.baseline();
        requireSamePlan(scaled, compiled);
        const WhatIfScope* ub = scaled.functions.at(0).findScope("ub");
        REQUIRE(ub);
        bool scratch = false;
        for (const WhatIfAlloc& alloc : ub->allocs)
            scratch = scratch || (alloc.name == "%alloc_5" && alloc.bits == 128 * 32);
        CHECK(scratch);
    }
}

TEST_CASE("what-ifs planned on several threads give each what-if's own plan, in order", "[planner][what_if]")
{
    // Failing and fitting cells, scaled and not, multi-buffer on and off, both strategies.
    std::vector<WhatIf> whatIfs;
    for (const bool multiBuffer : {true, false})
        for (const PlanStrategy strategy : {PlanStrategy::Default, PlanStrategy::LargestFirst})
            for (const auto& scale : standardScales(256)) {
                WhatIf whatIf;
                whatIf.multiBuffer = multiBuffer;
                whatIf.strategy = strategy;
                whatIf.scales.push_back(scale);
                whatIfs.push_back(whatIf);
            }
    const std::string text = memlens::bench::generatedIr(4, 12);
    auto describe = [](const WhatIfResult& result) {
        std::ostringstream out;
        out << result.whatIf.describe() << " valid " << result.valid << " fits " << result.fits << " decided "
            << result.decided << " " << result.undecided << "\n";
        for (const WhatIfFunction& function : result.functions)
            for (const WhatIfScope& scope : function.scopes) {
                out << function.name << " " << scope.scope << " " << scope.requiresBits.value_or(0) << " "
                    << scope.highWaterBits << " " << scope.errorInfo << "\n";
                for (const WhatIfAlloc& alloc : scope.allocs) {
                    out << "  " << alloc.name << " " << alloc.bits << " [" << alloc.lifeStart << ", " << alloc.lifeEnd
                        << "]";
                    for (const std::uint64_t offset : alloc.offsets)
                        out << " " << offset;
                    out << "\n";
                }
            }
        return out.str();
    };
    WhatIfPlanner alone(text, "generated.mlir");
    std::vector<std::string> expected;
    for (const WhatIf& whatIf : whatIfs)
        expected.push_back(describe(alone.plan(whatIf)));
    for (const unsigned threads : {1u, 2u, 3u}) {
        INFO(threads << " threads");
        WhatIfPlanner planner(text, "generated.mlir");
        const std::vector<WhatIfResult> results = planner.planAll(whatIfs, threads);
        REQUIRE(results.size() == whatIfs.size());
        for (std::size_t i = 0; i < results.size(); ++i)
            CHECK(describe(results[i]) == expected[i]);
        // The planner's own module is as it was: a later plan is the plan alone.
        CHECK(describe(planner.plan(whatIfs.back())) == expected.back());
    }
}
