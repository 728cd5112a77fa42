// Kilobytes of hostile IR must not take gigabytes: the reader bounds the results of an op,
// the values and ops of a module and its notes, and holds only a window of tokens; the
// liveness bounds the alias pairs, its cache of live values and what its shuffle sites keep.
#include "bench/generated_ir.hpp"
#include "bench/hostile_ir.hpp"
#include "core/planner/block_liveness.hpp"
#include "core/planner/buffer_liveness.hpp"
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_lexer.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/plan_target.hpp"
#include "support/mlir_tokens.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace memlens::planner;
using namespace memlens::bench;

namespace {

bool hasNote(const Module& module, const std::string& part)
{
    for (const auto& note : module.notes)
        if (note.message.find(part) != std::string::npos)
            return true;
    return false;
}

bool hasNote(const std::vector<std::string>& notes, const std::string& part)
{
    for (const auto& note : notes)
        if (note.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace

TEST_CASE("hostile IR: an op keeps at most 4096 results, with a note", "[planner][hostile]")
{
    const auto module = readMlir("%r:3000, %s:3000 = x.y\n%u = x.z %r#7\n");
    REQUIRE(module->top.ops.size() == 2);
    CHECK(module->top.ops[0]->results.size() == 4096);
    CHECK(module->values.size() <= 4096 + 1);
    CHECK(hasNote(*module, "an op with more than 4096 results: only the first 4096 are read"));
    CHECK(module->top.ops[1]->operands.front()->definingOp == module->top.ops[0].get());
}

TEST_CASE("hostile IR: past maxValues values the rest of the IR is not read, with a note", "[planner][hostile]")
{
    ReadBounds bounds;
    bounds.maxValues = 10000;
    const auto module = readMlir(manyResultsIr(100), "many.mlir", bounds); // 409,600 values unbounded
    CHECK(module->values.size() < 10000 + 4096);
    CHECK(module->top.ops.size() == 3);
    CHECK(hasNote(*module, "the bound of 10000 values is reached: the rest of the IR, from line 4, is not read"));
    // With the default bound the same text is read whole.
    const auto whole = readMlir(manyResultsIr(20));
    CHECK(whole->values.size() == 20 * 4096);
    CHECK(whole->notes.empty());
}

TEST_CASE("hostile IR: past maxOps ops the rest of the IR is not read, with a note", "[planner][hostile]")
{
    std::string text;
    for (int i = 0; i < 5000; ++i)
        text += "x.y\n";
    ReadBounds bounds;
    bounds.maxOps = 1000;
    const auto module = readMlir(text, "ops.mlir", bounds);
    CHECK(module->top.ops.size() == 1000);
    CHECK(hasNote(*module, "the bound of 1000 ops is reached: the rest of the IR, from line 1001, is not read"));
}

TEST_CASE("hostile IR: notes past 1000 are left out, with a note", "[planner][hostile]")
{
    std::string text;
    for (int i = 0; i < 3000; ++i)
        text += ")\n";
    const auto module = readMlir(text);
    REQUIRE(module->notes.size() == 1001);
    CHECK(module->notes.back().message == "more than 1000 notes: the rest are left out");
}

TEST_CASE("hostile IR: the reader never holds the tokens of the whole text", "[planner][hostile]")
{
    ReadBounds bounds;
    readMlir(openParensIr(std::size_t{1} << 20), "parens.mlir", bounds); // a million tokens
    CHECK(bounds.tokensHeldAtMost > 0);
    CHECK(bounds.tokensHeldAtMost < 2000);
    const auto module = readMlir(manyViewsIr(3000), "views.mlir", bounds); // 70,000 tokens
    CHECK(module->values.size() == 3000 + 3);
    CHECK(bounds.tokensHeldAtMost < 2000);
    std::string blankLines(std::size_t{1} << 20, '\n'); // a run of newlines is one token
    readMlir("x.y" + blankLines + "x.z {\n" + blankLines + "}\n", "blank.mlir", bounds);
    CHECK(bounds.tokensHeldAtMost < 2000);
}

TEST_CASE("hostile IR: the token window gives the lexer's tokens, a run of newlines as one", "[planner][hostile]")
{
    const std::string text = generatedIr(1, 4) + "\n\n  // a comment\n\n%x = \"q.r\"() : () -> ()\n  \n";
    const auto tokens = memlens::test::tokenizeMlir(text);
    TokenWindow window(text);
    std::size_t at = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        std::size_t length = tokens[i].length;
        if (tokens[i].kind == TokenKind::Newline) {
            std::size_t last = i;
            while (last + 1 < tokens.size() && tokens[last + 1].kind == TokenKind::Newline)
                ++last;
            length = tokens[last].offset + 1 - tokens[i].offset;
            i = last;
        }
        const Token& got = window.at(at++);
        INFO("token " << i);
        REQUIRE(got.kind == tokens[i].kind);
        CHECK(got.offset + got.length == tokens[i].offset + tokens[i].length);
        CHECK(got.length == length);
        if (got.kind != TokenKind::Newline) {
            CHECK(got.line == tokens[i].line);
            CHECK(got.column == tokens[i].column);
        }
        window.release(at > 4 ? at - 4 : 0);
    }
    CHECK(window.at(at + 10).kind == TokenKind::End);
    CHECK(window.peakHeld() < 16);
}

TEST_CASE("hostile IR: alias pairs past maxAliasPairs are left out, with a note", "[planner][hostile]")
{
    const auto module = readMlir(manyViewsIr(100)); // 101 values that all alias: 10,100 pairs
    REQUIRE(module->functions.size() == 1);
    const Function& function = module->functions.front();
    const auto sequence = linearize(function);
    const BlockLiveness liveness(*function.op);
    BufferLiveness wholeWalk(function, sequence, liveness, 0);
    const BufferLives whole = wholeWalk.build();
    CHECK(wholeWalk.aliasPairs() == 101 * 100);
    CHECK_FALSE(hasNote(whole.notes, "pairs"));
    LivenessOptions options;
    options.maxAliasPairs = 1000;
    BufferLiveness boundedWalk(function, sequence, liveness, 0, options);
    const BufferLives bounded = boundedWalk.build();
    CHECK(boundedWalk.aliasPairs() == 1000);
    CHECK(hasNote(bounded.notes,
        "buffers alias in more than 1000 pairs: the pairs past that are left out, so the plan may reuse memory a "
        "view still holds"));
}

TEST_CASE("hostile IR: the values live at each op are cached only up to a bound", "[planner][hostile]")
{
    const auto module = readMlir(manyLiveIr(150)); // about 150 live at each of 450 ops
    const Function& function = module->functions.front();
    const BlockLiveness bounded(*function.op, 5000);
    const BlockLiveness whole(*function.op, std::size_t{1} << 30);
    const planner::Block& body = *function.body()->blocks.front();
    for (int pass = 0; pass < 2; ++pass)
        for (const auto& op : body.ops)
            REQUIRE(bounded.liveAt(&body, op.get()) == whole.liveAt(&body, op.get()));
    CHECK(bounded.cachedLive() <= 5000);
    CHECK(whole.cachedLive() > 40000);
}

TEST_CASE("hostile IR: shuffle sites keep only the live values that add to a list", "[planner][hostile]")
{
    const auto module = readMlir(manyLiveIr(150));
    const Function& function = module->functions.front();
    const auto sequence = linearize(function);
    const BlockLiveness liveness(*function.op);
    BufferLiveness walk(function, sequence, liveness, 0);
    BufferLives replayed = walk.build();
    CHECK(walk.shuffleLog().keptCandidates() < 4 * 150); // not ~150 at each of 450 sites
    for (unsigned seed = 1; seed < 4; ++seed) {
        const BufferLives fresh = BufferLiveness(function, sequence, liveness, seed).build();
        walk.shuffleLog().replay(seed, replayed.genKill);
        REQUIRE(fresh.genKill.size() == replayed.genKill.size());
        for (std::size_t i = 0; i < fresh.genKill.size(); ++i) {
            CHECK(fresh.genKill[i].gen == replayed.genKill[i].gen);
            CHECK(fresh.genKill[i].kill == replayed.genKill[i].kill);
        }
    }
}

TEST_CASE("hostile IR: the generated families plan", "[planner][hostile]")
{
    for (const std::string& text : {manyViewsIr(300), manyLiveIr(300), manyDmaIr(300)}) {
        const auto module = readMlir(text);
        REQUIRE(module->functions.size() == 1);
        const FunctionPlan plan = planFunction(module->functions.front(), *findPlanTarget("Ascend910B1"));
        CHECK(plan.decided);
    }
}

TEST_CASE(
    "hostile IR: a chain of 3000 double-buffered in-place pairs, the last refused for the pipe", "[planner][hostile]")
{
    // Every vabs writes over its input, no store reached, until the last: its input reaches the
    // load 2999 pairs back, so it would stall the pipe (InplaceStallPipeline) and gets its own storage.
    const auto module = readMlir(multiBufferChainIr(3000));
    const FunctionPlan plan = planFunction(module->functions.front(), *findPlanTarget("Ascend910B1"));
    REQUIRE(plan.fits);
    REQUIRE(plan.scopes.size() == 1);
    std::map<std::string, std::vector<std::uint64_t>> offsets;
    for (const PlannedAlloc& alloc : plan.scopes.front().allocs)
        offsets[alloc.buffer->name] = alloc.offsets;
    REQUIRE(offsets.size() == 3001);
    CHECK(offsets["%x0"] == std::vector<std::uint64_t>{0, 64});
    CHECK(offsets["%x2999"] == offsets["%x0"]);
    CHECK(offsets["%x3000"] == std::vector<std::uint64_t>{32, 96});
}

// MEMLENS_HOSTILE_DIR=/tmp/hostile memlens_core_tests "[.hostile-files]" writes the four
// families at the sizes the probe used, to measure `memlens plan` on them.
TEST_CASE("hostile IR: write the probe's inputs", "[.hostile-files]")
{
    const char* dir = std::getenv("MEMLENS_HOSTILE_DIR");
    REQUIRE(dir != nullptr);
    const std::pair<const char*, std::string> files[] = {
        {"results.mlir", manyResultsIr(1000)},
        {"views.mlir", manyViewsIr(10000)},
        {"live.mlir", manyLiveIr(10000)},
        {"parens.mlir", openParensIr(std::size_t{50} << 20)},
        {"dma.mlir", manyDmaIr(7000)},
        {"chain.mlir", multiBufferChainIr(20000)},
    };
    for (const auto& [name, text] : files) {
        std::ofstream out(std::string(dir) + "/" + name, std::ios::binary);
        out << text;
        REQUIRE(out.good());
    }
}

TEST_CASE("hostile IR: the live values ending at an op are those liveAt lists that end there", "[planner][hostile]")
{
    for (const std::string& text : {manyLiveIr(120), generatedIr(1, 6), generatedIr(2, 4, 3)}) {
        const auto module = readMlir(text);
        const Function& function = module->functions.front();
        const BlockLiveness liveness(*function.op);
        std::size_t ending = 0;
        walkNested(*function.op, [&](const Op& op) {
            const std::vector<const Value*> live = liveness.liveAt(op.block, &op);
            const BlockLiveness::LiveEnding& summary = liveness.liveEndingAt(op.block, &op);
            REQUIRE(summary.size == live.size());
            std::vector<std::pair<std::size_t, const Value*>> expected;
            for (std::size_t i = 0; i < live.size(); ++i)
                if (!liveness.isLiveOut(live[i], op.block) && liveness.isDeadAfter(live[i], &op))
                    expected.emplace_back(i, live[i]);
            CHECK(summary.ending == expected);
            ending += expected.size();
        });
        CHECK(ending > 0);
    }
}
