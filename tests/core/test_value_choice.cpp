// Where the launcher chooses a constexpr's value, and whether the kernel is autotuned.
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "core/diagnosis/launch_values.hpp"
#include "core/kernel_source/value_choice.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace memlens;

namespace {

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::vector<std::string> exampleLines()
{
    std::ifstream in(memlens::test::sourceDir() / "resources/examples/layer_norm/layer_norm.py");
    std::stringstream text;
    text << in.rdbuf();
    return linesOf(text.str());
}

} // namespace

TEST_CASE("the example's BLOCK_SIZE is chosen by block_size_for, passed at the launch", "[value_choice]")
{
    const auto lines = exampleLines();
    const auto choice = findValueChoice(lines, "_layer_norm_fwd_fused", "BLOCK_SIZE");
    REQUIRE(choice);
    CHECK(choice->keywordLine == 89);
    CHECK(choice->keywordText == "BLOCK_SIZE=block_size_for(n)");
    CHECK(choice->function == "block_size_for");
    CHECK(choice->functionFirst == 71);
    CHECK(choice->functionLast == 77);
    CHECK(choice->firstLine() == 71);
    CHECK(choice->shortText() == "chosen by block_size_for, lines 71-77");
    CHECK(choice->text()
        == "BLOCK_SIZE is chosen by block_size_for (lines 71-77), at the launch on line 89 "
           "`BLOCK_SIZE=block_size_for(n)`");
    CHECK_FALSE(kernelAutotuned(lines, "_layer_norm_fwd_fused"));
    CHECK_FALSE(findValueChoice(lines, "_layer_norm_fwd_fused", "N_COLS")); // not passed by keyword
}

TEST_CASE("a value written in the launch is chosen there; an autotuned kernel is told apart", "[value_choice]")
{
    const auto lines = linesOf(R"(import triton

CONFIGS = [
    triton.Config({'BLOCK_M': 64}),
]


@triton.autotune(
    configs=CONFIGS,
    key=['n'],
)
@triton.jit
def tuned(X, BLOCK_M: tl.constexpr):
    pass


@triton.jit
def plain(X, BLOCK_N: tl.constexpr):
    pass


def launch(x):
    tuned[(1,)](x)
    plain[(4,)](x, BLOCK_N=128)  # the launcher's own value
)");
    CHECK(kernelAutotuned(lines, "tuned"));
    CHECK_FALSE(kernelAutotuned(lines, "plain"));
    const auto choice = findValueChoice(lines, "plain", "BLOCK_N");
    REQUIRE(choice);
    CHECK(choice->keywordLine == 24);
    CHECK(choice->keywordText == "BLOCK_N=128");
    CHECK(choice->function.empty());
    CHECK(choice->firstLine() == 24);
    CHECK(choice->text() == "BLOCK_N is chosen at the launch on line 24 `BLOCK_N=128`");
    CHECK(choice->shortText() == "chosen at line 24");
    CHECK_FALSE(findValueChoice(lines, "tuned", "BLOCK_M"));
}

TEST_CASE("the example's BLOCK_SIZE lever says where the launcher chooses it, and its values copy as such",
    "[value_choice][diagnosis]")
{
    const PlanDocument document = loadPlanDocument(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string(),
        LoadOptions{});
    const Diagnosis diagnosis = diagnoseScope(document, 0);
    CHECK_FALSE(diagnosis.autotuned);
    const auto lever = std::find_if(diagnosis.levers.begin(), diagnosis.levers.end(),
        [](const Lever& each) { return each.kind == LeverKind::ScaleDimension; });
    REQUIRE(lever != diagnosis.levers.end());
    REQUIRE(lever->chosen);
    CHECK(lever->chosen->function == "block_size_for");
    // Not autotuned: the launcher's keyword, not a triton.Config.
    const FitMap map = buildFitMap(document, 0, diagnosis);
    const std::string copied = frontierForKernel(diagnosis, map);
    CHECK(copied.find("BLOCK_SIZE=8192, multibuffer=True\n") != std::string::npos);
    CHECK(copied.find("# BLOCK_SIZE is chosen by block_size_for (lines 71-77)") != std::string::npos);
    CHECK(copied.find("triton.Config") == std::string::npos);
    // Autotuned, the same frontier as configs.
    Diagnosis tuned = diagnosis;
    tuned.autotuned = true;
    CHECK(frontierForKernel(tuned, map).find("triton.Config({'BLOCK_SIZE': 8192, 'multibuffer': True})")
        != std::string::npos);
}
