// What a document shares with its copies: the plan (a capacity edit re-judges the
// verdicts of a copy) and the indexes built from it; a load resolves remembered
// capacities once, with the kernel and target it found.
#include "core/analysis/block_hit_index.hpp"
#include "core/document/block_line_index.hpp"
#include "core/document/plan_document.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <thread>

using namespace memlens;
using memlens::test::loadFixture;

namespace {

void checkSameVerdicts(const PlanDocument& a, const PlanDocument& b)
{
    REQUIRE(a.analyses.size() == b.analyses.size());
    for (std::size_t s = 0; s < a.analyses.size(); ++s) {
        CHECK(a.analyses[s].capacity.bytes == b.analyses[s].capacity.bytes);
        CHECK(a.analyses[s].capacity.source == b.analyses[s].capacity.source);
        CHECK(a.analyses[s].overflow == b.analyses[s].overflow);
        CHECK(a.analyses[s].firstOverflowAt == b.analyses[s].firstOverflowAt);
        CHECK(a.analyses[s].overCapacityBlocks == b.analyses[s].overCapacityBlocks);
        CHECK(a.analyses[s].usage == b.analyses[s].usage);
    }
}

} // namespace

TEST_CASE("a re-judged copy of a document shares its plan and agrees with a full analysis", "[document][capacity]")
{
    const auto loaded = loadFixture("dumps/two_scopes_multibuffer.json");
    PlanDocument edited = *loaded;
    CHECK(edited.dump.scopes.sharesWith(loaded->dump.scopes));

    CapacitySettings tight;
    tight.byScope["cbuf"] = 1024;
    rejudge(edited, tight);
    CHECK(edited.dump.scopes.sharesWith(loaded->dump.scopes)); // the plan itself was not copied
    REQUIRE(edited.analysisOf("cbuf"));
    CHECK(edited.analysisOf("cbuf")->overflow);
    CHECK_FALSE(loaded->analysisOf("cbuf")->overflow); // the original keeps its verdict

    PlanDocument analysed = *loaded;
    reanalyze(analysed, tight);
    checkSameVerdicts(edited, analysed);
    // And back: the verdict of the load again (it was loaded with no capacity set).
    rejudge(edited, CapacitySettings{});
    checkSameVerdicts(edited, *loaded);
}

TEST_CASE("a load applies the capacities remembered for its kernel and target", "[document][capacity]")
{
    LoadOptions options;
    options.rememberedCapacities = {{"_softmax_kernel", {{"cbuf", 1024}}}, {"_other", {{"ub", 8}}}};
    options.capacity.all = 8; // the remembered scope wins over the command line; the others keep it
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), options);
    REQUIRE(document.analysisOf("cbuf"));
    CHECK(document.analysisOf("cbuf")->capacity.bytes == 1024);
    CHECK(document.analysisOf("cbuf")->capacity.source == CapacitySource::Setting);
    CHECK(document.analysisOf("ub")->capacity.bytes == 8);
}

TEST_CASE("a document builds each scope's indexes once and shares them with its copies", "[document][indexes]")
{
    const auto loaded = loadFixture("dumps/two_scopes_multibuffer.json");
    std::shared_ptr<const BlockHitIndex> fromThread;
    std::thread other([&] { fromThread = loaded->hitIndexOf(0); });
    const auto here = loaded->hitIndexOf(0);
    other.join();
    CHECK(here == fromThread); // built once, whoever asked first
    CHECK(here->size() == loaded->dump.scopes[0].blocks.size());
    CHECK(loaded->hitIndexOf(1) != here);
    CHECK(loaded->lineIndexOf(0) == loaded->lineIndexOf(0));

    PlanDocument edited = *loaded;
    rejudge(edited, CapacitySettings{});
    CHECK(edited.hitIndexOf(0) == here); // a capacity changes no index
    CHECK(edited.lineIndexOf(0) == loaded->lineIndexOf(0));

    PlanDocument one = *loaded;
    keepOnlyScope(one, loaded->dump.scopes[1].scope);
    CHECK(one.hitIndexOf(0) != here); // scope 0 is another scope now
    CHECK(one.hitIndexOf(0)->size() == loaded->dump.scopes[1].blocks.size());
}

TEST_CASE(
    "what-if documents made on two threads from one document share its IR without writing it", "[document][threads]")
{
    // The window plans two what-ifs at once from one document: each links its sources through
    // the IR index the two share. A location resolver memoises, so each linker has its own;
    // the shared index is read only (under ThreadSanitizer this test reported a race on the
    // index's one resolver before).
    const std::string example = MEMLENS_SOURCE_DIR "/resources/examples/layer_norm/block16384/memory_info_aiv.json";
    const PlanDocument document = loadPlanDocument(example, {});
    REQUIRE(document.ir);
    REQUIRE_FALSE(document.ir->locationAliases().empty());
    const auto linkedFiles = [](const PlanDocument& d) {
        std::vector<std::string> files;
        for (std::size_t s = 0; s < d.dump.scopes.size(); ++s)
            for (const Block& block : d.dump.scopes[s].blocks)
                if (const BlockSource* source = d.sourceOf(s, block); source && source->python)
                    files.push_back(source->python->file + ":" + std::to_string(source->python->line));
        return files;
    };
    const std::vector<std::string> expected = linkedFiles(document);
    REQUIRE_FALSE(expected.empty());
    std::vector<std::vector<std::string>> seen(2);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 2; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 5; ++i)
                seen[t] = linkedFiles(documentWithDump(document, document.dump));
        });
    for (std::thread& thread : threads)
        thread.join();
    CHECK(seen[0] == expected);
    CHECK(seen[1] == expected);
}
