// A document links each distinct source_location once and shares the result
// between the buffers (and scopes) that repeat it.
#include "core/document/plan_document.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using namespace memlens;

namespace {

// `buffers` buffers in each of two scopes; buffer i is at Python line 10 + i % `lines`.
std::string dumpWithRepeatedLocations(int buffers, int lines)
{
    std::string text = R"({"Header":{"KernelName":"k"},"Record":[)";
    for (const char* scope : {"ub", "cbuf"}) {
        text += std::string(scope[0] == 'u' ? "" : ",") + R"({"scope":")" + scope + R"(","memory_info_array":[)";
        for (int i = 0; i < buffers; ++i)
            text += std::string(i ? "," : "") + "{\"buffer\":\"%a" + std::to_string(i)
                + "\",\"offset\":[0],\"extent\":8,\"life_time_in_ir\":[0,0],"
                  "\"source_location\":\"loc(\\\"/src/k.py\\\":"
                + std::to_string(10 + i % lines) + ":4)\"}";
        text += "]}";
    }
    return text + "]}";
}

// Two scopes of 40 buffers at 7 distinct locations, loaded.
PlanDocument loadRepeated()
{
    test::TempDir dir;
    const auto path = dir.path / "memory_info_aiv.json";
    std::ofstream(path) << dumpWithRepeatedLocations(40, 7);
    LoadOptions options;
    options.searchTritonCache = false;
    return loadPlanDocument(path.string(), options);
}

} // namespace

TEST_CASE("each distinct location is linked once and shared by every buffer that has it", "[document][sources]")
{
    const PlanDocument document = loadRepeated();
    REQUIRE(document.sources.size() == 2);
    for (std::size_t s = 0; s < 2; ++s) {
        const ScopeSources& sources = document.sources[s];
        REQUIRE(sources.size() == 40);
        for (std::size_t i = 0; i < sources.size(); ++i) {
            REQUIRE(sources[i].python);
            CHECK(sources[i].python->line == 10 + static_cast<int>(i % 7));
            // The same object for the same location, in this scope and the other one.
            CHECK(&sources[i] == &document.sources[0][i % 7]);
            CHECK(&sources[i] != &document.sources[0][(i + 1) % 7]);
        }
    }
    // Iterating gives every buffer's source in order.
    std::size_t n = 0;
    for (const BlockSource& source : document.sources[1])
        CHECK(source.python->line == 10 + static_cast<int>(n++ % 7));
    CHECK(n == 40);
}

TEST_CASE(
    "a document keeps each plain location as a small record, made whole only when asked for", "[document][sources]")
{
    const PlanDocument document = loadRepeated();
    REQUIRE(document.sources.size() == 2);
    const DistinctSources& distinct = document.sources[0].distinct();
    CHECK(&distinct == &document.sources[1].distinct());
    CHECK(distinct.size() == 7);
    CHECK(distinct.compactCount() == 7); // one Python frame each: none is kept whole
    // A walk that makes each source in a scratch one gives what asking for it gives.
    BlockSource scratch;
    for (std::size_t i = 0; i < 40; ++i) {
        const BlockSource& made = document.sources[0].sourceInto(i, scratch);
        const BlockSource& kept = document.sources[0][i];
        CHECK(&made == &scratch);
        CHECK(made.python == kept.python);
        CHECK(made.chain == kept.chain);
        CHECK(made.note == kept.note);
        CHECK(document.sources[0].distinctIndexOf(i) == i % 7);
    }
}
